"""Each grid ruleset's RULES.md lists every creature field, `stats` entry, battle option (with its
default) and terrain kind it reads, so client authors never have to read code: the section is
the one `engine.rulesets.reads.render` writes from the ruleset's declaration and options model,
and the declaration is checked against what the code reads."""

import re
from pathlib import Path

import pytest

from engine.catalog import builtin_rulesets
from engine.placement import KNOWN_MODES
from engine.rulesets.grid import GridRuleset
from engine.rulesets.reads import CREATURE_FIELDS, MODES, TERRAIN_KEYS, render, section
from engine.rulesets.squares.ruleset import SquaresRuleset

RULESETS = builtin_rulesets()

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = {
    "draw-steel": "draw_steel",
    "epic-path": "epic_path",
    "one-two-one": "one_two_one",
    "action-points": "action_points",
}
STAT_READS = (
    r'\.stat\("(\w+)"\)',
    r'stats\.get\("(\w+)"',
    r'stats\["(\w+)"\]',
    r'"(\w+)" in [\w.]*\.stats\b',
)
LAYERS = {
    "climbable": "climbable",
    "impeded": "impeded",
    "concealed": "concealed",
    "updraft": "updraft",
    "narrow": "narrow",
    "difficult": "difficult",
}
"""Terrain kinds the map keeps in a layer of their own, by the layer's name."""


def ruleset(rid: str) -> GridRuleset:
    rs = RULESETS.get(rid)
    assert isinstance(rs, GridRuleset)
    return rs


def sources(rid: str) -> list[Path]:
    """The code that judges a ruleset's intents: its package, and the square base it builds on."""
    files = sorted((ROOT / "engine" / "rulesets" / PACKAGES[rid]).glob("*.py"))
    if isinstance(ruleset(rid), SquaresRuleset):
        files += sorted((ROOT / "engine" / "rulesets" / "squares").glob("*.py"))
    return [f for f in files if f.name != "reads.py"]


def code(rid: str) -> str:
    return "\n".join(f.read_text() for f in sources(rid))


@pytest.mark.parametrize("rid", PACKAGES)
def test_every_battle_option_says_what_it_settles(rid: str) -> None:
    for name, field in ruleset(rid).options_model.model_fields.items():
        assert field.description and len(field.description) > 20, f"{rid} option {name}"


@pytest.mark.parametrize("rid", PACKAGES)
def test_rules_md_lists_what_the_ruleset_reads(rid: str) -> None:
    rs = ruleset(rid)
    assert rs.reads is not None
    path = ROOT / "engine" / "rulesets" / PACKAGES[rid] / "RULES.md"
    want = render(rs, rs.reads)
    got = section(path.read_text())
    assert got == want, f"{path} should carry this section (between its markers):\n\n{want}"


@pytest.mark.parametrize("rid", PACKAGES)
def test_every_stat_the_code_reads_is_declared_and_none_that_it_does_not(rid: str) -> None:
    reads = ruleset(rid).reads
    assert reads is not None
    text = code(rid)
    found = {name for pattern in STAT_READS for name in re.findall(pattern, text)}
    assert found == set(reads.stats)


@pytest.mark.parametrize("rid", PACKAGES)
def test_every_creature_field_and_terrain_kind_is_accounted_for(rid: str) -> None:
    reads = ruleset(rid).reads
    assert reads is not None
    assert set(MODES) == KNOWN_MODES
    assert set(reads.creature) == set(CREATURE_FIELDS)
    assert set(reads.terrain) == set(TERRAIN_KEYS)
    assert all(text.strip() for text in (*reads.creature.values(), *reads.terrain.values()))


@pytest.mark.parametrize("rid", PACKAGES)
def test_a_terrain_kind_said_to_be_ignored_is_not_read(rid: str) -> None:
    reads = ruleset(rid).reads
    assert reads is not None
    text = code(rid)
    for kind, layer in LAYERS.items():
        read = re.search(rf"\.{layer}\b", text) is not None
        ignored = reads.terrain[kind].startswith("Ignored")
        assert read != ignored, f"{rid}: `{kind}` is {'read' if read else 'not read'}"

"""What the action-point game reads from a battle's setup besides its options
(`engine.rulesets.reads`)."""

from __future__ import annotations

from engine.rulesets.reads import Reads

ONE_SPEED = (
    "Refused when the creature is placed: MOVE (`speeds.walk`) is the one speed, and climbing "
    "and swimming spend it."
)

READS = Reads(
    creature={
        "id": "Names the creature in intents and events.",
        "name": "Not read by the rules (shown to people).",
        "side": (
            "Creatures of the same side are friends: passed at no cost. Every other side is "
            "neutral or hostile: not passed, unless by a Dodge. No move ends on an occupied "
            "space."
        ),
        "at": (
            "Where the creature stands: `[x, y]` on the ground there (a space is 6 ft); its "
            "space runs from there east and south."
        ),
        "size": (
            "Its space (`1T` to `1L` one space, `2` two spaces a side, ...) and its place on "
            "the ladder 1T < 1S < 1M < 1L < 2 < 3: only crawling does it fit into a `narrow` "
            "opening built for a smaller size."
        ),
        "speeds.walk": "MOVE: Move Points a turn, one per space (a diagonal 2); a run doubles it.",
        "speeds.climb": ONE_SPEED,
        "speeds.swim": ONE_SPEED,
        "speeds.fly": ONE_SPEED,
        "speeds.hover": ONE_SPEED,
        "speeds.burrow": ONE_SPEED,
        "speeds.teleport": ONE_SPEED,
        "stability": "Not read: the text has no forced movement (`force_move` is unsupported).",
        "hp": "HP: falling damage comes off them; a fall of more than 90 ft takes them all.",
        "conditions": (
            "The conditions it starts with. Read here: prone (tripped or down: stands up for 3 "
            "Move Points, or starts crawling for 2), crawling (crawls on, 2 a space), "
            "unconscious (set by a fall of 51 to 90 ft)."
        ),
        "disengage": "Not read (Draw Steel's).",
    },
    stats={
        "ap": "Action Points a turn (absent: option `action_points`); never below 0.",
        "dex": "DEX, added to the d20 of a jump or long jump (absent: 0).",
        "hands_busy": (
            'Items in its hands: above 0 it can\'t climb ("Both hands must be free of items"; '
            "option `climb_needs_free_hands`)."
        ),
    },
    terrain={
        "wall": (
            "Fills its squares: never walked or climbed through; with option `corner_rule` "
            "`walls`, no diagonal past its corner."
        ),
        "obstacle": (
            "A raised space `height` squares (6 ft each; absent: 1) high: climbed onto and off "
            "(`mode: climb`, 3 Move Points per 6 ft); a walker can't step up onto it."
        ),
        "difficult": "Ignored: the text has no difficult terrain (costs what open spaces do).",
        "damaging": "Ignored: the text has no damaging terrain.",
        "water": (
            "A water space: 3 Move Points, diagonal or not (a swimmer keeps to the surface); "
            "no Dodge or Move Silently there (option `actions_while_swimming`)."
        ),
        "hazard": (
            "A pit `depth` spaces deep (absent: 2): a walker stepping down into it falls (the "
            "falling table by height) and its move ends; a climber climbs down."
        ),
        "climbable": (
            'A feature "deemed climbable by Zaldar": with option `climb_marked_only`, only '
            "such a square is climbed onto or off; without it (the default) every raised "
            "space may be climbed."
        ),
        "impeded": "Ignored (Epic Path's terrain).",
        "concealed": "Ignored (Epic Path's terrain).",
        "updraft": "Ignored (Reclaim the Wild's terrain).",
        "narrow": (
            "A small area built for size `fits`: a bigger creature enters it only crawling."
        ),
        "height": "How high an obstacle stands, in 6-ft spaces (a wall's doesn't matter).",
        "material": "Ignored.",
        "damage": "Ignored.",
        "depth": "A pit's depth in 6-ft spaces (a water space costs the same at any depth).",
        "hard": "Ignored (Draw Steel's Might test).",
        "landing": "Ignored: the falling table has no landing surfaces.",
        "surface": "Ignored (Epic Path's landing surface).",
        "fits": "A `narrow` opening's size.",
        "elevation": (
            "The ground's height in 6-ft spaces: up takes `mode: climb` (3 Move Points per 6 "
            "ft); a walker stepping down falls (0 damage for 6 ft, d8 to 25 ft, d20 + d12 to "
            "50 ft, unconscious to 90 ft, death beyond)."
        ),
    },
)

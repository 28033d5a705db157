"""What Draw Steel reads from a battle's setup besides its options (`engine.rulesets.reads`)."""

from __future__ import annotations

from engine.rulesets.reads import Reads

POSITION = (
    "Where the creature stands: `[x, y]` on the ground there, `[x, y, z]` at a height (a flier "
    "in the air, a burrower below the ground); its space runs from there east, south and up."
)

READS = Reads(
    creature={
        "id": "Names the creature in intents and events.",
        "name": "Not read by the rules (shown to people).",
        "side": (
            "Creatures of the same side are allies: passed freely. Any other living creature "
            "is an enemy: its space is difficult terrain, it can make opportunity attacks."
        ),
        "at": POSITION,
        "size": (
            "Its space (`1T` to `1L` one square, `2` two squares a side, ...) and its place on "
            "the ladder 1T < 1S < 1M < 1L < 2 < 3: no stopping in a space of a creature fewer "
            "than 2 sizes apart; a larger source's melee weapon push +1; a faller bigger than "
            "the Might of the creature it lands on knocks it prone; the Dig maneuver needs a "
            "burrow speed of at least the size and moves that many squares; climbing a creature "
            "needs it to be larger; a `narrow` opening built for a smaller size is impassable."
        ),
        "speeds.walk": (
            "Speed in squares: an Advance moves up to it (slowed: at most 2; grabbed or "
            "restrained: 0); modes the creature lacks fall back on it."
        ),
        "speeds.climb": (
            "Climbs at full speed (`mode: climb`); without it each square climbed costs 2."
        ),
        "speeds.swim": "Swims at full speed; without it each square of water costs 2.",
        "speeds.fly": (
            "Flies (`mode: fly`) at this speed and stays in the air; forced movement against a "
            "flier is vertical; knocked prone or at speed 0 it falls unless it hovers."
        ),
        "speeds.hover": ("Flies at this speed too, and never falls (even prone or at speed 0)."),
        "speeds.burrow": (
            "Burrows through the earth below the ground horizontally (`mode: burrow`); the Dig "
            "maneuver (`action: dig`) goes up or down; without it, Claw Dirt."
        ),
        "speeds.teleport": (
            "Teleports (the `teleport` intent without a `distance`) up to this many squares as "
            "its Advance."
        ),
        "stability": (
            "Squares taken off a forced movement against it (option `stability`); never below 0."
        ),
        "hp": (
            "Stamina: damage comes off it; at 0 or less it is no enemy in the way and a move "
            "paused by a free strike ends (option `stop_move_at_zero_stamina`)."
        ),
        "conditions": (
            "The conditions it starts with. Read here: prone (crawls, 1 more a square; stands "
            "up; free strikes against it have an edge), slowed (speed at most 2, no shifting), "
            "grabbed (speed 0, only its grabber force-moves it), restrained (speed 0, not "
            "force-moved, free strikes against it have an edge), dazed (one action a turn, no "
            "opportunity attacks), surprised (no opportunity attacks), frightened (no willing "
            "step nearer its source), climbing (on another creature), falling (falling far), "
            "squeezed (forced into another creature's space at the Director's discretion: its "
            "ability rolls and tests take a bane; lifted once it leaves that space)."
        ),
        "disengage": "Squares a Disengage shifts (absent: 1).",
    },
    stats={
        "might": (
            "Might score: power rolls for climbing an unwilling creature, the Director's "
            "Might test on `hard` terrain, Claw Dirt, the jump test; the baseline long jump "
            "(the better of Might and Agility, at least 1); a creature landed on is knocked "
            "prone when the faller's size is greater than its Might (absent: 0)."
        ),
        "agility": (
            "Agility score: the baseline long jump and the jump test (the better of Might and "
            "Agility), free strikes, climbing a creature; it takes that many squares off the "
            "height of a fall (absent: 0)."
        ),
    },
    terrain={
        "wall": (
            "Fills its squares to its `height` (absent: 100): blocks movement; a diagonal "
            "can't cut its corner (option `corner_rule`); a creature beside it may climb its "
            "face."
        ),
        "obstacle": (
            "An object filling its squares to its `height` (absent: 1): blocks, or is stood on "
            "from a square lower (a 1-square step up is climbing); a push may hurl a creature "
            "through it by its `material`; it never blocks a corner."
        ),
        "difficult": (
            "Each square costs 1 more (option `stack_penalties`); no shifting into or within "
            "it, no jumping out of it."
        ),
        "damaging": (
            "Its `damage` on entry, willing or forced (option `damaging_terrain`); no shifting "
            "into or within it, no jumping out of it."
        ),
        "water": (
            "Liquid `depth` squares deep above the ground: swimming (2 a square without a swim "
            "speed); a fall into liquid 1 square deep or more counts 4 squares less."
        ),
        "hazard": "A pit `depth` squares deep (absent: 2): the ground there is lower; falls.",
        "climbable": (
            "Something to climb with no height of its own (a ladder, a rope, vines): a "
            "climber holds on in or beside such a square, in mid-air too. A wall, an "
            "obstacle or raised ground is climbable beside its face without it; climbing "
            "takes `mode: climb` (walking steps up 1 square at most)."
        ),
        "impeded": "Ignored (Epic Path's terrain).",
        "concealed": "Ignored (Epic Path's terrain).",
        "updraft": "Ignored (Reclaim the Wild's terrain).",
        "narrow": (
            "An opening built for `fits`: impassable to a bigger creature (the text has no "
            "rule for squeezing through; the Director can `place` it)."
        ),
        "height": "How high a wall or obstacle stands, in squares.",
        "material": (
            "`glass`, `wood`, `stone`, `metal`: what a creature force-moved into the object is "
            "hurled through and what it takes (option `hurl_through`)."
        ),
        "damage": "A damaging square's damage.",
        "depth": "A water square's depth, or a pit's.",
        "hard": (
            "A surface hard to climb or a liquid hard to swim: the Director's Might test "
            "(option `hard_terrain_test`); 11 or less and the creature stops before it."
        ),
        "landing": "Ignored: a fall's damage has no landing surface (liquid is `water`).",
        "surface": "Ignored (Epic Path's landing surface).",
        "fits": "A `narrow` opening's size.",
        "elevation": (
            "The ground's height in squares: steps of 1 are walked (up is climbing), higher "
            "ledges are climbed, jumped or flown; a drop of 2 or more is a fall."
        ),
    },
)

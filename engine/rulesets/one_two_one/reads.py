"""What Reclaim the Wild reads from a battle's setup besides its options
(`engine.rulesets.reads`)."""

from __future__ import annotations

from engine.rulesets.reads import Reads

READS = Reads(
    creature={
        "id": "Names the creature in intents and events.",
        "name": "Not read by the rules (shown to people).",
        "side": (
            "Creatures of the same side are allies: passed through. Any other living creature "
            "is an enemy: its space can't be passed (\"Combatants cannot pass through an "
            "enemy's space\"). No move ends in any occupied space."
        ),
        "at": (
            "Where the creature stands: `[x, y]` on the ground there, `[x, y, z]` at a height "
            "(a flier or a glider in the air); its space runs from there east, south and up."
        ),
        "size": (
            "Its space (`1T` to `1L` one square, `2` two squares a side, ...), how tall it is "
            "under water (its side in squares), and its place on the ladder 1T < 1S < 1M < 1L "
            "< 2 < 3 for squeezing into an opening built for a smaller size (options "
            "`squeeze_from`, `too_small_from`)."
        ),
        "speeds.walk": (
            'Movement, in squares a turn (absent: option `movement`, "typically, Heroes have '
            '6"); a Sprint or a Charge doubles it.'
        ),
        "speeds.climb": (
            "A Natural Climber (any value): climbing costs no extra Movement. Every creature "
            "climbs (`mode: climb`), the unnatural at 1 more a square."
        ),
        "speeds.swim": (
            "A Natural Swimmer (any value): swimming costs no extra Movement. Every creature "
            "swims, the unnatural at 1 more a square."
        ),
        "speeds.fly": (
            "A Natural Flier (any value): flies (`mode: fly`) without extra cost up to 8 "
            "squares above the ground (4 for a creature that flies by `stats.can_fly` alone), "
            "less 1 in medium armour, 2 in heavy; it may also glide (non-Natural)."
        ),
        "speeds.hover": "Not read (the Movement page has no hovering).",
        "speeds.burrow": "Not read: no burrowing in Reclaim the Wild (`mode: burrow` is refused).",
        "speeds.teleport": "Not read (this ruleset has no `teleport` intent).",
        "stability": "Not read: nothing on the Movement page resists forced movement.",
        "hp": (
            "Hit points: damage comes off them (falls, collisions, holding one's breath too "
            "long). At 0 or less a creature is not an enemy in the way."
        ),
        "conditions": (
            "The conditions it starts with. Read here: prone (stands up before it moves, "
            "option `stand_up_cost`; ends Shield Surfing), slowed (1 more a square, option "
            "`slowed_surcharge`), sneaking (1 more a square), squeezed, distracted and "
            "off_balance (squeezing sets and lifts them with slowed), halted, frozen and "
            "disarmed (each ends Shield Surfing), shield_surfing, climbing (holding on part "
            "way up a face: a climb that ends in the air sets it, one that ends on the ground "
            "lifts it; `lose_grip` makes it fall)."
        ),
        "disengage": "Not read (Draw Steel's).",
    },
    stats={
        "armor": (
            "Armour worn: 1 medium (maximum flying altitude 1 lower), 2 heavy (2 lower); the "
            "two don't stack (absent: 0)."
        ),
        "athletics": (
            "Athletics trait dice rolled to take damage off a fall (die size: option "
            "`athletics_die`; absent: no roll)."
        ),
        "breathes_water": "Above 0: it never holds its breath under water.",
        "can_fly": (
            "Above 0: it can fly without a fly speed, as a non-Natural Flier (1 more a square, "
            "at most 4 squares up)."
        ),
        "can_glide": (
            "Above 0: it can glide (`mode: glide`) as a non-Natural Glider (1 more a square). "
            "Any creature that can fly can glide."
        ),
        "fortitude": (
            "Rounds it holds its breath under water before taking 1 damage a round (absent: "
            "option `fortitude`)."
        ),
        "hands_busy": (
            "Items held as the battle starts besides those its way of travel needs (a Kingly "
            "Paraglider), one a hand; the `draw` and `stow` intents change it (the economy's "
            "`held_items`). Above 0 it can't climb (option `climb_needs_free_hands`) or "
            "Sprint (option `sprint_needs_empty_hands`); at most 2, and 1 while it clings to a "
            "face."
        ),
        "natural_glider": "Above 0: a Natural Glider, gliding without extra cost.",
        "shield": (
            "Its shield's Durability, what Shield Surfing wears down (absent or 0: no shield "
            "to surf on)."
        ),
        "horizontal_jump": (
            "Squares of its longest horizontal jump (a move's `jumps`), doubled while "
            "Sprinting or Charging (absent: option `horizontal_jump`)."
        ),
        "vertical_jump": (
            "Squares it falls without harm, its vertical jump, doubled while Sprinting or "
            "Charging (absent: option `vertical_jump`)."
        ),
    },
    terrain={
        "wall": (
            "Fills its squares to its `height` (absent: 100): blocks; a diagonal may not pass "
            "its corner (option `corner_rule`); its face may be climbed."
        ),
        "obstacle": (
            "An object filling its squares to its `height` (absent: 1): blocks, or is climbed "
            "onto; it never blocks a corner."
        ),
        "difficult": (
            "Each square costs 1 more; a surfing shield's wear there is option "
            "`surf_difficult_wear`."
        ),
        "damaging": (
            "No damage (the Movement page has no damaging terrain): harsh terrain for a "
            "surfing shield, 2 Durability a turn."
        ),
        "water": (
            "`depth` squares of water above the ground: swimming (1 more a square unless a "
            "Natural Swimmer); a creature it covers holds its breath; gentle terrain for a "
            "surfing shield."
        ),
        "hazard": (
            "A pit `depth` squares deep (absent: 2): lower ground; a fall deals 1 a square "
            "beyond the vertical jump."
        ),
        "climbable": "Ignored: every raised face may be climbed.",
        "impeded": "Ignored (Epic Path's terrain).",
        "concealed": "Ignored (Epic Path's terrain).",
        "updraft": (
            "An updraft `height` squares above the ground (absent: 8): a glider in it ascends "
            "up to that height, at the cost of Movement; no Sprint in it; a turn spent in it "
            "need not descend."
        ),
        "narrow": (
            "An opening built for size `fits`: a creature bigger by option `squeeze_from` "
            "sizes squeezes in (distracted, off-balance and slowed while in it), bigger by "
            "`too_small_from` can't enter."
        ),
        "height": "How high a wall or obstacle stands, in squares; an updraft's reach.",
        "material": "Ignored.",
        "damage": "Only whether a square is damaging (a surfing shield's harsh terrain).",
        "depth": "A water square's depth, or a pit's.",
        "hard": "Ignored (Draw Steel's Might test).",
        "landing": "Ignored: a fall's damage has no landing surface on the Movement page.",
        "surface": "Ignored (Epic Path's landing surface).",
        "fits": "A `narrow` opening's size.",
        "elevation": (
            "The ground's height in squares: a step up 1 square is climbing (1 more unless a "
            "Natural Climber), higher faces take `mode: climb`; a step down more than 1 square "
            "is a fall (climbers climb down instead)."
        ),
    },
)

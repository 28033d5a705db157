"""What Epic Path reads from a battle's setup besides its options (`engine.rulesets.reads`)."""

from __future__ import annotations

from engine.rulesets.reads import Reads

NOT_A_STEP = (
    "In feet like every speed, and each square's cost comes off it too (Combining Movement "
    "Types), but no step moves this way here: "
)

READS = Reads(
    creature={
        "id": "Names the creature in intents and events.",
        "name": "Not read by the rules (shown to people).",
        "side": (
            "Creatures of the same side are allies: walked through (and, with option "
            "`allies_may_share`, shared). Any other living creature is an enemy: not entered "
            "unless stepped over (two size categories smaller), and it threatens attacks of "
            "opportunity."
        ),
        "at": (
            "Where the creature stands: `[x, y]` on the ground there, `[x, y, z]` at a height "
            "(a flier in the air); its space runs from there east, south and up."
        ),
        "size": (
            "Epic Path's size category (Fine to Titanic, see Sizes above; the wire's sizes are "
            "mapped by footprint): its space, its reach (Tiny and smaller threaten only their "
            "own square), stepover (two categories larger), how much of a square it takes "
            "(Fine 1/100, Diminutive 1/25, Tiny 1/4, Small 1/2: allies share a square as far as "
            "it holds them) and squeezing (an opening built for one category smaller; two is "
            "too narrow)."
        ),
        "speeds.walk": (
            "Walk speed in feet (a multiple of 5): a walk moves up to it less armour's and "
            "encumbrance's penalties, a double move twice, a run four times (three in heavy "
            "armour; option `run_rule`); 5 ft or less: no 5-foot step."
        ),
        "speeds.climb": NOT_A_STEP + "a ledge more than 5 ft high is flown over or not passed.",
        "speeds.swim": (
            "Swim speed in feet: a square under water is entered swimming, from this "
            "allowance (without it, not at all); each square's cost comes off every speed."
        ),
        "speeds.fly": (
            "Fly speed in feet (`mode: fly`): moves in three dimensions up to option "
            "`altitude_ceiling`; forced movement in the air goes straight down (or up)."
        ),
        "speeds.hover": (
            "Lets its 5-foot step enter difficult terrain; in feet, and counted among its "
            "movement types."
        ),
        "speeds.burrow": NOT_A_STEP + "burrowing is not modelled in this ruleset.",
        "speeds.teleport": (
            "Teleport speed in feet: the `teleport` intent without a `distance` goes up to it "
            "with a move action, counted 1 for 1, passing what lies between (not through a "
            "wall's line of effect, option `teleport_line_of_effect`)."
        ),
        "stability": (
            "Feet of resistance to forced movement (all its reductions added up), taken off "
            "the distance."
        ),
        "hp": (
            "Hit points: damage comes off them. At 0 or less the creature is dead: it "
            "threatens nothing, never squeezes, and its square is rough terrain (option "
            "`dead_are_rough`)."
        ),
        "conditions": (
            "The conditions it starts with. Read here: prone (only crawls; stands up with a "
            "move action that provokes; one that dropped prone itself ignores forced movement), "
            "quelled (crawls or walks; stands with its 5-foot step), splayed (crawls; can't "
            "drop prone to end forced movement), blinded (neither runs nor withdraws), fatigued "
            "(can't run), squeezed (set and lifted by squeezing), flat-footed (takes no attack "
            "of opportunity without `stats.combat_reflexes`; set after a turn in which it ran, "
            "lifted as its next turn starts), falling (a teleport keeps the fall's momentum: it "
            "still takes the falling damage), unconscious, stunned, paralyzed and helpless "
            "(it cannot prevent another creature squeezing into its space: a move may end "
            "there, an enemy's by a clamber, and both squeeze)."
        ),
        "disengage": "Not read (Draw Steel's).",
    },
    stats={
        "acrobatics": (
            "Acrobatics bonus: a deliberate jump's DC 15 check, which spares the fall's second "
            "10 ft, and a dive's check into deep water, which spares it all (absent: no check)."
        ),
        "ac": ("Armour class against attacks of opportunity (absent: option `aoo_target_ac`)."),
        "action_points": (
            "Action points for the battle, each buying a 5-foot step even after moving (the "
            "`shift` intent's `action: action_point`; absent: none)."
        ),
        "armor": (
            "Armour worn: 0 none or light, 1 medium, 2 heavy. It slows a walker as "
            "encumbrance of the same name does (the two stack) and runs at x3 in heavy armour "
            "(absent: 0)."
        ),
        "armor_in_speed": (
            "1: the listed walk speed already includes the armour's penalty, so only "
            "encumbrance's applies (absent: 0, the armour slows it)."
        ),
        "attack": "Attack bonus of its attacks of opportunity, d20 + this (absent: 0).",
        "feature_steps": (
            "Extra 5-foot steps a round a feat, class feature or racial trait grants (the "
            "Prowler's Shifty, the Bru-Kin's), even after moving or running: the `shift` "
            "intent's `action: feature` (absent: none)."
        ),
        "base_attacks": (
            "Base attacks of its full attack, each tradeable for a 5-foot step (the `shift` "
            "intent's `action: full_attack`; absent: none)."
        ),
        "combat_reflexes": (
            "Extra attacks of opportunity a round, and it strikes while flat-footed (absent: 0)."
        ),
        "constitution": (
            "Rounds it may run before each further round needs a DC 30 Might check (absent: "
            "no limit)."
        ),
        "damage": "Damage its attack of opportunity deals on a hit (absent: 0).",
        "darkvision": "Above 0: it may take a 5-foot step into a concealed square.",
        "encumbrance": (
            "Load carried: 0 light, 1 medium, 2 heavy. Medium costs 5 ft above a 20 ft walk "
            "speed, heavy 10 ft (5 ft at 20 or below), stacking with armour; at 0 ft a standard "
            "action moves 5 ft, no more a round (absent: 0)."
        ),
        "maneuver_defense": (
            "Maneuver Defense, against a withdrawal's Movement check when it is the primary "
            "target (absent: option `withdraw_defense`)."
        ),
        "might": "Might bonus to the DC 30 check to keep running (absent: 0).",
        "movement": (
            "Movement skill bonus to a withdrawal's check against the primary target's "
            "Maneuver Defense (absent: 0), and to a dive's check into deep water (the better "
            "of it and `stats.acrobatics`; absent both: no check)."
        ),
        "unarmed": (
            "Above 0: not wielding a weapon that threatens, it threatens only the squares of "
            'its own space (Flanking: "Such creatures only threaten squares in their own '
            'space").'
        ),
        "runner": (
            "Above 0: the Runner feat: a run leaves it not flat-footed (absent: 0, flat-footed "
            "after a turn in which it ran)."
        ),
    },
    terrain={
        "wall": (
            "Blocked terrain filling its squares to its `height` (absent: 100): impassable; a "
            "diagonal never cuts its corner (completely filled)."
        ),
        "obstacle": (
            "Blocked terrain that only partly fills its squares (to its `height`, absent: 1): "
            "impassable, but a diagonal may skirt it (option `corner_obstacles`); one 5 ft high "
            "is stepped onto. Unseen in a concealed square, a run or charge collides with it."
        ),
        "difficult": (
            "10 ft a square; no run, charge or 5-foot step into it (a hovering creature's step "
            "may)."
        ),
        "damaging": (
            "Hazardous terrain: its `damage` on entry, walking or forced; a move to a `to` goes "
            "around it when a route within the budget does."
        ),
        "water": (
            "`depth` squares of water above the ground: a square under water is entered "
            "swimming (a swim speed); a fall into water at least 10 ft deep: the first 20 ft "
            "free, the next 20 at 1d3 per 10 ft."
        ),
        "hazard": (
            "A pit `depth` squares deep (absent: 2): hazardous terrain the mover falls into "
            "(1d6 per 10 ft); a `to` goes around it when it can."
        ),
        "climbable": "Ignored (no climbing in this ruleset).",
        "impeded": (
            "Clamber-through terrain: entered only by the `clamber` action, a full round for "
            "5 ft; no run, charge or 5-foot step; it provokes."
        ),
        "concealed": (
            "Dim light or fog: no 5-foot step into it without darkvision; a wall or object in "
            "it is unseen, so a run or charge collides with it."
        ),
        "updraft": "Ignored (Reclaim the Wild's terrain).",
        "narrow": (
            "An opening built for size `fits`: one category bigger squeezes through (as "
            "difficult terrain, no run, charge or 5-foot step; squeezed while it stays); two "
            "or more can't pass."
        ),
        "height": "How high a wall or obstacle stands, in squares of 5 ft.",
        "material": "Ignored.",
        "damage": "A damaging square's damage.",
        "depth": "A water square's depth, or a pit's, in squares of 5 ft.",
        "hard": "Ignored (Draw Steel's Might test).",
        "landing": (
            "What falls onto its squares land on (its `surface`): the per-die modifier of "
            "Falling, in place of option `landing_surface` there (the hardest, where a "
            "space covers several)."
        ),
        "surface": "A `landing` square's surface: jagged +2 a die, rough +1, normal 0, soft -1.",
        "fits": "A `narrow` opening's size (a category or a wire size).",
        "elevation": (
            "The ground's height in squares of 5 ft: a step up or down of 5 ft is walked; a "
            "higher step up is not (fly); a longer drop is a fall, 1d6 per 10 ft."
        ),
    },
)

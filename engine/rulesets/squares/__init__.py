"""Shared parts of the square-grid rulesets that count their own way (Epic Path, Reclaim the
Wild, the action-point game): a movement field whose search nodes carry a per-ruleset counter
(1-2-1 diagonals), the path judge and search over it, walking with pauses, falls, forced
movement and recorded dice. Draw Steel keeps its own, faster field."""

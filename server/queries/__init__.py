"""Read-only questions over a battle: judgement, replay, what-if, options, reach, narration."""

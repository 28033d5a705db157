"""A battle as a bundle a third party verifies offline, and a bundle made a battle again."""

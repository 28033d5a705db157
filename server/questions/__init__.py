"""Questions to the log (DESIGN section 7): rulings, a creature's movement, and their
read models."""

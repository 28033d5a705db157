"""The write path: commands as frozen types, their handlers, and the one pipeline that appends."""

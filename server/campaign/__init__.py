"""What campaign backends use: the battle catalog and directory, continuation, the feed,
token revocation."""

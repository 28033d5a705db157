"""Who is asking and what each reader may know: tokens, authorisation, redaction, the
reader's view."""

"""What the server keeps beside the log: the state loader and its cache, the read model,
the stream hub."""

"""The battle viewer: a static page that watches a battle through the public HTTP API."""

"""LAN play in the window: hosting, resuming, joining and the remote table's client."""

"""LAN play without Qt: the authoritative server (server.py), the asyncio client (client.py), discovery on the
local network (discovery.py), and what they share: the lobby, the hosted table, the game's files on disk.

The messages themselves are defined in illuminopoly_desktop/protocol.
"""

"""Persistence: the match log's file side, the journal, autosave, snapshots, saves and safe file I/O."""

"""Persistence in SQLite: lobbies, games, moves, snapshots (:class:`bot.storage.store.Storage`)."""

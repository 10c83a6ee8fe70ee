"""The Discord adapter: discord.py events in, table service calls, messages out."""

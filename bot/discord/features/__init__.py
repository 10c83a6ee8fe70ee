"""The bot's features, one :class:`discord.ext.commands.Cog` each: its slash commands, declared
once in its class, and the actions its buttons share (the component router,
:mod:`bot.discord.components`, calls them). The bot (:mod:`bot.discord.client`) builds each cog
with the shared services it uses and puts the cogs' commands on its tree."""

"""Developer tools, not the product: benches, the soak test, self-play and scenario runners, and
SimCord (:mod:`bot.devtools.discord_sim`, a simulated Discord for benches, tests and tools).
"""

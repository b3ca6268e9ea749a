"""modgen's own rules plugins, one module per game (see modgen.plugin_api for the interface,
modgen.plugins for how a game id finds its plugin). Generic helpers (ZOC, supply tracing,
stacking sums) live in common.py; nothing here is imported by the checker core directly.
"""

"""Errata workflow: what a rebuilt module changed (diff) and carrying saved games over (refresh)."""

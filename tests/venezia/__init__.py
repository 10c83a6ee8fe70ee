"""Venezia's own tests."""

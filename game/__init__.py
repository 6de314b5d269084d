"""Trick Table: 304, Twenty-Eight, 400 and Schieber Jass."""

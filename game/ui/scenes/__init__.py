"""The scenes: menu, new match, table, hand and match results, settings, statistics, rules."""

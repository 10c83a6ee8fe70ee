"""The terminal table: `venezia play`, you plus AI seats at one table in a terminal."""

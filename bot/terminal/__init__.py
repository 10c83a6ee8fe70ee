"""The terminal table: `canalside play`, you plus AI seats at one table in a terminal."""

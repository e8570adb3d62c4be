"""The table tests of FOMO's newcomer (test_table_evening.py) sit at the tables' app."""

from tests.tables.conftest import app  # noqa: F401 (a fixture, found by name)

"""The liski table: its state and edits."""

from assistant.tables import Reducer, register


class LiskiTable(Reducer):
    """Edits of a liski table."""

    slug = "liski"


register(LiskiTable())

"""The kitsune table: its state and edits."""

from assistant.tables import Reducer, register


class KitsuneTable(Reducer):
    """Edits of a kitsune table."""

    slug = "kitsune"


register(KitsuneTable())

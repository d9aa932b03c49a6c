"""``pycute.typing``: ``Integer``, the ints of int-tuples (``bool`` and ``float`` excluded)."""

from abc import ABC

__all__ = ["Integer"]


class Integer(ABC):
    """``isinstance(x, Integer)``: ``x`` is an ``int`` (or an int subclass) but not a ``bool``."""

    @classmethod
    def __subclasshook__(cls, c):
        if issubclass(c, bool):
            return False
        return issubclass(c, int)

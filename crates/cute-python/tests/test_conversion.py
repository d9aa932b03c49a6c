"""Python tuples are read in one pass (`convert::plain_int_tuple`); lists, int subclasses and
everything else take the general conversion. Both must give the same layouts and errors."""

from hypothesis import given, strategies as st

from cute_layout import Layout, LayoutError, size
import cute_layout.pycute as pc

ints = st.integers(min_value=-(2**64), max_value=2**64)
trees = st.recursive(ints, lambda t: st.tuples(t) | st.tuples(t, t) | st.tuples(t, t, t),
                     max_leaves=12)


def as_lists(t):
    return [as_lists(x) for x in t] if isinstance(t, tuple) else t


class Int(int):
    """An int subclass: the general path."""


def as_subclass(t):
    return tuple(as_subclass(x) for x in t) if isinstance(t, tuple) else Int(t)


def outcome(f):
    try:
        return "ok", str(f())
    except (ValueError, TypeError, OverflowError, LayoutError) as e:
        return type(e).__name__, str(e)


@given(trees, trees)
def test_tuples_read_as_lists_and_int_subclasses(shape, stride):
    fast = outcome(lambda: Layout(shape, stride))
    assert fast == outcome(lambda: Layout(as_lists(shape), as_lists(stride)))
    assert fast == outcome(lambda: Layout(as_subclass(shape), as_subclass(stride)))
    assert outcome(lambda: Layout(shape)) == outcome(lambda: Layout(as_lists(shape)))


@given(trees)
def test_int_tuple_arguments_read_as_lists(t):
    assert outcome(lambda: size(t)) == outcome(lambda: size(as_lists(t)))
    assert outcome(lambda: pc.product(t)) == outcome(lambda: pc.product(as_subclass(t)))


def test_deep_and_empty_tuples_take_the_general_path():
    deep = 1
    for _ in range(40):  # past MAX_DEPTH, each depth on the way (the limit's both sides)
        deep = (deep,)
        assert outcome(lambda: Layout(deep)) == outcome(lambda: Layout(as_lists(deep)))
        assert outcome(lambda: pc.product(deep)) == outcome(lambda: pc.product(as_lists(deep)))
    assert outcome(lambda: Layout(deep))[0] == "ValueError"
    assert str(Layout((), ())) == str(Layout([], []))
    assert str(Layout((2, ()), (1, ()))) == str(Layout([2, []], [1, []]))

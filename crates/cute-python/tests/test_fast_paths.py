"""The fast paths of the Python objects against the general conversions they shortcut.

`Layout(shape, stride)` reads two plain tuples (exact ints and exact tuples) in one pass, side by
side (`convert::plain_layout`); anything else (a list, an `int` subclass, a negative extent,
different structures) takes the general conversion. The drop-in's `product`, `inner_product`
and `shape_div` call the library directly on small plain int-tuples and go through the
operation table otherwise. Each fast path must give exactly what the general path gives: the
same layout (structure, values, text) or the same exception with the same message. The general
path is reached here with lists, which the fast readers refuse, and through
`cute_layout._native.call_op`, the table's dispatch.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cute_layout
from cute_layout import Layout, _native
from cute_layout import pycute as dropin

SETTINGS = settings(max_examples=400, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

# small ints, negative ones and ones at the edge of i64 included
ints = st.one_of(st.integers(-3, 12), st.sampled_from([0, 1, 2**62, 2**63 - 1, -2**63]))
trees = st.recursive(ints, lambda inner: st.lists(inner, min_size=0, max_size=3).map(tuple),
                     max_leaves=8)


def as_lists(t):
    """`t` with every tuple a list: read by the general conversion only."""
    return [as_lists(x) for x in t] if isinstance(t, tuple) else t


def outcome(f, *args):
    """`f(*args)` as ("ok", its text and shape/stride) or ("error", exception type, message)."""
    try:
        r = f(*args)
    except Exception as e:  # noqa: BLE001 (the exception is the outcome compared)
        return ("error", type(e), str(e))
    if isinstance(r, Layout):
        return ("ok", str(r), r.shape, r.stride)
    return ("ok", r)


@SETTINGS
@given(trees, trees)
def test_layout_of_tuples_is_the_general_conversion(shape, stride):
    assert outcome(Layout, shape, stride) == outcome(Layout, as_lists(shape), as_lists(stride))


@SETTINGS
@given(trees.flatmap(lambda s: st.tuples(st.just(s), trees)))
def test_congruent_pairs(pair):
    # pairs drawn apart are rarely congruent: the same structure with other leaves too
    shape, other = pair

    def relabel(t, leaves):
        if isinstance(t, tuple):
            return tuple(relabel(x, leaves) for x in t)
        return next(leaves, 1)

    stride = relabel(shape, iter(leaves_of(other)))
    assert outcome(Layout, shape, stride) == outcome(Layout, as_lists(shape), as_lists(stride))


def leaves_of(t):
    return [x for m in t for x in leaves_of(m)] if isinstance(t, tuple) else [t]


def test_layout_of_tuples_examples():
    # the fast path's result is the layout C++ writes (hand-derived text)
    assert str(Layout((2, (1, 6)), (1, (6, 2)))) == "(2,(1,6)):(1,(6,2))"
    assert str(Layout(4, 2)) == "4:2"
    assert Layout((4, 2), (1, 4)) == Layout.parse("(4,2):(1,4)")
    # what the fast path leaves to the general conversion, with the general messages
    for shape, stride in [((2, -1), (1, 2)), ((2, 3), (1, (2, 3))), ((2, 3), (1,)),
                          ((), ()), ((True, 2), (1, 2)), ((2, 2**64), (1, 2)), ("4", 1)]:
        assert outcome(Layout, shape, stride) == outcome(Layout, as_lists(shape),
                                                         as_lists(stride)), (shape, stride)


def test_deep_tuples_take_the_general_path():
    deep = 4
    for _ in range(40):
        deep = (deep,)
    assert outcome(Layout, deep, deep) == outcome(Layout, as_lists(deep), as_lists(deep))
    assert outcome(Layout, deep, deep)[0] == "error"


@SETTINGS
@given(trees)
def test_product_is_the_table_size(a):
    assert outcome(dropin.product, a) == outcome(_native.call_op, "size", a)


@SETTINGS
@given(trees, trees)
def test_inner_product_and_shape_div_are_the_table_entries(a, b):
    for name, f in [("inner_product", dropin.inner_product), ("shape_div", dropin.shape_div)]:
        assert outcome(f, a, b) == outcome(_native.call_op, name, a, b), name


def test_small_budget_still_meters_the_table_entries():
    # below the default budget the fast paths step aside: the table's charge applies
    before = cute_layout.get_budget()
    try:
        cute_layout.set_budget(1)
        for f, args in [(dropin.product, ((2, 3),)), (dropin.inner_product, ((2, 3), (1, 2))),
                        (dropin.shape_div, ((4, 6), 2))]:
            r = outcome(f, *args)
            assert r[0] == "error" and "budget" in r[2], (f, r)
    finally:
        cute_layout.set_budget(before)


def test_make_layout_is_the_table_entry():
    a, b = Layout((2, 2), (1, 4)), Layout(3, 2)
    assert outcome(dropin.make_layout, a, b) == outcome(_native.call_op, "make_layout", a, b)
    assert outcome(dropin.make_layout, [a, b]) == outcome(_native.call_op, "make_layout", a, b)
    assert outcome(dropin.make_layout, a, 4) == outcome(_native.call_op, "make_layout", a,
                                                        Layout(4))

"""Hypothesis: the post-conditions of the algebra, checked through the Python API."""

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import cute_layout as cl
from cute_layout import Layout, LayoutError

extents = st.integers(min_value=1, max_value=6)
strides = st.integers(min_value=0, max_value=40)


def congruent_pair(depth=2):
    """A (shape, stride) pair of the same structure."""
    leaf = st.tuples(extents, strides)
    if depth == 0:
        return leaf
    tup = st.lists(congruent_pair(depth - 1), min_size=1, max_size=3).map(
        lambda ms: (tuple(s for s, _ in ms), tuple(d for _, d in ms))
    )
    return st.one_of(leaf, tup)


layouts = congruent_pair().map(lambda p: Layout(*p))


def compact_layouts():
    """Injective layouts: column-major layouts of a shape, with the modes permuted."""
    return st.lists(extents, min_size=1, max_size=4).flatmap(
        lambda shape: st.permutations(range(len(shape))).map(
            lambda order: Layout(tuple(shape), tuple(
                _prod(shape[j] for j in order[: order.index(i)]) for i in range(len(shape))
            ))
        )
    )


def _prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


@settings(max_examples=300, deadline=None)
@given(layouts)
def test_str_parse_round_trip(L):
    assert Layout.parse(str(L)) == L
    assert str(Layout.parse(str(L))) == str(L)
    assert Layout(L.shape, L.stride) == L


@settings(max_examples=300, deadline=None)
@given(layouts)
def test_coalesce_preserves_the_function(L):
    C = cl.coalesce(L)
    assert C.size() == L.size()
    assert [C(i) for i in range(L.size())] == [L(i) for i in range(L.size())]
    assert C.depth <= 1


@settings(max_examples=300, deadline=None)
@given(layouts)
def test_offsets_are_the_calls(L):
    assert L.offsets().tolist() == [L(i) for i in range(L.size())]


signed_strides = st.integers(min_value=-40, max_value=40)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(extents, signed_strides), min_size=1, max_size=4), st.data())
def test_repeated_calls_are_the_first_call(modes, data):
    # `L(i)` compiles the layout when it is called twice in a row: every index, in range or
    # not (CuTe's 1-D evaluation takes both), gives what a fresh layout gives on its first call
    L = Layout(tuple(s for s, _ in modes), tuple(d for _, d in modes))
    n = L.size()
    indices = data.draw(st.lists(st.integers(min_value=-2 * n - 2, max_value=3 * n + 2),
                                 min_size=2, max_size=12))
    first_calls = [Layout.parse(str(L))(i) for i in indices]
    assert [L(i) for i in indices] == first_calls, str(L)
    assert [L(i) for i in indices] == first_calls, str(L)


@settings(max_examples=300, deadline=None)
@given(layouts, layouts)
def test_composition_is_function_composition(A, B):
    try:
        R = cl.composition(A, B)
    except LayoutError:
        assume(False)
    assert R.size() == B.size()
    for i in range(R.size()):
        assert R(i) == A(B(i))


@settings(max_examples=300, deadline=None)
@given(compact_layouts(), st.integers(min_value=1, max_value=200))
def test_complement_is_disjoint_and_ordered(A, cotarget):
    R = cl.complement(A, cotarget)
    image = {A(a) for a in range(A.size())}
    for b in range(1, R.size()):
        assert R(b) not in image
        assert R(b) > R(b - 1)
    assert R.size() * A.size() >= cotarget


@settings(max_examples=200, deadline=None)
@given(compact_layouts())
def test_inverses(A):
    R = cl.right_inverse(A)
    for i in range(R.size()):
        assert A(R(i)) == i
    Li = cl.left_inverse(A)
    for i in range(A.size()):
        assert Li(A(i)) == i


@given(st.text(max_size=40))
@settings(max_examples=300)
def test_eval_of_any_text_is_a_value_or_a_layout_error(text):
    """`eval` never panics and raises nothing but LayoutError, whatever the text."""
    try:
        cl.eval(text)
    except LayoutError:
        pass


@given(layouts)
def test_eval_of_a_layouts_text_is_the_layout(L):
    assert cl.eval(str(L)) == L
    assert cl.eval(f"size({L})") == L.size()
    assert cl.eval(f"cosize({L})") == L.cosize()

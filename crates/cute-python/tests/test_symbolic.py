"""Symbolic extents from Python: `eval` of an expression over named unknowns returns a value
that prints its assumptions and holds them as a list; `subs` gives the ordinary layout, which
is the integer algebra's at those values."""

import pytest

import cute_layout as cl
from cute_layout import LayoutError


def test_logical_divide_of_a_symbolic_matrix_keeps_its_assumptions():
    v = cl.eval("logical_divide((M,N):(1,M), (128,64))")
    assert str(v) == "((128,M/128),(64,N/64)):((1,128),(M,64*M)) assuming 128 | M, 64 | N"
    assert v.value == "((128,M/128),(64,N/64)):((1,128),(M,64*M))"
    assert v.assumptions == ["128 | M", "64 | N"]


def test_subs_is_the_integer_algebra_at_the_values():
    at = cl.eval("subs(logical_divide((M,N):(1,M), (128,64)), M=256, N=128)")
    assert at == cl.eval("logical_divide((256,128):(1,256), (128,64))")
    with pytest.raises(LayoutError, match="128 \\| M fails"):
        cl.eval("subs(logical_divide((M,N):(1,M), (128,64)), M=100, N=128)")


def test_an_undecided_condition_is_refused():
    with pytest.raises(LayoutError, match="coalesce"):
        cl.eval("coalesce((M,2):(1,N))")


def test_inverses_of_symbolic_layouts():
    # (M,N):(1,M) is M*N:1 as a function; its inverses are that function, as C++ writes them
    r = cl.right_inverse(cl.eval("(M,N):(1,M)"))
    assert str(r) == "M*N:_1"
    assert str(cl.left_inverse(cl.eval("(4,M):(M,1)"))) == "(M,4):(4,_1) assuming M > 1"
    # at M = 8 the integer algebra's right inverse of (4,8):(8,1) is (8,4):(4,_1)
    at = cl.eval("subs(right_inverse((4,M):(M,1)), M=8)")
    assert at == cl.eval("right_inverse((4,8):(8,1))")
    with pytest.raises(LayoutError, match="M\\*1 = K"):
        cl.eval("right_inverse((M,N):(1,K))")


def test_an_operation_without_a_symbolic_form_names_the_unknown_extents():
    with pytest.raises(LayoutError, match="unknown extents M, N"):
        cl.nullspace(cl.eval("(M,N):(1,M)"))


def test_symbolic_derivations_are_steps_with_their_assumptions():
    steps = cl.explain_steps("logical_divide((M,N):(1,M), (128,64))")
    assumed = [s["fields"]["assumption"] for s in steps if s["kind"] == "assumed"]
    assert assumed == ["128 | M", "64 | N"]
    assert any(s["kind"] == "sym_fill_gap" for s in steps)
    inv = cl.explain_steps("right_inverse((4,M):(M,1))")
    assert [s["kind"] for s in inv if s["kind"].startswith("sym_inverse")] == [
        "sym_inverse_sorted",
        "sym_inverse_take",
        "sym_inverse_take",
    ]


def test_f2_derivations_run_the_integer_algebra_on_the_domain():
    steps = cl.explain_steps("logical_divide((_8,_8):(_1^,_9^), (_2,_4))")
    assert steps[0]["kind"] == "f2_domain"
    assert steps[-1]["kind"] == "f2_read_back"


def test_a_symbolic_layout_has_no_picture_until_substituted():
    with pytest.raises(LayoutError, match="unknown extents M, N"):
        cl.show("(M,N):(1,M)")
    with pytest.raises(LayoutError, match="subs\\("):
        cl.svg("logical_divide((M,N):(1,M), (128,64))")
    assert cl.show("subs((M,N):(1,M), M=2, N=2)") == cl.show("(2,2):(1,2)")

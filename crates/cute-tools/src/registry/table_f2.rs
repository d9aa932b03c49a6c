//! The F2-stride layouts of the CuTe Whitepaper and PyCuTe v2 (`(_8,_8):(_1^,_9^)`, see
//! [`cute_layout::f2`]): the conversions with integer and swizzled layouts and the operations on
//! them, one entry each (see [`super::Operation`]), listed by `cute ops` after the
//! whitepaper's other operations.

use super::table::prelude::*;
use super::Args;
use cute_layout::error::Result;
use cute_layout::f2::{compose, F2Layout};
use cute_layout::value::Value;

/// Argument `i` as an F2 layout: an F2 layout as it is, an integer layout converted where it
/// is one ([`F2Layout::from_layout`]).
fn f2_layout(a: &Args, i: usize) -> Result<F2Layout> {
    match &a.items[i] {
        Value::F2(f) => Ok((**f).clone()),
        Value::Composed(cl) => F2Layout::from_composed(cl),
        _ => F2Layout::from_layout(&*a.layout(i)?),
    }
}

fn f2_value(f: F2Layout) -> Value {
    Value::F2(Box::new(f))
}

/// `to_f2(L)`: the F2 layout of a layout or a swizzled layout, where the two are equal.
fn to_f2(a: &Args) -> Result<Value> {
    Ok(f2_value(f2_layout(a, 0)?))
}

/// `from_f2(F)`: the swizzled (or plain) layout equal to an F2 layout.
fn from_f2(a: &Args) -> Result<Value> {
    Ok(f2_layout(a, 0)?.to_swizzled()?.into())
}

/// `f2_composition(A, B)`: `A ∘ B` with `A` a swizzle or an (F2 or carry-free) layout.
fn f2_composition(a: &Args) -> Result<Value> {
    let b = f2_layout(a, 1)?;
    let r = match &a.items[0] {
        Value::Swizzle(sw) => compose(sw, &b)?,
        _ => f2_layout(a, 0)?.compose(&b)?,
    };
    Ok(f2_value(r))
}

/// `f2_eval(F, c)`: the offset of an index or a coordinate.
fn f2_eval(a: &Args) -> Result<Value> {
    let f = f2_layout(a, 0)?;
    Ok(Value::Int(f.call(&a.int_tuple(1)?)?.bits()))
}

/// `f2_equal(A, B)`: whether two layouts are the same function on `[0, size)`.
fn f2_equal(a: &Args) -> Result<Value> {
    Ok(Value::Bool(
        f2_layout(a, 0)?.equal_as_functions(&f2_layout(a, 1)?)?,
    ))
}

/// What an F2 operation takes: an F2 layout, or a layout that converts to one.
const F2_OR_LAYOUT: &[K] = &[K::F2, K::Layout, K::Int, K::Tv];

/// The F2 operations, in the order `cute ops` lists them.
pub(super) static F2_OPERATIONS: &[Operation] = &[
    Operation::new(
        "to_f2",
        "to_f2(L)",
        "the F2-stride layout of a layout or a swizzled layout Sw<B,M,S> o _0 o L, where they are equal as functions (offsets that add without carry)",
        ("to_f2(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))", "(_8,_64):(_72^,_1^)"),
        &[Param::required("L", &[K::Layout, K::Int, K::Tv, K::Composed, K::F2])],
        K::F2,
        to_f2,
    ),
    Operation::new(
        "from_f2",
        "from_f2(F)",
        "the swizzled layout Sw<B,M,S> o _0 o L (or the layout) equal to an F2-stride layout as a function",
        ("from_f2((_8,_8):(_1^,_9^))", "Sw<3,0,3> o _0 o (_8,_8):(_1,_8)"),
        &[Param::required("F", F2_OR_LAYOUT)],
        K::Composed,
        from_f2,
    )
    .aliases(&["f2_to_swizzle"]),
    Operation::new(
        "f2_eval",
        "f2_eval(F, c)",
        "F(c) of an F2 layout at an index or coordinate: the XOR of the carry-less products c_k*d_k",
        ("f2_eval((_8,_8):(_1^,_9^), (_3,_1))", "_10"),
        &[
            Param::required("F", F2_OR_LAYOUT),
            Param::required("c", &[K::Int, K::IntTuple]),
        ],
        K::Int,
        f2_eval,
    ),
    Operation::new(
        "f2_size",
        "f2_size(F)",
        "the number of coordinates of an F2 layout, the product of its extents",
        ("f2_size((_8,_8):(_1^,_9^))", "_64"),
        &[Param::required("F", F2_OR_LAYOUT)],
        K::Int,
        |a| Ok(Value::Int(f2_layout(a, 0)?.size()?)),
    ),
    Operation::new(
        "f2_cosize",
        "f2_cosize(F)",
        "the power of two above every offset of an F2 layout, 2^max bitlen((s-1)*d) (PyCuTe v2's coshape)",
        ("f2_cosize(_4:_3^)", "_8"),
        &[Param::required("F", F2_OR_LAYOUT)],
        K::Int,
        |a| Ok(Value::Int(f2_layout(a, 0)?.cosize())),
    ),
    Operation::new(
        "f2_equal",
        "f2_equal(A, B)",
        "whether two F2 (or carry-free) layouts are the same function on [0, size)",
        ("f2_equal((_8,_8):(_1^,_8^), _64:_1^)", "true"),
        &[
            Param::required("A", F2_OR_LAYOUT),
            Param::required("B", F2_OR_LAYOUT),
        ],
        K::Bool,
        f2_equal,
    ),
    Operation::new(
        "f2_coalesce",
        "f2_coalesce(F)",
        "the flat F2 layout of the same function, modes merged where d_b = s_a*d_a carry-lessly and s_a is a power of two",
        ("f2_coalesce((_2,(_4,_8)):(_1^,(_2^,_8^)))", "_64:_1^"),
        &[Param::required("F", F2_OR_LAYOUT)],
        K::F2,
        |a| Ok(f2_value(f2_layout(a, 0)?.coalesce())),
    ),
    Operation::new(
        "f2_composition",
        "f2_composition(A, B)",
        "A o B as an F2 layout, for A a swizzle or a layout linear in its index bits: B's modes split where A maps their bits to non-shifts",
        ("f2_composition((_8,_8):(_1^,_9^), (_8,_8):(_8,_1))", "(_8,_8):(_9^,_1^)"),
        &[
            Param::required("A", &[K::F2, K::Layout, K::Int, K::Tv, K::Swizzle]),
            Param::required("B", F2_OR_LAYOUT),
        ],
        K::F2,
        f2_composition,
    ),
    Operation::new(
        "f2_right_inverse",
        "f2_right_inverse(F)",
        "the inverse F2 layout of a bijection on the bits of [0, 2^n): the inverse F2 matrix, coalesced",
        ("f2_right_inverse((_8,_8):(_9^,_1^))", "(_8,_8):(_8^,_9^)"),
        &[Param::required("F", F2_OR_LAYOUT)],
        K::F2,
        |a| Ok(f2_value(f2_layout(a, 0)?.right_inverse()?)),
    ),
    Operation::new(
        "f2_left_inverse",
        "f2_left_inverse(F)",
        "the inverse F2 layout of a bijection on the bits of [0, 2^n) (two-sided, as f2_right_inverse)",
        ("f2_left_inverse((_4,_4):(_5^,_1^))", "(_4,_4):(_4^,_5^)"),
        &[Param::required("F", F2_OR_LAYOUT)],
        K::F2,
        |a| Ok(f2_value(f2_layout(a, 0)?.left_inverse()?)),
    ),
];

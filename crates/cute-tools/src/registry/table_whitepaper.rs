//! The operations of the CuTe Whitepaper and PyCuTe v2 that the C++-era table lacks, and the
//! C++ queries they bring with them (`coshape`, `make_layout_like`): one entry each (see
//! [`super::Operation`]), listed by `cute ops` after the others.

use super::table::TILER;
use super::{ordinary, Args, IdentityForm, Operation, Param, Presence::*, TensorForm, Tiles};
use cute_layout::algebra::whitepaper::{
    coalesce_z, common_coarsening, common_refinement, coshape, greatest_common_domain, layout_add,
    make_layout_like,
};
use cute_layout::basis::{tiler_to_layout, IdentityTensor};
use cute_layout::error::Result;
use cute_layout::tuple::IntTuple;
use cute_layout::value::{Kind as K, Value};
use std::sync::Arc;

/// `coshape(L)`: of a layout, an integer; of a scaled-basis layout, a tuple of the codomain.
fn coshape_op(a: &Args) -> Result<Value> {
    Ok(Value::Int(coshape(&*a.layout(0)?)?))
}

/// `coshape(B)` of a scaled-basis layout (or the layout of an identity tensor).
fn coshape_basis(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(1, 1)?;
    Ok(ordinary::tuple_value(t.layout().coshape_extents()?))
}

/// Argument `i` as a shape: a shape itself, an integer, or the shape of a layout.
fn shape(a: &Args, i: usize) -> Result<IntTuple> {
    match &a.items[i] {
        Value::IntTuple(t) => Ok((**t).clone()),
        Value::Int(n) => Ok(IntTuple::int(*n)),
        _ => Ok(a.layout(i)?.shape().clone()),
    }
}

/// `greatest_common_domain(A, B)` of two layouts' shapes or two shapes.
fn greatest_common_domain_op(a: &Args) -> Result<Value> {
    Ok(Value::Layout(Arc::new(greatest_common_domain(
        &shape(a, 0)?,
        &shape(a, 1)?,
    )?)))
}

/// `common_refinement(A, B)` / `common_coarsening(A, B)` of two shapes (or layouts' shapes).
fn of_shapes(a: &Args, f: fn(&IntTuple, &IntTuple) -> Result<IntTuple>) -> Result<Value> {
    Ok(ordinary::tuple_value(f(&shape(a, 0)?, &shape(a, 1)?)?))
}

/// `layout_add(A, B)`, where `_` (PyCuTe v2's `None`) is the zero layout: `layout_add(_, B)`
/// is `B`.
fn layout_add_op(a: &Args) -> Result<Value> {
    match (&a.items[0], &a.items[1]) {
        (Value::Underscore, Value::Underscore) => Ok(Value::Underscore),
        (Value::Underscore, _) => Ok(Value::Layout(Arc::new(a.layout(1)?.into_owned()))),
        (_, Value::Underscore) => Ok(Value::Layout(Arc::new(a.layout(0)?.into_owned()))),
        _ => ordinary::of_layouts(a, layout_add),
    }
}

/// `tiler_to_layout(T)`: a layout for a tiler without a tuple, a scaled-basis layout for a
/// tuple.
fn tiler_to_layout_op(a: &Args) -> Result<Value> {
    let r = tiler_to_layout(&*a.tiler(0)?)?;
    Ok(match r.to_layout() {
        Some(l) => Value::Layout(Arc::new(l)),
        None => Value::Basis(Box::new(r)),
    })
}

/// The kinds a shape argument takes.
const SHAPE: &[K] = &[K::IntTuple, K::Int, K::Layout, K::Tv];

const LAYOUT: &[K] = &[K::Layout, K::Int, K::Tv];

/// A layout, or `_` (PyCuTe v2's `None`, the zero of `layout_add`).
const LAYOUT_OR_NONE: &[K] = &[K::Layout, K::Int, K::Tv, K::Underscore];

/// The whitepaper's operations, in the order `cute ops` lists them (after the C++ ones).
pub(super) static WHITEPAPER_OPERATIONS: &[Operation] = &[
    Operation {
        name: "coshape",
        aliases: &[],
        signature: "coshape(L)",
        summary: "one past the image of the last coordinate along the absolute strides, sum (s-1)|d| + 1: per codomain mode for a scaled-basis layout",
        example: "coshape((_4,_2):(_1@0,_0@1))",
        expected: "(_4,_1)",
        params: &[Param {
            name: "L",
            kinds: &[K::Layout, K::Int, K::Tv, K::Basis, K::IdentityTensor],
            presence: Required,
            template: false,
        }],
        result: K::IntTuple,
        apply: coshape_op,
        swizzled: None,
        tiles: Tiles::None,
        forwards_composed: false,
        identity: Some(IdentityForm {
            position: 0,
            apply: coshape_basis,
        }),
        // PyCuTe v2's coshape of an F2 codomain is its power-of-two bound, cosize's F2 form
        f2: Some(super::f2::cosize),
        tensor: TensorForm::Refuse,
    },
    Operation {
        name: "make_layout_like",
        aliases: &[],
        signature: "make_layout_like(L)",
        summary: "the compact layout of L's shape with strides in the order of L's, zero strides kept",
        example: "make_layout_like((_2,_2,_2,_2):(_0,_2,_4,_1))",
        expected: "(_2,_2,_2,_2):(_0,_2,_4,_1)",
        params: &[Param {
            name: "L",
            kinds: LAYOUT,
            presence: Required,
            template: false,
        }],
        result: K::Layout,
        apply: |a| ordinary::of_layout(a, make_layout_like),
        swizzled: None,
        tiles: Tiles::None,
        forwards_composed: false,
        identity: None,
        f2: None,
        tensor: TensorForm::Refuse,
    },
    Operation {
        name: "coalesce_z",
        aliases: &[],
        signature: "coalesce_z(L)",
        summary: "coalesce keeping L(i) for every i >= 0 (a trailing extent-1 mode stays): the whitepaper's",
        example: "coalesce_z((2,1,6,1):(1,7,8,0))",
        expected: "(2,6,1):(1,8,0)",
        params: &[Param {
            name: "L",
            kinds: LAYOUT,
            presence: Required,
            template: false,
        }],
        result: K::Layout,
        apply: |a| ordinary::of_layout(a, coalesce_z),
        swizzled: None,
        tiles: Tiles::None,
        forwards_composed: true,
        identity: None,
        f2: None,
        tensor: TensorForm::Refuse,
    },
    Operation {
        name: "greatest_common_domain",
        aliases: &[],
        signature: "greatest_common_domain(A, B)",
        summary: "the layout of the common factors the shapes of A and B share in order, at their indices: the whitepaper's",
        example: "greatest_common_domain((5,3,4), (10,6))",
        expected: "(5,2):(1,30)",
        params: &[
            Param {
                name: "A",
                kinds: SHAPE,
                presence: Required,
                template: false,
            },
            Param {
                name: "B",
                kinds: SHAPE,
                presence: Required,
                template: false,
            },
        ],
        result: K::Layout,
        apply: greatest_common_domain_op,
        swizzled: None,
        tiles: Tiles::None,
        forwards_composed: false,
        identity: None,
        f2: None,
        tensor: TensorForm::Refuse,
    },
    Operation {
        name: "layout_add",
        aliases: &[],
        signature: "layout_add(A, B)",
        summary: "the sum R(i) = A(i) + B(i) of two layouts of one size, where it is a layout: the whitepaper's",
        example: "layout_add((4,3):(1,4), (4,3):(3,1))",
        expected: "(4,3):(4,5)",
        params: &[
            Param {
                name: "A",
                kinds: LAYOUT_OR_NONE,
                presence: Required,
                template: false,
            },
            Param {
                name: "B",
                kinds: LAYOUT_OR_NONE,
                presence: Required,
                template: false,
            },
        ],
        result: K::Layout,
        apply: layout_add_op,
        swizzled: None,
        tiles: Tiles::None,
        forwards_composed: false,
        identity: None,
        f2: None,
        tensor: TensorForm::Refuse,
    },
    Operation::new(
        "common_refinement",
        "common_refinement(A, B)",
        "the least shape both shapes coarsen (compatible(A, R), compatible(B, R)), mode by mode: the whitepaper's join",
        ("common_refinement(((2,3),20), (6,(4,5)))", "((2,3),(4,5))"),
        &[Param::required("A", SHAPE), Param::required("B", SHAPE)],
        K::IntTuple,
        |a| of_shapes(a, common_refinement),
    ),
    Operation::new(
        "common_coarsening",
        "common_coarsening(A, B)",
        "the greatest shape that coarsens both shapes (compatible(R, A), compatible(R, B)); their size where the modes part: the whitepaper's meet",
        ("common_coarsening((4,(3,5)), ((2,2),15))", "(4,15)"),
        &[Param::required("A", SHAPE), Param::required("B", SHAPE)],
        K::IntTuple,
        |a| of_shapes(a, common_coarsening),
    ),
    Operation::new(
        "tiler_to_layout",
        "tiler_to_layout(T)",
        "the layout that composes as the tiler T does: mode i of a tuple tiler scaled by the basis vector E<i> (PyCuTe v2's)",
        ("tiler_to_layout(<4:2,5>)", "(4,5):(2@0,_1@1)"),
        &[Param::required("T", TILER)],
        K::Basis,
        tiler_to_layout_op,
    ),
];

//! The operations of the CuTe Whitepaper and PyCuTe v2 that the C++-era table lacks, and the
//! C++ queries they bring with them (`coshape`, `make_layout_like`): one entry each (see
//! [`super::Operation`]), listed by `cute ops` after the others.

use super::{ordinary, Args, IdentityForm, Operation, Param, Presence::*, TensorForm, Tiles};
use cute_layout::algebra::whitepaper::{
    coalesce_z, coshape, greatest_common_domain, layout_add, make_layout_like,
};
use cute_layout::basis::IdentityTensor;
use cute_layout::error::Result;
use cute_layout::value::{Kind as K, Value};

/// `coshape(L)`: of a layout, an integer; of a scaled-basis layout, a tuple of the codomain.
fn coshape_op(a: &Args) -> Result<Value> {
    Ok(Value::Int(coshape(&*a.layout(0)?)?))
}

/// `coshape(B)` of a scaled-basis layout (or the layout of an identity tensor).
fn coshape_basis(a: &Args, t: IdentityTensor, _: bool) -> Result<Value> {
    a.arity(1, 1)?;
    Ok(ordinary::tuple_value(t.layout().coshape_extents()?))
}

/// `greatest_common_domain(A, B)` of two layouts' shapes or two shapes.
fn greatest_common_domain_op(a: &Args) -> Result<Value> {
    let shape = |i: usize| -> Result<cute_layout::tuple::IntTuple> {
        match &a.items[i] {
            Value::IntTuple(t) => Ok((**t).clone()),
            Value::Int(n) => Ok(cute_layout::tuple::IntTuple::int(*n)),
            _ => Ok(a.layout(i)?.shape().clone()),
        }
    };
    Ok(Value::Layout(std::sync::Arc::new(greatest_common_domain(
        &shape(0)?,
        &shape(1)?,
    )?)))
}

const LAYOUT: &[K] = &[K::Layout, K::Int, K::Tv];

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
        tiles: Tiles::None,
        forwards_composed: false,
        identity: Some(IdentityForm {
            position: 0,
            apply: coshape_basis,
        }),
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
        tiles: Tiles::None,
        forwards_composed: false,
        identity: None,
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
        tiles: Tiles::None,
        forwards_composed: true,
        identity: None,
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
                kinds: &[K::IntTuple, K::Int, K::Layout, K::Tv],
                presence: Required,
                template: false,
            },
            Param {
                name: "B",
                kinds: &[K::IntTuple, K::Int, K::Layout, K::Tv],
                presence: Required,
                template: false,
            },
        ],
        result: K::Layout,
        apply: greatest_common_domain_op,
        tiles: Tiles::None,
        forwards_composed: false,
        identity: None,
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
                kinds: LAYOUT,
                presence: Required,
                template: false,
            },
            Param {
                name: "B",
                kinds: LAYOUT,
                presence: Required,
                template: false,
            },
        ],
        result: K::Layout,
        apply: |a| ordinary::of_layouts(a, layout_add),
        tiles: Tiles::None,
        forwards_composed: false,
        identity: None,
        tensor: TensorForm::Refuse,
    },
];

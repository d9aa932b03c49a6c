//! The forms of the operations on tensors `L+o` (a layout and an offset: `make_tensor`,
//! `slice_and_offset`, `local_tile`, ...) and swizzled tensors `CL+o`: each operation declares
//! one [`TensorForm`] in its table entry, and [`apply`] is the one place that reads it.
//!
//! A tensor stands for `c ↦ o + L(c)`. CuTe C++ gives the structural operations (`coalesce`,
//! `flatten`, `take<B,E>`, the divides, ...) a tensor form returning the tensor over the same
//! data pointer, and the partitions (`local_tile`, `local_partition`, ...) a tensor whose
//! pointer is moved by the part's offset: so the offset is kept, or added to, never dropped.

use super::{Args, Operation};
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::value::{Arguments, Value};

/// What an operation does with a tensor `L+o` (or a swizzled tensor `CL+o`) as argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TensorForm {
    /// No tensor form: a tensor argument is refused (take `layout(T)` first).
    Refuse,
    /// A structural operation on argument 0: applied to `L`, its layout result is the tensor
    /// over the same data, with the offset `o` (C++ `make_tensor(T.data(), f(T.layout()))`).
    KeepOffset,
    /// A query about the tensor at this position: applied to its layout, the answer as is
    /// (`size`, `shape`, `layout(T)`, ...).
    Query(usize),
    /// A partition of the tensor at this position: applied to `L`, the result is a tensor
    /// `L'+o'` whose offset is relative to the tensor's data, so `o` is added: `L'+(o+o')`
    /// (`local_tile`, `local_partition`, `slice_and_offset`, ...).
    AddOffset(usize),
    /// The operation takes the tensor at this position whole, its offset included (the atom
    /// partitions `partition_A`, `partition_S`, `retile`, `tma_partition`; `tensor<I>(T)`,
    /// which takes nothing else).
    Takes(usize),
}

impl TensorForm {
    /// The position of the argument that may be a tensor, if one may.
    ///
    /// ```
    /// use cute_tools::registry::{lookup, TensorForm};
    /// assert_eq!(lookup("coalesce").unwrap().tensor, TensorForm::KeepOffset);
    /// assert_eq!(lookup("slice_and_offset").unwrap().tensor.position(), Some(1));
    /// assert_eq!(lookup("cosize").unwrap().tensor.position(), None);
    /// ```
    pub fn position(self) -> Option<usize> {
        match self {
            TensorForm::Refuse => None,
            TensorForm::KeepOffset => Some(0),
            TensorForm::Query(i) | TensorForm::AddOffset(i) | TensorForm::Takes(i) => Some(i),
        }
    }
}

/// Whether `v` is a tensor `L+o` or a swizzled tensor `CL+o`.
pub(super) fn is_tensor(v: &Value) -> bool {
    matches!(v, Value::LayoutOffset(..) | Value::ComposedOffset(..))
}

/// A tensor split into its layout (or composed layout) and its offset.
fn split(v: Value) -> (Value, Int) {
    match v {
        Value::LayoutOffset(l, o) => (Value::Layout(l), o),
        Value::ComposedOffset(c, o) => (Value::Composed(c), o),
        v => (v, Int::ZERO),
    }
}

/// The tensor of a layout (or composed layout) result `v` over data at offset `o`.
fn with_offset(op: &Operation, v: Value, o: Int) -> Result<Value> {
    match v {
        Value::Layout(l) => Ok(Value::LayoutOffset(l, o)),
        Value::Composed(c) => Ok(Value::ComposedOffset(c, o)),
        v => Err(no_tensor_result(op, &v)),
    }
}

/// The tensor result `v` (offset `o'` from the tensor's data) moved by the data's offset `o`.
fn add_offset(op: &Operation, v: Value, o: Int) -> Result<Value> {
    // a pointer offset is a run-time value in C++ (`T.data() + o`)
    let sum = |p: Int| -> Result<Int> { Ok(Int::dynamic(o.add(p)?.value())) };
    match v {
        Value::LayoutOffset(l, p) => Ok(Value::LayoutOffset(l, sum(p)?)),
        Value::ComposedOffset(c, p) => Ok(Value::ComposedOffset(c, sum(p)?)),
        Value::Layout(l) => Ok(Value::LayoutOffset(l, o)),
        v => Err(no_tensor_result(op, &v)),
    }
}

#[cold]
fn no_tensor_result(op: &Operation, v: &Value) -> LayoutError {
    LayoutError::InvalidArgument {
        op: "eval",
        detail: format!(
            "{} of a tensor gave {}, which is not a layout to keep the tensor's offset with",
            op.name,
            v.describe()
        ),
        hint: "take layout(T) first",
    }
}

/// `tensor(T, i, j, ...)`, C++'s `tensor<I...>(T)`: the sub-tensor of a mode,
/// `make_tensor(T.data(), get<I...>(T.layout()))`, so the mode's layout (as `layout(L, i, ...)`,
/// a swizzled one kept swizzled) over the same data, with `T`'s offset (`layout(T, i, ...)`
/// answers for the layout alone). Only a tensor is taken, as in C++ (its form is
/// [`TensorForm::Takes`]).
///
/// # Errors
/// An argument that is not a tensor; `layout`'s errors (a path outside the layout).
pub(super) fn sub_tensor(a: &Args) -> Result<Value> {
    if !is_tensor(&a.items[0]) {
        return Err(a.wrong(
            0,
            "`T`: tensor or swizzled tensor (C++'s tensor<I>(T) takes a tensor)",
        ));
    }
    let mut items: Arguments = a.items.iter().cloned().collect();
    let (inner, o) = split(std::mem::replace(&mut items[0], Value::Underscore));
    items[0] = inner;
    with_offset(a.op, super::call("layout", items)?, o)
}

/// Applies `op` to `items`, of which the one at `first` is the first tensor, as its
/// [`TensorForm`] declares.
///
/// # Errors
/// A tensor where the operation has no tensor form, or at another position than its tensor
/// argument; the operation's own errors.
pub(super) fn apply(op: &'static Operation, mut items: Arguments, first: usize) -> Result<Value> {
    let at = op.tensor.position();
    if let Some(other) = items
        .iter()
        .enumerate()
        .position(|(i, v)| is_tensor(v) && Some(i) != at)
    {
        return Err(refused(op, items, other));
    }
    if let TensorForm::Takes(_) = op.tensor {
        return op.call_plain(&items);
    }
    let (inner, o) = split(std::mem::replace(&mut items[first], Value::Underscore));
    items[first] = inner;
    let v = op.call_plain(&items)?;
    match op.tensor {
        TensorForm::KeepOffset => with_offset(op, v, o),
        TensorForm::AddOffset(_) => add_offset(op, v, o),
        _ => Ok(v),
    }
}

/// The error of a tensor as argument `i` of `op`, which has no tensor form there.
#[cold]
fn refused(op: &'static Operation, items: Arguments, i: usize) -> LayoutError {
    let why = match op.tensor.position() {
        Some(at) => format!("only argument {} of {} may be a tensor", at + 1, op.name),
        None => format!("{} has no tensor form", op.name),
    };
    let want = op.param(i).map_or("a layout".to_string(), |p| p.accepted());
    LayoutError::InvalidArgument {
        op: "eval",
        detail: format!(
            "argument {} of {} must be {want}, got {} ({why})",
            i + 1,
            op.name,
            items[i].describe()
        ),
        hint: "take layout(T) first: the tensor's layout, without its offset",
    }
}

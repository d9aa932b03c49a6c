//! The swizzle solver as an operation ([`crate::analysis::solve_swizzle`]).
//!
//! The solver and the bank-conflict counting it uses ([`crate::analysis`]) sit below the
//! registry; the expression reader of `cute analyze` ([`crate::analyze`]) sits above it.

use super::Args;
use crate::analysis::{solve_swizzle, AccessSpec, Width};
use cute_layout::error::{LayoutError, Result};
use cute_layout::notation::atom::value_type_name;
use cute_layout::value::Value;

/// `solve_swizzle(L, E [, BITS])`: `E` the element size in bytes, or a copy atom
/// `Copy_Atom<OP,T>` (elements of `T`, accessed as `OP` accesses shared memory); `BITS` the
/// access width (the widest the layout allows by default). A TV layout is read as
/// `(thread, value)`. The result is `Sw<B,M,S> o _0 o L`, or `L` when it is conflict-free.
pub(super) fn solve(a: &Args) -> Result<Value> {
    let layout = a.layout(0)?;
    let tv = matches!(a.items[0], Value::Tv(_));
    let (elem_bytes, width) = match &a.items[1] {
        Value::CopyAtom(atom) => {
            if a.len() > 2 {
                return Err(a.wrong(2, "absent: a copy atom sets the access width"));
            }
            let bits = atom.value_type.bits();
            if bits % 8 != 0 {
                return Err(LayoutError::InvalidArgument {
                    op: "solve_swizzle",
                    detail: format!(
                        "elements of `{}` are {bits} bits, not whole bytes",
                        value_type_name(atom.value_type)
                    ),
                    hint: "give a copy atom of a type of 8 bits or more",
                });
            }
            (bits / 8, Width::Atom(atom.op.name.clone()))
        }
        _ => {
            let e = a.int(1)?.value();
            let width = match a.len() {
                3 => Width::Bits(a.int(2)?.value()),
                _ => Width::Widest,
            };
            (e, width)
        }
    };
    let spec = AccessSpec {
        elem_bytes,
        tv,
        width,
        store: false,
    };
    Ok(solve_swizzle(&layout, &spec)?.swizzled().into())
}

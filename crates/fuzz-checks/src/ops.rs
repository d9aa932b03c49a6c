//! Every operation on structure-aware inputs: each operation `cute eval` knows, on generated
//! arguments of every kind, and the library's algebra functions called directly on small
//! layouts, tilers and coordinates. Nothing may panic; every `cute eval` result must print and
//! read back (as [`crate::eval_line`] checks).

use crate::r#gen::{SmallArg, SmallCoord, SmallLayout, SmallTiler};
use crate::{eval_line, structured, Check};
use arbitrary::Arbitrary;
use cute_layout::*;
use cute_tools::registry::operations;

/// The input of the `ops` target.
#[derive(Arbitrary, Debug)]
pub struct Input {
    op: u8,
    args: Vec<SmallArg>,
    a: SmallLayout,
    b: SmallLayout,
    t: SmallTiler,
    c: SmallCoord,
    n: i8,
}

/// The check of the `ops` target.
pub fn check(data: &[u8]) -> Check {
    structured(data, |x: Input| {
        let ops = operations();
        let name = ops[usize::from(x.op) % ops.len()].name;
        let args: Vec<String> = x.args.iter().take(4).map(ToString::to_string).collect();
        eval_line::check_line(&format!("{name}({})", args.join(",")))?;
        if let (Some(a), Some(b), Some(t)) = (&x.a.layout, &x.b.layout, &x.t.tiler) {
            call_all(a, b, t, &x.c, i64::from(x.n));
        }
        Ok(())
    })
}

/// Calls the algebra directly; results are discarded (only a panic fails).
fn call_all(a: &Layout, b: &Layout, t: &Tiler, c: &SmallCoord, n: i64) {
    let bt = Tiler::Layout(b.clone());
    let _ = (
        coalesce(a),
        filter(a),
        filter_zeros(a),
        complement_default(a),
    );
    let _ = (composition(a, b), composition_tiler(a, t));
    let _ = (
        complement(a, b.shape()),
        right_inverse(a),
        left_inverse(a),
        nullspace(a),
    );
    let _ = (max_common_layout(a, b), max_common_vector(a, b));
    for tiler in [t, &bt] {
        let _ = (logical_divide(a, tiler), zipped_divide(a, tiler));
        let _ = (
            tiled_divide(a, tiler),
            flat_divide(a, tiler),
            tile_unzip(a, tiler),
        );
        let _ = (logical_product(a, tiler), zipped_product(a, tiler));
        let _ = (tiled_product(a, tiler), flat_product(a, tiler));
    }
    let _ = (blocked_product(a, b), raked_product(a, b));
    let _ = (
        tile_to_shape(a, b.shape(), None),
        tile_to_shape(a, b.shape(), Some(a.shape())),
    );
    let _ = (a.size(), a.cosize(), a.flatten(), a.zip());
    if a.size().is_ok_and(|s| s.value() <= crate::MAX_ENUMERATED) {
        let _ = a.offsets();
    }
    let _ = (
        a.append(b),
        a.prepend(b),
        a.select(&[0, 1]),
        a.take(0, 1),
        a.group(0, 2),
    );
    let _ = (a.eval(n), recast::upcast(a, n), recast::downcast(a, n));
    let _ = recast::recast_layout(a, 8, n);
    if let Ok(coord) = c.0.parse::<Coord>() {
        let _ = (a.slice(&coord), a.dice(&coord), a.slice_and_offset(&coord));
        let any = AnyLayout::from(a.clone());
        let _ = (
            tensor::local_tile(&any, t, &coord),
            tensor::outer_partition(&any, t, &coord),
        );
        let _ = tensor::inner_partition(&any, t, &coord);
    }
    if let Ok(coord) = c.0.parse::<IntTuple>() {
        let _ = (a.call(&coord), crd2idx(&coord, a.shape(), a.stride()));
        let _ = (
            idx2crd(&coord, a.shape()),
            crd2crd(&coord, a.shape(), b.shape()),
        );
        let _ = (
            coalesce_by(a, &coord),
            filter_by(a, &coord),
            filter_zeros_by(a, &coord),
        );
    }
}

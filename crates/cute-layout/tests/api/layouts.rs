//! Layouts: concatenation and flat coordinates, through the typed API. The tests through `cute eval` are in
//! `crates/cute-tools/tests/algebra/layouts.rs`.

use crate::common::lay;
use cute_layout::{Layout, LayoutError};

// From seed 002, the categorical treatment (plain layout facts only).
/// 002, "Morphism Sum": `Lf = (16,32):(1,16)` and `Lg = (4,4):(2,0)` (the seed's `1024` is the
/// stride of g's first mode, scaled past f's codomain) give `(16,32,4,4):(1,16,1024,0)`.
#[test]
fn seed002_sum_is_a_concatenation() {
    let sum = Layout::concat([lay("(16,32):(1,16)"), lay("(4,4):(1024,0)")]).unwrap();
    assert_eq!(sum.flatten().to_string(), "(16,32,4,4):(1,16,1024,0)");
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
/// `get_flat_coord(idx)` is defined for `idx` in `[0, size)` only (its documented error); a
/// negative index must not slip through as a negative coordinate (in `6:1`, the leaf
/// coordinate `-1` maps back to `-1`, so only the range check refuses it).
#[test]
fn get_flat_coord_refuses_negative_indices() {
    use cute_layout::tensor::{get_flat_coord, local_partition, Tensor};
    for (thr, idx) in [("6:1", -1), ("(_2,_3):(_3,_1)", -1), ("6:1", 6)] {
        let e = get_flat_coord(&lay(thr), idx).unwrap_err();
        assert!(
            matches!(e, LayoutError::InvalidArgument { .. }),
            "{thr} {idx}: {e}"
        );
        let msg = e.to_string();
        assert!(
            msg.contains(&format!("index {idx} is outside [0, 6)")),
            "{msg}"
        );
        let t = lay("(8,6):(_1,8)").into();
        assert!(local_partition(&t, &lay(thr), idx).is_err(), "{thr} {idx}");
    }
    let data: Vec<i64> = (0..48).collect();
    let t = Tensor::new(&data[..], lay("(8,6):(_1,8)"));
    assert!(t.local_partition(&lay("6:1"), -1).is_err());
    // the first and last thread are fine
    assert_eq!(get_flat_coord(&lay("6:1"), 0).unwrap().to_string(), "0");
    assert_eq!(get_flat_coord(&lay("6:1"), 5).unwrap().to_string(), "5");
}

//! TV layouts through the typed API. The tests through `cute eval` are in
//! `crates/cute-tools/tests/algebra/tv.rs`.

use crate::common::{lay, tup};

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn make_layout_tv_refuses_non_compact_layouts() {
    use cute_layout::tv::make_layout_tv;
    for (thr, val, at) in [
        ("2:2", "1:1", "thread 1, value 0"),
        ("2:3", "2:1", "thread 0, value 1"),
        ("4:2", "2:2", "thread 0, value 1"),
        ("(2,2):(1,4)", "1:1", "thread 2, value 0"),
        ("2:0", "2:1", "thread 0, value 1"),
        ("(2,2):(0,1)", "2:1", "thread 0, value 1"),
    ] {
        let e = make_layout_tv(&lay(thr), &lay(val)).unwrap_err();
        assert!(
            e.to_string().contains(&format!("not invertible at {at}")),
            "{thr}, {val}: {e}"
        );
    }
}

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn tv_cell_of_checks_every_bound() {
    use cute_layout::tv::TvLayout;
    let tv = |tile: &str, l: &str| TvLayout::new(tup(tile), lay(l)).unwrap();
    // inside
    assert_eq!(tv("(4,2)", "(4,2):(1,4)").cell_of(3, 1).unwrap(), (3, 1));
    // past the end only
    let e = tv("(2,2)", "(4,2):(1,4)").cell_of(3, 1).unwrap_err();
    assert!(
        e.to_string().contains("index 7, outside the 2x2 tile"),
        "{e}"
    );
    // negative only
    let e = tv("(4,2)", "(4,2):(-1,4)").cell_of(1, 0).unwrap_err();
    assert!(
        e.to_string().contains("index -1, outside the 4x2 tile"),
        "{e}"
    );
    // an empty tile (refused as a tile since issue 26: its extents must be positive)
    let e = tv("(0,2)", "(4,2):(0,0)").cell_of(0, 0).unwrap_err();
    assert!(
        e.to_string().contains("the tile (0,2) has the extent 0"),
        "{e}"
    );
}

//! TV layouts (`make_layout_tv`, `tv_cell_of`, `tv_partition`): the checks of their bounds.

use crate::common::{check, lay, refused};

// From cargo mutants, a survivor in the algebra (docs/dev/mutation-testing.md).
#[test]
fn tv_partition_checks_the_thread() {
    let ok = "tv_partition((4,8):(8,1),(2,2):(2,1),(1,2):(2,1),3)";
    check(ok, "(2,2,2):(1,16,4)+10");
    refused(
        "tv_partition((4,8):(8,1),(2,2):(2,1),(1,2):(2,1),4)",
        &["thread 4 is outside [0, 4)"],
    );
    use cute_layout::tv::{make_layout_tv, tv_partition};
    let tv = make_layout_tv(&lay("(2,2):(2,1)"), &lay("(1,2):(2,1)")).unwrap();
    let t: cute_layout::AnyLayout = "(4,8):(8,1)".parse().unwrap();
    let e = tv_partition(&t, &tv, -1).unwrap_err();
    assert!(e.to_string().contains("thread -1 is outside [0, 4)"), "{e}");
}

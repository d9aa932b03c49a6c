//! The seeds of the `linear_readers` target reach each of its readers (so that its checks run,
//! not only its parse attempts): F2 layouts, linear layouts and Triton layouts.

use cute_layout::f2::F2Layout;
use cute_layout::linear::triton::TritonLayout;
use cute_layout::linear::LinearLayout;

#[test]
fn the_seeds_reach_every_reader() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/linear_readers");
    let (mut f2, mut linear, mut triton) = (0, 0, 0);
    for e in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        f2 += usize::from(text.parse::<F2Layout>().is_ok());
        linear += usize::from(text.parse::<LinearLayout>().is_ok());
        triton += usize::from(text.parse::<TritonLayout>().is_ok());
    }
    assert!(
        f2 >= 5 && linear >= 4 && triton >= 4,
        "{f2} F2, {linear} linear, {triton} Triton seeds"
    );
}

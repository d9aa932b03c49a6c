//! Every resource limit of `cute_layout::limits`: each input that would make an operation
//! enumerate, allocate or loop in proportion to a number the user gives ends at once with an
//! error naming the limit and the number, and the input just inside the limit still works.

mod common;
use common::{fails, lay, tup};
use cute_layout::limits::{
    ANALYSIS_LIMIT, MAX_ENUMERATED, MAX_ERROR_ECHO, MAX_PICTURE_CELLS, MAX_TEXT_CELLS,
};
use cute_layout::notation::Parser;
use cute_layout::tv::{make_layout_tv, TvLayout};
use cute_layout::{AnyLayout, LayoutError};
use cute_tools::analysis::bank_conflicts;
use cute_tools::analyze::analyze_expr;
use cute_tools::render::tv::{grid_tv, svg_tv};
use std::time::{Duration, Instant};

/// Asserts that `e` names the limit and the number.
#[track_caller]
fn names_limit(e: &LayoutError, limit: &str, value: i64, number: i64) {
    let msg = e.to_string();
    for part in [limit.to_string(), value.to_string(), number.to_string()] {
        assert!(msg.contains(&part), "{part:?} is missing from {msg:?}");
    }
}

/// Runs `f`, asserting that it returns well within a second (the limit is checked first).
#[track_caller]
fn quickly<T>(f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let r = f();
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "took {:?}",
        start.elapsed()
    );
    r
}

fn tv(tile: &str, layout: &str) -> TvLayout {
    TvLayout::new(tup(tile), lay(layout)).unwrap()
}

#[test]
fn tv_text_grid_checks_the_tile_before_allocating() {
    let e = quickly(|| grid_tv(&tv("(1000000000,1000000000)", "(32,4):(1,32)"))).unwrap_err();
    names_limit(
        &e,
        "MAX_TEXT_CELLS",
        MAX_TEXT_CELLS,
        1_000_000_000_000_000_000,
    );
    let e = quickly(|| grid_tv(&tv("(10000,10000)", "(32,4):(1,32)"))).unwrap_err();
    names_limit(&e, "MAX_TEXT_CELLS", MAX_TEXT_CELLS, 100_000_000);
    // inside the limit
    let g = grid_tv(&tv("(256,256)", "(32,4):(1,32)")).unwrap();
    assert!(g.contains("T31V3"));
}

#[test]
fn tv_picture_checks_the_tile_before_allocating() {
    let e = quickly(|| svg_tv(&tv("(100000,100000)", "(32,4):(1,32)"))).unwrap_err();
    names_limit(&e, "MAX_PICTURE_CELLS", MAX_PICTURE_CELLS, 10_000_000_000);
    let e = svg_tv(&tv("(129,128)", "(32,4):(1,32)")).unwrap_err();
    names_limit(&e, "MAX_PICTURE_CELLS", MAX_PICTURE_CELLS, 129 * 128);
    assert!(svg_tv(&tv("(128,128)", "(32,4):(1,32)")).is_ok());
}

#[test]
fn tv_grid_bounds_the_thread_value_pairs() {
    // a 2x2 tile, but 2^23 (thread, value) pairs to place in it
    let e = quickly(|| grid_tv(&tv("(2,2)", "(4194304,2):(0,0)"))).unwrap_err();
    names_limit(&e, "MAX_ENUMERATED", MAX_ENUMERATED, 1 << 23);
}

#[test]
fn make_layout_tv_checks_large_compact_layouts_algebraically() {
    // 2^32 pairs: checked without visiting them
    let tv = quickly(|| make_layout_tv(&lay("2147483648:1"), &lay("2"))).unwrap();
    assert_eq!(tv.layout.to_string(), "(2147483648,2):(2,1)");
    // one such line does not stall a batch: the next answer comes at once
    let r = quickly(|| cute_tools::eval::eval("make_layout_tv((4,8):(8,1),(1,4):(4,1))"));
    assert!(r.is_ok());
}

#[test]
fn make_layout_tv_of_a_strided_value_layout_answers_at_once() {
    // 29 * 2^31 pairs; once 3.7 s of enumeration, now the algebraic check. C++ (all-static):
    // tiler (_62277025792), layout (_29,_2147483648):(_2147483648,_62277025792).
    let tv = quickly(|| make_layout_tv(&lay("29"), &lay("2147483648:15"))).unwrap();
    assert_eq!(tv.tiler.to_string(), "(62277025792)");
    assert_eq!(
        tv.layout.to_string(),
        "(29,2147483648):(2147483648,62277025792)"
    );
}

#[test]
fn make_layout_tv_enumerates_only_within_the_limit() {
    // not invertible, so only enumeration finds the bad pair: refused beyond the limit ...
    let e = quickly(|| make_layout_tv(&lay("(2,4194304):(0,1)"), &lay("2:1"))).unwrap_err();
    names_limit(&e, "MAX_ENUMERATED", MAX_ENUMERATED, 1 << 24);
    // ... and named within it
    let e = make_layout_tv(&lay("(2,2):(0,1)"), &lay("2:1")).unwrap_err();
    assert!(
        e.to_string()
            .contains("not invertible at thread 0, value 1"),
        "{e}"
    );
}

#[test]
fn analyze_bounds_the_elements_visited() {
    // accesses are at most 16 bytes (4 words) per element: a wider element is refused outright
    let l: AnyLayout = "(32,32):(32,1)".parse().unwrap();
    for bytes in [32, 4_000_000, 99_999_999_999_999, i64::MAX] {
        let e = quickly(|| bank_conflicts(&l, bytes, false)).unwrap_err();
        assert!(e.to_string().contains("element size"), "{e}");
    }
    let e = quickly(|| analyze_expr("(100000,100000):(1,100000)", 4, false)).unwrap_err();
    names_limit(&e, "ANALYSIS_LIMIT", ANALYSIS_LIMIT, 10_000_000_000);
    // inside: 1024 elements of 16 bytes
    assert!(bank_conflicts(&l, 16, false).is_ok());
}

#[test]
fn parse_errors_echo_only_the_neighbourhood() {
    let line = format!("(2,{}:(1,2)", "4".repeat(20_000_000));
    let e = quickly(|| Parser::new(&line).layout()).unwrap_err();
    let msg = e.to_string();
    assert!(msg.len() < 400, "{} bytes", msg.len());
    // the error position in the middle of a long line: 40 characters each side, cut marks
    let line = format!("size(({}@{}))", "1,".repeat(50), "2,".repeat(50));
    let e = LayoutErrorView::of(fails(&line));
    assert!(
        e.input.starts_with("...") && e.input.ends_with("..."),
        "{e:?}"
    );
    assert_eq!(
        e.input.chars().filter(|c| *c == '1').count(),
        MAX_ERROR_ECHO / 2
    );
    assert_eq!(
        e.input.chars().filter(|c| *c == '2').count(),
        MAX_ERROR_ECHO / 2
    );
    assert_eq!(e.marked(), Some('@'));
    // exactly MAX_ERROR_ECHO characters on each side, between the cut marks
    let at = e.caret.chars().count() - 1;
    assert_eq!(at, 3 + MAX_ERROR_ECHO, "{e:?}");
    assert_eq!(
        e.input.chars().count(),
        3 + MAX_ERROR_ECHO + 1 + MAX_ERROR_ECHO + 3,
        "{e:?}"
    );
    // near the start: nothing cut before
    let e = LayoutErrorView::of(fails(&format!("size((1,@{}))", "2,".repeat(50))));
    assert!(
        e.input.starts_with("size((1,@") && e.input.ends_with("..."),
        "{e:?}"
    );
    assert_eq!(e.marked(), Some('@'));
}

#[test]
fn parse_error_caret_counts_characters_not_bytes() {
    // multi-byte characters at the error and in the cut suffix
    let line = format!("size(({}ü{}))", "1,".repeat(50), "é".repeat(60));
    let e = LayoutErrorView::of(fails(&line));
    assert!(
        e.input.starts_with("...") && e.input.ends_with("..."),
        "{e:?}"
    );
    assert_eq!(e.marked(), Some('ü'), "{e:?}");
    assert_eq!(
        e.input.chars().filter(|c| *c == 'é').count(),
        MAX_ERROR_ECHO
    );
    let e = LayoutErrorView::of(fails("size((2,3):(1,€))"));
    assert_eq!(e.marked(), Some('€'), "{e:?}");
    assert_eq!(e.input, "size((2,3):(1,€))");
}

/// The echo and caret of a parse error.
#[derive(Debug)]
struct LayoutErrorView {
    input: String,
    caret: String,
}

impl LayoutErrorView {
    fn of(e: LayoutError) -> Self {
        match e.root() {
            LayoutError::Parse { input, caret, .. } => LayoutErrorView {
                input: input.clone(),
                caret: caret.clone(),
            },
            other => panic!("not a parse error: {other}"),
        }
    }

    /// The character the caret points at.
    fn marked(&self) -> Option<char> {
        self.input.chars().nth(self.caret.chars().count() - 1)
    }
}

#[test]
fn tile_colored_pictures_check_their_size_before_numbering_tiles() {
    use cute_tools::render::{subject, svg, Coloring, Options};
    let s = subject("logical_divide(1000000000000:1,2)").unwrap();
    let opts = Options {
        coloring: Coloring::Tile,
        ..Options::default()
    };
    let e = quickly(|| svg(&s, &opts)).unwrap_err();
    assert!(
        e.to_string().contains(&MAX_PICTURE_CELLS.to_string()),
        "{e}"
    );
    let s = subject("logical_divide(16:1,4)").unwrap();
    assert!(svg(&s, &opts).is_ok());
}

#[test]
fn diff_bounds_the_indices_compared() {
    use cute_layout::limits::MAX_DIFFED;
    use cute_tools::diff::diff_exprs;
    let e = quickly(|| diff_exprs("(4096,4097):(1,4096)", "(4096,4097):(1,4097)")).unwrap_err();
    names_limit(&e, "MAX_DIFFED", MAX_DIFFED, 4096 * 4097);
    // inside the limit, and identical layouts at any size
    assert!(!diff_exprs("(4096,4096):(1,4096)", "(4096,4096):(1,4097)")
        .unwrap()
        .equal());
    assert!(quickly(|| diff_exprs(
        "(1000000,1000000):(1,1000000)",
        "(1000000,1000000):(1,1000000)"
    ))
    .unwrap()
    .equal());
}

//! The figures of tiled MMAs and tiled copies (`render::atom`): their structure, the SVG drawn
//! from them at real kernel sizes, and snapshots of small ones.

use cute_layout::atom::{
    copy_op, make_copy_atom, make_tiled_copy, make_tiled_mma, mma_atom, ValueType,
};
use cute_layout::notation::atom::parse_permutation;
use cute_layout::LayoutError;
use cute_tools::render::atom::{copy_figure, latex_atom, mma_figure, svg_atom, AtomFigure};
use cute_tools::render::{Coloring, Highlight, Options};

type R<T> = Result<T, LayoutError>;

fn tiled_mma_figure(name: &str, layout: &str, perm: &str) -> R<AtomFigure> {
    let perm = if perm.is_empty() {
        Vec::new()
    } else {
        parse_permutation(perm)?
    };
    mma_figure(&make_tiled_mma(&mma_atom(name)?, &layout.parse()?, &perm)?)
}

/// Checks what every figure promises: each panel's cells are distinct elements of its tile,
/// each is the first `(thread, value)` reaching it, and every element some thread reaches is
/// drawn.
fn check_structure(fig: &AtomFigure) {
    for p in &fig.panels {
        let (np, nq) = p.extent;
        let threads = p.tensor.shape().get(0).unwrap().size().unwrap().value();
        let values = p.tensor.shape().get(1).unwrap().size().unwrap().value();
        let mut first = vec![None; (np * nq) as usize];
        for t in 0..threads {
            for v in 0..values {
                let c = p.tensor.at(t + threads * v).unwrap();
                let pq: Vec<i64> = c.leaves().map(|x| x.value()).collect();
                let slot = &mut first[(pq[0] + np * pq[1]) as usize];
                if slot.is_none() {
                    *slot = Some((t, v));
                }
            }
        }
        let reached = first.iter().flatten().count();
        assert_eq!(p.cells.len(), reached, "panel {}", p.name);
        for c in &p.cells {
            assert_eq!(
                first[(c.m + np * c.n) as usize],
                Some((c.thread, c.value)),
                "panel {} cell ({},{})",
                p.name,
                c.m,
                c.n
            );
        }
    }
}

#[test]
fn a_128x128x32_tiled_mma_renders_in_svg() {
    // SM80 16x8x16 over 4x2 atoms, permuted to the 128x128x32 CTA tile of a real kernel.
    let fig = tiled_mma_figure(
        "SM80_16x8x16_F32F16F16F32_TN",
        "(_4,_2,_1)",
        "(_128,_128,_32)",
    )
    .unwrap();
    let extents: Vec<_> = fig.panels.iter().map(|p| (p.name, p.extent)).collect();
    assert_eq!(
        extents,
        [("C", (128, 128)), ("A", (128, 32)), ("B", (128, 32))]
    );
    check_structure(&fig);
    for p in &fig.panels {
        assert_eq!(
            p.cells.len() as i64,
            p.extent.0 * p.extent.1,
            "{} is full",
            p.name
        );
    }
    let svg = svg_atom(&fig, &Options::default()).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let root = doc.root_element();
    // C at (0,0), A (32 wide) to its left after one gap column and its row labels, B above.
    assert_eq!(
        root.attribute("width"),
        Some(((128 + 33 + 1) * 40).to_string().as_str())
    );
    let cells: Vec<_> = root
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("panel"))
        .map(|g| g.children().filter(|n| n.has_tag_name("rect")).count())
        .collect();
    assert_eq!(cells, [128 * 128, 128 * 32, 128 * 32]);
    let labels: Vec<&str> = root
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert!(labels.contains(&"T255") && labels.contains(&"V63"));
    let threads = labels.iter().filter(|t| t.starts_with('T')).count();
    assert_eq!(threads, 128 * 128 + 2 * 128 * 32);
}

#[test]
fn every_cell_of_an_svg_figure_shows_its_thread_and_value() {
    let fig = tiled_mma_figure("SM80_16x8x8_F32F16F16F32_TN", "(_1,_2,_1)", "").unwrap();
    let svg = svg_atom(&fig, &Options::default()).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    for (g, p) in doc
        .root_element()
        .children()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("panel"))
        .zip(&fig.panels)
    {
        assert_eq!(g.attribute("id"), Some(p.name));
        let texts: Vec<&str> = g
            .children()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        let mut want: Vec<String> = p
            .cells
            .iter()
            .flat_map(|c| [format!("T{}", c.thread), format!("V{}", c.value)])
            .collect();
        let mut got: Vec<String> = texts.iter().map(|s| s.to_string()).collect();
        want.sort();
        got.sort();
        assert_eq!(got, want, "panel {}", p.name);
    }
}

#[test]
fn figures_keep_cutes_placement() {
    let fig = tiled_mma_figure("SM80_16x8x16_F32F16F16F32_TN", "(_2,_2,_1)", "").unwrap();
    let origins: Vec<_> = fig
        .panels
        .iter()
        .map(|p| (p.name, p.origin, p.transposed, p.labels))
        .collect();
    assert_eq!(
        origins,
        [
            ("C", (0, 0), false, None),
            ("A", (0, -17), false, Some((-1, -1))),
            ("B", (-17, 0), true, Some((-1, -1))),
        ]
    );
    let atom = make_copy_atom(&copy_op("SM75_U16x8_LDSM_T").unwrap(), ValueType::Half).unwrap();
    let tc = make_tiled_copy(
        &atom,
        &"(_32,_1)".parse().unwrap(),
        &"(_1,_8)".parse().unwrap(),
    )
    .unwrap();
    let fig = copy_figure(&tc).unwrap();
    check_structure(&fig);
    assert_eq!(fig.panels[1].origin, (0, 8 + 3));
    assert_eq!(fig.panels[1].labels, Some((8, -1)));
}

#[test]
fn svg_figures_take_the_pictures_options() {
    let fig = tiled_mma_figure("SM80_16x8x8_F32F16F16F32_TN", "(_1,_2,_1)", "").unwrap();
    let thread = |t| Options {
        highlight: Some(Highlight::Thread(t)),
        ..Options::default()
    };
    // Thread 33's cells: 4 of C and 2 of B; its A values are drawn as thread 1's, the first
    // thread to reach them (A is broadcast over the two atoms along N).
    let svg = svg_atom(&fig, &thread(33)).unwrap();
    assert_eq!(svg.matches("class=\"highlight\"").count(), 4 + 2);
    let svg = svg_atom(&fig, &thread(1)).unwrap();
    assert_eq!(svg.matches("class=\"highlight\"").count(), 4 + 4 + 2);
    let by_warp = Options {
        coloring: Coloring::Warp,
        ..Options::default()
    };
    assert_ne!(
        svg_atom(&fig, &by_warp).unwrap(),
        svg_atom(&fig, &Options::default()).unwrap()
    );
    let by_tile = Options {
        coloring: Coloring::Tile,
        ..Options::default()
    };
    let e = svg_atom(&fig, &by_tile).unwrap_err().to_string();
    assert!(e.contains("has no tiles"), "{e}");
}

#[test]
fn figures_beyond_the_limit_are_refused_with_its_name() {
    // 512x256x16: 143360 cells, more than MAX_FIGURE_CELLS = 131072.
    let big = tiled_mma_figure(
        "SM80_16x8x16_F32F16F16F32_TN",
        "(_4,_2,_1)",
        "(_512,_256,_16)",
    )
    .unwrap();
    let e = svg_atom(&big, &Options::default()).unwrap_err().to_string();
    assert!(e.contains("MAX_FIGURE_CELLS"), "{e}");
    // The LaTeX has no such limit below MAX_TEXT_CELLS per panel: C++ writes it too.
    assert_eq!(
        latex_atom(&big).matches("\\shortstack").count(),
        512 * 256 + 512 * 16 + 256 * 16
    );
}

#[test]
fn a_copy_atom_alone_has_no_figure() {
    use cute_layout::notation::atom::{resolve_atom, AtomRequest};
    let obj = resolve_atom(&AtomRequest {
        name: "SM75_U32x4_LDSM_N",
        value_type: Some("half_t"),
        ..Default::default()
    })
    .unwrap();
    let e = cute_tools::render::atom::figure(&obj)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("not a tiled copy") && e.contains("--val-layout"),
        "{e}"
    );
}

#[test]
fn snapshot_svg_of_the_dp4a_atom() {
    let fig = mma_figure(
        &make_tiled_mma(
            &mma_atom("SM61_DP4A").unwrap(),
            &"_1:_0".parse().unwrap(),
            &[],
        )
        .unwrap(),
    )
    .unwrap();
    insta::assert_snapshot!(svg_atom(&fig, &Options::default()).unwrap());
}

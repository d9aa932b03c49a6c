//! The renderers: CuTe's grids byte for byte, snapshots of grids, LaTeX and SVG, XML and PNG
//! validity, the size limit, and the docs figures.

use cute_layout::render::{self, Coloring, Label, Options};
use cute_layout::{IntTuple, Layout};

fn layout(s: &str) -> Layout {
    s.parse().unwrap()
}

/// CuTe's observed `print_layout` output (shared/reference/peers.md §3.2).
#[test]
fn grids_match_cute_byte_for_byte() {
    let observed = [
        "(_2,_3):(_3,_1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n",
        "(4,(2,2)):(2,(1,8))\n       0    1    2    3 \n    +----+----+----+----+\n 0  |  0 |  1 |  8 |  9 |\n    +----+----+----+----+\n 1  |  2 |  3 | 10 | 11 |\n    +----+----+----+----+\n 2  |  4 |  5 | 12 | 13 |\n    +----+----+----+----+\n 3  |  6 |  7 | 14 | 15 |\n    +----+----+----+----+\n",
        "(_2,_2):(_100,_1)\n        0     1 \n    +-----+-----+\n 0  |   0 |   1 |\n    +-----+-----+\n 1  | 100 | 101 |\n    +-----+-----+\n",
    ];
    for want in observed {
        let l = layout(want.lines().next().unwrap());
        assert_eq!(render::grid(&l).unwrap(), want);
    }
}

#[test]
fn grid_snapshots() {
    insta::assert_snapshot!("grid_rank1", render::grid(&layout("8:2")).unwrap());
    insta::assert_snapshot!(
        "grid_rank3",
        render::grid(&layout("(2,3,2):(1,2,6)")).unwrap()
    );
    insta::assert_snapshot!(
        "grid_rank4",
        render::grid(&layout("(2,2,2,2):(8,4,2,1)")).unwrap()
    );
    insta::assert_snapshot!(
        "grid_divide",
        render::grid(&layout("((2,2),(2,3)):((4,1),(2,8))")).unwrap()
    );
}

#[test]
fn latex_snapshots() {
    insta::assert_snapshot!(
        "latex_rank2",
        render::latex(&layout("(2,(2,2)):(4,(1,2))")).unwrap()
    );
    insta::assert_snapshot!("latex_rank1", render::latex(&layout("4:2")).unwrap());
    let tile: IntTuple = "(4,2)".parse().unwrap();
    insta::assert_snapshot!(
        "latex_tv",
        render::latex_tv(&layout("(4,2):(1,4)"), &tile).unwrap()
    );
    assert!(render::latex(&layout("(2,2,2):(1,2,4)")).is_err());
}

fn svg(expr: &str, options: Options) -> String {
    render::svg(&render::subject(expr).unwrap(), &options).unwrap()
}

#[test]
fn svg_snapshots() {
    insta::assert_snapshot!("svg_offsets", svg("(2,3):(3,1)", Options::default()));
    let coords = Options {
        label: Label::Coord,
        ..Options::default()
    };
    insta::assert_snapshot!("svg_coords", svg("(2,(2,2)):(4,(1,2))", coords));
    let tiles = Options {
        coloring: Coloring::Tile,
        ..Options::default()
    };
    insta::assert_snapshot!("svg_divide_tiles", svg("logical_divide(8:1, 2:1)", tiles));
}

fn figures() -> Vec<(String, String)> {
    let list = include_str!("../../../docs/figures/figures.txt");
    list.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, expr) = l.split_once('\t').unwrap();
            (name.to_string(), expr.to_string())
        })
        .collect()
}

#[test]
fn every_picture_is_xml() {
    let tiles = Options {
        coloring: Coloring::Tile,
        ..Options::default()
    };
    for (name, expr) in figures() {
        let s = svg(&expr, tiles);
        let doc = roxmltree::Document::parse(&s).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
    }
    let s = svg("(64,64):(64,1)", Options::default());
    let doc = roxmltree::Document::parse(&s).unwrap();
    assert_eq!(
        doc.descendants().filter(|n| n.has_tag_name("rect")).count(),
        1 + 64 * 64
    );
}

#[test]
fn too_large_is_a_clear_error() {
    let e = render::svg(&layout("(1024,1024):(1,1024)").into(), &Options::default()).unwrap_err();
    assert!(e.to_string().contains("16384"), "{e}");
    let e = render::grid(&layout("(65536,65536):(1,65536)")).unwrap_err();
    assert!(e.to_string().contains("1048576"), "{e}");
}

#[test]
fn tile_coloring_needs_tiles() {
    let tiles = Options {
        coloring: Coloring::Tile,
        ..Options::default()
    };
    assert!(render::svg(&layout("(2,3):(3,1)").into(), &tiles).is_err());
}

#[test]
fn docs_figures_are_the_expected_layouts() {
    let want = [
        ("complement1", "((2,2),(3,2)):((1,6),(2,12))"),
        ("divide1", "((2,2),(2,3)):((4,1),(2,8))"),
        (
            "divide2",
            "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))",
        ),
        (
            "divide3",
            "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))",
        ),
        ("product1", "((2,2),(2,3)):((4,1),(2,8))"),
        ("product2d", "((2,3),(5,4)):((5,10),(1,30))"),
        ("productblocked2d", "((2,3),(5,4)):((5,10),(1,30))"),
        ("productraked2d", "((3,2),(4,5)):((10,5),(30,1))"),
    ];
    let figs = figures();
    assert_eq!(figs.len(), want.len());
    for ((name, expr), (wname, wlayout)) in figs.iter().zip(want) {
        assert_eq!(name, wname);
        assert_eq!(
            render::subject(expr).unwrap().layout.to_string(),
            wlayout,
            "{name}"
        );
    }
}

#[cfg(feature = "png")]
#[test]
fn png_decodes_to_the_svg_size() {
    let s = svg("(4,8):(8,1)", Options::default());
    let doc = roxmltree::Document::parse(&s).unwrap();
    let root = doc.root_element();
    let (w, h): (u32, u32) = (
        root.attribute("width").unwrap().parse().unwrap(),
        root.attribute("height").unwrap().parse().unwrap(),
    );
    let bytes = render::png(&s).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().unwrap();
    assert_eq!((reader.info().width, reader.info().height), (w, h));
}

/// The committed docs/figures/*.png are what the renderer draws (docs/figures/generate.sh).
#[cfg(feature = "png")]
#[test]
fn docs_figures_are_up_to_date() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/figures");
    let tiles = Options {
        coloring: Coloring::Tile,
        ..Options::default()
    };
    for (name, expr) in figures() {
        let got = render::png(&svg(&expr, tiles)).unwrap();
        let want = std::fs::read(dir.join(format!("{name}.png"))).unwrap();
        assert!(
            got == want,
            "docs/figures/{name}.png is stale: run docs/figures/generate.sh"
        );
    }
}

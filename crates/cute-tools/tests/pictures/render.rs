//! The renderers: CuTe's grids byte for byte, snapshots of grids, LaTeX and SVG, XML and PNG
//! validity, the size limit, and the docs figures.

use cute_layout::{IntTuple, Layout};
use cute_tools::render::{self, Coloring, Label, Options};

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
    insta::assert_snapshot!(
        "latex_rank3",
        render::latex(&layout("(2,2,2):(1,2,4)")).unwrap()
    );
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
    let list = include_str!("../../../../docs/figures/figures.txt");
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
        let s = svg(&expr, tiles.clone());
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
        ("product2", "((2,2),(4,2)):((4,1),(8,2))"),
        ("product2d", "((2,3),(5,4)):((5,10),(1,30))"),
        ("productblocked2d", "((2,3),(5,4)):((5,10),(1,30))"),
        ("productraked2d", "((3,2),(4,5)):((10,5),(30,1))"),
        ("composition1", "(3,(2,4)):(236,(26,1))"),
        ("composition2", "(3,(4,2)):(59,(13,1))"),
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
        let got = render::png(&svg(&expr, tiles.clone())).unwrap();
        let want = std::fs::read(dir.join(format!("{name}.png"))).unwrap();
        assert!(
            got == want,
            "docs/figures/{name}.png is stale: run docs/figures/generate.sh"
        );
    }
}

/// The slab headings of a text grid, an SVG picture and a LaTeX document of the same layout.
fn slab_headings(expr: &str) -> [Vec<String>; 3] {
    let s = render::subject(expr).unwrap();
    let grid = render::grid_any(&s.layout).unwrap();
    let from_grid = grid
        .lines()
        .filter_map(|l| l.strip_prefix("slab ")?.strip_suffix(':'))
        .map(str::to_string)
        .collect();
    let svg = render::svg(&s, &Options::default()).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let from_svg = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text()?.split("slab ").nth(1).map(str::to_string))
        .collect();
    let tex = render::latex_any(&s.layout).unwrap();
    let from_tex = tex
        .lines()
        .filter_map(|l| l.split("\\texttt{(").nth(1))
        .map(|h| format!("({}", h.trim_end_matches("}}};").replace("\\_", "_")))
        .collect();
    [from_grid, from_svg, from_tex]
}

#[test]
fn every_renderer_draws_the_same_slabs() {
    for expr in [
        "(2,3,2):(1,2,6)",
        "(2,2,2,2):(8,4,2,1)",
        "(2,3,(2,2)):(1,2,(6,12))",
    ] {
        let [g, s, t] = slab_headings(expr);
        let n = render::slabs(&layout(expr), true).unwrap().len();
        assert_eq!(g.len(), n, "{expr}: {g:?}");
        assert_eq!(g, s, "{expr}");
        assert_eq!(g, t, "{expr}");
    }
    let [g, s, t] = slab_headings("(4,8):(8,1)");
    assert!(g.is_empty() && s.is_empty() && t.is_empty());
}

#[test]
fn slabs_cover_every_cell_once_in_order() {
    for expr in [
        "(2,3,2):(1,2,6)",
        "(3,(2,2),2):(1,(3,6),12)",
        "7:1",
        "(2,0,3):(1,1,1)",
    ] {
        let l = layout(expr);
        let slabs = render::slabs(&l, true).unwrap();
        let mut next = 0;
        for s in &slabs {
            assert_eq!(s.start, next, "{expr}");
            next += s.rows * s.cols;
        }
        assert_eq!(next as i64, l.size().unwrap().value(), "{expr}");
    }
}

#[test]
fn every_text_on_every_fill_meets_wcag_aa() {
    use cute_tools::render::color::palettes;
    let mut checked = 0;
    for (name, colors) in palettes() {
        for fill in colors {
            let ratio = fill.contrast(fill.ink());
            assert!(
                ratio >= 4.5,
                "{name}: {fill:?} with {:?} is {ratio:.2}:1",
                fill.ink()
            );
            checked += 1;
        }
    }
    assert!(checked > 100);
}

/// The `(fill, text fill, text)` of every cell of an SVG picture.
fn svg_cells(svg: &str) -> Vec<(String, String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let mut out = Vec::new();
    for r in doc.descendants().filter(|n| n.has_tag_name("rect")) {
        let text = r.next_sibling_element();
        let Some(text) = text.filter(|t| t.attribute("stroke") == Some("none")) else {
            continue;
        };
        out.push((
            r.attribute("fill").unwrap().to_string(),
            text.attribute("fill").unwrap().to_string(),
            text.text().unwrap().to_string(),
        ));
    }
    out
}

fn opts(coloring: Coloring, highlight: Option<&str>) -> Options {
    Options {
        coloring,
        highlight: highlight.map(|h| h.parse().unwrap()),
        ..Options::default()
    }
}

#[test]
fn every_svg_text_meets_wcag_aa() {
    use cute_tools::render::color::Rgb;
    let hex = |s: &str| {
        let v = |i: usize| u8::from_str_radix(&s[i..i + 2], 16).unwrap();
        Rgb(v(1), v(3), v(5))
    };
    for coloring in [
        Coloring::Offset,
        Coloring::Thread,
        Coloring::Bank,
        Coloring::Warp,
    ] {
        for h in [None, Some("thread:1")] {
            let s = svg("(8,8):(1,8)", opts(coloring, h));
            let cells = svg_cells(&s);
            assert_eq!(cells.len(), 64);
            for (fill, ink, _) in cells {
                assert!(hex(&fill).contrast(hex(&ink)) >= 4.5, "{fill} {ink}");
            }
        }
    }
}

#[test]
fn coloring_by_thread_value_bank_and_warp() {
    let distinct = |c: Coloring, expr: &str| {
        let s = svg(expr, opts(c, None));
        let mut fills: Vec<String> = svg_cells(&s).into_iter().map(|c| c.0).collect();
        fills.sort();
        fills.dedup();
        fills.len()
    };
    assert_eq!(distinct(Coloring::Thread, "(4,8):(8,1)"), 4);
    assert_eq!(distinct(Coloring::Value, "(4,8):(8,1)"), 8);
    assert_eq!(distinct(Coloring::Warp, "(8,8):(1,8)"), 2);
    // 4-byte elements: offsets 0..8 are banks 0..8; 2-byte elements: banks 0..4
    assert_eq!(distinct(Coloring::Bank, "8:1"), 8);
    let two = Options {
        coloring: Coloring::Bank,
        elem_bytes: 2,
        ..Options::default()
    };
    let s = svg("8:1", two);
    let mut fills: Vec<String> = svg_cells(&s).into_iter().map(|c| c.0).collect();
    assert_eq!(fills[0], fills[1]);
    fills.dedup();
    assert_eq!(fills.len(), 4);
}

/// The number of highlighted cells of an SVG picture.
fn highlighted(svg: &str) -> usize {
    roxmltree::Document::parse(svg)
        .unwrap()
        .descendants()
        .filter(|n| n.attribute("class") == Some("highlight"))
        .count()
}

#[test]
fn highlight_thread_value_slice_and_tile() {
    assert_eq!(
        highlighted(&svg(
            "(4,8):(8,1)",
            opts(Coloring::Offset, Some("thread:1"))
        )),
        8
    );
    assert_eq!(
        highlighted(&svg("(4,8):(8,1)", opts(Coloring::Offset, Some("value:7")))),
        4
    );
    assert_eq!(
        highlighted(&svg("(4,8):(8,1)", opts(Coloring::Offset, Some("(_,3)")))),
        4
    );
    assert_eq!(
        highlighted(&svg("(4,8):(8,1)", opts(Coloring::Offset, Some("(2,3)")))),
        1
    );
    assert_eq!(
        highlighted(&svg(
            "(4,(2,4)):(8,(4,1))",
            opts(Coloring::Offset, Some("(_,(1,_))"))
        )),
        16
    );
    let divide = "logical_divide(16:1, 4:1)";
    // the tile's 4 cells, and the 4 cells of A they select
    assert_eq!(
        highlighted(&svg(divide, opts(Coloring::Tile, Some("tile:2")))),
        4 + 4
    );
    // dimmed cells are tinted, highlighted ones keep their color
    let s = svg("(2,2):(1,2)", opts(Coloring::Offset, Some("thread:0")));
    let plain = svg_cells(&svg("(2,2):(1,2)", Options::default()));
    let cells = svg_cells(&s);
    assert_eq!(cells[0].0, plain[0].0);
    assert_ne!(cells[2].0, plain[2].0);
}

#[test]
fn bad_highlights_are_errors() {
    for bad in ["warp:1", "thread:x", "(_,"] {
        assert!(bad.parse::<render::Highlight>().is_err(), "{bad}");
    }
    let s = render::subject("(4,8):(8,1)").unwrap();
    let e = render::svg(&s, &opts(Coloring::Offset, Some("(_,_,1)"))).unwrap_err();
    assert!(e.to_string().contains("does not match the shape"), "{e}");
    let e = render::svg(&s, &opts(Coloring::Offset, Some("tile:1"))).unwrap_err();
    assert!(e.to_string().contains("no tiles"), "{e}");
}

#[test]
fn highlighted_grid_and_latex_snapshots() {
    let s = render::subject("(2,3,2):(1,2,6)").unwrap();
    insta::assert_snapshot!(
        "grid_highlight_slice",
        render::grid_opts(&s, &opts(Coloring::Offset, Some("(_,1,_)"))).unwrap()
    );
    insta::assert_snapshot!(
        "latex_highlight_thread_bank",
        render::latex_opts(&s, &opts(Coloring::Bank, Some("thread:1"))).unwrap()
    );
    insta::assert_snapshot!(
        "svg_highlight_value",
        svg("(2,4):(4,1)", opts(Coloring::Value, Some("value:2")))
    );
}

#[test]
fn composition_is_drawn_inside_its_first_argument() {
    let s = render::subject("composition((12,(4,8)):(59,(13,1)), <3:4,8:2>)").unwrap();
    assert_eq!(
        s.input.as_ref().unwrap().to_string(),
        "(12,(4,8)):(59,(13,1))"
    );
    let tiles = Options {
        coloring: Coloring::Tile,
        ..Options::default()
    };
    let svg = render::svg(&s, &tiles).unwrap();
    let cells = svg_cells(&svg);
    // A's 384 cells then the result's 24; exactly the 24 selected cells of A are coloured
    assert_eq!(cells.len(), 384 + 24);
    let coloured: Vec<&str> = cells[..384]
        .iter()
        .filter(|c| c.0 != "#ffffff")
        .map(|c| c.2.as_str())
        .collect();
    let mut want: Vec<String> = cells[384..].iter().map(|c| c.2.clone()).collect();
    let mut got: Vec<String> = coloured.iter().map(|s| s.to_string()).collect();
    want.sort();
    got.sort();
    assert_eq!(got, want);
    // each column of the result is one colour
    let result = &cells[384..];
    assert_eq!(result[0].0, result[8].0); // (0,0) and (1,0), row-major with 8 columns
    assert_ne!(result[0].0, result[1].0);
}

#[test]
fn a_tensor_is_drawn_inside_its_parent() {
    let s = render::subject("local_tile((8,8):(1,8), (2,4), (1,1))").unwrap();
    assert_eq!(s.offset, 34);
    assert_eq!(s.input.as_ref().unwrap().to_string(), "(8,8):(1,8)");
    let g = render::grid_opts(&s, &Options::default()).unwrap();
    insta::assert_snapshot!("grid_local_tile", g);
    let tiles = Options {
        coloring: Coloring::Tile,
        ..Options::default()
    };
    let cells = svg_cells(&render::svg(&s, &tiles).unwrap());
    let mut inside: Vec<String> = cells[..64]
        .iter()
        .filter(|c| c.0 != "#ffffff")
        .map(|c| c.2.clone())
        .collect();
    let mut tensor: Vec<String> = cells[64..72].iter().map(|c| c.2.clone()).collect();
    inside.sort();
    tensor.sort();
    assert_eq!(inside, tensor);
    assert_eq!(tensor, ["34", "35", "42", "43", "50", "51", "58", "59"]);
}

#[test]
fn tv_pictures_take_the_same_options() {
    use cute_layout::tv::TvLayout;
    use cute_tools::render::tv::svg_tv_opts;
    let tv = TvLayout::new("(16,8)".parse().unwrap(), layout("(_64,_2):(_2,_1)")).unwrap();
    let fills = |o: &Options| {
        let s = svg_tv_opts(&tv, o).unwrap();
        let doc = roxmltree::Document::parse(&s).unwrap();
        let mut f: Vec<String> = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.attribute("class").is_none())
            .map(|n| n.attribute("fill").unwrap().to_string())
            .collect();
        f.sort();
        f.dedup();
        f.len()
    };
    assert_eq!(fills(&opts(Coloring::Warp, None)), 2);
    assert_eq!(fills(&opts(Coloring::Value, None)), 2);
    assert_eq!(fills(&opts(Coloring::Thread, None)), 8);
    let s = svg_tv_opts(&tv, &opts(Coloring::Offset, Some("thread:3"))).unwrap();
    assert_eq!(highlighted(&s), 2);
    let s = svg_tv_opts(&tv, &opts(Coloring::Offset, Some("(_,2)"))).unwrap();
    assert_eq!(highlighted(&s), 16);
    assert!(svg_tv_opts(&tv, &opts(Coloring::Tile, None)).is_err());
}

/// `--color bank` of a TV picture colors each cell by the bank of the offset the layout gives
/// it, `L(t, v) * elem_bytes / 4 mod 32`: cells share a fill exactly when they share a bank.
#[test]
fn tv_pictures_color_banks_by_the_layouts_offsets() {
    use cute_layout::tv::TvLayout;
    use cute_tools::render::tv::svg_tv_opts;
    let tv = TvLayout::new("(16,8)".parse().unwrap(), layout("(_64,_2):(_2,_1)")).unwrap();
    for elem_bytes in [1, 2, 4, 8, 16, 128] {
        let o = Options {
            elem_bytes,
            ..opts(Coloring::Bank, None)
        };
        let s = svg_tv_opts(&tv, &o).unwrap();
        let doc = roxmltree::Document::parse(&s).unwrap();
        let fills: Vec<String> = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.attribute("class").is_none())
            .map(|n| n.attribute("fill").unwrap().to_string())
            .collect();
        assert_eq!(fills.len(), 128);
        // rects row-major over the 16x8 tile; the bank of each cell from the layout's offset
        let mut bank_of_cell = vec![0; 128];
        for t in 0..64 {
            for v in 0..2 {
                let off = tv.offset_of(t, v).unwrap();
                let (m, n) = tv.cell_of(t, v).unwrap();
                bank_of_cell[(m * 8 + n) as usize] = o.bank(off);
            }
        }
        for i in 0..128 {
            for j in 0..128 {
                if bank_of_cell[i] == bank_of_cell[j] {
                    assert_eq!(
                        fills[i], fills[j],
                        "elem_bytes {elem_bytes}, cells {i}, {j}"
                    );
                }
            }
        }
        let banks: std::collections::BTreeSet<_> = bank_of_cell.iter().collect();
        assert_eq!(banks.len(), (128 / elem_bytes).clamp(1, 32) as usize);
    }
}

/// A highlight is outlined in the parent `A` too, the same cells by `svg`, `latex` and `show`:
/// those of `A` that the highlighted cells of the tensor reach.
#[test]
fn a_highlight_is_outlined_in_the_parent_too() {
    let s = render::subject("local_tile((8,6):(1,8), (_4,_3), (1,0))").unwrap();
    let o = opts(Coloring::Tile, Some("(_,1)"));
    // the tensor's column 1 (4 cells) and the 4 cells of A it is
    assert_eq!(highlighted(&render::svg(&s, &o).unwrap()), 4 + 4);
    let tex = render::latex_opts(&s, &o).unwrap();
    assert_eq!(tex.matches("line width=2pt").count(), 4 + 4);
    assert!(tex.contains("{\\Large{\\texttt{A}}}") && tex.contains("{\\Large{\\texttt{R}}}"));
    let grid = render::grid_opts(&s, &o).unwrap();
    insta::assert_snapshot!("grid_local_tile_highlight_in_parent", grid);
    // A's highlighted cells are offsets 12..16 in all three
    for off in 12..16 {
        assert!(tex.contains(&format!("line width=2pt] at ({},1) {{{off}}};", off - 8)));
    }
}

/// `--color tile` of a composition draws `A` with the selected cells colored, alike in `svg`,
/// `latex` and `show`: the same offsets of `A` are reached in the three.
#[test]
fn svg_latex_and_show_draw_a_composition_inside_a_alike() {
    let s = render::subject("composition((6,2):(8,2), (4,3):(3,1))").unwrap();
    let o = opts(Coloring::Tile, None);
    let a = s.input.clone().unwrap();
    let n = a.size().unwrap().value() as usize;
    let svg_cells = svg_cells(&render::svg(&s, &o).unwrap());
    let mut from_svg: Vec<String> = svg_cells[..n]
        .iter()
        .filter(|c| c.0 != "#ffffff")
        .map(|c| c.2.clone())
        .collect();
    let tex = render::latex_opts(&s, &o).unwrap();
    insta::assert_snapshot!("latex_composition_tiles", tex);
    // A's nodes come first: those not white are reached
    let mut from_latex: Vec<String> = tex
        .lines()
        .filter(|l| l.starts_with("\\node[fill="))
        .take(n)
        .filter(|l| !l.contains("red,255;green,255;blue,255"))
        .map(|l| {
            l.rsplit('{')
                .next()
                .unwrap()
                .trim_end_matches("};")
                .to_string()
        })
        .collect();
    let grid = render::grid_opts(&s, &o).unwrap();
    let a_table = grid.split("R = ").next().unwrap();
    let mut from_grid: Vec<String> = a_table
        .lines()
        .filter(|l| l.contains('|'))
        .flat_map(|l| {
            l.split('|')
                .skip(1)
                .map(str::trim)
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter(|t| !t.is_empty() && t != ".")
        .collect();
    for v in [&mut from_svg, &mut from_latex, &mut from_grid] {
        v.sort();
    }
    assert_eq!(from_svg.len(), 12);
    assert_eq!(from_svg, from_latex);
    assert_eq!(from_svg, from_grid);
}

/// A TV value (`make_layout_tv`, a tiled MMA's `get_layoutC_TV`, a tiled copy's
/// `get_layoutS_TV`) is drawn as its TV picture by
/// every renderer; the LaTeX without options is CuTe's `print_latex_tv` byte for byte.
#[test]
fn tv_values_are_drawn_as_tv_pictures() {
    use cute_tools::render::tv::{grid_tv, latex_tv, latex_tv_opts, svg_tv};
    let c = "get_layoutC_TV(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))";
    for (expr, tile) in [
        (c, "(_32,_16)"),
        (
            "get_layoutA_TV(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))",
            "(_32,_16)",
        ),
        (
            "get_layoutB_TV(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))",
            "(_16,_16)",
        ),
        (
            "make_layout_tv((_4,_8):(_8,_1),(_2,_4):(_1,_2))",
            "(_8,_32)",
        ),
        (
            "get_layoutS_TV(make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>,(_32,_4):(_4,_1),(_1,_8)))",
            "(_32,_32)",
        ),
        (
            "get_layoutD_TV(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N,half_t>,make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1))))",
            "(_32,_16)",
        ),
    ] {
        let s = render::subject(expr).unwrap();
        let tv =
            s.tv.clone()
                .unwrap_or_else(|| panic!("{expr} is a TV layout"));
        assert_eq!(tv.tiler.to_string(), tile, "{expr}");
        let d = Options::default();
        assert_eq!(render::svg(&s, &d).unwrap(), svg_tv(&tv).unwrap());
        assert_eq!(render::latex_opts(&s, &d).unwrap(), latex_tv(&tv).unwrap());
        assert_eq!(render::grid_opts(&s, &d).unwrap(), grid_tv(&tv).unwrap());
    }
    let s = render::subject(c).unwrap();
    let tv = s.tv.unwrap();
    assert_eq!(
        render::latex_tv(&tv.layout, &tv.tiler).unwrap(),
        latex_tv_opts(&tv, &Options::default()).unwrap()
    );
}

/// `show --tv` and `latex --tv` take `--color` and `--highlight` as `svg --tv` does.
#[test]
fn tv_grid_and_latex_take_color_and_highlight() {
    use cute_layout::tv::TvLayout;
    use cute_tools::render::tv::{grid_tv_opts, latex_tv_opts, svg_tv_opts};
    let tv = TvLayout::new("(4,4)".parse().unwrap(), layout("(_4,_4):(_1,_4)")).unwrap();
    let o = opts(Coloring::Value, Some("thread:2"));
    let tex = latex_tv_opts(&tv, &o).unwrap();
    assert_eq!(tex.matches("line width=2pt").count(), 4);
    assert_eq!(highlighted(&svg_tv_opts(&tv, &o).unwrap()), 4);
    insta::assert_snapshot!("latex_tv_value_highlight", tex);
    insta::assert_snapshot!("grid_tv_highlight", grid_tv_opts(&tv, &o).unwrap());
    assert!(grid_tv_opts(&tv, &opts(Coloring::Tile, None)).is_err());
    assert!(latex_tv_opts(&tv, &opts(Coloring::Offset, Some("tile:1"))).is_err());
    assert!(latex_tv_opts(&tv, &opts(Coloring::Offset, Some("(_,_,1)"))).is_err());
}

/// What C++ prints for `print_tensor` of tensors of coordinates (identity tensors, a slice, a
/// tile, scaled-basis layouts over `make_inttuple_iter`): tests/data/print_tensor/expected.txt,
/// the output of print_tensor.cpp beside it (g++ against the CuTe headers, see HELPERS), one
/// case per `#####` line, in the order of the expressions here (a zero-scaled basis stride
/// prints `_0@1` / `0@1`, as in C++).
#[test]
fn print_tensor_is_cpps() {
    let expected = include_str!("../data/print_tensor/expected.txt");
    let cases = [
        "make_identity_tensor((4,3))",
        "make_identity_tensor((_4,_3))",
        "make_identity_tensor((_4))",
        "make_identity_tensor(4)",
        "make_identity_tensor((_2,_3,_2))",
        "make_identity_tensor((_2,_3,_2,_2))",
        "slice((_,3), make_identity_tensor((_4,_8)))",
        "local_tile(make_identity_tensor((_4,_8)),(_2,_4),(1,1))",
        "make_identity_tensor((_2,(_2,_2)))",
        "ArithTuple(_0,_0) o (_4,_2):(_1@0,_1@1)",
        "ArithTuple(_0,_0) o (_4):(_1@0)",
        "ArithTuple(0,0) o (4,2):(2@0,3@1)",
        "ArithTuple(_0,_0) o (_2,_2):(_1@0,_0@1)",
        "ArithTuple(_0,_0) o (_2,_2):(_1@0,0@1)",
        "make_identity_tensor((_1,_1,_1,_1,_2))",
        "ArithTuple(_0,_0) o (_2,_2):(_1@0,_2@0)",
        "ArithTuple_0 o (_2,_2):(_1,_2)",
        "ArithTuple(_0,_0) o (_4):(_1@1)",
        "ArithTuple(_99,_0) o (_2):(_1@1)",
        "ArithTuple(_0,_0) o (_2,_2):(_1@0,-1@1)",
    ];
    let blocks: Vec<&str> = expected.split_terminator("#####\n").collect();
    assert_eq!(blocks.len(), cases.len());
    for (expr, want) in cases.into_iter().zip(blocks) {
        let (p, _) = render::picture(expr).unwrap();
        assert_eq!(p.text(&Options::default()).unwrap(), want, "{expr}");
    }
}

/// A scaled-basis layout prints as the tensor over the zero coordinate; `print_tensor` refuses
/// past the text limit; `svg` draws the coordinates; the layout pictures refuse tensors of
/// coordinates with a hint.
#[test]
fn coordinate_tensors_print_and_refuse() {
    let (p, _) = render::picture("(2,3):(_1@0,_1@1)").unwrap();
    insta::assert_snapshot!(
        "print_tensor_basis_layout",
        p.text(&Options::default()).unwrap()
    );
    let (p, _) = render::picture("local_tile(make_identity_tensor((5,6)),(_4,_4),(1,1))").unwrap();
    insta::assert_snapshot!(
        "print_tensor_partial_tile",
        p.text(&Options::default()).unwrap()
    );
    let (p, _) = render::picture("make_identity_tensor((4096,4096))").unwrap();
    let e = p.text(&Options::default()).unwrap_err().to_string();
    assert!(
        e.contains("print_tensor")
            && e.contains("16777216 elements")
            && e.contains("MAX_TEXT_CELLS"),
        "{e}"
    );
    let tile = Options {
        coloring: Coloring::Tile,
        ..Options::default()
    };
    assert!(p.text(&tile).is_err());
    for op in ["print_latex", "svg"] {
        let (p, _) = render::picture("make_identity_tensor((4,8))").unwrap();
        let e = p.into_subject(op).unwrap_err().to_string();
        assert!(e.starts_with(op) && e.contains("cute show"), "{e}");
    }
    let e = render::subject("make_identity_tensor((4,8))")
        .unwrap_err()
        .to_string();
    assert!(e.contains("cute show"), "{e}");
    let (p, _) = render::picture("make_identity_tensor((2,3,2))").unwrap();
    insta::assert_snapshot!("svg_identity_tensor", p.svg(&Options::default()).unwrap());
    let e = render::subject("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)")
        .unwrap_err()
        .to_string();
    assert!(e.contains("cute latex"), "{e}");
}

/// A linear layout draws as its simplest exact CuTe form (`from_linear_layout`): a distributed
/// one (registers, lanes, warps) as its TV layout, a shared one (offsets) as its layout or
/// swizzled layout; a Triton layout without a shape is refused with the form that has one.
#[test]
fn a_linear_layout_draws_as_its_cute_form() {
    let blocked =
        "#ttg.blocked<{sizePerThread=[1,4], threadsPerWarp=[8,4], warpsPerCTA=[2,1], order=[1,0]}>";
    for linear in [
        format!("to_linear_layout({blocked}, (16,16))"),
        "to_linear_layout(Sw<3,4,3> o _0 o (_8,_128):(_128,_1))".to_string(),
        "to_linear_layout((_8,_16):(_16,_1))".to_string(),
    ] {
        let cute = format!("from_linear_layout({linear})");
        let opts = Options::default();
        let (a, b) = (
            render::subject(&linear).unwrap(),
            render::subject(&cute).unwrap(),
        );
        assert_eq!(a.tv.is_some(), b.tv.is_some(), "{linear}");
        let (sa, sb) = (
            render::svg(&a, &opts).unwrap(),
            render::svg(&b, &opts).unwrap(),
        );
        assert!(
            drawn(&sa) == drawn(&sb),
            "{linear} is drawn otherwise than {cute}"
        );
        assert!(drawn(&sa).len() > 64, "{linear}");
    }
    let err = render::subject(blocked)
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(err.contains("to_linear_layout(T, (M,N))"), "{err}");
}

/// The rectangles and texts an SVG draws (fill and text), its title apart (the caption that
/// names the expression: the only text with parentheses).
fn drawn(svg: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("rect") || n.has_tag_name("text"))
        .filter(|n| n.attribute("class") != Some("title"))
        .filter(|n| !n.text().unwrap_or("").contains('('))
        .map(|n| {
            let fill = n.attribute("fill").unwrap_or("").to_string();
            (fill, n.text().unwrap_or("").to_string())
        })
        .collect()
}

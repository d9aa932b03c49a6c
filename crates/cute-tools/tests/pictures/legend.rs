//! Pictures that say what their colours mean (issues 28 and 29): the bank number in every cell
//! of a picture coloured by bank (SVG: a small `b12` under the offset; text: a second grid of
//! banks), and a legend under every SVG picture whose colour carries meaning (bank, thread,
//! value, warp, phase, tile), none under CuTe's greys by offset.

use cute_layout::tv::make_layout_tv;
use cute_tools::render::{self, tv::svg_tv_opts, Coloring, Options};

fn opts(coloring: Coloring, elem_bytes: i64) -> Options {
    Options {
        coloring,
        elem_bytes,
        ..Options::default()
    }
}

fn svg(expr: &str, o: &Options) -> String {
    render::svg(&render::subject(expr).unwrap(), o).unwrap()
}

/// The texts of the legend group, in order.
fn legend_texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("legend"))
        .flat_map(|g| g.descendants().filter(|t| t.has_tag_name("text")))
        .map(|t| t.text().unwrap_or("").to_string())
        .collect()
}

/// Each layout cell's (offset, note under it), read from the SVG.
fn cells_with_notes(svg: &str) -> Vec<(i64, Option<String>)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let mut out = Vec::new();
    for r in doc.descendants().filter(|n| n.has_tag_name("rect")) {
        let Some(text) = r
            .next_sibling_element()
            .filter(|t| t.attribute("stroke") == Some("none"))
        else {
            continue;
        };
        let note = text
            .next_sibling_element()
            .filter(|t| t.has_tag_name("text") && t.attribute("font-size") == Some("8"))
            .map(|t| t.text().unwrap().to_string());
        out.push((text.text().unwrap().parse().unwrap(), note));
    }
    out
}

#[test]
fn every_cell_coloured_by_bank_says_its_bank() {
    for (expr, elem) in [
        ("(_4,_8):(_8,_1)", 2),
        ("(_8,_8):(_1,_9)", 4),
        ("(_2,_16):(_16,_1)", 8),
    ] {
        let s = svg(expr, &opts(Coloring::Bank, elem));
        let cells = cells_with_notes(&s);
        assert!(!cells.is_empty());
        for (offset, note) in cells {
            // the bank, computed here: byte address / 4 mod 32
            let bank = (offset * elem / 4) % 32;
            assert_eq!(note, Some(format!("b{bank}")), "{expr}: offset {offset}");
        }
    }
    // other colorings write no note
    let s = svg("(_4,_8):(_8,_1)", &opts(Coloring::Thread, 2));
    assert!(cells_with_notes(&s).iter().all(|(_, n)| n.is_none()));
}

#[test]
fn the_legend_names_the_banks_present() {
    let s = svg("(_4,_8):(_8,_1)", &opts(Coloring::Bank, 2));
    let texts = legend_texts(&s);
    assert_eq!(
        texts[0],
        "banks (2-byte elements, bank = byte offset / 4 mod 32)"
    );
    let want: Vec<String> = (0..16).map(|b| format!("b{b}")).collect();
    assert_eq!(texts[1..], want[..]);
}

#[test]
fn a_legend_wherever_colour_carries_meaning() {
    let title = |c: Coloring, expr: &str| legend_texts(&svg(expr, &opts(c, 4))).first().cloned();
    assert_eq!(title(Coloring::Offset, "(4,8):(8,1)"), None);
    assert_eq!(
        title(Coloring::Thread, "(4,8):(8,1)").as_deref(),
        Some("colour: thread (index into mode 0)")
    );
    assert_eq!(
        title(Coloring::Value, "(4,8):(8,1)").as_deref(),
        Some("colour: value (index into the other modes)")
    );
    assert_eq!(
        title(Coloring::Warp, "(8,8):(1,8)").as_deref(),
        Some("colour: warp (thread / 32)")
    );
    assert_eq!(
        title(Coloring::Tile, "logical_divide(8:1, 2:1)").as_deref(),
        Some("colour: tile")
    );
    // more classes than the palette's 12 colours: the legend says they repeat
    let many = legend_texts(&svg("(16,2):(2,1)", &opts(Coloring::Thread, 4)));
    assert_eq!(
        many[0],
        "colour: thread (index into mode 0); the 12 colours repeat"
    );
    assert_eq!(many.len(), 1 + 16);
}

#[test]
fn tv_pictures_coloured_by_bank_say_banks_and_have_a_legend() {
    let tv = make_layout_tv(
        &"(_4,_8):(_8,_1)".parse().unwrap(),
        &"(_1,_2)".parse().unwrap(),
    )
    .unwrap();
    let s = svg_tv_opts(&tv, &opts(Coloring::Bank, 2)).unwrap();
    let doc = roxmltree::Document::parse(&s).unwrap();
    let notes = doc
        .descendants()
        .filter(|t| t.has_tag_name("text") && t.attribute("font-size") == Some("8"))
        .count();
    assert_eq!(notes, 64); // one per cell of the 4x16 tile
    assert_eq!(
        legend_texts(&s)[0],
        "banks (2-byte elements, bank = byte offset / 4 mod 32)"
    );
    // CuTe's TV picture (coloured by thread by default) keeps its look: no legend
    let plain = svg_tv_opts(&tv, &Options::default()).unwrap();
    assert!(legend_texts(&plain).is_empty());
    let by_thread = svg_tv_opts(&tv, &opts(Coloring::Thread, 2)).unwrap();
    assert_eq!(
        legend_texts(&by_thread)[0],
        "colour: thread (CuTe's TV colours); the 8 colours repeat"
    );
}

#[test]
fn snapshot_bank_pictures() {
    let o = opts(Coloring::Bank, 2);
    let s = render::subject("(_2,_4):(_4,_1)").unwrap();
    insta::assert_snapshot!("bank_grid_text", render::grid_opts(&s, &o).unwrap());
    insta::assert_snapshot!("bank_svg", render::svg(&s, &o).unwrap());
    let w = render::subject("(_2,_4):(_1,_2)").unwrap();
    insta::assert_snapshot!(
        "value_svg_legend",
        render::svg(&w, &opts(Coloring::Value, 4)).unwrap()
    );
}

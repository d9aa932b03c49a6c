//! What the colours of a picture mean: the legend drawn under a coloured picture (every
//! coloring but CuTe's greys by offset), and the bank number written in each cell of a
//! picture coloured by bank.

use super::color::{bank_color, tile_color, Rgb, TILE_PALETTE, TV_PALETTE};
use super::svg::escape;
use super::{Coloring, Options};
use std::collections::BTreeSet;
use std::fmt::Write;

/// The most swatches a legend draws; the classes beyond are counted, not drawn.
const MAX_SWATCHES: usize = 32;

/// Which picture a colour class belongs to: a layout's table, or a TV picture (whose
/// thread colours are CuTe's eight TV colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Layout,
    Tv,
}

/// The colour of class `k` (a bank, thread, value, warp, phase or tile: [`Options::class`])
/// under `coloring`: the one palette choice every renderer and its legend share.
pub(crate) fn class_color(coloring: Coloring, kind: Kind, k: i64) -> Rgb {
    match (coloring, kind) {
        (Coloring::Bank, _) => bank_color(k),
        (Coloring::Offset | Coloring::Thread | Coloring::Tile, Kind::Tv) => {
            TV_PALETTE[k.rem_euclid(TV_PALETTE.len() as i64) as usize]
        }
        _ => tile_color(k),
    }
}

/// The text written under the main label of a cell coloured by bank: `b12`.
///
/// ```
/// use cute_tools::render::{grid_opts, subject, Coloring, Options};
/// let o = Options { coloring: Coloring::Bank, elem_bytes: 2, ..Options::default() };
/// let g = grid_opts(&subject("(_2,_4):(_4,_1)")?, &o)?;
/// assert!(g.contains("banks (2-byte elements, bank = byte offset / 4 mod 32):"));
/// assert!(g.contains("|  b0 |  b0 |  b1 |  b1 |"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub(crate) fn bank_note(bank: i64) -> String {
    format!("b{bank}")
}

/// The heading of a picture's bank numbers (and of its legend when coloured by bank).
pub(crate) fn bank_heading(opts: &Options) -> String {
    format!(
        "banks ({}-byte elements, bank = byte offset / 4 mod 32)",
        opts.elem_bytes
    )
}

/// A legend: what the colour stands for, and one swatch per class present.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Legend {
    pub(crate) title: String,
    pub(crate) swatches: Vec<(String, Rgb)>,
    /// Classes present beyond the [`MAX_SWATCHES`] drawn.
    pub(crate) more: usize,
}

/// The legend of a picture coloured by `opts` whose cells have the colour classes `classes`
/// (`None` for CuTe's greys by offset, whose colour says nothing but `offset mod 8`).
pub(crate) fn legend(
    opts: &Options,
    kind: Kind,
    classes: impl IntoIterator<Item = i64>,
) -> Option<Legend> {
    let coloring = opts.coloring;
    if coloring == Coloring::Offset {
        return None;
    }
    let present: BTreeSet<i64> = classes.into_iter().collect();
    let cycle = |n: usize| format!("; the {n} colours repeat");
    let (title, prefix, period) = match (coloring, kind) {
        (Coloring::Bank, _) => (bank_heading(opts), "b", None),
        (Coloring::Thread | Coloring::Tile, Kind::Tv) => (
            "colour: thread (CuTe's TV colours)".to_string(),
            "T",
            Some(TV_PALETTE.len()),
        ),
        (Coloring::Thread, Kind::Layout) => (
            "colour: thread (index into mode 0)".to_string(),
            "T",
            Some(TILE_PALETTE.len()),
        ),
        (Coloring::Value, Kind::Layout) => (
            "colour: value (index into the other modes)".to_string(),
            "V",
            Some(TILE_PALETTE.len()),
        ),
        (Coloring::Value, Kind::Tv) => ("colour: value".to_string(), "V", Some(TILE_PALETTE.len())),
        (Coloring::Tile, Kind::Layout) => (
            "colour: tile".to_string(),
            "tile ",
            Some(TILE_PALETTE.len()),
        ),
        (Coloring::Warp, _) => (
            "colour: warp (thread / 32)".to_string(),
            "W",
            Some(TILE_PALETTE.len()),
        ),
        (Coloring::Phase, _) => (
            format!(
                "colour: shared-memory phase (lane / {} lanes)",
                128 / phase_bytes(opts).clamp(4, 128)
            ),
            "P",
            Some(TILE_PALETTE.len()),
        ),
        (Coloring::Offset, _) => return None,
    };
    let title = match period {
        Some(n) if present.len() > n => format!("{title}{}", cycle(n)),
        _ => title,
    };
    let swatches = present
        .iter()
        .take(MAX_SWATCHES)
        .map(|&k| (format!("{prefix}{k}"), class_color(coloring, kind, k)))
        .collect();
    Some(Legend {
        title,
        swatches,
        more: present.len().saturating_sub(MAX_SWATCHES),
    })
}

/// The bytes one access of [`Coloring::Phase`] moves (one element unless given).
fn phase_bytes(opts: &Options) -> i64 {
    if opts.access_bytes > 0 {
        opts.access_bytes
    } else {
        opts.elem_bytes
    }
}

/// A swatch's width and height, and the gap after it.
const SWATCH_W: usize = 46;
const SWATCH_H: usize = 18;
const GAP: usize = 4;
/// The height of the legend's title line.
const LEGEND_TITLE: usize = 18;

/// The width the legend's title needs (font size 12: 7.2 px per character), with `margin`
/// on both sides.
pub(crate) fn width(legend: &Legend, margin: usize) -> usize {
    (legend.title.chars().count() + more(legend).chars().count()) * 72 / 10 + 2 * margin
}

/// ` (and N more)` after the title of a legend with classes beyond its swatches.
fn more(legend: &Legend) -> String {
    if legend.more > 0 {
        format!(" (and {} more)", legend.more)
    } else {
        String::new()
    }
}

/// The height [`draw`] takes for `legend` in a picture `width` pixels wide at margin `margin`.
pub(crate) fn height(legend: &Legend, width: usize, margin: usize) -> usize {
    let rows = legend
        .swatches
        .len()
        .div_ceil(per_row(width, margin))
        .max(1);
    LEGEND_TITLE + rows * (SWATCH_H + GAP) + margin
}

fn per_row(width: usize, margin: usize) -> usize {
    (width.saturating_sub(2 * margin) / (SWATCH_W + GAP)).max(1)
}

/// Draws `legend` at `(x, y)` in a picture `width` pixels wide: its title, then the swatches
/// in rows, each a coloured box with its class (`b12`, `T3`, ...). The boxes (class
/// `swatch`) are outlined in grey, not black, so that front ends telling cells by their black
/// outline skip them.
pub(crate) fn draw(
    out: &mut String,
    legend: &Legend,
    x: usize,
    y: usize,
    width: usize,
    margin: usize,
) {
    let more = more(legend);
    let _ = writeln!(
        out,
        "<g class=\"legend\">\n<text x=\"{x}\" y=\"{}\" font-size=\"12\" text-anchor=\"start\">{}{more}</text>",
        y + 13,
        escape(&legend.title)
    );
    let n = per_row(width, margin);
    for (i, (label, fill)) in legend.swatches.iter().enumerate() {
        let (sx, sy) = (
            x + (i % n) * (SWATCH_W + GAP),
            y + LEGEND_TITLE + (i / n) * (SWATCH_H + GAP),
        );
        let _ = writeln!(
            out,
            "<rect class=\"swatch\" x=\"{sx}\" y=\"{sy}\" width=\"{SWATCH_W}\" height=\"{SWATCH_H}\" fill=\"{}\" stroke=\"#666666\"/><text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
            fill.hex(),
            sx + SWATCH_W / 2,
            sy + 13,
            fill.ink().hex(),
            escape(label)
        );
    }
    out.push_str("</g>\n");
}

//! SVG pictures of layouts: a table of cells per panel, with row and column labels.

use super::legend::{self, Legend};
use super::{outline, panels, subject_legend, Mark, Options, Panel, Subject};
use cute_layout::error::Result;
use std::fmt::Write;

/// The side of a cell, in pixels.
const CELL: usize = 32;
/// The margin around the picture and between panels.
const MARGIN: usize = 12;
/// The height of a panel's title line and of its column-label line.
const TITLE: usize = 22;
const COL_LABELS: usize = 16;
/// The font of every text (embedded by the PNG renderer).
pub(crate) const FONT_FAMILY: &str = "DejaVu Sans Mono";

/// Escapes `&`, `<` and `>` for XML text.
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The width of a panel's cells: square, or wider for long texts (coordinates) so that they
/// keep a font size of at least 10.
fn cell_width(p: &Panel) -> usize {
    let len = p
        .cells
        .iter()
        .flatten()
        .map(|c| c.text.chars().count())
        .max()
        .unwrap_or(1);
    CELL.max(len * 6 + 8)
}

/// The width of the row-label column of a panel.
fn label_width(p: &Panel) -> usize {
    super::num_digits(p.rows.saturating_sub(1) as i64) * 8 + 10
}

/// `svg(subject, options)`: an SVG picture of the layout: one square cell per `L(m, n)` (row
/// `m` = index into mode 0, column `n` = index into the other modes), showing the offset or the
/// coordinate, colored by offset (CuTe's eight greys) or by tile, with row and column labels
/// and the layout as heading. A divide, product or complement (see [`super::subject`]) colored
/// by tile also shows its input, and for a codomain of at most 48 offsets a strip of the
/// offsets colored by the tile reaching them; a highlight is outlined in the input too (the
/// cells of `A` that highlighted cells of the result reach). A TV layout ([`Subject::tv`]) is
/// drawn as its TV picture ([`crate::render::tv::svg_tv_opts`]).
///
/// The output is deterministic: same input, same bytes.
///
/// # Errors
/// [`cute_layout::LayoutError::InvalidArgument`] for pictures of more than
/// [`super::MAX_PICTURE_CELLS`] cells, or tile coloring of a subject without tiles.
///
/// # Examples
/// ```
/// use cute_layout::Layout;
/// use cute_tools::render;
/// let l: Layout = "(2,3):(3,1)".parse().unwrap();
/// let svg = render::svg(&l.into(), &render::Options::default()).unwrap();
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert_eq!(svg.matches("<rect").count(), 1 + 6); // the background and 6 cells
/// ```
pub fn svg(subject: &Subject, options: &Options) -> Result<String> {
    if let Some(picture) = super::tv::dispatch(subject, options, super::tv::Format::Svg) {
        return picture;
    }
    let ps = panels(subject, options)?;
    Ok(svg_panels(
        &subject.title,
        &ps,
        subject_legend(subject, options)?.as_ref(),
    ))
}

/// The SVG picture of `ps`, one under the other, titled `title`, with `legend` (what the
/// colours mean) under them.
pub(crate) fn svg_panels(title: &str, ps: &[Panel], legend: Option<&Legend>) -> String {
    let width = ps
        .iter()
        .map(|p| label_width(p) + p.cols * cell_width(p))
        .max()
        .unwrap_or(0)
        .max(title_width(ps))
        + 2 * MARGIN;
    let width = width.max(legend.map_or(0, |l| legend::width(l, MARGIN)));
    let height = MARGIN
        + ps.iter()
            .map(|p| TITLE + COL_LABELS + p.rows * CELL + MARGIN)
            .sum::<usize>()
        + legend.map_or(0, |l| legend::height(l, width, MARGIN));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"{FONT_FAMILY}\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
    );
    let mut y = MARGIN;
    for p in ps {
        draw_panel(&mut out, p, MARGIN, y);
        y += TITLE + COL_LABELS + p.rows * CELL + MARGIN;
    }
    if let Some(l) = legend {
        legend::draw(&mut out, l, MARGIN, y, width, MARGIN);
    }
    out.push_str("</svg>\n");
    out
}

/// The widest title, at 8.4 px per character (font size 14).
fn title_width(ps: &[Panel]) -> usize {
    ps.iter()
        .map(|p| p.title.chars().count() * 84 / 10)
        .max()
        .unwrap_or(0)
}

fn draw_panel(out: &mut String, p: &Panel, x0: usize, y0: usize) {
    let _ = writeln!(
        out,
        "<text x=\"{x0}\" y=\"{}\" font-size=\"14\">{}</text>",
        y0 + 15,
        escape(&p.title)
    );
    let lw = label_width(p);
    let cw = cell_width(p);
    let (gx, gy) = (x0 + lw, y0 + TITLE + COL_LABELS);
    let _ = writeln!(
        out,
        "<g font-size=\"11\" fill=\"#555555\" text-anchor=\"middle\">"
    );
    for n in 0..p.cols {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\">{n}</text>",
            gx + n * cw + cw / 2,
            gy - 4
        );
    }
    for m in 0..p.rows {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\">{m}</text>",
            x0 + lw / 2,
            gy + m * CELL + CELL / 2 + 4
        );
    }
    out.push_str("</g>\n<g stroke=\"black\" stroke-width=\"1\" text-anchor=\"middle\">\n");
    let mut outlines = String::new();
    for m in 0..p.rows {
        for n in 0..p.cols {
            let (x, y) = (gx + n * cw, gy + m * CELL);
            match &p.cells[m * p.cols + n] {
                None => {
                    let _ = writeln!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{cw}\" height=\"{CELL}\" fill=\"white\"/>");
                }
                Some(c) => {
                    let _ = writeln!(
                        out,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{cw}\" height=\"{CELL}\" fill=\"{}\"/>",
                        c.fill.hex()
                    );
                    // Monospace digits are 0.6 em wide: fit the text in 90% of the cell.
                    let len = c.text.chars().count().max(1);
                    let size = (cw as f64 * 1.5 / len as f64).min(13.0);
                    // with a note (the bank), the text moves up and the note goes under it
                    let middle = if c.note.is_some() {
                        12.0
                    } else {
                        CELL as f64 / 2.0
                    };
                    let _ = writeln!(
                        out,
                        "<text x=\"{}\" y=\"{:.1}\" font-size=\"{size:.1}\" fill=\"{}\" stroke=\"none\">{}</text>",
                        x + cw / 2,
                        y as f64 + middle + size * 0.35,
                        c.fill.ink().hex(),
                        escape(&c.text)
                    );
                    if let Some(note) = &c.note {
                        let _ = writeln!(
                            out,
                            "<text x=\"{}\" y=\"{}\" font-size=\"8\" fill=\"{}\" stroke=\"none\">{}</text>",
                            x + cw / 2,
                            y + CELL - 4,
                            c.fill.ink().hex(),
                            escape(note)
                        );
                    }
                    if c.mark == Mark::Highlighted {
                        outline(&mut outlines, x as i64, y as i64, cw as i64, CELL as i64);
                    }
                }
            }
        }
    }
    out.push_str(&outlines);
    out.push_str("</g>\n");
}

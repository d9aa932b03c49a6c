//! Pictures and outputs bounded: any expression's picture (text grid, SVG, LaTeX; layouts,
//! tensors, TV layouts and atom figures), drawn with any coloring, highlight and element size,
//! ends with the picture or an error, never a panic; and a picture is paid for by the
//! expression's budget: its bytes are at most [`BYTES_PER_UNIT`] for each work unit metered
//! (every cell drawn is checked by a limit, which charges it), plus a fixed frame. So a picture
//! is bounded by the budget, whatever its input.

use crate::{structured, Check};
use arbitrary::Arbitrary;
use cute_layout::budget::{scope, spent};
use cute_tools::render::{picture, Coloring, Highlight, Options};

/// Bytes of a picture one work unit pays for (an SVG cell, its text and its title, is a few
/// hundred bytes).
pub const BYTES_PER_UNIT: usize = 1024;

/// Bytes of a picture's frame (header, legend, title, footer), paid for by no unit.
pub const FRAME_BYTES: usize = 1 << 16;

/// An expression, the kind of picture and its options.
#[derive(Arbitrary, Debug)]
pub struct Case {
    /// 0: text grid, 1: SVG, 2: LaTeX (modulo 3).
    pub kind: u8,
    /// A coloring of [`Coloring::ALL`] (modulo its length).
    pub coloring: u8,
    /// A highlight, as `cute --highlight` reads it, if any.
    pub highlight: Option<String>,
    /// The element size for the bank coloring.
    pub elem_bytes: i8,
    /// The expression.
    pub text: String,
}

/// The check of the `limits` target.
pub fn check(data: &[u8]) -> Check {
    structured(data, |c: Case| check_case(&c))
}

/// The check of one case.
pub fn check_case(c: &Case) -> Check {
    let highlight = match c.highlight.as_deref().map(str::parse::<Highlight>) {
        None => None,
        Some(Ok(h)) => Some(h),
        Some(Err(e)) => {
            let _ = e.to_string();
            return Ok(());
        }
    };
    let options = Options {
        coloring: Coloring::ALL[usize::from(c.coloring) % Coloring::ALL.len()],
        highlight,
        elem_bytes: i64::from(c.elem_bytes),
        ..Options::default()
    };
    let (drawn, work) = scope(|| {
        let drawn = picture(&c.text).and_then(|(p, _)| match c.kind % 3 {
            0 => p.text(&options),
            1 => p.svg(&options),
            _ => p.latex(&options),
        });
        (drawn, spent())
    });
    let Ok(out) = drawn else {
        return Ok(());
    };
    let bound = usize::try_from(work)
        .unwrap_or(usize::MAX)
        .saturating_mul(BYTES_PER_UNIT)
        .saturating_add(FRAME_BYTES);
    if out.len() > bound {
        return Err(format!(
            "{:?} (kind {}): {} bytes of picture for {work} work units, more than {bound}",
            c.text,
            c.kind % 3,
            out.len()
        ));
    }
    Ok(())
}

//! Every resource limit of the crate, in one place.
//!
//! Each operation that enumerates, allocates or loops in proportion to a number the user gives
//! checks it against one of these limits **before** the work starts, and fails with a
//! [`LayoutError`] naming the limit and the number (see [`check`]). The algebra proper
//! (composition, complement, divides, products, inverses) works on modes, not elements, and
//! needs no limit beyond checked 64-bit arithmetic; the limits below bound the few places that
//! visit elements one by one, draw pictures, or read text.
//!
//! | limit | bounds |
//! |---|---|
//! | [`MAX_DEPTH`] | nesting of any tuple (parser, constructors, results) |
//! | [`MAX_NESTING`] | calls nested in one `cute eval` expression |
//! | [`MAX_BASIS_DEPTH`] | depth of a scaled-basis path |
//! | [`MAX_F2_DOMAIN_MODES`] | flat modes of an F2 layout whose domain the integer algebra reshapes (composition, the divides) |
//! | [`MAX_SWIZZLE_BITS`] | `B + M + abs(S)` of a swizzle |
//! | [`MAX_TEXT_CELLS`] | cells of a text grid or LaTeX document (`show`, `latex`, `show --tv`) |
//! | [`MAX_PICTURE_CELLS`] | cells of an SVG or PNG picture (`svg`, `svg --tv`) |
//! | [`MAX_FIGURE_CELLS`] | cells of all panels of an atom figure (`cute atom --svg`) |
//! | [`MAX_ENUMERATED`] | `(thread, value)` pairs visited to check or draw a TV layout |
//! | [`BRUTE_FORCE_LIMIT`] | elements composition verifies one by one, and `logical_product` when the tiler has a negative stride |
//! | [`QUASI_INVERSE_CHECK_LIMIT`] | elements a quasi-inverse is checked on |
//! | [`SWIZZLE_VERIFY_LIMIT`] | elements a swizzle rule's result is checked on (checks stop there) |
//! | [`ANALYSIS_LIMIT`] | elements `analyze` visits (and addresses times candidates the swizzle solver tries) |
//! | [`MAX_DIFFED`] | indices `diff` compares one by one |
//! | [`MAX_ERROR_ECHO`] | characters of input a parse error shows on each side of the error, and of any other user text a message echoes ([`echo`]) |
//! | [`MAX_VALUE_ECHO`] | characters of one value (a layout, a tuple) any error or warning quotes ([`quoted`]) |
//! | [`MAX_MESSAGE_ECHO`] | characters of one part of an error or warning built from user values ([`quoted`]) |
//! | [`MAX_PATH_ECHO`] | characters of a file path a message echoes ([`echo_at_most`]) |
//! | [`MAX_WIDTH`] | modes of one tuple, and arguments of one call |
//! | [`MAX_PNG_PIXELS`] | pixels of a PNG image (`svg -o F.png`, `morphism --png`, `atom --png`) |
//! | [`MAX_DIAGRAM_ELEMENTS`] | columns, arrows and labels of a morphism or derivation diagram |
//! | [`MAX_FIGURE_ELEMENTS`] | cell boxes and labels of an atom figure's SVG or LaTeX (`cute atom --svg/--latex`) |
//! | [`crate::budget::MAX_WORK`] | work of one whole expression, all its calls together |
//!
//! Each check also charges the number it checked to the expression's budget
//! ([`crate::budget`]), so that the limits bound one call and the budget their sum.
//!
//! A count that is negative (a layout with a negative extent) is refused by the same check,
//! naming it as negative: C++ computes a negative `size` by the same product, but a loop over
//! a negative number of elements visits none, so that a picture or a check of one would be
//! silently empty.

use crate::error::{LayoutError, Result};

/// The deepest nesting accepted anywhere (parser, constructors, algebra results).
pub const MAX_DEPTH: usize = 32;

/// How deeply calls may be nested in one `cute eval` expression.
pub const MAX_NESTING: usize = 16;

/// Deepest basis path supported.
pub const MAX_BASIS_DEPTH: usize = 8;

/// The most flat modes of an F2 layout that `F2Layout::through_domain` (composition with an
/// integer tiler, the divides) takes: each is one basis direction of the scaled-basis encoding,
/// which tells 16 apart.
pub const MAX_F2_DOMAIN_MODES: usize = 16;

/// The widest swizzle accepted: `B + M + |S|` bits must fit in a non-negative `i64`.
pub const MAX_SWIZZLE_BITS: i64 = 62;

/// The most cells a text grid or a LaTeX document may have (2^20).
pub const MAX_TEXT_CELLS: i64 = 1 << 20;

/// The most cells an SVG or PNG picture may have (2^14, e.g. 128x128).
pub const MAX_PICTURE_CELLS: i64 = 1 << 14;

/// The most cells, all panels together, of an SVG or PNG figure of a tiled MMA or tiled copy
/// (2^17: a 256x256 C tile with its 256x64 A and B tiles fits).
pub const MAX_FIGURE_CELLS: i64 = 1 << 17;

/// The most `(thread, value)` pairs enumerated to check or draw a TV layout (2^22).
pub const MAX_ENUMERATED: i64 = 1 << 22;

/// Elements of `B` composition checks one by one when the cheap carry analysis cannot rule out
/// an error (2^22); beyond it composition refuses rather than risk a wrong answer. Also the
/// elements of a `logical_product` whose tiler has a negative stride, checked for overlapping
/// copies of the block.
pub const BRUTE_FORCE_LIMIT: i64 = 1 << 22;

/// Elements a quasi-inverse is checked on (2^22).
pub const QUASI_INVERSE_CHECK_LIMIT: i64 = 1 << 22;

/// Elements checked one by one when a swizzle rule's result is verified (2^20).
pub const SWIZZLE_VERIFY_LIMIT: i64 = 1 << 20;

/// The most elements `analyze` visits, and addresses times candidate swizzles the swizzle
/// solver tries (2^24).
pub const ANALYSIS_LIMIT: i64 = 1 << 24;

/// The most indices `cute_tools::diff::diff` compares one by one (2^24; identical layouts are
/// equal at any size).
pub const MAX_DIFFED: i64 = 1 << 24;

pub use crate::error::{quoted, MAX_ERROR_ECHO, MAX_MESSAGE_ECHO, MAX_VALUE_ECHO};

/// The most modes of one tuple (shape, stride, int-tuple, coordinate) and the most arguments
/// of one call (2^16): far above any layout a kernel uses, small enough that a tuple costs at
/// most a few megabytes.
pub const MAX_WIDTH: usize = 1 << 16;

/// The most pixels of a PNG image (2^24, e.g. 4096x4096: 64 MiB of RGBA).
pub const MAX_PNG_PIXELS: u64 = 1 << 24;

/// The most elements (columns, arrows, labels) of one morphism or derivation diagram (2^16).
pub const MAX_DIAGRAM_ELEMENTS: i64 = 1 << 16;

/// The most elements (a box for each cell, a label for each row and column, all panels
/// together) of an atom figure, its SVG or its LaTeX (2^18: the largest figure
/// [`MAX_FIGURE_CELLS`] lets the SVG draw fits, labels included). Checked before any panel
/// is enumerated.
pub const MAX_FIGURE_ELEMENTS: i64 = 1 << 18;

/// At most [`MAX_ERROR_ECHO`] characters of `text`, with `...` and the number of characters
/// left out where it was cut: how every message echoes user text that may be long (an unknown
/// operation name, a file name).
///
/// ```
/// use cute_layout::limits::{echo, MAX_ERROR_ECHO};
/// assert_eq!(echo("logical_divid"), "logical_divid");
/// let long = "x".repeat(10_000_000);
/// let e = echo(&long);
/// assert!(e.len() < MAX_ERROR_ECHO + 40);
/// assert!(e.ends_with("... (9999960 more characters)"));
/// ```
pub fn echo(text: &str) -> std::borrow::Cow<'_, str> {
    echo_at_most(text, MAX_ERROR_ECHO)
}

/// The most characters of a file path a message echoes (4096: Linux's `PATH_MAX`, the longest
/// path the system opens, where an argument may be 128 KiB).
pub const MAX_PATH_ECHO: usize = 4096;

/// [`echo`] with a bound of `n` characters (for a file path, [`MAX_PATH_ECHO`]: a path cut
/// at 40 characters would not say which file).
///
/// ```
/// use cute_layout::limits::echo_at_most;
/// assert_eq!(echo_at_most("/tmp/a.svg", 4096), "/tmp/a.svg");
/// assert_eq!(echo_at_most("abcdef", 2), "ab... (4 more characters)");
/// ```
pub fn echo_at_most(text: &str, n: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(n) {
        None => std::borrow::Cow::Borrowed(text),
        Some((cut, _)) => {
            let rest = text[cut..].chars().count();
            std::borrow::Cow::Owned(format!("{}... ({rest} more characters)", &text[..cut]))
        }
    }
}

/// Fails when `n` items exceed [`MAX_WIDTH`], naming `what` and the operation; before the
/// items are stored.
///
/// # Errors
/// [`LayoutError::InvalidArgument`].
///
/// ```
/// use cute_layout::limits::{check_width, MAX_WIDTH};
/// assert!(check_width("make_tuple", "arguments", 3).is_ok());
/// let e = check_width("make_tuple", "arguments", MAX_WIDTH + 1).unwrap_err();
/// assert!(e.to_string().contains("more than MAX_WIDTH"));
/// ```
pub fn check_width(op: &'static str, what: &str, n: usize) -> Result<()> {
    if n <= MAX_WIDTH {
        return Ok(());
    }
    Err(LayoutError::InvalidArgument {
        op,
        detail: format!("{n} {what}, more than MAX_WIDTH = {MAX_WIDTH}"),
        hint: "build the tuple in nested groups, or work on fewer modes",
    })
}

/// Fails unless `0 <= n <= limit`, naming `what`, the number, the limit and its constant; then
/// charges `n` to the expression's budget ([`crate::budget::charge`]).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] when `n` exceeds `limit` or is negative (a negative
/// extent); the budget's error when `n` passes what is left of it.
///
/// ```
/// use cute_layout::limits::{check, MAX_TEXT_CELLS};
/// assert!(check("print_layout", "cells", 16, "MAX_TEXT_CELLS", MAX_TEXT_CELLS, "").is_ok());
/// let e = check("print_layout", "cells", 1 << 30, "MAX_TEXT_CELLS", MAX_TEXT_CELLS, "draw a tile");
/// assert!(e.unwrap_err().to_string().contains("1073741824 cells, more than MAX_TEXT_CELLS = 1048576"));
/// let e = check("print_layout", "cells", -12, "MAX_TEXT_CELLS", MAX_TEXT_CELLS, "draw a tile");
/// assert!(e.unwrap_err().to_string().contains("-12 cells: a negative count"));
/// ```
pub fn check(
    op: &'static str,
    what: &str,
    n: i64,
    limit_name: &'static str,
    limit: i64,
    hint: &'static str,
) -> Result<()> {
    if (0..=limit).contains(&n) {
        return crate::budget::charge(n.unsigned_abs(), what);
    }
    if n < 0 {
        return Err(negative(op, what, n));
    }
    Err(LayoutError::InvalidArgument {
        op,
        detail: format!("{n} {what}, more than {limit_name} = {limit}"),
        hint,
    })
}

/// The error of a negative count of `what` (a negative extent).
#[cold]
pub(crate) fn negative(op: &'static str, what: &str, n: i64) -> LayoutError {
    LayoutError::InvalidArgument {
        op,
        detail: format!("{n} {what}: a negative count, from a negative extent"),
        hint: "extents must be positive: C++ multiplies a negative extent into size() as given, but visits no element of it",
    }
}

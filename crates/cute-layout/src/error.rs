//! [`LayoutError`]: every way an operation can refuse its input.
//!
//! Where CuTe C++ would `static_assert`, or would return a result that breaks its documented
//! post-conditions, this crate returns an error that names the operation, the mode, the numbers
//! and the violated condition, and says how to fix it. Nothing panics.

use thiserror::Error;

/// Characters of the input a parse error shows on each side of the error position (listed with
/// the other limits in [`crate::limits`]; defined here, on the ground floor, where it is used).
pub const MAX_ERROR_ECHO: usize = 40;

/// Characters of one value (a layout, a shape, a tuple: a run of non-blank characters) that a
/// message quotes whole; a longer one is cut ([`quoted`]). A name is cut sooner, at
/// [`MAX_ERROR_ECHO`] (it says which name); a layout of a kernel fits in this whole.
pub const MAX_VALUE_ECHO: usize = 200;

/// Characters of the text of one part of a message (an error's detail, its mode, the context
/// of a [`LayoutError::Within`], a warning's message) that a message shows ([`quoted`]).
pub const MAX_MESSAGE_ECHO: usize = 4096;

/// `text` as every message shows it: each run of non-blank characters (a value the message
/// quotes) longer than [`MAX_VALUE_ECHO`] cut to its first [`MAX_VALUE_ECHO`] characters, the
/// whole cut after [`MAX_MESSAGE_ECHO`] characters, each cut followed by `...` and the number
/// of characters left out. The one formatter of the free text of [`LayoutError`] and
/// [`Warning`]: their `Display` shows every such part through it, so that an error quoting a
/// layout of 100,000 modes is a line of a few hundred bytes, whichever operation raised it.
///
/// ```
/// use cute_layout::limits::{quoted, MAX_VALUE_ECHO};
/// assert_eq!(quoted("mode 1 of (4,8):(8,1)"), "mode 1 of (4,8):(8,1)");
/// let huge = format!("({}):({})", vec!["2"; 100_000].join(","), vec!["0"; 100_000].join(","));
/// let text = format!("mode 3 of {huge} is not injective");
/// let shown = quoted(&text);
/// assert!(shown.starts_with("mode 3 of (2,2,2,"));
/// assert!(shown.ends_with("more characters) is not injective"));
/// assert!(shown.len() < MAX_VALUE_ECHO + 60);
/// ```
pub fn quoted(text: &str) -> std::borrow::Cow<'_, str> {
    if text.len() <= MAX_VALUE_ECHO || shown_whole(text) {
        return std::borrow::Cow::Borrowed(text);
    }
    cut(text)
}

/// [`quoted`] by its definition: the runs of blank and non-blank characters walked one by one,
/// each cut where it passes its limit.
fn cut(text: &str) -> std::borrow::Cow<'_, str> {
    use std::fmt::Write as _;
    let mut out = String::new();
    let mut shown = 0;
    let mut rest = text;
    while let Some(first) = rest.chars().next() {
        let blank = first.is_whitespace();
        let end = rest
            .find(|c: char| c.is_whitespace() != blank)
            .unwrap_or(rest.len());
        let (run, tail) = rest.split_at(end);
        let room = MAX_MESSAGE_ECHO - shown;
        let keep = if blank {
            room
        } else {
            room.min(MAX_VALUE_ECHO)
        };
        match run.char_indices().nth(keep) {
            None => {
                out.push_str(run);
                shown += run.chars().count();
            }
            Some((at, _)) => {
                out.push_str(&run[..at]);
                shown += keep;
                let mut more = run[at..].chars().count();
                if shown == MAX_MESSAGE_ECHO {
                    more += tail.chars().count();
                }
                let _ = write!(out, "... ({more} more characters)");
                if shown == MAX_MESSAGE_ECHO {
                    break;
                }
            }
        }
        rest = tail;
    }
    if out.len() == text.len() {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(out)
}

/// Whether [`quoted`] shows `text` whole, found in one pass over its bytes: at most
/// [`MAX_MESSAGE_ECHO`] bytes (so at most as many characters), and no run of bytes other than
/// ASCII white space longer than [`MAX_VALUE_ECHO`] (a run of non-blank characters is no longer
/// than its bytes). It may say `false` of a text shown whole (a multi-byte character, or white
/// space outside ASCII, which this does not count as blank): [`quoted`]'s walk then decides.
fn shown_whole(text: &str) -> bool {
    let mut run = 0;
    text.len() <= MAX_MESSAGE_ECHO
        && text.bytes().all(|b| {
            // `char::is_whitespace` on ASCII: space and `\t` to `\r`
            run = if matches!(b, b' ' | b'\t'..=b'\r') {
                0
            } else {
                run + 1
            };
            run <= MAX_VALUE_ECHO
        })
}

/// An error of the layout algebra, the notation parser or the expression evaluator.
///
/// Errors raised inside a larger operation are wrapped in [`LayoutError::Within`], so the
/// message reads outside-in (`logical_divide, mode 1: complement: ...`); [`LayoutError::root`]
/// gives the innermost cause.
///
/// # Examples
/// ```
/// use cute_layout::{Layout, LayoutError};
/// let a: Layout = "(_8,_8):(_8,_1)".parse().unwrap();
/// let b: Layout = "_4:_3".parse().unwrap();
/// let err = cute_layout::composition(&a, &b).unwrap_err();
/// assert!(matches!(err.root(), LayoutError::Divisibility { .. }));
/// assert!(err.to_string().contains("Shape Divisibility Condition"));
/// ```
///
/// The enum is `#[non_exhaustive]`: new kinds of refusal may be added in a minor release, so a
/// `match` outside this crate needs a `_` arm.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// Checked arithmetic overflowed `i64`.
    #[error("integer overflow computing {} (values must fit in a signed 64-bit integer); hint: use smaller shapes or strides", quoted(.expr))]
    Overflow {
        /// The failing computation, e.g. `9223372036854775807 * 2`.
        expr: String,
    },
    /// A division or remainder by zero (for example a layout with an extent of 0).
    #[error("division by zero computing {}; hint: extents and divisors must be non-zero", quoted(.expr))]
    DivisionByZero {
        /// The failing computation.
        expr: String,
    },
    /// A divisibility condition of CuTe does not hold.
    #[error("{op}: {condition} violated at {}: {}; hint: {hint}", quoted(.mode), quoted(.detail))]
    Divisibility {
        /// The operation.
        op: &'static str,
        /// The mode where it failed, e.g. `mode 1 of A`.
        mode: String,
        /// CuTe's name for the condition.
        condition: &'static str,
        /// The numbers involved.
        detail: String,
        /// How to fix it.
        hint: &'static str,
    },
    /// A layout that must be injective (complement, divides, products) is not, or its strides
    /// interleave so that no complement exists.
    #[error("{op}: non-injective layout {}: {}; hint: {hint}", quoted(.layout), quoted(.detail))]
    NonInjective {
        /// The operation.
        op: &'static str,
        /// The offending layout.
        layout: String,
        /// The numbers involved.
        detail: String,
        /// How to fix it.
        hint: &'static str,
    },
    /// Two tuples that must have the same rank (or be congruent) do not.
    #[error("{op}: mismatched ranks: {}; hint: {hint}", quoted(.detail))]
    RankMismatch {
        /// The operation.
        op: &'static str,
        /// The tuples involved.
        detail: String,
        /// How to fix it.
        hint: &'static str,
    },
    /// A tuple was expected where an integer was given (or the other way round).
    #[error("{op}: {}; hint: {hint}", quoted(.detail))]
    NotATuple {
        /// The operation.
        op: &'static str,
        /// What was given.
        detail: String,
        /// How to fix it.
        hint: &'static str,
    },
    /// A mode index is out of range.
    #[error("{op}: index {index} out of range for rank {rank}; hint: modes are numbered from 0")]
    IndexOutOfRange {
        /// The operation.
        op: &'static str,
        /// The index asked for.
        index: usize,
        /// The rank of the tuple.
        rank: usize,
    },
    /// Shape and stride of a layout are not congruent.
    #[error("shape {} and stride {} are not congruent; hint: give the stride the same nesting as the shape", quoted(.shape), quoted(.stride))]
    NotCongruent {
        /// The shape.
        shape: String,
        /// The stride.
        stride: String,
    },
    /// A tuple tiler has more modes than the layout it tiles.
    #[error("{op}: too many modes in tiler: the tiler has rank {tiler_rank} but the layout has rank {layout_rank}; hint: use at most {layout_rank} tiler modes, or group the layout's modes first")]
    TooManyTilerModes {
        /// The operation.
        op: &'static str,
        /// Rank of the tiler.
        tiler_rank: usize,
        /// Rank of the layout.
        layout_rank: usize,
    },
    /// A result would break the documented post-conditions of the operation (CuTe C++ would
    /// silently return it).
    #[error("{op}: {}; hint: {hint}", quoted(.detail))]
    Postcondition {
        /// The operation.
        op: &'static str,
        /// The violated condition with its numbers.
        detail: String,
        /// How to fix it.
        hint: &'static str,
    },
    /// An argument is outside the operation's domain (negative extent, bad order, ...).
    #[error("{op}: {}; hint: {hint}", quoted(.detail))]
    InvalidArgument {
        /// The operation.
        op: &'static str,
        /// What is wrong.
        detail: String,
        /// How to fix it.
        hint: &'static str,
    },
    /// Nesting deeper than [`crate::MAX_DEPTH`].
    #[error("nesting deeper than {limit} levels; hint: flatten the input")]
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// CuTe notation that does not parse.
    #[error("parse error at byte {pos}: expected {}, found {found}\n  {input}\n  {caret}", quoted(.expected))]
    Parse {
        /// The input around the error: at most [`MAX_ERROR_ECHO`] characters on each side of
        /// it, `...` where the input was cut.
        input: String,
        /// Byte offset of the error.
        pos: usize,
        /// What was expected.
        expected: String,
        /// What was found.
        found: String,
        /// A caret line pointing at `pos`.
        caret: String,
    },
    /// An error raised inside a larger operation.
    #[error("{}: {source}", quoted(.context))]
    Within {
        /// The enclosing operation (and mode), e.g. `logical_divide, mode 1`.
        context: String,
        /// The underlying error.
        source: Box<LayoutError>,
    },
}

impl LayoutError {
    /// Wraps the error with the enclosing operation.
    ///
    /// ```
    /// # use cute_layout::LayoutError;
    /// let e = LayoutError::TooDeep { limit: 3 }.within("flatten");
    /// assert_eq!(e.to_string(), "flatten: nesting deeper than 3 levels; hint: flatten the input");
    /// ```
    pub fn within(self, context: impl Into<String>) -> LayoutError {
        LayoutError::Within {
            context: context.into(),
            source: Box::new(self),
        }
    }

    /// The error with each of its hints (its own and those of the errors it wraps) replaced by
    /// `f(hint)`: how a front end names its own way to do what a hint names as a `cute`
    /// command (the playground has an atom list where the CLI has `cute atoms`). Only the hint
    /// changes; the message around it is the library's.
    ///
    /// ```
    /// # use cute_layout::LayoutError;
    /// let e = LayoutError::InvalidArgument { op: "atom", detail: "unknown atom `X`".into(), hint: "see `cute atoms`" };
    /// let page = e.within("make_tiled_mma").map_hints(&|h| if h.contains("`cute atoms`") { "the atom list names them" } else { h });
    /// assert_eq!(page.to_string(), "make_tiled_mma: atom: unknown atom `X`; hint: the atom list names them");
    /// ```
    pub fn map_hints(self, f: &impl Fn(&'static str) -> &'static str) -> LayoutError {
        use LayoutError as E;
        match self {
            E::Divisibility {
                op,
                mode,
                condition,
                detail,
                hint,
            } => E::Divisibility {
                op,
                mode,
                condition,
                detail,
                hint: f(hint),
            },
            E::NonInjective {
                op,
                layout,
                detail,
                hint,
            } => E::NonInjective {
                op,
                layout,
                detail,
                hint: f(hint),
            },
            E::RankMismatch { op, detail, hint } => E::RankMismatch {
                op,
                detail,
                hint: f(hint),
            },
            E::NotATuple { op, detail, hint } => E::NotATuple {
                op,
                detail,
                hint: f(hint),
            },
            E::Postcondition { op, detail, hint } => E::Postcondition {
                op,
                detail,
                hint: f(hint),
            },
            E::InvalidArgument { op, detail, hint } => E::InvalidArgument {
                op,
                detail,
                hint: f(hint),
            },
            E::Within { context, source } => E::Within {
                context,
                source: Box::new(source.map_hints(f)),
            },
            e => e,
        }
    }

    /// The innermost error.
    ///
    /// ```
    /// # use cute_layout::LayoutError;
    /// let e = LayoutError::TooDeep { limit: 3 }.within("a").within("b");
    /// assert_eq!(e.root(), &LayoutError::TooDeep { limit: 3 });
    /// ```
    pub fn root(&self) -> &LayoutError {
        match self {
            LayoutError::Within { source, .. } => source.root(),
            e => e,
        }
    }

    /// A [`LayoutError::Parse`] at byte `pos` of `input`, saying what was `expected` there and
    /// what was found (the parsers' one constructor of it).
    pub fn parse(input: &str, pos: usize, expected: impl Into<String>) -> LayoutError {
        let at = floor_char_boundary(input, pos);
        let found = match input[at..].chars().next() {
            Some(c) => format!("{c:?}"),
            None => "end of input".to_string(),
        };
        let (excerpt, col) = echo(input, at);
        LayoutError::Parse {
            input: excerpt,
            pos,
            expected: expected.into(),
            found,
            caret: format!("{}^", " ".repeat(col)),
        }
    }
}

/// The largest char boundary of `s` at or below `pos` (and at most `s.len()`).
fn floor_char_boundary(s: &str, pos: usize) -> usize {
    let mut at = pos.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The neighbourhood of byte `at` (a char boundary) that a parse error shows: at most
/// [`MAX_ERROR_ECHO`] characters on each side, `...` where the input was cut, and the column
/// (in characters) of `at` in it.
fn echo(input: &str, at: usize) -> (String, usize) {
    let before = input[..at]
        .char_indices()
        .rev()
        .nth(MAX_ERROR_ECHO - 1)
        .map(|(i, _)| i);
    let after = input[at..]
        .char_indices()
        .nth(MAX_ERROR_ECHO + 1)
        .map(|(i, _)| at + i);
    let start = before.unwrap_or(0);
    let cut_start = start > 0;
    let end = after.unwrap_or(input.len());
    let mut s = String::with_capacity(end - start + 6);
    if cut_start {
        s.push_str("...");
    }
    s.push_str(&input[start..end]);
    if end < input.len() {
        s.push_str("...");
    }
    let col = input[start..at].chars().count() + if cut_start { 3 } else { 0 };
    (s, col)
}

/// Result alias of this crate.
pub type Result<T, E = LayoutError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::{cut, shown_whole, LayoutError, MAX_MESSAGE_ECHO, MAX_VALUE_ECHO};

    #[test]
    fn parse_error_positions_inside_a_character_are_floored_to_it() {
        // byte 3 is inside '€' (bytes 2..5): the error names and marks the whole character
        let e = LayoutError::parse("ab€cd", 3, "a digit");
        let LayoutError::Parse {
            found,
            input,
            caret,
            ..
        } = &e
        else {
            panic!("not a parse error: {e}");
        };
        assert_eq!((found.as_str(), input.as_str()), ("'€'", "ab€cd"));
        assert_eq!(caret, "  ^");
        // past the end: end of input, caret after the last character
        let e = LayoutError::parse("é", 9, "more");
        assert!(
            e.to_string().contains("found end of input\n  é\n   ^"),
            "{e}"
        );
    }

    proptest::proptest! {
        /// The one-pass check of `quoted`'s fast path agrees with its definition (`cut`):
        /// runs of non-blank characters around `MAX_VALUE_ECHO` long, blanks of every kind
        /// (Unicode ones among them), multi-byte characters, texts around `MAX_MESSAGE_ECHO`.
        #[test]
        fn shown_whole_means_cut_keeps_the_text(
            runs in proptest::collection::vec(
                (0usize..=MAX_VALUE_ECHO + 2, proptest::sample::select(vec!['a', 'é', '€']),
                 proptest::sample::select(vec![" ", "\t", "\n", "\u{b}", "\u{a0}", "  "])),
                1..40,
            ),
        ) {
            let text: String = runs
                .iter()
                .map(|(n, c, blank)| format!("{}{blank}", c.to_string().repeat(*n)))
                .collect();
            let whole = cut(&text) == text.as_str();
            if shown_whole(&text) {
                proptest::prop_assert!(whole, "shown whole, but cut: {} bytes", text.len());
            }
            proptest::prop_assert_eq!(super::quoted(&text), cut(&text));
        }
    }

    #[test]
    fn shown_whole_at_the_limits() {
        let run = "a".repeat(MAX_VALUE_ECHO);
        assert!(shown_whole(&format!("{run} {run}")));
        assert!(!shown_whole(&format!("{run}a {run}")));
        let long = "ab ".repeat(MAX_MESSAGE_ECHO / 3 + 1);
        assert!(long.len() > MAX_MESSAGE_ECHO && !shown_whole(&long));
        assert_ne!(cut(&long), long.as_str());
        assert_ne!(
            cut(&format!("{run}a {run}")),
            format!("{run}a {run}").as_str()
        );
    }
}

/// A note about a valid input whose result needs care: the result is what CuTe C++ gives, but
/// using it naively can go wrong (e.g. a tiler that does not divide the layout: the last tile
/// reads past the layout and needs predication). Never an error; front ends print it apart
/// (`cute eval`, `show`, `svg`, `latex`, `html` and `explain` on standard error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The operation it is about.
    pub op: &'static str,
    /// What it means, in words.
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "warning: {}: {}", self.op, quoted(&self.message))
    }
}

//! Printing CuTe notation cheaply, for the `Display` impls of integers, trees and layouts (the
//! ground floor: this module imports nothing of the crate; the tree walk is in `tree.rs`).
//!
//! Text goes to a [`Sink`]: a [`Text`], which gathers it in a buffer on the stack and hands it
//! to a formatter in one `write_str` call (one per full buffer for long texts), or a `String`,
//! appended to directly (no formatter, no UTF-8 check: what `cute eval` prints). Integers are
//! formatted with `itoa`. Width, fill and alignment are honoured by [`padded`], through which
//! every value type's `Display` writes (`format!("{:>5}", int)` is `    8`); precision is
//! ignored.

use std::cell::Cell;
use std::fmt;

/// Writes what `write` prints to `f`, padded to the formatter's width (if it has one) with its
/// fill character and alignment (`default` where the format names none: right for integers,
/// left for everything else, as for Rust's numbers and strings). Without a width, `write`
/// writes to `f` directly: the common path costs one test.
#[inline(always)]
pub(crate) fn padded(
    f: &mut fmt::Formatter<'_>,
    default: fmt::Alignment,
    write: impl FnOnce(&mut fmt::Formatter<'_>) -> fmt::Result,
) -> fmt::Result {
    match f.width() {
        None => write(f),
        Some(width) => pad(f, width, default, write),
    }
}

/// [`padded`] for a formatter with a width: the text is printed without flags, then padded.
#[cold]
fn pad(
    f: &mut fmt::Formatter<'_>,
    width: usize,
    default: fmt::Alignment,
    write: impl FnOnce(&mut fmt::Formatter<'_>) -> fmt::Result,
) -> fmt::Result {
    /// The text of `write`, formatted once.
    struct Once<W>(Cell<Option<W>>);
    impl<W: FnOnce(&mut fmt::Formatter<'_>) -> fmt::Result> fmt::Display for Once<W> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self.0.take() {
                Some(write) => write(f),
                None => Ok(()),
            }
        }
    }
    let once = Once(Cell::new(Some(write)));
    let text = if f.alternate() {
        format!("{once:#}")
    } else {
        format!("{once}")
    };
    let left = width.saturating_sub(text.chars().count());
    let (before, after) = match f.align().unwrap_or(default) {
        fmt::Alignment::Left => (0, left),
        fmt::Alignment::Right => (left, 0),
        fmt::Alignment::Center => (left / 2, left - left / 2),
    };
    let fill = f.fill();
    for _ in 0..before {
        fmt::Write::write_char(f, fill)?;
    }
    f.write_str(&text)?;
    for _ in 0..after {
        fmt::Write::write_char(f, fill)?;
    }
    Ok(())
}

/// Bytes gathered before they are handed to the formatter.
const CAPACITY: usize = 128;

/// The longest integer text: the static tag `_` and the 20 characters of `i64::MIN`.
const MAX_INT_LEN: usize = 21;

/// Where printed ASCII text goes.
pub(crate) trait Sink {
    /// Appends one ASCII byte.
    fn byte(&mut self, b: u8) -> fmt::Result;

    /// Appends an integer as CuTe prints it: `8`, or `_8` when static.
    fn int(&mut self, value: i64, is_static: bool) -> fmt::Result;
}

impl Sink for String {
    #[inline(always)]
    fn byte(&mut self, b: u8) -> fmt::Result {
        debug_assert!(b.is_ascii());
        self.push(char::from(b));
        Ok(())
    }

    // always: called once per leaf, a call cost as much as the digits
    #[inline(always)]
    fn int(&mut self, value: i64, is_static: bool) -> fmt::Result {
        if is_static {
            self.push('_');
        }
        // most extents and strides have one or two digits: pushed as they are, they need no
        // call to copy itoa's text
        match u8::try_from(value) {
            Ok(d @ 0..=9) => self.push(char::from(b'0' + d)),
            Ok(d @ 10..=99) => {
                self.push(char::from(b'0' + d / 10));
                self.push(char::from(b'0' + d % 10));
            }
            _ => self.push_str(itoa::Buffer::new().format(value)),
        }
        Ok(())
    }
}

/// ASCII text on its way to a formatter.
pub(crate) struct Text<'a, 'f> {
    out: &'a mut fmt::Formatter<'f>,
    buf: [u8; CAPACITY],
    len: usize,
}

impl<'a, 'f> Text<'a, 'f> {
    /// An empty text for `out`; nothing reaches `out` before [`Text::flush`].
    #[inline]
    pub(crate) fn new(out: &'a mut fmt::Formatter<'f>) -> Self {
        Text {
            out,
            buf: [0; CAPACITY],
            len: 0,
        }
    }

    /// The formatter, after the text gathered so far was written to it.
    #[inline]
    pub(crate) fn formatter(&mut self) -> Result<&mut fmt::Formatter<'f>, fmt::Error> {
        self.flush()?;
        Ok(self.out)
    }

    /// Writes the text gathered so far to the formatter.
    pub(crate) fn flush(&mut self) -> fmt::Result {
        // only ASCII was appended, so this never fails
        let text = std::str::from_utf8(&self.buf[..self.len]).map_err(|_| fmt::Error)?;
        self.out.write_str(text)?;
        self.len = 0;
        Ok(())
    }
}

impl Sink for Text<'_, '_> {
    #[inline]
    fn byte(&mut self, b: u8) -> fmt::Result {
        debug_assert!(b.is_ascii());
        if self.len == CAPACITY {
            self.flush()?;
        }
        self.buf[self.len] = b;
        self.len += 1;
        Ok(())
    }

    #[inline]
    fn int(&mut self, value: i64, is_static: bool) -> fmt::Result {
        if self.len + MAX_INT_LEN > CAPACITY {
            self.flush()?;
        }
        if is_static {
            self.buf[self.len] = b'_';
            self.len += 1;
        }
        let mut digits = itoa::Buffer::new();
        for &b in digits.format(value).as_bytes() {
            self.buf[self.len] = b;
            self.len += 1;
        }
        Ok(())
    }
}

//! CuTe notation: parsing text into values (printing is `Display` on each type, with the
//! crate-internal helpers of `print`).
//!
//! Int-tuples `(2,(_3,-4))`, coordinates with `_`, layouts `(2,(2,2)):(4,(1,2))`, tilers
//! `<3:3,(2,4):(1,8)>`, tensors `(4,2):(_2,24)+16` (a layout or a composed layout over an
//! integer offset, as `local_tile` returns them). A leading `_` marks a static integer (`_8`);
//! a lone `_` is the wildcard. Spaces are accepted between tokens and never printed. Errors
//! give the byte position, what was expected, and a caret line.

use crate::coord::{Coord, CoordLeaf};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::limits::MAX_WIDTH;
use crate::tiler::Tiler;
use crate::tree::{Nodes, OpenTuples, Tree, MAX_DEPTH};
use crate::tuple::IntTuple;
use crate::value::Value;
use std::str::FromStr;
use std::sync::Arc;

pub mod atom;
mod f2;
pub mod linear;
mod morphism;
mod python;
mod scaled;
mod spelled;
mod swizzle;
mod symbolic;

pub use spelled::{cpp_only_call, dsl_order, dsl_position, major_stride};
pub use spelled::{dsl_param, print_as, Syntax};

pub(crate) use swizzle::{parse_composed_tail, parse_swizzled, Swizzled};

/// What is expected where a `_` stands in an int-tuple.
const NO_UNDERSCORE: &str = "an integer (`_` is only allowed in coordinates and tilers)";

/// What a leaf reader found missing at the parser's position; [`Parser::tree`] makes it a
/// [`LayoutError::Parse`] (kept small, so that a leaf is returned in registers).
struct Expected(&'static str);

/// A leaf read, or what was expected instead.
type Leaf<T> = std::result::Result<T, Expected>;

/// A cursor over CuTe notation.
pub struct Parser<'a> {
    input: &'a str,
    pos: usize,
    depth: usize,
    /// Whether plain integers are static, as in CuTe DSL Python (`cute.make_layout((4,8))`),
    /// where a dynamic integer is spelled `cutlass.Int32(4)`.
    pub python: bool,
}

impl<'a> Parser<'a> {
    /// A parser at the start of `input`.
    ///
    /// ```
    /// use cute_layout::notation::Parser;
    /// let mut p = Parser::new(" (2, _3) ");
    /// assert_eq!(p.int_tuple().unwrap().to_string(), "(2,_3)");
    /// p.end().unwrap();
    /// ```
    pub fn new(input: &'a str) -> Self {
        Parser {
            input,
            pos: 0,
            depth: 0,
            python: false,
        }
    }

    /// A parser at the start of `input` written in `syntax`: [`Syntax::Dsl`] reads plain
    /// integers as static, as Python's CuTe DSL does; CuTe notation and C++ spellings are
    /// read in any syntax.
    ///
    /// ```
    /// use cute_layout::notation::{Parser, Syntax};
    /// let mut p = Parser::with_syntax("(4,8)", Syntax::Dsl);
    /// assert_eq!(p.int_tuple().unwrap().to_string(), "(_4,_8)");
    /// ```
    pub fn with_syntax(input: &'a str, syntax: Syntax) -> Self {
        let mut p = Parser::new(input);
        p.python = syntax == Syntax::Dsl;
        p
    }

    /// The text being read.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The current byte position.
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// let mut p = Parser::new("(2,3) rest");
    /// p.int_tuple().unwrap();
    /// assert_eq!(p.pos(), 5);
    /// ```
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Skips white space (`char::is_whitespace`); ASCII needs no `char` decoding.
    #[inline]
    fn skip_ws(&mut self) {
        while let Some(&b) = self.input.as_bytes().get(self.pos) {
            // `char::is_whitespace` on ASCII: space and `\t` to `\r` (vertical tab included)
            if matches!(b, b' ' | b'\t'..=b'\r') {
                self.pos += 1;
            } else if b.is_ascii() || !self.skip_unicode_ws() {
                break;
            }
        }
    }

    /// Consumes the non-ASCII character at the position if it is white space; whether it did.
    #[cold]
    fn skip_unicode_ws(&mut self) -> bool {
        match self.input[self.pos..].chars().next() {
            Some(c) if c.is_whitespace() => {
                self.pos += c.len_utf8();
                true
            }
            _ => false,
        }
    }

    /// The next non-space byte, without consuming it.
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// assert_eq!(Parser::new("  <2>").peek(), Some(b'<'));
    /// ```
    #[inline]
    pub fn peek(&mut self) -> Option<u8> {
        match self.input.as_bytes().get(self.pos) {
            // a printable ASCII byte, the common case: no space to skip
            Some(&b) if b.is_ascii_graphic() => Some(b),
            _ => {
                self.skip_ws();
                self.input.as_bytes().get(self.pos).copied()
            }
        }
    }

    /// An error at the current position.
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// let e = Parser::new("(2,3").error("')'");
    /// assert!(e.to_string().contains("expected ')'"));
    /// ```
    pub fn error(&self, expected: &str) -> LayoutError {
        LayoutError::parse(self.input, self.pos, expected)
    }

    /// Consumes `c` or fails.
    ///
    /// # Errors
    /// [`LayoutError::Parse`].
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// let mut p = Parser::new(" (");
    /// assert!(p.expect(b'(').is_ok());
    /// assert!(p.expect(b')').is_err());
    /// ```
    #[inline]
    pub fn expect(&mut self, c: u8) -> Result<()> {
        if self.accept(c) {
            Ok(())
        } else {
            Err(self.missing(c))
        }
    }

    /// The error of [`Parser::expect`] when `c` is not next.
    #[cold]
    fn missing(&self, c: u8) -> LayoutError {
        self.error(&format!("'{}'", c as char))
    }

    /// Consumes `c` if it is the next non-space byte; whether it did.
    #[inline]
    pub fn accept(&mut self, c: u8) -> bool {
        let found = self.peek() == Some(c);
        self.pos += usize::from(found);
        found
    }

    /// Fails unless only spaces are left.
    ///
    /// # Errors
    /// [`LayoutError::Parse`].
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// assert!(Parser::new("   ").end().is_ok());
    /// assert!(Parser::new(" x").end().is_err());
    /// ```
    pub fn end(&mut self) -> Result<()> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error("end of input")),
        }
    }

    /// Whether the text after the spaces at the position starts with `s`.
    pub fn at(&mut self, s: &str) -> bool {
        self.peek();
        // bytes: no check that the position is a character boundary
        self.input.as_bytes()[self.pos..].starts_with(s.as_bytes())
    }

    /// Skips `n` bytes (which [`Parser::at`] has seen).
    pub fn skip(&mut self, n: usize) {
        self.pos += n;
    }

    /// Whether an identifier followed by a lone `=` (Python's `name=value`) is next.
    pub fn at_keyword(&mut self) -> bool {
        self.peek();
        let rest = &self.input.as_bytes()[self.pos..];
        let n = rest
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_')
            .count();
        let after = rest[n..].iter().skip_while(|b| b.is_ascii_whitespace());
        let mut after = after.copied();
        n > 0 && after.next() == Some(b'=') && after.next() != Some(b'=')
    }

    /// An identifier `[A-Za-z_][A-Za-z0-9_]*`.
    ///
    /// # Errors
    /// [`LayoutError::Parse`].
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// assert_eq!(Parser::new("size(4)").ident().unwrap(), "size");
    /// ```
    pub fn ident(&mut self) -> Result<&'a str> {
        self.skip_ws();
        let start = self.pos;
        let rest = &self.input.as_bytes()[start..];
        if !rest.first().is_some_and(u8::is_ascii_digit) {
            self.pos += rest
                .iter()
                .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_')
                .count();
        }
        if self.pos == start {
            return Err(self.error("an operation name"));
        }
        Ok(&self.input[start..self.pos])
    }

    /// A coordinate leaf: an integer (`8`, `_8`, `-1`, `_-1`) or `_`, at the position (no
    /// space skipped: [`Parser::tree`], which reads every leaf, has peeked at it); the C++
    /// and Python spellings (`_8{}`, `Int<8>{}`, `cutlass.Int32(8)`, `None`) too.
    // always: a call per leaf cost as much as reading the leaf
    #[inline(always)]
    fn coord_leaf(&mut self) -> Leaf<CoordLeaf> {
        let start = self.pos;
        let is_static = self.eat(b'_');
        let negative = self.eat(b'-');
        let digits = self.pos;
        let value = self.decimal(negative);
        if self.pos == digits {
            if is_static && !negative {
                return Ok(CoordLeaf::Underscore);
            }
            if self.pos == start {
                if let Some(leaf) = self.spelled_leaf() {
                    return leaf;
                }
            }
            return Err(Expected("an integer"));
        }
        if is_static && self.input.as_bytes().get(self.pos) == Some(&b'{') {
            self.braces()?;
        }
        match value {
            Some(v) => Ok(CoordLeaf::Index(Int::new(v, is_static || self.python))),
            None => {
                self.pos = start;
                Err(Expected("an integer that fits in 64 bits"))
            }
        }
    }

    /// Consumes `c` if it is the next byte (no space skipped); whether it did.
    #[inline]
    fn eat(&mut self, c: u8) -> bool {
        let found = self.input.as_bytes().get(self.pos) == Some(&c);
        self.pos += usize::from(found);
        found
    }

    /// Consumes the decimal digits at the position: their value, negated if `negative`, or
    /// `None` when it does not fit in an `i64` (then the digits are consumed only in part).
    // always: a call per leaf cost as much as reading the leaf
    #[inline(always)]
    fn decimal(&mut self, negative: bool) -> Option<i64> {
        // up to 18 digits cannot overflow: no checked arithmetic for them
        let (bytes, start) = (self.input.as_bytes(), self.pos);
        let mut value = 0i64;
        while let Some(&b) = bytes.get(self.pos) {
            if !b.is_ascii_digit() {
                break;
            }
            if self.pos - start == 18 {
                self.pos = start;
                return self.long_decimal(negative);
            }
            value = value * 10 + i64::from(b - b'0');
            self.pos += 1;
        }
        Some(if negative { -value } else { value })
    }

    /// [`Parser::decimal`] of 19 digits or more, which may not fit.
    #[cold]
    fn long_decimal(&mut self, negative: bool) -> Option<i64> {
        let sign = if negative { -1 } else { 1 };
        let mut value = 0i64;
        while let Some(&b) = self.input.as_bytes().get(self.pos) {
            if !b.is_ascii_digit() {
                break;
            }
            value = value
                .checked_mul(10)?
                .checked_add(sign * i64::from(b - b'0'))?;
            self.pos += 1;
        }
        Some(value)
    }

    /// Reads a tree, appending its nodes in pre-order to `nodes`; `leaf` reads each leaf.
    ///
    /// A loop, not a recursion: the open tuples are [`OpenTuples`], kept in `nodes` (a
    /// [`crate::tree::Builder`] owns its nodes, which would then be moved).
    fn tree<T: Copy>(
        &mut self,
        nodes: &mut Nodes<T>,
        leaf: &mut impl FnMut(&mut Self) -> Leaf<T>,
    ) -> Result<()> {
        let mut open = OpenTuples::new();
        loop {
            // an element: a leaf, or a tuple opened (and left to the loop below if empty)
            if self.peek() == Some(b'(') {
                self.open_tuple(nodes, &mut open)?;
                if self.peek() != Some(b')') {
                    continue;
                }
            } else {
                let x = leaf(self).map_err(|e| self.expected(e))?;
                open.leaf(nodes, x);
            }
            // after an element: `)` closes a tuple, `,` starts the next element
            loop {
                if !open.any() {
                    return Ok(());
                }
                match self.peek() {
                    Some(b',') => {
                        if open.children() >= MAX_WIDTH {
                            return Err(self.too_wide());
                        }
                        self.pos += 1;
                        // Python's one-tuple `(4,)`
                        if !(self.python && self.peek() == Some(b')')) {
                            break;
                        }
                    }
                    Some(b')') => {
                        self.pos += 1;
                        open.close(nodes);
                        self.depth -= 1;
                    }
                    _ => return Err(self.error("',' or ')'")),
                }
            }
        }
    }

    /// Consumes the `(` at the position and opens its tuple in `nodes`, at most [`MAX_DEPTH`]
    /// levels deep.
    #[inline]
    fn open_tuple<T>(&mut self, nodes: &mut Nodes<T>, open: &mut OpenTuples) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.too_deep());
        }
        self.pos += 1;
        open.open(nodes);
        Ok(())
    }

    /// The error of a tuple or tiler opened more than [`MAX_DEPTH`] levels deep.
    #[cold]
    fn too_deep(&self) -> LayoutError {
        self.error(&format!("at most {MAX_DEPTH} levels of nesting"))
    }

    /// The error of a tuple or tiler of more than [`MAX_WIDTH`] modes, at its next `,` (before
    /// the mode is stored).
    #[cold]
    fn too_wide(&self) -> LayoutError {
        self.error(&format!(
            "at most MAX_WIDTH = {MAX_WIDTH} modes in one tuple (group the modes in nested tuples)"
        ))
    }

    /// The parse error of a leaf reader's failure, at the position.
    #[cold]
    fn expected(&self, e: Expected) -> LayoutError {
        self.error(e.0)
    }

    /// A tree whose leaves `leaf` reads.
    fn read_tree<T: Copy>(
        &mut self,
        leaf: &mut impl FnMut(&mut Self) -> Leaf<T>,
    ) -> Result<Tree<T>> {
        let mut t = Tree {
            nodes: Nodes::new(),
        };
        self.tree(&mut t.nodes, leaf)?;
        Ok(t)
    }

    /// A coordinate (an int-tuple that may contain `_`).
    ///
    /// # Errors
    /// [`LayoutError::Parse`].
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// assert_eq!(Parser::new("(_,(1,_))").coord().unwrap().to_string(), "(_,(1,_))");
    /// ```
    pub fn coord(&mut self) -> Result<Coord> {
        self.read_tree(&mut Self::coord_leaf)
    }

    /// An int-tuple (no `_`).
    ///
    /// # Errors
    /// [`LayoutError::Parse`].
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// assert_eq!(Parser::new("( 2 , (_3,-4) )").int_tuple().unwrap().to_string(), "(2,(_3,-4))");
    /// assert!(Parser::new("(2,_)").int_tuple().is_err());
    /// ```
    pub fn int_tuple(&mut self) -> Result<IntTuple> {
        self.read_tree(&mut Self::int_leaf)
    }

    /// An int-tuple leaf: an integer, `_` refused.
    #[inline]
    fn int_leaf(&mut self) -> Leaf<Int> {
        let at = self.pos;
        match self.coord_leaf()? {
            CoordLeaf::Index(i) => Ok(i),
            CoordLeaf::Underscore => {
                self.pos = at;
                Err(Expected(NO_UNDERSCORE))
            }
        }
    }

    /// A layout `S:D` (a shape alone means column-major strides).
    ///
    /// # Errors
    /// [`LayoutError::Parse`], [`LayoutError::NotCongruent`].
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// assert_eq!(Parser::new("(2,4):(1,2)").layout().unwrap().to_string(), "(2,4):(1,2)");
    /// assert_eq!(Parser::new("(2,4)").layout().unwrap().to_string(), "(2,4):(_1,2)");
    /// ```
    pub fn layout(&mut self) -> Result<Layout> {
        let shape = self.int_tuple()?;
        if self.peek() != Some(b':') {
            return Layout::column_major(&shape);
        }
        let mut stride = empty_tree();
        self.stride(&shape, &mut stride)?;
        Ok(Layout::from_congruent(shape, stride))
    }

    /// Reads the `:D` of a layout whose shape was just read into `stride`: congruent to `shape`.
    fn stride(&mut self, shape: &IntTuple, stride: &mut IntTuple) -> Result<()> {
        self.expect(b':')?;
        let at = self.pos;
        self.tree(&mut stride.nodes, &mut Self::int_leaf)?;
        if !shape.congruent(stride) {
            return Err(LayoutError::parse(
                self.input,
                at,
                "a stride congruent to the shape",
            ));
        }
        Ok(())
    }

    /// Any literal: integer, `_`, tuple, layout or tiler.
    ///
    /// # Errors
    /// [`LayoutError::Parse`].
    ///
    /// ```
    /// # use cute_layout::{notation::Parser, value::Value};
    /// assert!(matches!(Parser::new("8:2").literal().unwrap(), Value::Layout(_)));
    /// assert!(matches!(Parser::new("<8:2>").literal().unwrap(), Value::Tiler(_)));
    /// assert!(matches!(Parser::new("_").literal().unwrap(), Value::Underscore));
    /// ```
    pub fn literal(&mut self) -> Result<Value> {
        let mut l = Value::Underscore;
        self.literal_into(&mut l)?;
        Ok(l)
    }

    /// [`Parser::literal`], written to `out` (a layout is read in place, where it will stay).
    pub fn literal_into(&mut self, out: &mut Value) -> Result<()> {
        match self.peek() {
            Some(b'A'..=b'Z') => *out = self.spelled_literal()?,
            Some(b'<') => *out = Value::Tiler(Box::new(self.tiler_tuple()?)),
            Some(b'#') => *out = linear::triton_literal(self)?,
            Some(b'm' | b'c') if self.at_basis_call() => *out = self.basis_value()?,
            Some(_) if self.at_scope() => {
                self.pos += "cute::".len();
                if self.at("cute::") {
                    return Err(self.error("a name after `cute::`"));
                }
                return self.literal_into(out);
            }
            _ => {
                let (start, depth) = (self.pos, self.depth);
                *out = Value::Layout(Arc::new(Layout::unread()));
                let Value::Layout(l) = out else {
                    unreachable!("a layout was just written")
                };
                // the layout was just made, so `make_mut` borrows it (it is not shared)
                let l = Arc::make_mut(l);
                match self.layout_in_place(l) {
                    Ok(Some(other)) => *out = self.other_literal(l, other)?,
                    Ok(None) => {}
                    Err(e) => {
                        *out = match self.f2_layout_at(start, depth) {
                            Some(f2) => f2?,
                            None => match self.basis_layout_at(start, depth) {
                                Some(basis) => basis?,
                                None => match self.tv_layout_at(start, depth) {
                                    Some(tv) => tv,
                                    None => self.python_tuple_at(start, depth).ok_or(e)??,
                                },
                            },
                        }
                    }
                }
            }
        }
        while self.peek() == Some(b'+') {
            self.tensor_offset(out)?;
            if !matches!(out, Value::Int(_)) {
                break;
            }
        }
        Ok(())
    }

    /// Reads the `+OFFSET` (at the position) of a tensor `L+o`, as CuTe prints a layout or a
    /// composed layout over an integer offset (what `local_tile` returns): `out`, the literal
    /// before it, becomes that tensor; after an integer, their sum (C++'s `bM+Int<1>{}`).
    ///
    /// ```
    /// # use cute_layout::{notation::Parser, value::Value};
    /// assert!(matches!(Parser::new("(4,2):(_2,24)+16").literal().unwrap(), Value::LayoutOffset(..)));
    /// let composed = Parser::new("Sw<1,0,1> o _0 o (_4):(_2)+_-3").literal().unwrap();
    /// assert!(matches!(composed, Value::ComposedOffset(..)));
    /// assert_eq!(composed.to_string(), "Sw<1,0,1> o _0 o (_4):(_2)+_-3");
    /// assert!(Parser::new("(4,2)+16").literal().is_err());
    /// assert_eq!(Parser::new("Int<128>{}+Int<1>{}").literal().unwrap().to_string(), "_129");
    /// ```
    fn tensor_offset(&mut self, out: &mut Value) -> Result<()> {
        let at = self.pos;
        self.pos += 1;
        self.peek();
        let offset = self.int_leaf().map_err(|e| self.expected(e))?;
        *out = match std::mem::replace(out, Value::Underscore) {
            Value::Layout(l) => Value::LayoutOffset(l, offset),
            // C++'s sum of integers, `bM+Int<1>{}` (static iff both are)
            Value::Int(a) => Value::Int(a.add(offset)?),
            Value::Composed(c) => Value::ComposedOffset(c, offset),
            other => {
                let why = format!(
                    "end of input (`+OFFSET` follows a layout or a composed layout, making a \
                     tensor `L+o`, not {})",
                    other.describe()
                );
                return Err(LayoutError::parse(self.input, at, why));
            }
        };
        Ok(())
    }

    /// Whether a call `op(...)` is at the position, not a literal: a lower-case name, other
    /// than Python's `cutlass.Int32(4)`, and not a C++ call that builds a scaled-basis value
    /// ([`Parser::at_basis_call`]), which the literal reader reads.
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// assert!(Parser::new(" size(4)").at_call());
    /// assert!(!Parser::new("(4,8):(1,4)").at_call());
    /// assert!(!Parser::new("cutlass.Int32(4)").at_call());
    /// assert!(!Parser::new("cute::Int<4>{}").at_call());
    /// assert!(!Parser::new("make_layout(4,E<0>{})").at_call());
    /// ```
    pub fn at_call(&mut self) -> bool {
        matches!(self.peek(), Some(c) if c.is_ascii_lowercase())
            && !self.at("cutlass.")
            && !self.at_device_index()
            && !self.at_scope()
            && !self.at_basis_call()
    }

    /// Whether a device-side index, `threadIdx.x` (C++'s `blockIdx`, `blockDim`, `gridDim`
    /// alike), is at the position: read as a literal, which refuses it with a hint.
    fn at_device_index(&self) -> bool {
        let rest = &self.input.as_bytes()[self.pos..];
        // every device index is a name and a `.`: any other word is refused at its first byte
        // that is not part of a name
        let name = rest
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_')
            .count();
        if rest.get(name) != Some(&b'.') {
            return false;
        }
        let n = rest
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.'))
            .count();
        std::str::from_utf8(&rest[..n]).is_ok_and(|w| spelled::device_index(w).is_some())
    }

    /// Whether `cute::` and a capitalised name or `_` is at the position: an atom, a C++ type
    /// or a static integer (`cute::_8`), not a call such as `cute::make_layout(...)`.
    pub(crate) fn at_scope(&self) -> bool {
        let rest = &self.input.as_bytes()[self.pos..];
        rest.starts_with(b"cute::")
            && rest
                .get(6)
                .is_some_and(|&b| b.is_ascii_uppercase() || b == b'_')
    }

    /// A TV layout `(TILER,LAYOUT_TV)` (as `make_layout_tv` prints it) from `start`, where
    /// reading a layout failed; `None` if it is not one either.
    #[cold]
    fn tv_layout_at(&mut self, start: usize, depth: usize) -> Option<Value> {
        (self.pos, self.depth) = (start, depth);
        let tv = self.tv_layout().ok()?;
        Some(Value::Tv(Box::new(tv)))
    }

    /// A TV layout `(TILER,LAYOUT_TV)`: an `(M,N)` tile and a `(thread, value)` layout.
    ///
    /// # Errors
    /// [`LayoutError::Parse`]; the errors of [`crate::tv::TvLayout::new`].
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// let tv = Parser::new("((8,4),((2,4),(2,2)):((16,2),(1,8)))").tv_layout().unwrap();
    /// assert_eq!(tv.cell_of(1, 0).unwrap(), (0, 2));
    /// ```
    pub fn tv_layout(&mut self) -> Result<crate::tv::TvLayout> {
        self.expect(b'(')?;
        let tiler = self.int_tuple()?;
        self.expect(b',')?;
        let layout = self.layout()?;
        self.expect(b')')?;
        crate::tv::TvLayout::new(tiler, layout)
    }

    /// Reads a layout into `l`, where it stays, from the position (where [`Parser::peek`] has
    /// skipped the spaces); `Some` for a literal that only starts like one, which
    /// [`Parser::other_literal`] finishes.
    fn layout_in_place(&mut self, l: &mut Layout) -> Result<Option<NotLayout>> {
        let start = self.pos;
        let (shape, stride) = l.trees_mut();
        let underscore = self.shape_or_coord(shape)?;
        if self.peek() == Some(b'-') && self.input.as_bytes().get(self.pos + 1) == Some(&b'>') {
            return Ok(Some(NotLayout::Morphism { start }));
        }
        if self.peek() != Some(b':') {
            return Ok(Some(NotLayout::Tree { start, underscore }));
        }
        if let Some(at) = underscore {
            self.pos = at;
            return Err(self.error(NO_UNDERSCORE));
        }
        self.stride(shape, stride)?;
        if self.input.as_bytes().get(self.pos) == Some(&b'^') {
            // a leaf F2 stride, `_4:_3^`: read again as an F2 layout
            return Err(self.error("an integer stride (an F2 layout is read next)"));
        }
        // congruent, and no deeper than `MAX_DEPTH` since `tree` stops there
        if self.peek() == Some(b'o') {
            return Ok(Some(NotLayout::Composed));
        }
        Ok(None)
    }

    /// The literal that [`Parser::layout_in_place`] found not to be a layout, `l` what it read.
    fn other_literal(&mut self, l: &mut Layout, other: NotLayout) -> Result<Value> {
        Ok(match other {
            NotLayout::Morphism { start } => {
                self.pos = start;
                Value::Morphism(Box::new(self.morphism()?))
            }
            NotLayout::Composed => {
                // `A o OFFSET o B`: a composed layout whose outer function is the layout `A`
                let a = crate::swizzle::Outer::from(std::mem::replace(l, Layout::unread()));
                Value::Composed(Box::new(parse_composed_tail(self, a)?))
            }
            NotLayout::Tree { start, underscore } => {
                self.bare_literal(l.trees_mut().0, underscore, start)?
            }
        })
    }

    /// Reads a tree into `shape`, `_` read as 0 (the tree is a coordinate if no `:` follows);
    /// the position of the first `_`.
    fn shape_or_coord(&mut self, shape: &mut IntTuple) -> Result<Option<usize>> {
        let mut underscore = None;
        self.tree(&mut shape.nodes, &mut |p: &mut Self| {
            let at = p.pos;
            Ok(match p.coord_leaf()? {
                CoordLeaf::Index(i) => i,
                CoordLeaf::Underscore => {
                    underscore = underscore.or(Some(at));
                    Int::ZERO
                }
            })
        })?;
        Ok(underscore)
    }

    /// The literal of a tree read from `start` by [`Parser::shape_or_coord`] and not followed by
    /// `:`: an integer, `_` or a tuple.
    fn bare_literal(
        &mut self,
        shape: &IntTuple,
        underscore: Option<usize>,
        start: usize,
    ) -> Result<Value> {
        Ok(match (shape.as_leaf(), underscore) {
            (Some(i), None) => Value::Int(i),
            (Some(_), Some(_)) => Value::Underscore,
            (None, None) => Value::IntTuple(Box::new(shape.clone())),
            (None, Some(_)) => {
                // a coordinate with `_`: read it again as one
                self.pos = start;
                Value::Coord(Box::new(self.coord()?))
            }
        })
    }

    fn tiler_tuple(&mut self) -> Result<Tiler> {
        self.expect(b'<')?;
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.too_deep());
        }
        // most tilers have two modes (see `parse_call` for why not four)
        let mut items = Vec::with_capacity(2);
        if self.peek() == Some(b'>') {
            self.pos += 1;
        } else {
            loop {
                let last = items.len();
                items.resize_with(last + 1, || Tiler::Underscore);
                self.tiler_into(&mut items[last])?;
                match self.peek() {
                    Some(b',') if items.len() >= MAX_WIDTH => return Err(self.too_wide()),
                    Some(b',') => self.pos += 1,
                    Some(b'>') => {
                        self.pos += 1;
                        break;
                    }
                    _ => return Err(self.error("',' or '>'")),
                }
            }
        }
        self.depth -= 1;
        Ok(Tiler::Tuple(items))
    }

    /// A tiler: `<...>`, a layout, a shape, an integer or `_`.
    ///
    /// # Errors
    /// [`LayoutError::Parse`].
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// assert_eq!(Parser::new("<3:3,(2,_)>").tiler().unwrap().to_string(), "<3:3,<2,_>>");
    /// ```
    pub fn tiler(&mut self) -> Result<Tiler> {
        let mut t = Tiler::Underscore;
        self.tiler_into(&mut t)?;
        Ok(t)
    }

    /// [`Parser::tiler`], written to `out` (a layout is read in place, where it will stay).
    fn tiler_into(&mut self, out: &mut Tiler) -> Result<()> {
        let at = self.pos;
        match self.peek() {
            Some(b'<') => *out = self.tiler_tuple()?,
            Some(b'A'..=b'Z') => {
                let literal = self.literal()?;
                *out = self.literal_tiler(literal, at)?;
            }
            _ => {
                *out = Tiler::Layout(Layout::unread());
                let Tiler::Layout(l) = out else {
                    unreachable!("a layout was just written")
                };
                if let Some(other) = self.layout_in_place(l)? {
                    let literal = self.other_literal(l, other)?;
                    *out = self.literal_tiler(literal, at)?;
                }
            }
        }
        Ok(())
    }

    /// The tiler a literal read from `at` stands for.
    fn literal_tiler(&self, literal: Value, at: usize) -> Result<Tiler> {
        Ok(match literal {
            Value::Tiler(t) => *t,
            Value::Layout(l) => Tiler::Layout(Arc::unwrap_or_clone(l)),
            Value::Underscore => Tiler::Underscore,
            Value::Int(n) => Tiler::from_int(n),
            Value::IntTuple(t) => Tiler::from_shape(&t),
            Value::Coord(c) => {
                coord_to_tiler(&c).ok_or_else(|| LayoutError::parse(self.input, at, "a tiler"))?
            }
            _ => return Err(LayoutError::parse(self.input, at, "a tiler")),
        })
    }
}

/// What a literal that starts like a layout turned out to be, when it is not one.
enum NotLayout {
    /// A tuple morphism `S -> T over α` from `start` on.
    Morphism { start: usize },
    /// A composed layout `A o OFFSET o B`, the layout `A` read.
    Composed,
    /// A tree read from `start` and not followed by `:`, its first `_` at `underscore`.
    Tree {
        start: usize,
        underscore: Option<usize>,
    },
}

/// A tree without nodes, to read one into (never a value: a tree has at least one node).
fn empty_tree<T>() -> Tree<T> {
    Tree {
        nodes: Nodes::new(),
    }
}

/// A shape tiler with `_` allowed: `(4,_)` is `<4:_1,_>`.
pub fn coord_to_tiler(c: &Coord) -> Option<Tiler> {
    match c.as_leaf() {
        Some(CoordLeaf::Index(n)) => Some(Tiler::from_int(n)),
        Some(CoordLeaf::Underscore) => Some(Tiler::Underscore),
        None => c
            .modes()
            .map(|m| coord_to_tiler(&m.to_tree()))
            .collect::<Option<Vec<_>>>()
            .map(Tiler::Tuple),
    }
}

fn parse_all<'a, T>(s: &'a str, f: impl FnOnce(&mut Parser<'a>) -> Result<T>) -> Result<T> {
    let mut p = Parser::new(s);
    let v = f(&mut p)?;
    p.end()?;
    Ok(v)
}

impl FromStr for Tree<Int> {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, Parser::int_tuple)
    }
}

impl FromStr for Tree<CoordLeaf> {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, Parser::coord)
    }
}

impl FromStr for Layout {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, Parser::layout)
    }
}

impl FromStr for Tiler {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, Parser::tiler)
    }
}

impl FromStr for Value {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, Parser::literal)
    }
}

//! CuTe notation: parsing text into values (printing is `Display` on each type).
//!
//! Int-tuples `(2,(_3,-4))`, coordinates with `_`, layouts `(2,(2,2)):(4,(1,2))`, tilers
//! `<3:3,(2,4):(1,8)>`. A leading `_` marks a static integer (`_8`); a lone `_` is the
//! wildcard. Spaces are accepted between tokens and never printed. Errors give the byte
//! position, what was expected, and a caret line.

use crate::coord::{Coord, CoordLeaf};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::tiler::Tiler;
use crate::tree::{Builder, Tree, MAX_DEPTH};
use crate::tuple::IntTuple;
use std::str::FromStr;

mod morphism;

/// A literal of CuTe notation, as accepted by `cute eval`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Literal {
    /// An integer: `8`, `_8`, `-1`.
    Int(Int),
    /// The wildcard `_`.
    Underscore,
    /// A tuple, possibly with `_`: `(2,(3,_))`.
    Tuple(Coord),
    /// A layout `S:D`.
    Layout(Layout),
    /// A tiler `<...>`.
    Tiler(Tiler),
    /// A tuple morphism `S -> T over α` (see [`crate::category`]).
    Morphism(crate::category::NestedMorphism),
    /// A swizzle `Sw<B,M,S>` (see [`crate::swizzle`]).
    Swizzle(crate::swizzle::Swizzle),
    /// A composed layout `Sw<B,M,S> o OFFSET o LAYOUT` or `A o OFFSET o LAYOUT` (`A` a layout).
    Composed(crate::swizzle::ComposedLayout),
    /// A scaled-basis layout: the value of a nested `make_identity_layout(...)` in `cute eval`.
    Basis(Box<crate::basis::BasisLayout>),
    /// An identity tensor: the value of a nested `make_identity_tensor(...)` in `cute eval`.
    IdentityTensor(Box<crate::basis::IdentityTensor>),
}

/// A cursor over CuTe notation.
pub struct Parser<'a> {
    input: &'a str,
    pos: usize,
    depth: usize,
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
        }
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
    pub fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.input.as_bytes().get(self.pos).copied()
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
    pub fn expect(&mut self, c: u8) -> Result<()> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(&format!("'{}'", c as char)))
        }
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

    /// A coordinate leaf: an integer (`8`, `_8`, `-1`, `_-1`) or `_`.
    fn coord_leaf(&mut self) -> Result<CoordLeaf> {
        self.skip_ws();
        let start = self.pos;
        let is_static = self.eat(b'_');
        let negative = self.eat(b'-');
        let digits = self.pos;
        let value = self.decimal(negative);
        if self.pos == digits {
            if is_static && !negative {
                return Ok(CoordLeaf::Underscore);
            }
            return Err(self.error("an integer"));
        }
        match value {
            Some(v) => Ok(CoordLeaf::Index(Int::new(v, is_static))),
            None => {
                self.pos = start;
                Err(self.error("an integer that fits in 64 bits"))
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
    /// `None` when it does not fit in an `i64`.
    #[inline]
    fn decimal(&mut self, negative: bool) -> Option<i64> {
        let mut value = Some(0i64);
        while let Some(&b) = self.input.as_bytes().get(self.pos) {
            if !b.is_ascii_digit() {
                break;
            }
            let d = i64::from(b - b'0');
            value = value.and_then(|v| v.checked_mul(10)).and_then(|v| {
                if negative {
                    v.checked_sub(d)
                } else {
                    v.checked_add(d)
                }
            });
            self.pos += 1;
        }
        value
    }

    fn tree<T: Copy, F: FnMut(&mut Self) -> Result<T>>(
        &mut self,
        leaf: &mut F,
        b: &mut Builder<T>,
    ) -> Result<()> {
        if self.peek() != Some(b'(') {
            b.leaf(leaf(self)?);
            return Ok(());
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(&format!("at most {MAX_DEPTH} levels of nesting")));
        }
        self.pos += 1;
        b.open();
        if self.peek() == Some(b')') {
            self.pos += 1;
        } else {
            loop {
                self.tree(leaf, b)?;
                match self.peek() {
                    Some(b',') => self.pos += 1,
                    Some(b')') => {
                        self.pos += 1;
                        break;
                    }
                    _ => return Err(self.error("',' or ')'")),
                }
            }
        }
        b.close();
        self.depth -= 1;
        Ok(())
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
        let mut b = Builder::new();
        self.tree(&mut |p: &mut Self| p.coord_leaf(), &mut b)?;
        b.finish()
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
        let mut b = Builder::new();
        self.tree(
            &mut |p: &mut Self| {
                let at = p.pos;
                match p.coord_leaf()? {
                    CoordLeaf::Index(i) => Ok(i),
                    CoordLeaf::Underscore => {
                        p.pos = at;
                        Err(p.error("an integer (`_` is only allowed in coordinates and tilers)"))
                    }
                }
            },
            &mut b,
        )?;
        b.finish()
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
        self.layout_after(shape)
    }

    /// The rest of a layout whose shape was just read: `:D`, or column-major strides.
    fn layout_after(&mut self, shape: IntTuple) -> Result<Layout> {
        if self.peek() == Some(b':') {
            self.pos += 1;
            let at = self.pos;
            let stride = self.int_tuple()?;
            Layout::new(shape, stride).map_err(|e| match e {
                LayoutError::NotCongruent { .. } => {
                    LayoutError::parse(self.input, at, "a stride congruent to the shape")
                }
                e => e,
            })
        } else {
            Layout::column_major(&shape)
        }
    }

    /// Any literal: integer, `_`, tuple, layout or tiler.
    ///
    /// # Errors
    /// [`LayoutError::Parse`].
    ///
    /// ```
    /// # use cute_layout::notation::{Literal, Parser};
    /// assert!(matches!(Parser::new("8:2").literal().unwrap(), Literal::Layout(_)));
    /// assert!(matches!(Parser::new("<8:2>").literal().unwrap(), Literal::Tiler(_)));
    /// assert!(matches!(Parser::new("_").literal().unwrap(), Literal::Underscore));
    /// ```
    pub fn literal(&mut self) -> Result<Literal> {
        if self.peek() == Some(b'S') {
            return Ok(match crate::swizzle::parse_swizzled(self)? {
                crate::swizzle::Swizzled::Swizzle(s) => Literal::Swizzle(s),
                crate::swizzle::Swizzled::Composed(c) => Literal::Composed(*c),
            });
        }
        if self.peek() == Some(b'<') {
            return Ok(Literal::Tiler(self.tiler_tuple()?));
        }
        let start = self.pos;
        let c = self.coord()?;
        if self.peek() == Some(b'-') && self.input.as_bytes().get(self.pos + 1) == Some(&b'>') {
            self.pos = start;
            return Ok(Literal::Morphism(self.morphism()?));
        }
        if self.peek() == Some(b':') {
            let l = if c.has_underscore() {
                // re-read as a layout to report the `_` in the shape
                self.pos = start;
                self.layout()?
            } else {
                self.layout_after(c.underscores_as_zero())?
            };
            if self.peek() == Some(b'o') {
                // `A o OFFSET o B`: a composed layout whose outer function is a layout
                let a = crate::swizzle::Outer::from(l);
                return Ok(Literal::Composed(crate::swizzle::parse_composed_tail(
                    self, a,
                )?));
            }
            return Ok(Literal::Layout(l));
        }
        Ok(match c.as_leaf() {
            Some(CoordLeaf::Index(i)) => Literal::Int(i),
            Some(CoordLeaf::Underscore) => Literal::Underscore,
            None => Literal::Tuple(c),
        })
    }

    fn tiler_tuple(&mut self) -> Result<Tiler> {
        self.expect(b'<')?;
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(&format!("at most {MAX_DEPTH} levels of nesting")));
        }
        let mut items = Vec::new();
        if self.peek() == Some(b'>') {
            self.pos += 1;
        } else {
            loop {
                items.push(self.tiler()?);
                match self.peek() {
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
    /// assert_eq!(Parser::new("<3:3,(2,_)>").tiler().unwrap().to_string(), "<3:3,<2:_1,_>>");
    /// ```
    pub fn tiler(&mut self) -> Result<Tiler> {
        let at = self.pos;
        Ok(match self.literal()? {
            Literal::Tiler(t) => t,
            Literal::Layout(l) => Tiler::Layout(l),
            Literal::Underscore => Tiler::Underscore,
            Literal::Int(n) => Tiler::Layout(Layout::leaf(n, Int::ONE)),
            Literal::Tuple(c) => {
                coord_to_tiler(&c).ok_or_else(|| LayoutError::parse(self.input, at, "a tiler"))?
            }
            Literal::Morphism(_) => return Err(LayoutError::parse(self.input, at, "a tiler")),
            Literal::Swizzle(_)
            | Literal::Composed(_)
            | Literal::Basis(_)
            | Literal::IdentityTensor(_) => {
                return Err(LayoutError::parse(self.input, at, "a tiler"))
            }
        })
    }
}

/// A shape tiler with `_` allowed: `(4,_)` is `<4:_1,_>`.
pub(crate) fn coord_to_tiler(c: &Coord) -> Option<Tiler> {
    match c.as_leaf() {
        Some(CoordLeaf::Index(n)) => Some(Tiler::Layout(Layout::leaf(n, Int::ONE))),
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

impl FromStr for Literal {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, Parser::literal)
    }
}

//! The notation of symbolic extents: leaves that name unknowns, `(M,N):(1,M)`, `M/128`,
//! `64*M`, `2*M-1`, and the `M=256` of a substitution.
//!
//! A symbol is a name starting with a capital letter (a name in lower case is an operation's).
//! The reader is tried only where the ordinary notation fails to read a literal and reads only
//! what names a symbol, so that every text the ordinary notation reads, or refuses without
//! naming one, reads as before: `X` of `Step<_1,X,_1>`, atom names (`SM80_...`, `GMMA...`,
//! `Tiled...`, `Universal...`, `Copy_Atom`, `MMA_...`) and C++ types keep their meanings. Grammar of a leaf: `term (('+'|'-') term)*`, a term `factor (('*'|'/') factor)*`,
//! a factor a symbol, an integer `4` or a static integer `_4`; `/` is exact division, and a
//! leaf that is an integer only for some values of its symbols (`M/128`) records the
//! divisibility (`128 | M`) as an assumption of the value.

use super::Parser;
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::symbolic::{
    is_symbol_name, Assumptions, SymInt, SymLayout, SymTuple, SymValue, Symbolic,
};
use crate::value::Value;
use std::str::FromStr;

/// Whether `name` starts an atom or a C++ type the notation reads (`SM80_...`, `GMMA::...`,
/// `TiledMMA<..>`, `Layout_K_SW128_Atom`): never a symbol, so that their refusals stay.
fn is_atom_name(name: &str) -> bool {
    super::spelled::is_atom_word(name) || super::spelled::is_smem_atom_word(name)
}

/// A reader of symbolic notation over `text`.
struct Reader<'a> {
    text: &'a str,
    pos: usize,
    depth: usize,
    assumed: Assumptions,
    symbols: usize,
}

impl<'a> Reader<'a> {
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn skip_ws(&mut self) {
        while self
            .bytes()
            .get(self.pos)
            .is_some_and(|b| b.is_ascii_whitespace())
        {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.bytes().get(self.pos).copied()
    }

    fn error(&self, expected: &str) -> LayoutError {
        LayoutError::parse(self.text, self.pos, expected)
    }

    fn accept(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// A name at the position, `[A-Za-z][A-Za-z0-9_]*`, not consumed.
    fn name_here(&mut self) -> Option<&'a str> {
        self.peek();
        let rest = &self.bytes()[self.pos..];
        if !rest.first().is_some_and(u8::is_ascii_alphabetic) {
            return None;
        }
        let n = rest
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        Some(&self.text[self.pos..self.pos + n])
    }

    /// Digits at the position as an `i64`.
    fn digits(&mut self) -> Result<i64> {
        let rest = &self.bytes()[self.pos..];
        let n = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if n == 0 {
            return Err(self.error("an integer or a symbol"));
        }
        let v = self.text[self.pos..self.pos + n]
            .parse::<i64>()
            .map_err(|_| self.error("an integer that fits in 64 bits"))?;
        self.pos += n;
        Ok(v)
    }

    fn factor(&mut self) -> Result<SymInt> {
        if let Some(name) = self.name_here() {
            if !is_symbol_name(name) || is_atom_name(name) {
                return Err(self.error("a symbol (a name starting with a capital letter)"));
            }
            self.pos += name.len();
            self.symbols += 1;
            return SymInt::symbol(name);
        }
        if self.accept(b'_') {
            return Ok(Int::fixed(self.digits()?).into());
        }
        Ok(Int::dynamic(self.digits()?).into())
    }

    fn term(&mut self) -> Result<SymInt> {
        let mut x = self.factor()?;
        loop {
            if self.accept(b'*') {
                x = x.mul(&self.factor()?)?;
            } else if self.peek() == Some(b'/') {
                self.pos += 1;
                let at = self.pos;
                let d = self.factor()?;
                if d.is(0) {
                    return Err(LayoutError::parse(self.text, at, "a non-zero divisor"));
                }
                x = x.div(&d)?;
            } else {
                return Ok(x);
            }
        }
    }

    /// A leaf: a sum of terms, each assumed to be an integer where that is not decided.
    fn leaf(&mut self) -> Result<SymInt> {
        let start = self.pos;
        let negative = self.accept(b'-');
        let mut x = self.term()?;
        if negative {
            x = SymInt::from(Int::new(0, x.is_static())).sub(&x)?;
        }
        loop {
            if self.accept(b'+') {
                x = x.add(&self.term()?)?;
            } else if self.accept(b'-') {
                x = x.sub(&self.term()?)?;
            } else {
                break;
            }
        }
        self.assumed
            .integer(x, "notation", "a leaf")
            .map_err(|_| LayoutError::parse(self.text, start, "a leaf that can be an integer"))
    }

    fn tuple(&mut self) -> Result<SymTuple> {
        if !self.accept(b'(') {
            return Ok(SymTuple::Leaf(self.leaf()?));
        }
        self.depth += 1;
        if self.depth > crate::tree::MAX_DEPTH {
            return Err(LayoutError::TooDeep {
                limit: crate::tree::MAX_DEPTH,
            });
        }
        let mut items = Vec::new();
        loop {
            if items.len() >= crate::limits::MAX_WIDTH {
                return Err(self.error("fewer modes"));
            }
            items.push(self.tuple()?);
            if self.accept(b')') {
                break;
            }
            if !self.accept(b',') {
                return Err(self.error("',' or ')'"));
            }
        }
        self.depth -= 1;
        Ok(SymTuple::Tuple(items))
    }

    /// A value: a binding `M=256`, or a tuple with an optional `:STRIDE`.
    fn value(&mut self) -> Result<SymValue> {
        if let Some(name) = self.name_here() {
            let after = &self.bytes()[self.pos + name.len()..];
            let eq = after.iter().position(|b| !b.is_ascii_whitespace());
            if eq.is_some_and(|i| after[i] == b'=' && after.get(i + 1) != Some(&b'=')) {
                if !is_symbol_name(name) || is_atom_name(name) {
                    return Err(self.error("a symbol (a name starting with a capital letter)"));
                }
                self.pos += name.len();
                self.accept(b'=');
                self.peek();
                let negative = self.accept(b'-');
                let v = self.digits()?;
                self.symbols += 1;
                return Ok(SymValue::Binding(
                    name.to_string(),
                    Int::dynamic(if negative { -v } else { v }),
                ));
            }
        }
        let shape = self.tuple()?;
        if !self.accept(b':') {
            return Ok(match shape {
                SymTuple::Leaf(x) => SymValue::Int(x),
                t => SymValue::Tuple(t),
            });
        }
        let at = self.pos;
        let stride = self.tuple()?;
        SymLayout::new(shape, stride)
            .map(SymValue::Layout)
            .map_err(|e| match e {
                LayoutError::NotCongruent { .. } => {
                    LayoutError::parse(self.text, at, "a stride of the shape's nesting")
                }
                e => e,
            })
    }
}

/// Reads the symbolic literal at byte `start` of `text`: its value (with the assumptions its
/// leaves make) and the byte after it. `None` where what is there names no symbol, does not
/// read as a symbolic literal, or is followed by anything but the end, `,` or `)` (a C++
/// spelling such as `SM90_..._SS{}` or `LayoutLeft{}` keeps the ordinary notation's answer).
fn read_at(text: &str, start: usize) -> Option<(Symbolic, usize)> {
    let mut r = Reader {
        text,
        pos: start,
        depth: 0,
        assumed: Assumptions::default(),
        symbols: 0,
    };
    let value = r.value().ok()?;
    if r.symbols == 0 || !matches!(r.peek(), None | Some(b',' | b')')) {
        return None;
    }
    Some((
        Symbolic {
            value,
            assumptions: r.assumed,
        },
        r.pos,
    ))
}

impl Parser<'_> {
    /// The symbolic literal at byte `start`, read where the ordinary notation failed there
    /// with `failed`: `Ok` with the value (the parser after it) where the text is one that
    /// names a symbol, `failed` otherwise (so that every text the ordinary notation refuses
    /// without naming a symbol is refused as before).
    ///
    /// ```
    /// use cute_layout::notation::Parser;
    /// let mut p = Parser::new("(M,N):(1,M), 4");
    /// let failed = p.literal().unwrap_err();
    /// let v = p.symbolic_literal(0, failed).unwrap();
    /// assert_eq!((v.to_string(), p.pos()), ("(M,N):(1,M)".to_string(), 11));
    /// let mut p = Parser::new("(4,x)");
    /// let failed = p.literal().unwrap_err();
    /// assert_eq!(p.symbolic_literal(0, failed.clone()).unwrap_err(), failed);
    /// ```
    pub fn symbolic_literal(&mut self, start: usize, failed: LayoutError) -> Result<Value> {
        match read_at(self.input, start) {
            Some((v, end)) => {
                self.pos = end;
                Ok(Value::Symbolic(Box::new(v)))
            }
            None => Err(failed),
        }
    }
}

/// The whole of `text` as a symbolic value (symbols optional).
fn read_all(text: &str) -> Result<Symbolic> {
    let mut r = Reader {
        text,
        pos: 0,
        depth: 0,
        assumed: Assumptions::default(),
        symbols: 0,
    };
    let value = r.value()?;
    if r.peek().is_some() {
        return Err(r.error("the end of the input"));
    }
    Ok(Symbolic {
        value,
        assumptions: r.assumed,
    })
}

impl FromStr for Symbolic {
    type Err = LayoutError;
    /// Reads a symbolic value, symbols optional: `(M,N):(1,M)`, `M/128` (which assumes
    /// `128 | M`), `M=256`.
    fn from_str(s: &str) -> Result<Symbolic> {
        read_all(s)
    }
}

impl FromStr for SymInt {
    type Err = LayoutError;
    /// Reads a leaf: `M/128`, `64*M`, `_4`.
    fn from_str(s: &str) -> Result<SymInt> {
        match read_all(s)?.value {
            SymValue::Int(x) => Ok(x),
            _ => Err(LayoutError::parse(s, 0, "an integer expression")),
        }
    }
}

impl FromStr for SymTuple {
    type Err = LayoutError;
    /// Reads a tuple (or a leaf): `(M,(2,N))`.
    fn from_str(s: &str) -> Result<SymTuple> {
        match read_all(s)?.value {
            SymValue::Int(x) => Ok(SymTuple::Leaf(x)),
            SymValue::Tuple(t) => Ok(t),
            _ => Err(LayoutError::parse(s, 0, "a tuple")),
        }
    }
}

impl FromStr for SymLayout {
    type Err = LayoutError;
    /// Reads a layout `SHAPE:STRIDE`: `(M,N):(1,M)`.
    fn from_str(s: &str) -> Result<SymLayout> {
        match read_all(s)?.value {
            SymValue::Layout(l) => Ok(l),
            _ => Err(LayoutError::parse(s, 0, "a layout SHAPE:STRIDE")),
        }
    }
}

//! Tuple morphisms in text: `S -> T over α`, with `*` for the base point, e.g.
//! `(2,2) -> (2,2,4) over (1,*,2)` or `(32,(2,2)) -> (3,2,4,2,4,32) over (6,4,2)`.

use super::{parse_all, Parser};
use crate::category::{NestedMorphism, PointedMap, TupleMorphism};
use crate::error::{LayoutError, Result};
use std::str::FromStr;

impl Parser<'_> {
    /// A tuple morphism `S -> T over α` (`S`, `T` int-tuples, `α` a tuple of 1-based codomain
    /// indices and `*`).
    ///
    /// # Errors
    /// [`LayoutError::Parse`]; the validity errors of [`NestedMorphism::new`].
    ///
    /// ```
    /// use cute_layout::notation::Parser;
    /// let f = Parser::new("(2,2) -> (2,2,4) over (1,*,2)").morphism();
    /// assert!(f.unwrap_err().to_string().contains("α = (1,*,2) maps <3>_*"));
    /// assert!(Parser::new("(2,2) -> (2,2,4) over (1,3)").morphism().is_err());
    /// assert!(Parser::new("(4,4) -> (4,8,4) over (1,3)").morphism().is_ok());
    /// ```
    pub fn morphism(&mut self) -> Result<NestedMorphism> {
        let domain = self.int_tuple()?;
        self.expect(b'-')?;
        if self.input.as_bytes().get(self.pos) != Some(&b'>') {
            return Err(self.error("'->'"));
        }
        self.pos += 1;
        let codomain = self.int_tuple()?;
        self.skip_ws();
        if !self.input[self.pos..].starts_with("over") {
            return Err(self.error("'over'"));
        }
        self.pos += 4;
        self.expect(b'(')?;
        let mut alpha = Vec::new();
        if self.peek() == Some(b')') {
            self.pos += 1;
        } else {
            loop {
                if self.peek() == Some(b'*') {
                    self.pos += 1;
                    alpha.push(None);
                } else {
                    let at = self.pos;
                    let bytes = self.input.as_bytes();
                    while self.pos < bytes.len() && bytes[self.pos].is_ascii_digit() {
                        self.pos += 1;
                    }
                    match self.input[at..self.pos].parse::<usize>() {
                        Ok(j) if j > 0 => alpha.push(Some(j)),
                        _ => {
                            self.pos = at;
                            return Err(self.error("a codomain index 1, 2, ... or '*'"));
                        }
                    }
                }
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
        NestedMorphism::new(
            domain,
            codomain.clone(),
            PointedMap::new(codomain.leaf_count(), alpha)?,
        )
    }
}

impl FromStr for NestedMorphism {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, Parser::morphism)
    }
}

impl FromStr for TupleMorphism {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        let f = parse_all(s, Parser::morphism)?;
        for t in [f.domain(), f.codomain()] {
            if t.is_leaf() || t.depth() > 1 {
                return Err(LayoutError::InvalidArgument {
                    op: "tuple morphism",
                    detail: format!("{t} is not a flat tuple"),
                    hint: "a flat morphism has flat tuples (a1,...,an) on both sides; use NestedMorphism for nesting",
                });
            }
        }
        Ok(f.flatten().clone())
    }
}

//! Scaled-basis layouts and identity tensors in text: `(2,3):(_1@0,_1@1)` and
//! `ArithTuple(_0,_0) o (2,3):(_1@0,_1@1)`, as CuTe prints them.

use super::{Expected, Leaf, Parser};
use crate::basis::{BasisLayout, IdentityTensor, ScaledBasis};
use crate::error::Result;
use crate::tree::Tree;
use crate::value::Value;

impl Parser<'_> {
    /// A stride leaf `v@i@j...` (`v · E<j,i>`: the indices are printed innermost first), or a
    /// plain integer.
    fn basis_leaf(&mut self) -> Leaf<ScaledBasis> {
        let value = self.int_leaf()?;
        let mut path = Vec::new();
        while self.eat(b'@') {
            let digits = self.pos;
            let i = self.decimal(false).ok_or(Expected("a basis index"))?;
            if self.pos == digits {
                return Err(Expected("a basis index after `@`"));
            }
            path.push(usize::try_from(i).map_err(|_| Expected("a basis index"))?);
        }
        path.reverse();
        ScaledBasis::new(value, &path).map_err(|_| Expected("at most 8 basis indices below 65536"))
    }

    /// A basis layout `S:D` with scaled-basis strides at the position.
    fn basis_layout(&mut self) -> Result<BasisLayout> {
        let shape = self.int_tuple()?;
        self.expect(b':')?;
        let stride: Tree<ScaledBasis> = self.read_tree(&mut Self::basis_leaf)?;
        BasisLayout::new(shape, stride)
    }

    /// The basis layout from `start`, where reading an ordinary layout failed; `None` if it is
    /// not one either.
    #[cold]
    pub(super) fn basis_layout_at(&mut self, start: usize, depth: usize) -> Option<Result<Value>> {
        (self.pos, self.depth) = (start, depth);
        let shape = self.int_tuple().ok()?;
        self.expect(b':').ok()?;
        let stride: Tree<ScaledBasis> = self.read_tree(&mut Self::basis_leaf).ok()?;
        Some(BasisLayout::new(shape, stride).map(|l| Value::Basis(Box::new(l))))
    }

    /// `(START) o LAYOUT` after `ArithTuple`: an identity tensor.
    pub(super) fn arith_tuple(&mut self) -> Result<Value> {
        let start = self.int_tuple()?;
        if self.peek() != Some(b'o') || self.ident()? != "o" {
            return Err(self.error("` o LAYOUT` after the ArithTuple"));
        }
        let layout = self.basis_layout()?;
        // a one-integer start in parentheses (`ArithTuple(_0) o 4:_1`, as this tool printed it
        // before it printed `ArithTuple_0` as C++ does) is still read as the integer
        let scalar = layout.stride().leaves().all(|d| d.path().is_empty());
        let start = match (scalar, start.modes().next()) {
            (true, Some(only)) if start.rank() == 1 => only.to_tree(),
            _ => start,
        };
        Ok(Value::IdentityTensor(Box::new(IdentityTensor::with_start(
            start, layout,
        )?)))
    }
}

impl std::str::FromStr for BasisLayout {
    type Err = crate::error::LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        super::parse_all(s, Parser::basis_layout)
    }
}

//! F2-stride layouts in text: `(_8,_8):(_1^,_9^)`, each stride an integer followed by `^`
//! (static `_9^`, dynamic `9^`), as `_1@0` marks a scaled-basis stride.

use super::{parse_all, Expected, Leaf, Parser};
use crate::error::{LayoutError, Result};
use crate::f2::{F2Layout, F2};
use crate::tree::Tree;
use crate::value::Value;

impl Parser<'_> {
    /// An F2 stride leaf `d^` (`_9^` static, `9^` dynamic).
    fn f2_leaf(&mut self) -> Leaf<F2> {
        let bits = self.int_leaf()?;
        if !self.eat(b'^') {
            return Err(Expected(
                "`^` after an F2 stride (every stride of an F2 layout is `d^`)",
            ));
        }
        F2::new(bits).map_err(|_| Expected("a non-negative F2 stride"))
    }

    /// An F2 layout `S:D` with `d^` strides at the position.
    ///
    /// # Errors
    /// [`LayoutError::Parse`], [`LayoutError::NotCongruent`] and the errors of
    /// [`F2Layout::new`].
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// assert_eq!(Parser::new("(8,8):(_1^,9^)").f2_layout().unwrap().to_string(), "(8,8):(_1^,9^)");
    /// assert!(Parser::new("(8,8):(_1^,9)").f2_layout().is_err());
    /// ```
    pub fn f2_layout(&mut self) -> Result<F2Layout> {
        let shape = self.int_tuple()?;
        self.expect(b':')?;
        let stride: Tree<F2> = self.read_tree(&mut Self::f2_leaf)?;
        F2Layout::new(shape, stride)
    }

    /// The F2 layout from `start`, where reading an ordinary layout failed; `None` if it is not
    /// one either (its stride's first leaf has no `^`).
    #[cold]
    pub(super) fn f2_layout_at(&mut self, start: usize, depth: usize) -> Option<Result<Value>> {
        (self.pos, self.depth) = (start, depth);
        self.int_tuple().ok()?;
        self.expect(b':').ok()?;
        // an F2 layout only if its first stride leaf is one: `(_8,_8):(_1^,9)` is then an
        // error about the `9`, not about the `^`
        while matches!(self.peek(), Some(b'(')) {
            self.pos += 1;
        }
        self.int_leaf().ok()?;
        if self.peek() != Some(b'^') {
            return None;
        }
        (self.pos, self.depth) = (start, depth);
        Some(self.f2_layout().map(|l| Value::F2(Box::new(l))))
    }
}

impl std::str::FromStr for F2Layout {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(s, Parser::f2_layout)
    }
}

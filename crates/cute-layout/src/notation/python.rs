//! The CuTe DSL (Python) spellings that are values rather than calls of the registry, as
//! `cute eval --as dsl` prints them: scaled-basis layouts
//! `cute.make_layout((4,3), stride=(2*cute.E(0), cute.E(1)))`, coordinate tensors
//! `cute.make_tensor((0,2), cute.make_layout(...))`, and Python tuples holding layouts: a tiler
//! `(cute.make_layout(4, stride=2), None)`, or the pair `((8,16), cute.make_layout(...))` that
//! `cute.make_layout_tv` returns, a TV layout. Integers are read as Python: plain ones static,
//! `cutlass.Int32(4)` dynamic.

use super::{Expected, Leaf, Parser};
use crate::basis::{BasisLayout, IdentityTensor, ScaledBasis};
use crate::coord::CoordLeaf;
use crate::error::Result;
use crate::int::Int;
use crate::layout::Layout;
use crate::tiler::Tiler;
use crate::tree::{Tree, MAX_DEPTH};
use crate::tuple::IntTuple;
use crate::tv::TvLayout;
use crate::value::Value;

/// The DSL's call that builds a layout.
const MAKE_LAYOUT: &str = "cute.make_layout(";

impl Parser<'_> {
    /// `f` with plain integers read as static, as Python writes them.
    fn as_python<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        let outer = std::mem::replace(&mut self.python, true);
        let result = f(self);
        self.python = outer;
        result
    }

    /// The DSL call [`Parser::at_basis_call`] found: `cute.make_layout(SHAPE, stride=STRIDE)`
    /// with `cute.E(i)` strides, a scaled-basis layout, or `cute.make_tensor(START, LAYOUT)`,
    /// a coordinate tensor (an identity tensor).
    pub(super) fn dsl_basis_value(&mut self) -> Result<Value> {
        self.as_python(|p| {
            if !p.at("cute.make_tensor(") {
                return Ok(Value::Basis(Box::new(p.dsl_basis_layout()?)));
            }
            p.skip("cute.make_tensor(".len());
            let start = p.int_tuple()?;
            p.expect(b',')?;
            let layout = p.dsl_basis_layout()?;
            p.expect(b')')?;
            let t = IdentityTensor::with_start(start, layout)?;
            Ok(Value::IdentityTensor(Box::new(t)))
        })
    }

    /// `cute.make_layout(SHAPE, stride=STRIDE)` with scaled-basis strides.
    fn dsl_basis_layout(&mut self) -> Result<BasisLayout> {
        let at = self.pos();
        match self.dsl_layout(&mut Self::dsl_basis_leaf)? {
            (shape, Some(stride)) => BasisLayout::new(shape, stride),
            _ => {
                self.pos = at;
                Err(self.error("a stride of `cute.E(i)` basis vectors"))
            }
        }
    }

    /// `cute.make_layout(SHAPE)` or `cute.make_layout(SHAPE, stride=STRIDE)` (the keyword
    /// optional): the shape and the stride, whose leaves `leaf` reads.
    fn dsl_layout<T: Copy>(
        &mut self,
        leaf: &mut impl FnMut(&mut Self) -> Leaf<T>,
    ) -> Result<(IntTuple, Option<Tree<T>>)> {
        if !self.at(MAKE_LAYOUT) {
            return Err(self.error("`cute.make_layout(`"));
        }
        self.skip(MAKE_LAYOUT.len());
        let shape = self.int_tuple()?;
        if self.accept(b')') {
            return Ok((shape, None));
        }
        self.expect(b',')?;
        if self.at_keyword() {
            let at = self.pos;
            if self.ident()? != "stride" {
                self.pos = at;
                return Err(self.error("`stride=`"));
            }
            self.expect(b'=')?;
        }
        let stride = self.read_tree(leaf)?;
        self.expect(b')')?;
        Ok((shape, Some(stride)))
    }

    /// A scaled-basis stride in the DSL: `cute.E(i)`, `cute.E([i,j])` (`E(i)` too), a scale
    /// before or after it (`2*cute.E(0)`, `cute.E(0)*cutlass.Int32(2)`), or an integer.
    fn dsl_basis_leaf(&mut self) -> Leaf<ScaledBasis> {
        self.scaled_leaf(|p| {
            let e = ["cute.E(", "E("].into_iter().find(|e| p.at(e))?;
            p.skip(e.len());
            Some(p.dsl_basis_path())
        })
    }

    /// The mode `i)` or `[i,j,...])` of `cute.E(`, at the position.
    fn dsl_basis_path(&mut self) -> Leaf<Vec<usize>> {
        let list = self.accept(b'[');
        let path = self.index_list()?;
        if list && !self.accept(b']') {
            return Err(Expected("`]` closing the list of modes"));
        }
        if !self.accept(b')') {
            return Err(Expected("`)` closing `cute.E(`"));
        }
        Ok(path)
    }

    /// A Python list of mode indices, `[i, j, ...]` (`[]` and a trailing comma too), as the
    /// CuTe DSL's `mode=` takes it (`cute.size(x, mode=[1, 0])`, C++'s `size<1,0>(x)`): the flat
    /// int-tuple of the indices, static as Python's integers are (`()` for `[]`).
    ///
    /// # Errors
    /// A parse error where the list is not of non-negative integers.
    pub fn python_mode_list(&mut self) -> Result<IntTuple> {
        self.expect(b'[')?;
        let mut modes = Vec::new();
        while !self.accept(b']') {
            self.peek();
            let at = self.pos;
            match self.decimal(false) {
                Some(i) if self.pos > at => modes.push(Int::fixed(i)),
                _ => {
                    self.pos = at;
                    return Err(self.error("a mode index (a non-negative integer) or `]`"));
                }
            }
            if !self.accept(b',') && self.peek() != Some(b']') {
                return Err(self.error("',' or `]` closing the list of modes"));
            }
        }
        Ok(IntTuple::from_leaves(modes))
    }

    /// A Python tuple holding layouts, read from `start` where no literal of CuTe notation
    /// was: a tiler, or the pair `(tiler_mn, layout_tv)` of [`crate::tv::make_layout_tv`] (an
    /// int-tuple of rank 2 and a layout of rank 2), a TV layout; `None` if it is neither.
    #[cold]
    pub(super) fn python_tuple_at(&mut self, start: usize, depth: usize) -> Option<Result<Value>> {
        (self.pos, self.depth) = (start, depth);
        if !self.input[start..start + tuple_len(&self.input[start..])].contains(MAKE_LAYOUT) {
            return None;
        }
        Some(self.as_python(Self::python_tiler).and_then(|tiler| {
            Ok(match tv_parts(&tiler) {
                Some((mn, layout)) => Value::Tv(Box::new(TvLayout::new(mn, layout.clone())?)),
                None => Value::Tiler(Box::new(tiler)),
            })
        }))
    }

    /// A tiler written in Python: `cute.make_layout(...)`, an integer, `None`, or a tuple of
    /// them.
    fn python_tiler(&mut self) -> Result<Tiler> {
        if self.at(MAKE_LAYOUT) {
            return Ok(Tiler::Layout(
                match self.dsl_layout(&mut Self::int_leaf)? {
                    (shape, Some(stride)) => Layout::new(shape, stride)?,
                    (shape, None) => Layout::column_major(&shape)?,
                },
            ));
        }
        if !self.accept(b'(') {
            return Ok(match self.coord_leaf().map_err(|e| self.expected(e))? {
                CoordLeaf::Index(n) => Tiler::from_int(n),
                CoordLeaf::Underscore => Tiler::Underscore,
            });
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.too_deep());
        }
        let mut modes = vec![self.python_tiler()?];
        while self.accept(b',') && self.peek() != Some(b')') {
            modes.push(self.python_tiler()?);
        }
        self.expect(b')')?;
        self.depth -= 1;
        Ok(Tiler::Tuple(modes))
    }
}

/// The tile and the layout of a tiler that is the pair `(tiler_mn, layout_tv)`: an int-tuple
/// of rank 2 and a layout of rank 2.
pub(super) fn tv_parts(t: &Tiler) -> Option<(IntTuple, &Layout)> {
    let Tiler::Tuple(modes) = t else {
        return None;
    };
    let [Tiler::Tuple(mn), Tiler::Layout(l)] = &modes[..] else {
        return None;
    };
    let mn: Vec<IntTuple> = mn.iter().map(int_tuple).collect::<Option<_>>()?;
    (mn.len() == 2 && l.rank() == 2).then_some((Tree::tuple(mn).ok()?, l))
}

/// The int-tuple a tiler of integers is.
fn int_tuple(t: &Tiler) -> Option<IntTuple> {
    match t {
        Tiler::Int(n) => Some(Tree::leaf(*n)),
        Tiler::Tuple(ts) => Tree::tuple(ts.iter().map(int_tuple).collect::<Option<Vec<_>>>()?).ok(),
        Tiler::Layout(_) | Tiler::Underscore => None,
    }
}

/// The length of the bracketed text `(...)` at the start of `text` (all of it if unclosed, 0
/// if `text` does not start with `(`).
pub(super) fn tuple_len(text: &str) -> usize {
    if !text.starts_with('(') {
        return 0;
    }
    let mut depth = 0usize;
    text.bytes()
        .position(|b| {
            match b {
                b'(' => depth += 1,
                b')' => depth = depth.saturating_sub(1),
                _ => {}
            }
            depth == 0
        })
        .map_or(text.len(), |end| end + 1)
}

//! The arguments of a call and their conversions: the one place where a value becomes the
//! layout, tiler, coordinate or index an operation takes.

use super::Operation;
use cute_layout::atom::{make_tiled_mma, CopyAtom, Permutation, TiledCopy, TiledMma};
use cute_layout::coord::{Coord, CoordLeaf};
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::layout::Layout;
use cute_layout::swizzle::AnyLayout;
use cute_layout::tensor::Tensor;
use cute_layout::tiler::Tiler;
use cute_layout::tuple::IntTuple;
use cute_layout::value::Value;
use std::borrow::Cow;

/// The arguments of one call of an operation, borrowed from the caller (who keeps them: the
/// evaluator looks at a divide's arguments again after the call, for its warnings).
pub(crate) struct Args<'a> {
    pub(crate) op: &'static Operation,
    pub(crate) items: &'a [Value],
}

impl<'a> Args<'a> {
    /// The arguments `items` of a call of `op`.
    pub(crate) fn new(op: &'static Operation, items: &'a [Value]) -> Args<'a> {
        Args { op, items }
    }

    /// The number of arguments.
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    /// Fails unless there are `min` to `max` arguments.
    pub(crate) fn arity(&self, min: usize, max: usize) -> Result<()> {
        let n = self.items.len();
        if n < min || n > max {
            return Err(LayoutError::InvalidArgument {
                op: "eval",
                detail: format!(
                    "{} takes {} argument(s), got {n}",
                    self.op.name,
                    if min == max {
                        min.to_string()
                    } else if max == usize::MAX {
                        format!("{min} or more")
                    } else {
                        format!("{min} to {max}")
                    },
                ),
                hint: self.op.signature,
            });
        }
        Ok(())
    }

    /// The error of argument `i`, which is not `want`.
    #[cold]
    pub(crate) fn wrong(&self, i: usize, want: &str) -> LayoutError {
        LayoutError::InvalidArgument {
            op: "eval",
            detail: format!(
                "argument {} of {} must be {want}, got {}",
                i + 1,
                self.op.name,
                self.items[i].describe()
            ),
            hint: self.op.signature,
        }
    }

    /// Argument `i` as a layout, borrowed when it is one: an integer `n` is `make_layout(n)`, a
    /// TV layout its `(thread, value)` layout. A tensor `L+o` is not one: the registry has
    /// dealt with it by the operation's [`super::TensorForm`] before (so no offset is dropped).
    pub(crate) fn layout(&self, i: usize) -> Result<Cow<'_, Layout>> {
        match &self.items[i] {
            Value::Layout(l) => Ok(Cow::Borrowed(l)),
            Value::Tv(tv) => Ok(Cow::Borrowed(&tv.layout)),
            Value::Int(n) => Ok(Cow::Owned(Layout::from_extent(*n))),
            _ => Err(self.wrong(i, "a layout S:D")),
        }
    }

    /// Argument `i` as a layout or a composed layout.
    pub(crate) fn any_layout(&self, i: usize) -> Result<AnyLayout> {
        match &self.items[i] {
            Value::Composed(c) => Ok((**c).clone().into()),
            _ => Ok(self.layout(i)?.into_owned().into()),
        }
    }

    /// Argument `i` as a tiler, borrowed when it is one; an integer becomes a tiler through
    /// [`Tiler::from_int`].
    pub(crate) fn tiler(&self, i: usize) -> Result<Cow<'_, Tiler>> {
        match &self.items[i] {
            Value::Tiler(t) => Ok(Cow::Borrowed(t)),
            Value::Int(n) => Ok(Cow::Owned(Tiler::from_int(*n))),
            Value::Underscore => Ok(Cow::Owned(Tiler::Underscore)),
            Value::IntTuple(t) => Ok(Cow::Owned(Tiler::from_shape(t))),
            Value::Coord(c) => cute_layout::notation::coord_to_tiler(c)
                .map(Cow::Owned)
                .ok_or_else(|| self.wrong(i, "a tiler")),
            _ => match self.layout(i) {
                Ok(l) => Ok(Cow::Owned(Tiler::Layout(l.into_owned()))),
                Err(_) => Err(self.wrong(i, "a tiler")),
            },
        }
    }

    /// Argument `i` as a coordinate, borrowed when it has a `_`.
    pub(crate) fn coord(&self, i: usize) -> Result<Cow<'_, Coord>> {
        match &self.items[i] {
            Value::Int(n) => Ok(Cow::Owned(Coord::leaf(CoordLeaf::Index(*n)))),
            Value::Underscore => Ok(Cow::Owned(Coord::leaf(CoordLeaf::Underscore))),
            Value::IntTuple(t) => Ok(Cow::Owned(Coord::from_int_tuple(t))),
            Value::Coord(c) => Ok(Cow::Borrowed(c)),
            _ => Err(self.wrong(i, "a coordinate")),
        }
    }

    /// Argument `i` as an int-tuple (no `_`).
    pub(crate) fn int_tuple(&self, i: usize) -> Result<IntTuple> {
        match &self.items[i] {
            Value::Int(n) => Ok(IntTuple::int(*n)),
            Value::IntTuple(t) => Ok((**t).clone()),
            Value::Underscore | Value::Coord(_) => Err(self.wrong(i, "an int-tuple without `_`")),
            _ => Err(self.wrong(i, "an int-tuple")),
        }
    }

    /// Argument `i` as one integer.
    pub(crate) fn int(&self, i: usize) -> Result<Int> {
        self.int_tuple(i)?
            .as_leaf()
            .ok_or_else(|| self.wrong(i, "an integer"))
    }

    /// Argument `i` as a non-negative integer.
    pub(crate) fn index(&self, i: usize) -> Result<usize> {
        match &self.items[i] {
            Value::Int(n) if n.value() >= 0 => Ok(n.value() as usize),
            _ => Err(self.wrong(i, "a non-negative integer")),
        }
    }

    /// Argument `i` as a non-negative integer that keeps its static tag (a thread index whose
    /// coordinates are static where it is: rule 2).
    pub(crate) fn index_int(&self, i: usize) -> Result<Int> {
        match &self.items[i] {
            Value::Int(n) if n.value() >= 0 => Ok(*n),
            _ => Err(self.wrong(i, "a non-negative integer")),
        }
    }

    /// Arguments `from..` as non-negative integers.
    pub(crate) fn indices(&self, from: usize) -> Result<Vec<usize>> {
        (from..self.len()).map(|i| self.index(i)).collect()
    }

    /// Argument `i` as a layout where a shape stands for its column-major layout (CuTe's
    /// `Layout<Shape<...>>`, as the thread layouts of `make_tiled_mma` and `make_tiled_copy`).
    pub(crate) fn layout_or_shape(&self, i: usize) -> Result<Cow<'_, Layout>> {
        match &self.items[i] {
            Value::IntTuple(s) => Ok(Cow::Owned(Layout::column_major(s)?)),
            _ => self.layout(i),
        }
    }

    /// Argument `i` as a tensor over nothing (`Tensor<()>`): a layout, a swizzled layout, or
    /// one with its offset. The offset is read as a number (a `Tensor`'s offset is an `i64`),
    /// so a static `+_4` loses its tag: its consumers (`TensorForm::Takes`) are partitions,
    /// whose results are run-time pointers `T.data() + o'` in C++ and dynamic here, as for
    /// every `AddOffset` partition (tests/oracles/tensor_offsets.rs pins this).
    pub(crate) fn tensor(&self, i: usize) -> Result<Tensor<()>> {
        Ok(match &self.items[i] {
            Value::LayoutOffset(l, o) => Tensor::new((), (**l).clone()).with_offset(o.value()),
            Value::Composed(c) => Tensor::new((), (**c).clone()),
            Value::ComposedOffset(c, o) => Tensor::new((), (**c).clone()).with_offset(o.value()),
            _ => Tensor::new((), self.layout(i)?.into_owned()),
        })
    }

    /// Argument `i` as a tiled MMA; an MMA atom stands for `make_tiled_mma(atom)`.
    pub(crate) fn tiled_mma(&self, i: usize) -> Result<Cow<'_, TiledMma>> {
        match &self.items[i] {
            Value::TiledMma(m) => Ok(Cow::Borrowed(m)),
            Value::MmaAtom(a) => Ok(Cow::Owned(make_tiled_mma(a, &atom_layout_default()?, &[])?)),
            _ => Err(self.wrong(i, "a tiled MMA (make_tiled_mma) or an MMA atom")),
        }
    }

    /// Argument `i` as a copy atom `Copy_Atom<OP,T>`; a TMA operation without its box
    /// (`Copy_Atom<SM90_TMA_LOAD,T>`) is refused: only `make_tma_atom` takes it.
    pub(crate) fn copy_atom(&self, i: usize) -> Result<&CopyAtom> {
        match &self.items[i] {
            Value::CopyAtom(c) if cute_layout::atom::is_tma_without_box(c) => Err(self.wrong(
                i,
                "a copy atom with its layouts: give a TMA operation its box with make_tma_atom(OP, gmem, smem, cta_tiler)",
            )),
            Value::CopyAtom(c) => Ok(c),
            _ => Err(self.wrong(i, "a copy atom Copy_Atom<OP,T>")),
        }
    }

    /// Argument `i` as the TMA atom a copy atom or tiled copy holds (`make_tma_atom`,
    /// `make_tma_copy`).
    pub(crate) fn tma_atom(&self, i: usize) -> Result<&CopyAtom> {
        let atom = match &self.items[i] {
            Value::CopyAtom(c) => c,
            Value::TiledCopy(c) => &c.atom,
            _ => {
                return Err(self.wrong(i, "a TMA atom (make_tma_atom) or TMA copy (make_tma_copy)"))
            }
        };
        atom.tma()?;
        Ok(atom)
    }

    /// Argument `i` as a tiled copy.
    pub(crate) fn tiled_copy(&self, i: usize) -> Result<&TiledCopy> {
        match &self.items[i] {
            Value::TiledCopy(c) => Ok(c),
            _ => Err(self.wrong(i, "a tiled copy (make_tiled_copy, make_tiled_copy_A, ...)")),
        }
    }

    /// Argument `i` as `PermutationMNK`: `_` (none), a tiler `<_32,(_4,_8):(_8,_1),_>`, a
    /// shape `(_32,_32,_16)` or coordinate `(_32,_,_)` of extents, or one extent or layout.
    pub(crate) fn permutation(&self, i: usize) -> Result<Vec<Permutation>> {
        let of_tiler = |t: &Tiler| -> Result<Permutation> {
            Ok(match t {
                Tiler::Underscore => Permutation::Underscore,
                Tiler::Int(n) => Permutation::Size(*n),
                Tiler::Layout(l) => Permutation::Layout(l.clone()),
                Tiler::Tuple(_) => {
                    return Err(self.wrong(i, "a permutation: each mode `_`, an extent or a layout"))
                }
            })
        };
        match &*self.tiler(i)? {
            Tiler::Underscore => Ok(Vec::new()),
            Tiler::Tuple(modes) => modes.iter().map(of_tiler).collect(),
            t => Ok(vec![of_tiler(t)?]),
        }
    }

    /// Whether argument `i` is a layout (or stands for one: a TV layout).
    pub(crate) fn is_layout(&self, i: usize) -> bool {
        matches!(self.items[i], Value::Layout(_) | Value::Tv(_))
    }
}

/// The default `AtomLayoutMNK` of `make_tiled_mma`: `Layout<Shape<_1,_1,_1>>`.
pub(crate) fn atom_layout_default() -> Result<Layout> {
    Layout::column_major(&IntTuple::from_leaves([Int::ONE, Int::ONE, Int::ONE]))
}

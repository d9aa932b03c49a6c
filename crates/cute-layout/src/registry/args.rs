//! The arguments of a call and their conversions: the one place where a value becomes the
//! layout, tiler, coordinate or index an operation takes.

use super::Operation;
use crate::coord::{Coord, CoordLeaf};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::AnyLayout;
use crate::tiler::Tiler;
use crate::tuple::IntTuple;
use crate::value::Value;
use std::borrow::Cow;

/// The arguments of one call of an operation.
pub struct Args {
    pub(crate) op: &'static Operation,
    pub(crate) items: Vec<Value>,
}

impl Args {
    /// The arguments `items` of a call of `op`.
    pub(crate) fn new(op: &'static Operation, items: Vec<Value>) -> Args {
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

    /// Argument `i` as a layout, borrowed when it is one: an integer `n` is `make_layout(n)`, a tensor
    /// its layout, a TV layout its `(thread, value)` layout.
    pub(crate) fn layout(&self, i: usize) -> Result<Cow<'_, Layout>> {
        match &self.items[i] {
            Value::Layout(l) | Value::LayoutOffset(l, _) => Ok(Cow::Borrowed(l)),
            Value::Tv(tv) => Ok(Cow::Borrowed(&tv.layout)),
            Value::Int(n) => Ok(Cow::Owned(Layout::from_extent(*n))),
            _ => Err(self.wrong(i, "a layout S:D")),
        }
    }

    /// Argument `i` as a layout or a composed layout (a tensor stands for its layout).
    pub(crate) fn any_layout(&self, i: usize) -> Result<AnyLayout> {
        match &self.items[i] {
            Value::Composed(c) | Value::ComposedOffset(c, _) => Ok(c.clone().into()),
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
            Value::Coord(c) => crate::notation::coord_to_tiler(c)
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
            Value::IntTuple(t) => Ok(t.clone()),
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

    /// Arguments `from..` as non-negative integers.
    pub(crate) fn indices(&self, from: usize) -> Result<Vec<usize>> {
        (from..self.len()).map(|i| self.index(i)).collect()
    }

    /// Whether argument `i` is a layout (or stands for one: a tensor, a TV layout).
    pub(crate) fn is_layout(&self, i: usize) -> bool {
        matches!(
            self.items[i],
            Value::Layout(_) | Value::LayoutOffset(..) | Value::Tv(_)
        )
    }
}

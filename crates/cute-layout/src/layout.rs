//! [`Layout`]: a function from coordinates to offsets, given as `Shape:Stride`.
//!
//! Construction (column-major, row-major, ordered, concatenation), accessors (shape, stride,
//! size, cosize, rank, depth, modes), mode manipulation (select, take, group, flatten, append,
//! prepend, replace, zip) and evaluation (1-D index, natural or mixed coordinates, slicing).

use crate::coord::{crd2idx_ref, Coord};
use crate::error::{LayoutError, Result};
use crate::int::{ArithError, Int};
use crate::tree::print_layout;
use crate::tree::{Builder, Node, Nodes, Tree, TreeRef, INLINE, MAX_DEPTH};
use crate::tuple::IntTuple;
use std::fmt;

/// A CuTe layout `Shape:Stride`: shape and stride are congruent int-tuples.
///
/// # Examples
/// ```
/// use cute_layout::Layout;
/// let l: Layout = "(2,(2,2)):(4,(1,2))".parse().unwrap();
/// assert_eq!(l.size().unwrap().value(), 8);
/// assert_eq!(l.cosize().unwrap().value(), 8);
/// assert_eq!((0..8).map(|i| l.eval(i).unwrap()).collect::<Vec<_>>(), [0, 4, 1, 5, 2, 6, 3, 7]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    shape: IntTuple,
    stride: IntTuple,
}

impl Layout {
    /// The layout `shape:stride`.
    ///
    /// # Errors
    /// [`LayoutError::NotCongruent`] if the profiles differ, [`LayoutError::TooDeep`].
    ///
    /// ```
    /// # use cute_layout::{Layout, IntTuple};
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert_eq!(Layout::new(p("(2,4)"), p("(1,2)")).unwrap().to_string(), "(2,4):(1,2)");
    /// assert!(Layout::new(p("(2,4)"), p("1")).is_err());
    /// ```
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Layout> {
        if !shape.congruent(&stride) {
            return Err(LayoutError::NotCongruent {
                shape: shape.to_string(),
                stride: stride.to_string(),
            });
        }
        if shape.depth() > MAX_DEPTH {
            return Err(LayoutError::TooDeep { limit: MAX_DEPTH });
        }
        Ok(Layout { shape, stride })
    }

    /// The rank-1, depth-0 layout `s:d`.
    ///
    /// ```
    /// # use cute_layout::{Layout, Int};
    /// assert_eq!(Layout::leaf(Int::fixed(4), Int::fixed(2)).to_string(), "_4:_2");
    /// ```
    #[inline]
    pub fn leaf(s: Int, d: Int) -> Layout {
        Layout {
            shape: Tree::leaf(s),
            stride: Tree::leaf(d),
        }
    }

    /// `_1:_0`, the layout CuTe returns for "nothing".
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// assert_eq!(Layout::trivial().to_string(), "_1:_0");
    /// ```
    pub fn trivial() -> Layout {
        Layout::leaf(Int::ONE, Int::ZERO)
    }

    /// `make_layout(n)` for an integer extent `n`: `n:_1`, except `1:0` for `n = 1` (a compact
    /// stride of an extent-1 mode is 0, tagged as `n` is; [`Layout::column_major`] of a leaf).
    ///
    /// ```
    /// # use cute_layout::{Layout, Int};
    /// assert_eq!(Layout::from_extent(Int::fixed(4)).to_string(), "_4:_1");
    /// assert_eq!(Layout::from_extent(Int::fixed(1)).to_string(), "_1:_0");
    /// assert_eq!(Layout::from_extent(Int::dynamic(1)).to_string(), "1:0");
    /// ```
    pub fn from_extent(n: Int) -> Layout {
        Layout::leaf(n, crate::tuple::compact_stride(n, Int::ONE))
    }

    /// `make_layout(shape)`: compact column-major strides (`LayoutLeft`).
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::{Layout, IntTuple};
    /// let s: IntTuple = "(_2,4)".parse().unwrap();
    /// assert_eq!(Layout::column_major(&s).unwrap().to_string(), "(_2,4):(_1,_2)");
    /// ```
    pub fn column_major(shape: &IntTuple) -> Result<Layout> {
        Layout::new(shape.clone(), shape.compact_col_major()?)
    }

    /// `make_layout(shape, LayoutRight)`: compact row-major strides.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::{Layout, IntTuple};
    /// let s: IntTuple = "(_2,_3,_4)".parse().unwrap();
    /// assert_eq!(Layout::row_major(&s).unwrap().to_string(), "(_2,_3,_4):(_12,_4,_1)");
    /// ```
    pub fn row_major(shape: &IntTuple) -> Result<Layout> {
        Layout::new(shape.clone(), shape.compact_row_major()?)
    }

    /// `make_ordered_layout(shape, order)`: compact strides following the priorities of `order`.
    ///
    /// # Errors
    /// As [`IntTuple::compact_order`].
    ///
    /// ```
    /// # use cute_layout::{Layout, IntTuple};
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// let l = Layout::ordered(&p("(_2,_2,_2,_2)"), &p("(_0,_2,_3,_1)")).unwrap();
    /// assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
    /// ```
    pub fn ordered(shape: &IntTuple, order: &IntTuple) -> Result<Layout> {
        Layout::new(shape.clone(), shape.compact_order(order)?)
    }

    /// `make_layout(L0, L1, ...)`: the layout whose modes are the given layouts.
    ///
    /// # Errors
    /// [`LayoutError::TooDeep`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let a: Layout = "2:3".parse().unwrap();
    /// let b: Layout = "(4,5):(_1,4)".parse().unwrap();
    /// assert_eq!(Layout::concat([a, b]).unwrap().to_string(), "(2,(4,5)):(3,(_1,4))");
    /// ```
    pub fn concat(modes: impl IntoIterator<Item = Layout>) -> Result<Layout> {
        let mut b = LayoutBuilder::new();
        b.open();
        for m in modes {
            b.push(&m);
        }
        b.close();
        b.finish()
    }

    /// The whole layout as a borrowed `(shape, stride)` pair.
    #[inline]
    pub(crate) fn as_mode_ref(&self) -> ModeRef<'_> {
        (self.shape.as_ref(), self.stride.as_ref())
    }

    /// The top-level modes as borrowed `(shape, stride)` pairs (a leaf layout yields itself).
    pub(crate) fn mode_refs(&self) -> impl Iterator<Item = ModeRef<'_>> {
        sub_modes(self.as_mode_ref())
    }

    /// Mode `i` as a borrowed `(shape, stride)` pair.
    pub(crate) fn mode_ref(&self, i: usize) -> Result<ModeRef<'_>> {
        mode_at(self.as_mode_ref(), i)
    }

    /// `shape:stride` when the caller has checked that they are congruent, and knows that they
    /// nest at most [`MAX_DEPTH`] deep; [`Layout::new`] without its checks.
    ///
    /// The parser is such a caller: it compares the profiles itself (to report a stride that
    /// does not fit where it starts), and it refuses input nested deeper than [`MAX_DEPTH`]
    /// while reading, so the second pass of [`Layout::new`] over the depth is redundant.
    #[inline]
    pub(crate) fn from_congruent(shape: IntTuple, stride: IntTuple) -> Layout {
        debug_assert!(shape.congruent(&stride) && shape.depth() <= MAX_DEPTH);
        Layout { shape, stride }
    }

    /// A layout still to be read in place: no nodes yet, so not a layout until the parser has
    /// filled [`Layout::trees_mut`] with a congruent shape and stride.
    #[inline]
    pub(crate) fn unread() -> Layout {
        Layout {
            shape: Tree {
                nodes: Nodes::new(),
            },
            stride: Tree {
                nodes: Nodes::new(),
            },
        }
    }

    /// The shape and the stride, for the parser to read into where the layout already sits
    /// (it keeps them congruent and at most [`MAX_DEPTH`] deep, as for [`Layout::from_congruent`]).
    #[inline]
    pub(crate) fn trees_mut(&mut self) -> (&mut IntTuple, &mut IntTuple) {
        (&mut self.shape, &mut self.stride)
    }

    pub(crate) fn from_refs(shape: TreeRef<'_, Int>, stride: TreeRef<'_, Int>) -> Layout {
        Layout {
            shape: shape.to_tree(),
            stride: stride.to_tree(),
        }
    }

    /// A flat layout (a leaf if there is exactly one mode and `wrap_single` is false,
    /// `_1:_0` if there are none).
    #[inline(always)]
    pub(crate) fn from_flat_modes(modes: &[(Int, Int)], wrap_single: bool) -> Layout {
        Layout::flat_then(modes, wrap_single, |layout| layout)
    }

    /// [`Layout::from_flat_modes`] passed to `then` (`Ok` for an operation's result). Up to 8
    /// modes, each count has its own arm, which builds the layout as one value
    /// ([`Layout::flat`]) and passes it on, so that it is written where `then` puts it: a layout
    /// built by pushes is a local whose address is taken, and moving it copies all of its 400
    /// bytes (`memcpy`), as does a layout built in each arm and returned from the `match`.
    #[inline(always)]
    pub(crate) fn flat_then<R>(
        modes: &[(Int, Int)],
        wrap_single: bool,
        then: impl FnOnce(Layout) -> R,
    ) -> R {
        match *modes {
            [] => then(Layout::flat::<false, 1>([(Int::ONE, Int::ZERO)])),
            [m] if !wrap_single => then(Layout::flat::<false, 1>([m])),
            [a] => then(Layout::flat::<true, 1>([a])),
            [a, b] => then(Layout::flat::<true, 2>([a, b])),
            [a, b, c] => then(Layout::flat::<true, 3>([a, b, c])),
            [a, b, c, d] => then(Layout::flat::<true, 4>([a, b, c, d])),
            [a, b, c, d, e] => then(Layout::flat::<true, 5>([a, b, c, d, e])),
            [a, b, c, d, e, f] => then(Layout::flat::<true, 6>([a, b, c, d, e, f])),
            [a, b, c, d, e, f, g] => then(Layout::flat::<true, 7>([a, b, c, d, e, f, g])),
            [a, b, c, d, e, f, g, h] => then(Layout::flat::<true, 8>([a, b, c, d, e, f, g, h])),
            _ => then(Layout::flat_pushed(modes)),
        }
    }

    /// The flat layout of the `N` modes `modes`, under a tuple node where `TUPLE`: each tree
    /// written as one value ([`flat_tree`]).
    #[inline(always)]
    fn flat<const TUPLE: bool, const N: usize>(modes: [(Int, Int); N]) -> Layout {
        Layout {
            shape: flat_tree::<TUPLE, N>(modes.map(|(s, _)| s)),
            stride: flat_tree::<TUPLE, N>(modes.map(|(_, d)| d)),
        }
    }

    /// [`Layout::from_flat_modes`] of more than 8 modes: the tuple of them, pushed.
    #[inline(never)]
    fn flat_pushed(modes: &[(Int, Int)]) -> Layout {
        let mut layout = Layout::unread();
        let (shape, stride) = (&mut layout.shape.nodes, &mut layout.stride.nodes);
        let rank = modes.len() as u32;
        let tuple = Node::Tuple {
            rank,
            len: rank + 1,
        };
        shape.push(tuple);
        stride.push(tuple);
        for &(s, d) in modes {
            shape.push(Node::Leaf(s));
            stride.push(Node::Leaf(d));
        }
        layout
    }

    /// The shape.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// assert_eq!("(2,4):(1,2)".parse::<Layout>().unwrap().shape().to_string(), "(2,4)");
    /// ```
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The stride.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// assert_eq!("(2,4):(1,2)".parse::<Layout>().unwrap().stride().to_string(), "(1,2)");
    /// ```
    pub fn stride(&self) -> &IntTuple {
        &self.stride
    }

    /// Number of top-level modes (1 for a leaf layout).
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// assert_eq!("(2,(2,2)):(4,(1,2))".parse::<Layout>().unwrap().rank(), 2);
    /// ```
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// Nesting depth of the shape.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// assert_eq!("(2,(2,2)):(4,(1,2))".parse::<Layout>().unwrap().depth(), 2);
    /// ```
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }

    /// The domain size: the product of the extents.
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// assert_eq!("(_2,(_2,_2)):(_4,(_1,_2))".parse::<Layout>().unwrap().size().unwrap().to_string(), "_8");
    /// ```
    pub fn size(&self) -> Result<Int> {
        self.shape.size()
    }

    /// The codomain size `1 + Σ (sᵢ − 1)·|dᵢ|` (so `4:-1` has cosize 4 and `0:1` cosize 0).
    ///
    /// # Errors
    /// [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// assert_eq!("(4,(3,2)):(2,(8,1))".parse::<Layout>().unwrap().cosize().unwrap().value(), 24);
    /// assert_eq!("4:-1".parse::<Layout>().unwrap().cosize().unwrap().value(), 4);
    /// ```
    pub fn cosize(&self) -> Result<Int> {
        Ok(cosize_of(self.leaves())?)
    }

    /// Whether every extent and stride is static.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// assert!("(_2,_4):(_1,_2)".parse::<Layout>().unwrap().is_static());
    /// ```
    pub fn is_static(&self) -> bool {
        self.shape.is_static() && self.stride.is_static()
    }

    /// The same layout with every integer tagged static (`true`) or dynamic (`false`).
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,4):(1,2)".parse().unwrap();
    /// assert_eq!(l.with_static(true).to_string(), "(_2,_4):(_1,_2)");
    /// ```
    pub fn with_static(&self, is_static: bool) -> Layout {
        Layout {
            shape: self.shape.with_static(is_static),
            stride: self.stride.with_static(is_static),
        }
    }

    /// The `(extent, stride)` pairs of the leaves, in order (the flattened layout).
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// let v: Vec<(i64, i64)> = l.leaves().map(|(s, d)| (s.value(), d.value())).collect();
    /// assert_eq!(v, [(2, 1), (3, 2), (4, 6)]);
    /// ```
    pub fn leaves(&self) -> impl DoubleEndedIterator<Item = (Int, Int)> + '_ {
        mode_leaves(self.as_mode_ref())
    }

    /// The top-level modes as layouts (a leaf layout yields itself).
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// let m: Vec<String> = l.modes().map(|m| m.to_string()).collect();
    /// assert_eq!(m, ["2:1", "(3,4):(2,6)"]);
    /// ```
    pub fn modes(&self) -> impl Iterator<Item = Layout> + '_ {
        self.shape
            .modes()
            .zip(self.stride.modes())
            .map(|(s, d)| Layout::from_refs(s, d))
    }

    /// Mode `i` (`layout<i>(L)` / `get<i>(L)`).
    ///
    /// # Errors
    /// [`LayoutError::IndexOutOfRange`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// assert_eq!(l.mode(1).unwrap().to_string(), "(3,4):(2,6)");
    /// ```
    pub fn mode(&self, i: usize) -> Result<Layout> {
        self.mode_path(&[i])
    }

    /// The sub-layout at a path of mode indices (`layout<i,j,...>(L)`).
    ///
    /// # Errors
    /// [`LayoutError::IndexOutOfRange`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// assert_eq!(l.mode_path(&[1, 1]).unwrap().to_string(), "4:6");
    /// ```
    pub fn mode_path(&self, path: &[usize]) -> Result<Layout> {
        Ok(Layout {
            shape: self.shape.get_path(path)?,
            stride: self.stride.get_path(path)?,
        })
    }

    /// `select<I...>(L)`: the modes at the given indices, in that order (CuTe's transpose is
    /// `select(&[1, 0])`).
    ///
    /// # Errors
    /// [`LayoutError::IndexOutOfRange`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,3,4):(1,2,6)".parse().unwrap();
    /// assert_eq!(l.select(&[2, 0]).unwrap().to_string(), "(4,2):(6,1)");
    /// ```
    pub fn select(&self, indices: &[usize]) -> Result<Layout> {
        let mut b = LayoutBuilder::new();
        b.open();
        for &i in indices {
            b.push_ref(self.mode_ref(i)?);
        }
        b.close();
        b.finish()
    }

    /// `take<B,E>(L)`: modes `B..E` as a layout.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for an empty or out-of-bounds range.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,3,4):(1,2,6)".parse().unwrap();
    /// assert_eq!(l.take(1, 3).unwrap().to_string(), "(3,4):(2,6)");
    /// ```
    pub fn take(&self, begin: usize, end: usize) -> Result<Layout> {
        check_range("take", begin, end, self.rank())?;
        let mut b = LayoutBuilder::new();
        b.open();
        for m in self.mode_refs().skip(begin).take(end - begin) {
            b.push_ref(m);
        }
        b.close();
        b.finish()
    }

    /// `group<B,E>(L)`: gathers modes `B..E` into one mode.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for an empty or out-of-bounds range.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(_2,_3,_5,_7):(_1,_2,_6,_30)".parse().unwrap();
    /// assert_eq!(l.group(0, 2).unwrap().to_string(), "((_2,_3),_5,_7):((_1,_2),_6,_30)");
    /// ```
    pub fn group(&self, begin: usize, end: usize) -> Result<Layout> {
        check_range("group", begin, end, self.rank())?;
        let mut b = LayoutBuilder::new();
        b.open();
        for (k, m) in self.mode_refs().enumerate() {
            if k == begin {
                b.open();
            }
            b.push_ref(m);
            if k + 1 == end {
                b.close();
            }
        }
        b.close();
        b.finish()
    }

    /// The layout with every leaf a top-level mode (depth ≤ 1).
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "((2,3),(4,(5,6))):((1,2),(6,(24,120)))".parse().unwrap();
    /// assert_eq!(l.flatten().to_string(), "(2,3,4,5,6):(1,2,6,24,120)");
    /// ```
    pub fn flatten(&self) -> Layout {
        Layout {
            shape: self.shape.flatten(),
            stride: self.stride.flatten(),
        }
    }

    /// `append(L, x)`: `x` added as a last mode (a leaf layout is wrapped first).
    ///
    /// # Errors
    /// [`LayoutError::TooDeep`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,3):(1,2)".parse().unwrap();
    /// assert_eq!(l.append(&Layout::trivial()).unwrap().to_string(), "(2,3,_1):(1,2,_0)");
    /// ```
    pub fn append(&self, x: &Layout) -> Result<Layout> {
        let mut b = LayoutBuilder::new();
        b.open();
        self.mode_refs().for_each(|m| b.push_ref(m));
        b.push(x);
        b.close();
        b.finish()
    }

    /// `prepend(L, x)`: `x` added as a first mode.
    ///
    /// # Errors
    /// [`LayoutError::TooDeep`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,3):(1,2)".parse().unwrap();
    /// assert_eq!(l.prepend(&"4:6".parse().unwrap()).unwrap().to_string(), "(4,2,3):(6,1,2)");
    /// ```
    pub fn prepend(&self, x: &Layout) -> Result<Layout> {
        let mut b = LayoutBuilder::new();
        b.open();
        b.push(x);
        self.mode_refs().for_each(|m| b.push_ref(m));
        b.close();
        b.finish()
    }

    /// `append<N>(L)`: pads with `_1:_0` modes to rank `n`. A leaf layout is returned unchanged
    /// when `n == 1` and wrapped first otherwise, as in CuTe.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] if the layout already has more than `n` modes.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "4:1".parse().unwrap();
    /// assert_eq!(l.append_to_rank(3).unwrap().to_string(), "(4,_1,_1):(1,_0,_0)");
    /// assert_eq!(l.append_to_rank(1).unwrap().to_string(), "4:1");
    /// ```
    pub fn append_to_rank(&self, n: usize) -> Result<Layout> {
        if self.rank() > n {
            return Err(LayoutError::InvalidArgument {
                op: "append",
                detail: format!("{self} has rank {} > {n}", self.rank()),
                hint: "append can only add modes",
            });
        }
        if self.shape.is_leaf() && n == 1 {
            return Ok(self.clone());
        }
        let pad = n - self.rank();
        let mut b = LayoutBuilder::new();
        b.open();
        self.mode_refs().for_each(|m| b.push_ref(m));
        (0..pad).for_each(|_| b.leaf(Int::ONE, Int::ZERO));
        b.close();
        b.finish()
    }

    /// `replace<i>(L, x)`: mode `i` replaced by `x`.
    ///
    /// # Errors
    /// [`LayoutError::IndexOutOfRange`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,3):(1,2)".parse().unwrap();
    /// assert_eq!(l.replace(1, &"4:6".parse().unwrap()).unwrap().to_string(), "(2,4):(1,6)");
    /// ```
    pub fn replace(&self, i: usize, x: &Layout) -> Result<Layout> {
        if i >= self.rank() {
            return Err(LayoutError::IndexOutOfRange {
                op: "replace",
                index: i,
                rank: self.rank(),
            });
        }
        let mut b = LayoutBuilder::new();
        b.open();
        for (k, m) in self.mode_refs().enumerate() {
            if k == i {
                b.push(x);
            } else {
                b.push_ref(m);
            }
        }
        b.close();
        b.finish()
    }

    /// `zip(L)`: transposes a layout whose modes all have the same rank:
    /// `((a,b),(c,d))` becomes `((a,c),(b,d))`.
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`] if the modes have different ranks.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "((2,3),(4,5)):((1,2),(6,24))".parse().unwrap();
    /// assert_eq!(l.zip().unwrap().to_string(), "((2,4),(3,5)):((1,6),(2,24))");
    /// ```
    pub fn zip(&self) -> Result<Layout> {
        let parts: smallvec::SmallVec<[ModeRef<'_>; 4]> = self.mode_refs().collect();
        Layout::zip_refs(&parts)
    }

    /// `zip(L0, L1, ...)` of CuTe: mode `j` of the result gathers mode `j` of every argument.
    /// If the first argument is a leaf, the result is the single mode `(L0, L1, ...)`;
    /// otherwise every argument must be a tuple of the same rank.
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`] if the ranks differ.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let a: Layout = "(2,3):(1,2)".parse().unwrap();
    /// let b: Layout = "(4,5):(6,24)".parse().unwrap();
    /// assert_eq!(Layout::zip_modes(&[a, b]).unwrap().to_string(), "((2,4),(3,5)):((1,6),(2,24))");
    /// ```
    pub fn zip_modes(parts: &[Layout]) -> Result<Layout> {
        let refs: smallvec::SmallVec<[ModeRef<'_>; 4]> = parts
            .iter()
            .map(|p| (p.shape.as_ref(), p.stride.as_ref()))
            .collect();
        Layout::zip_refs(&refs)
    }

    /// [`Layout::zip_modes`] of borrowed layouts.
    pub(crate) fn zip_refs(parts: &[ModeRef<'_>]) -> Result<Layout> {
        let mut b = LayoutBuilder::new();
        let Some(&(first_s, first_d)) = parts.first() else {
            b.open();
            b.close();
            return b.finish();
        };
        if first_s.is_leaf() {
            b.open();
            b.open();
            parts.iter().for_each(|&p| b.push_ref(p));
            b.close();
            b.close();
            return b.finish();
        }
        let r = first_s.rank();
        if let Some(&(bad_s, bad_d)) = parts.iter().find(|p| p.0.is_leaf() || p.0.rank() != r) {
            let (first, bad) = (format!("{first_s}:{first_d}"), format!("{bad_s}:{bad_d}"));
            return Err(LayoutError::RankMismatch {
                op: "zip",
                detail: if bad_s.is_leaf() {
                    format!("{first} is a tuple of rank {r} but {bad} is not a tuple")
                } else {
                    format!("{first} has rank {r} but {bad} has rank {}", bad_s.rank())
                },
                hint: "zip needs operands of equal rank",
            });
        }
        // Each part's modes are walked once, side by side (mode `j` by index would walk the
        // modes before it again: quadratic in the rank).
        let mut modes: smallvec::SmallVec<[_; 4]> = parts.iter().map(|&p| sub_modes(p)).collect();
        b.open();
        for _ in 0..r {
            b.open();
            for m in &mut modes {
                b.push_ref(m.next().expect("rank checked"));
            }
            b.close();
        }
        b.close();
        b.finish()
    }

    /// Evaluates the layout at a 1-D index: the index is split colexicographically over the
    /// leaves, and the last leaf takes the undivided rest (so indices past the size extend the
    /// last mode, as in CuTe).
    ///
    /// # Errors
    /// [`LayoutError::DivisionByZero`] for a zero extent, [`LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "((2,2),3):((1,10),100)".parse().unwrap();
    /// assert_eq!(l.eval(3).unwrap(), 11);
    /// assert_eq!(l.eval(13).unwrap(), 301); // past the end
    /// ```
    pub fn eval(&self, index: i64) -> Result<i64> {
        let overflow = || LayoutError::Overflow {
            expr: format!("{self} at index {index}"),
        };
        let mut rest = index;
        // The terms are summed exactly in 128 bits: a partial sum may leave `i64` although the
        // offset fits (`(4,2):(-s,s)` at index 2 for `s = 2^62 + 1`).
        let mut acc: i128 = 0;
        let mut leaves = self.leaves().peekable();
        while let Some((s, d)) = leaves.next() {
            let here = if leaves.peek().is_none() {
                rest
            } else {
                let s = s.value();
                if s == 0 {
                    return Err(LayoutError::DivisionByZero {
                        expr: format!("{index} split by extent 0 of {self}"),
                    });
                }
                // `None` for `i64::MIN` split by an extent of -1 (overflow)
                let (here, next) = split(rest, s).ok_or_else(overflow)?;
                rest = next;
                here
            };
            // An `i64` product always fits in `i128`; only the sum of many can leave it.
            acc = acc
                .checked_add(i128::from(here) * i128::from(d.value()))
                .ok_or_else(overflow)?;
        }
        i64::try_from(acc).map_err(|_| overflow())
    }

    /// `L(c)`: the offset of a coordinate (an integer, a natural coordinate, or a mix),
    /// static iff the coordinate and the layout are. Same as [`crate::crd2idx`].
    ///
    /// # Errors
    /// As [`crate::crd2idx`].
    ///
    /// ```
    /// # use cute_layout::{Layout, IntTuple};
    /// let l: Layout = "(_3,(_2,_3)):(_3,(_12,_1))".parse().unwrap();
    /// assert_eq!(l.call(&"(1,5)".parse().unwrap()).unwrap().value(), 17);
    /// assert_eq!(l.call(&"(_1,(_1,_2))".parse().unwrap()).unwrap().to_string(), "_17");
    /// ```
    pub fn call(&self, coord: &IntTuple) -> Result<Int> {
        crd2idx_ref(coord.as_ref(), self.shape.as_ref(), self.stride.as_ref())
    }

    /// The offsets `L(0), L(1), ..., L(size-1)`.
    ///
    /// # Errors
    /// As [`Layout::eval`]; [`LayoutError::InvalidArgument`] for a negative size.
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,3):(3,1)".parse().unwrap();
    /// assert_eq!(l.offsets().unwrap(), [0, 3, 1, 4, 2, 5]);
    /// ```
    pub fn offsets(&self) -> Result<Vec<i64>> {
        let size = self.size()?.value();
        if size < 0 {
            return Err(LayoutError::InvalidArgument {
                op: "offsets",
                detail: format!("{self} has negative size {size}"),
                hint: "extents must be non-negative",
            });
        }
        let mut out = Vec::new();
        out.try_reserve_exact(size as usize)
            .map_err(|_| LayoutError::InvalidArgument {
                op: "offsets",
                detail: format!("{self} has {size} elements, too many to list in memory"),
                hint: "evaluate single indices with `eval` instead",
            })?;
        let leaves: smallvec::SmallVec<[(i64, i64); 8]> =
            self.leaves().map(|(s, d)| (s.value(), d.value())).collect();
        if size == 0 {
            return Ok(out);
        }
        // Every offset and partial sum is bounded by Σ (sᵢ−1)·|dᵢ| = cosize − 1: when the cosize
        // fits and the extents are positive, plain arithmetic cannot overflow.
        if self.cosize().is_ok() && leaves.iter().all(|&(s, _)| s > 0) {
            out.resize(size as usize, 0);
            fill_offsets(&leaves, &mut out);
        } else {
            let mut walk = OffsetWalk::new(self);
            while let Some(offset) = walk.next() {
                out.push(offset.ok_or_else(|| walk.overflow())?);
            }
        }
        Ok(out)
    }

    /// `slice(c, L)`: the layout of the modes where `c` has `_` (`L(_,1)` in CuTe).
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`] when `c` does not match the shape's profile.
    ///
    /// ```
    /// # use cute_layout::{Layout, Coord};
    /// let l: Layout = "(2,(3,4)):(12,(1,3))".parse().unwrap();
    /// assert_eq!(l.slice(&"(_,1)".parse().unwrap()).unwrap().to_string(), "(2):(12)");
    /// assert_eq!(l.slice(&"(_,(_,2))".parse().unwrap()).unwrap().to_string(), "(2,3):(12,1)");
    /// ```
    pub fn slice(&self, coord: &Coord) -> Result<Layout> {
        Layout::new(self.shape.slice(coord)?, self.stride.slice(coord)?)
    }

    /// `dice(c, L)`: the layout of the modes where `c` has an integer.
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,(3,4)):(12,(1,3))".parse().unwrap();
    /// assert_eq!(l.dice(&"(_,1)".parse().unwrap()).unwrap().to_string(), "((3,4)):((1,3))");
    /// ```
    pub fn dice(&self, coord: &Coord) -> Result<Layout> {
        Layout::new(self.shape.dice(coord)?, self.stride.dice(coord)?)
    }

    /// `slice_and_offset(c, L)`: the slice and the offset of `c` with `_` read as 0.
    ///
    /// # Errors
    /// As [`Layout::slice`] and [`Layout::call`].
    ///
    /// ```
    /// # use cute_layout::Layout;
    /// let l: Layout = "(2,(3,4)):(12,(1,3))".parse().unwrap();
    /// let (s, off) = l.slice_and_offset(&"(1,(_,2))".parse().unwrap()).unwrap();
    /// assert_eq!((s.to_string(), off.value()), ("(3):(1)".to_string(), 18));
    /// ```
    pub fn slice_and_offset(&self, coord: &Coord) -> Result<(Layout, Int)> {
        Ok((self.slice(coord)?, self.call(&coord.underscores_as_zero())?))
    }
}

/// A borrowed layout (or mode of a layout): its shape and its stride.
pub(crate) type ModeRef<'a> = (TreeRef<'a, Int>, TreeRef<'a, Int>);

/// The top-level modes of a borrowed layout (a leaf yields itself).
pub(crate) fn sub_modes((s, d): ModeRef<'_>) -> SubModes<'_> {
    // Shape and stride are congruent: a mode spans the same nodes in both, so the shape alone
    // says where each mode ends.
    let (rest, left) = match s.nodes[0] {
        Node::Leaf(_) => (0, 1),
        Node::Tuple { rank, .. } => (1, rank as usize),
    };
    SubModes {
        shape: &s.nodes[rest..],
        stride: &d.nodes[rest..],
        left,
    }
}

/// The iterator of [`sub_modes`]: the modes not yet visited, as the nodes they span in the
/// shape and (the same positions) in the stride.
pub(crate) struct SubModes<'a> {
    shape: &'a [Node<Int>],
    stride: &'a [Node<Int>],
    left: usize,
}

impl<'a> Iterator for SubModes<'a> {
    type Item = ModeRef<'a>;

    #[inline]
    fn next(&mut self) -> Option<ModeRef<'a>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let n = match self.shape[0] {
            Node::Leaf(_) => 1,
            Node::Tuple { len, .. } => len as usize,
        };
        let ((s, shape), (d, stride)) = (self.shape.split_at(n), self.stride.split_at(n));
        (self.shape, self.stride) = (shape, stride);
        Some((TreeRef { nodes: s }, TreeRef { nodes: d }))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for SubModes<'_> {}

/// Mode `i` of a borrowed layout.
///
/// # Errors
/// [`LayoutError::IndexOutOfRange`].
pub(crate) fn mode_at(m: ModeRef<'_>, i: usize) -> Result<ModeRef<'_>> {
    sub_modes(m)
        .nth(i)
        .ok_or_else(|| LayoutError::IndexOutOfRange {
            op: "get",
            index: i,
            rank: m.0.rank(),
        })
}

/// The flat tree of the `N` leaves `leaves`, under a tuple node where `TUPLE`, for
/// [`Layout::flat`]: its nodes are written into an inline array at constant places and copied
/// from there, the used ones only ([`SmallVec::from_slice`] of a constant length), so that the
/// tree stays a value and is written where it is moved to (a tree built by pushes is copied
/// there), and the unused inline nodes are not written at all (filling them with zeros took 24
/// stores per layout).
///
/// [`SmallVec::from_slice`]: smallvec::SmallVec::from_slice
#[inline(always)]
fn flat_tree<const TUPLE: bool, const N: usize>(leaves: [Int; N]) -> Tree<Int> {
    const UNUSED: Node<Int> = Node::Leaf(Int::dynamic(0));
    const { assert!(N < INLINE) }; // (so every index below is in bounds)
    let mut nodes = [UNUSED; INLINE];
    let first = usize::from(TUPLE);
    if TUPLE {
        nodes[0] = Node::Tuple {
            rank: N as u32,
            len: N as u32 + 1,
        };
    }
    for (i, x) in leaves.into_iter().enumerate() {
        nodes[first + i] = Node::Leaf(x);
    }
    Tree {
        nodes: Nodes::from_slice(&nodes[..first + N]),
    }
}

/// The `(extent, stride)` leaves of a borrowed layout, in order; they run backwards too.
pub(crate) fn mode_leaves((s, d): ModeRef<'_>) -> impl DoubleEndedIterator<Item = (Int, Int)> + '_ {
    // Node by node (shape and stride are congruent), so that it also runs backwards.
    s.nodes.iter().zip(d.nodes).filter_map(|pair| match pair {
        (&Node::Leaf(s), &Node::Leaf(d)) => Some((s, d)),
        _ => None,
    })
}

/// The codomain size `1 + Σ (sᵢ − 1)·|dᵢ|` of the given leaves.
pub(crate) fn cosize_of(
    leaves: impl Iterator<Item = (Int, Int)>,
) -> std::result::Result<Int, ArithError> {
    let mut acc = Int::ONE;
    for (s, d) in leaves {
        acc = acc.add(s.sub(Int::ONE)?.mul(d.abs()?)?)?;
    }
    Ok(acc)
}

/// Shows a borrowed layout as `shape:stride`, like [`Layout`]'s `Display`.
pub(crate) struct ShowMode<'a>(pub(crate) ModeRef<'a>);

impl fmt::Display for ShowMode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print_layout(f, self.0 .0.nodes, self.0 .1.nodes)
    }
}

/// Builds a layout in pre-order, the shape and the stride side by side (so they are congruent
/// by construction), without intermediate layouts. The shape's builder keeps the structure (the
/// open tuples, the depth); the stride, congruent, receives the same nodes at the same places.
pub(crate) struct LayoutBuilder {
    shape: Builder<Int>,
    stride: Nodes<Int>,
}

impl LayoutBuilder {
    #[inline]
    pub(crate) fn new() -> Self {
        LayoutBuilder {
            shape: Builder::new(),
            stride: Nodes::new(),
        }
    }

    /// Opens a mode; what is pushed until [`LayoutBuilder::close`] are its sub-modes.
    #[inline(always)]
    pub(crate) fn open(&mut self) {
        self.shape.open();
        // (a placeholder: `close` copies the shape's tuple node, which has the same rank and length)
        self.stride.push(Node::Tuple { rank: 0, len: 0 });
    }

    #[inline(always)]
    pub(crate) fn close(&mut self) {
        if let Some(top) = self.shape.close_tuple() {
            self.stride[top] = self.shape.nodes[top];
        }
    }

    /// Adds the leaf mode `s:d`.
    #[inline]
    pub(crate) fn leaf(&mut self, s: Int, d: Int) {
        self.shape.leaf(s);
        self.stride.push(Node::Leaf(d));
    }

    /// Adds a mode given by its borrowed shape and stride (congruent).
    #[inline(always)]
    pub(crate) fn push_ref(&mut self, (s, d): ModeRef<'_>) {
        self.shape.push(s);
        match d.nodes {
            [leaf] => self.stride.push(*leaf), // the common case, without a `memcpy` call
            nodes => self.stride.extend_from_slice(nodes),
        }
    }

    /// Adds `m` as one mode.
    #[inline]
    pub(crate) fn push(&mut self, m: &Layout) {
        self.push_ref((m.shape.as_ref(), m.stride.as_ref()));
    }

    /// Adds the flat modes `modes` as one mode: the leaf `s:d` for a single mode, else the
    /// tuple of them (as [`modes_to_layout`](crate::algebra::coalesce::modes_to_layout) would).
    #[inline]
    pub(crate) fn flat_modes(&mut self, modes: &[(Int, Int)]) {
        match modes {
            [(s, d)] => self.leaf(*s, *d),
            _ => {
                self.open();
                modes.iter().for_each(|&(s, d)| self.leaf(s, d));
                self.close();
            }
        }
    }

    /// Writes one mode with `write` and, where `splat`, puts its sub-modes in its place if it
    /// is a tuple of rank other than 1: CuTe's slice with `repeat<rank>(_)`, which keeps a
    /// rank-1 mode whole (`repeat<1>(_)` is `_`).
    #[inline]
    pub(crate) fn mode_splatted(
        &mut self,
        splat: bool,
        write: impl FnOnce(&mut LayoutBuilder) -> Result<()>,
    ) -> Result<()> {
        let (start, depth) = (self.len(), self.shape.depth());
        write(self)?;
        if splat && self.shape.splat_last(start, depth) {
            self.stride.remove(start);
        }
        Ok(())
    }

    /// The number of nodes built so far (shape and stride have the same number).
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.shape.len()
    }

    /// What was built from node `start` on, borrowed (a complete mode when every tuple
    /// opened since `start` is closed).
    #[inline]
    pub(crate) fn built_since(&self, start: usize) -> ModeRef<'_> {
        let stride = TreeRef {
            nodes: &self.stride[start..],
        };
        (self.shape.since(start), stride)
    }

    /// The layout; [`LayoutError::TooDeep`] if it nests deeper than [`MAX_DEPTH`].
    #[inline]
    pub(crate) fn finish(self) -> Result<Layout> {
        Ok(Layout {
            shape: self.shape.finish()?,
            stride: Tree { nodes: self.stride },
        })
    }

    /// The layout that `append` writes to an empty builder (as its one mode): how the
    /// algebra's `_into` functions, which append to a caller's builder, return a layout.
    #[inline]
    pub(crate) fn build(append: impl FnOnce(&mut LayoutBuilder) -> Result<()>) -> Result<Layout> {
        let mut out = LayoutBuilder::new();
        append(&mut out)?;
        out.finish()
    }
}

/// The offsets of the flat modes `leaves` (positive extents whose product is `out.len()`, no
/// overflow possible), written over `out`: with the offsets of the first modes in
/// `out[..block]`, the next mode `s:d` appends `s − 1` copies of that block, the `k`-th shifted
/// by `k·d` (colexicographic order, the first mode fastest, as nested loops would produce).
fn fill_offsets(leaves: &[(i64, i64)], out: &mut [i64]) {
    out[0] = 0;
    let mut block = 1;
    for &(s, d) in leaves {
        for k in 1..s as usize {
            let (done, next) = out.split_at_mut(k * block);
            let shift = k as i64 * d;
            for (x, &y) in next[..block].iter_mut().zip(&done[..block]) {
                *x = y + shift;
            }
        }
        block *= s as usize;
    }
}

/// The offsets of a layout at the indices `0, 1, 2, ...` in order, stepped as an odometer (the
/// first leaf fastest): no division, every step checked in 128 bits, so that only offsets that
/// do not fit are an overflow, not a wrap-around on the way to one that does. Yields `size`
/// offsets (none for a size below 1). For extents of 1 and more they are [`Layout::eval`]'s;
/// see [`OffsetWalk::matches_eval`].
pub(crate) struct OffsetWalk<'a> {
    layout: &'a Layout,
    leaves: smallvec::SmallVec<[(i64, i64); 8]>,
    counter: smallvec::SmallVec<[i64; 8]>,
    /// `None` once a step has overflowed 128 bits.
    offset: Option<i128>,
    left: i64,
}

impl<'a> OffsetWalk<'a> {
    pub(crate) fn new(layout: &'a Layout) -> Self {
        let leaves: smallvec::SmallVec<[(i64, i64); 8]> = layout
            .leaves()
            .map(|(s, d)| (s.value(), d.value()))
            .collect();
        OffsetWalk {
            layout,
            counter: smallvec::smallvec![0; leaves.len()],
            leaves,
            offset: Some(0),
            left: layout.size().map_or(0, |s| s.value().max(0)),
        }
    }

    /// Whether the walk gives [`Layout::eval`] at every index: every extent is at least 1.
    pub(crate) fn matches_eval(&self) -> bool {
        self.leaves.iter().all(|&(s, _)| s >= 1)
    }

    fn step(&mut self) -> Option<()> {
        let offset = self.offset.as_mut()?;
        for (k, &(s, d)) in self.leaves.iter().enumerate() {
            if self.counter[k] + 1 < s {
                self.counter[k] += 1;
                *offset = offset.checked_add(d.into())?;
                return Some(());
            }
            // Wrap this leaf back to 0 and carry into the next one.
            *offset = offset.checked_sub(i128::from(s - 1) * i128::from(d))?;
            self.counter[k] = 0;
        }
        Some(())
    }

    /// The error for an offset that does not fit.
    #[cold]
    pub(crate) fn overflow(&self) -> LayoutError {
        LayoutError::Overflow {
            expr: format!("the offsets of {}", self.layout),
        }
    }
}

/// Each offset, `None` where it does not fit in an `i64` (see [`OffsetWalk::overflow`]).
impl Iterator for OffsetWalk<'_> {
    type Item = Option<i64>;

    #[inline]
    fn next(&mut self) -> Option<Option<i64>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let here = self.offset.and_then(|o| i64::try_from(o).ok());
        if self.left > 0 && self.step().is_none() {
            // (the last element is not stepped past: that offset may not fit)
            self.offset = None;
        }
        Some(here)
    }
}

/// `(i % s, i / s)` with C++'s truncating division (`s != 0`); `None` on overflow. Indices and
/// extents that fit in 32 bits take the much faster 32-bit division.
#[inline]
fn split(i: i64, s: i64) -> Option<(i64, i64)> {
    match (u32::try_from(i), u32::try_from(s)) {
        (Ok(i), Ok(s)) => Some(((i % s).into(), (i / s).into())),
        _ => i.checked_rem(s).zip(i.checked_div(s)),
    }
}

fn check_range(op: &'static str, begin: usize, end: usize, rank: usize) -> Result<()> {
    if begin >= end || end > rank {
        return Err(LayoutError::InvalidArgument {
            op,
            detail: format!(
                "range {begin}..{end} is {} for rank {rank}",
                if begin >= end {
                    "empty"
                } else {
                    "out of bounds"
                }
            ),
            hint: "give 0 <= begin < end <= rank",
        });
    }
    Ok(())
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            print_layout(f, &self.shape.nodes, &self.stride.nodes)
        })
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each arm of `from_flat_modes` (0 to 8 modes, written as one value) builds the layout that
    /// pushing the nodes builds, and the pushed arm past 8 modes the tuple of them.
    #[test]
    fn flat_modes_written_whole_are_pushed_ones() {
        let modes: Vec<(Int, Int)> = (0..12)
            .map(|i| (Int::new(i + 2, i % 2 == 0), Int::new(3 * i, i % 3 == 0)))
            .collect();
        for n in 0..=modes.len() {
            for wrap_single in [false, true] {
                let expected = match &modes[..n] {
                    [] => Layout::trivial(),
                    [(s, d)] if !wrap_single => Layout::leaf(*s, *d),
                    some => Layout::flat_pushed(some),
                };
                let got = Layout::from_flat_modes(&modes[..n], wrap_single);
                assert_eq!(got, expected, "{n} modes, wrap_single {wrap_single}");
                assert_eq!(got.to_string(), expected.to_string());
            }
        }
    }

    /// Writes the mode `1:1` inside `levels` tuples.
    fn nested(out: &mut LayoutBuilder, levels: usize) {
        (0..levels).for_each(|_| out.open());
        out.leaf(Int::ONE, Int::ONE);
        (0..levels).for_each(|_| out.close());
    }

    /// `(T)` with the mode `T = (nested, 2:3)` written by `mode_splatted(splat, ..)`.
    fn with_splatted(splat: bool, levels: usize) -> Result<Layout> {
        LayoutBuilder::build(|out| {
            out.open();
            out.mode_splatted(splat, |out| {
                out.open();
                nested(out, levels);
                out.leaf(Int::dynamic(2), Int::dynamic(3));
                out.close();
                Ok(())
            })?;
            out.close();
            Ok(())
        })
    }

    /// A splatted mode's sub-modes take its place, one level up, and the depth that `finish`
    /// checks is the depth of what is left: a tuple one level too deep before the splat is
    /// within the limit after it.
    #[test]
    fn splatted_modes_move_up_a_level() {
        let levels = MAX_DEPTH - 1;
        let expected = LayoutBuilder::build(|out| {
            out.open();
            nested(out, levels);
            out.leaf(Int::dynamic(2), Int::dynamic(3));
            out.close();
            Ok(())
        })
        .unwrap();
        assert_eq!(expected.shape().depth(), MAX_DEPTH);
        assert_eq!(with_splatted(true, levels).unwrap(), expected);
        assert!(matches!(
            with_splatted(false, levels),
            Err(LayoutError::TooDeep { .. })
        ));
        assert_eq!(
            with_splatted(true, 1).unwrap().to_string(),
            "((_1),2):((_1),3)"
        );
        assert_eq!(
            with_splatted(false, 1).unwrap().to_string(),
            "(((_1),2)):(((_1),3))"
        );
    }

    /// A leaf and a tuple of rank 1 are kept whole (`repeat<1>(_)` is `_`); an empty tuple
    /// leaves nothing.
    #[test]
    fn rank_one_modes_are_kept_whole() {
        let one = |write: fn(&mut LayoutBuilder)| {
            LayoutBuilder::build(|out| {
                out.open();
                out.leaf(Int::dynamic(5), Int::dynamic(7));
                out.mode_splatted(true, |out| {
                    write(out);
                    Ok(())
                })?;
                out.close();
                Ok(())
            })
            .unwrap()
            .to_string()
        };
        assert_eq!(one(|out| out.leaf(Int::ONE, Int::ONE)), "(5,_1):(7,_1)");
        assert_eq!(one(|out| nested(out, 1)), "(5,(_1)):(7,(_1))");
        assert_eq!(
            one(|out| {
                out.open();
                out.close()
            }),
            "(5):(7)"
        );
    }
}

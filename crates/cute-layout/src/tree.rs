//! [`Tree`]: the hierarchical tuple behind int-tuples, shapes, strides and coordinates.
//!
//! A tree is a leaf or a tuple of trees. It is stored flat, in pre-order, in a small vector
//! kept inline for up to 16 nodes, so ordinary layouts never touch the heap. `(4)` (a rank-1
//! tuple) and `4` (a leaf) are different trees.

use crate::error::{LayoutError, Result};
use crate::print::{Sink, Text};
use smallvec::SmallVec;
use std::fmt;

pub use crate::limits::MAX_DEPTH;

/// Nodes kept inline before spilling to the heap.
pub(crate) const INLINE: usize = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Node<T> {
    Leaf(T),
    /// A tuple with `rank` children whose subtree (this node included) has `len` nodes.
    Tuple {
        rank: u32,
        len: u32,
    },
}

pub(crate) type Nodes<T> = SmallVec<[Node<T>; INLINE]>;

/// A hierarchical tuple: a leaf `T` or a tuple of trees.
///
/// # Examples
/// ```
/// use cute_layout::IntTuple;
/// let t: IntTuple = "(2,(3,_4))".parse().unwrap();
/// assert_eq!(t.rank(), 2);
/// assert_eq!(t.depth(), 2);
/// assert_eq!(t.get(1).unwrap().to_string(), "(3,_4)");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Tree<T> {
    pub(crate) nodes: Nodes<T>,
}

/// A borrowed sub-tree of a [`Tree`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TreeRef<'a, T> {
    pub(crate) nodes: &'a [Node<T>],
}

fn subtree_len<T>(nodes: &[Node<T>]) -> usize {
    match nodes[0] {
        Node::Leaf(_) => 1,
        Node::Tuple { len, .. } => len as usize,
    }
}

/// Iterator over the top-level modes of a tree (a leaf is its own single mode).
pub struct Modes<'a, T> {
    rest: &'a [Node<T>],
    left: usize,
}

impl<'a, T> Iterator for Modes<'a, T> {
    type Item = TreeRef<'a, T>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let n = subtree_len(self.rest);
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        Some(TreeRef { nodes: head })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<T> ExactSizeIterator for Modes<'_, T> {}

impl<'a, T: Copy> TreeRef<'a, T> {
    /// The value if this is a leaf.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,3)".parse().unwrap();
    /// assert_eq!(t.as_ref().get(1).unwrap().as_leaf().unwrap().value(), 3);
    /// ```
    pub fn as_leaf(self) -> Option<T> {
        match self.nodes[0] {
            Node::Leaf(x) => Some(x),
            Node::Tuple { .. } => None,
        }
    }

    /// Whether this is a leaf.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,(3))".parse().unwrap();
    /// assert!(!t.as_ref().get(1).unwrap().is_leaf());
    /// ```
    pub fn is_leaf(self) -> bool {
        matches!(self.nodes[0], Node::Leaf(_))
    }

    /// Number of top-level modes (1 for a leaf).
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,(3,4,5))".parse().unwrap();
    /// assert_eq!(t.as_ref().get(1).unwrap().rank(), 3);
    /// ```
    pub fn rank(self) -> usize {
        match self.nodes[0] {
            Node::Leaf(_) => 1,
            Node::Tuple { rank, .. } => rank as usize,
        }
    }

    /// Nesting depth: 0 for a leaf, 1 + the deepest child for a tuple.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,(3,(4)))".parse().unwrap();
    /// assert_eq!(t.as_ref().get(1).unwrap().depth(), 2);
    /// ```
    pub fn depth(self) -> usize {
        depth_of(self.nodes)
    }

    /// The top-level modes; a leaf yields itself once, as `get<0>(int)` does in CuTe.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "7".parse().unwrap();
    /// assert_eq!(t.as_ref().modes().count(), 1);
    /// ```
    pub fn modes(self) -> Modes<'a, T> {
        match self.nodes[0] {
            Node::Leaf(_) => Modes {
                rest: self.nodes,
                left: 1,
            },
            Node::Tuple { rank, .. } => Modes {
                rest: &self.nodes[1..],
                left: rank as usize,
            },
        }
    }

    /// Mode `i`, if it exists.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.as_ref().get(1).unwrap().to_string(), "(3,4)");
    /// assert!(t.as_ref().get(2).is_none());
    /// ```
    pub fn get(self, i: usize) -> Option<TreeRef<'a, T>> {
        self.modes().nth(i)
    }

    /// The leaves in order (the flattened tree).
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.as_ref().get(1).unwrap().leaves().count(), 2);
    /// ```
    pub fn leaves(self) -> impl DoubleEndedIterator<Item = T> + 'a {
        self.nodes.iter().filter_map(|n| match n {
            Node::Leaf(x) => Some(*x),
            Node::Tuple { .. } => None,
        })
    }

    /// An owned copy.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.as_ref().get(1).unwrap().to_tree().rank(), 2);
    /// ```
    pub fn to_tree(self) -> Tree<T> {
        Tree {
            nodes: SmallVec::from_slice(self.nodes),
        }
    }
}

fn depth_of<T>(nodes: &[Node<T>]) -> usize {
    // Walk the pre-order encoding keeping the number of children still to visit per level.
    let mut pending: SmallVec<[u32; MAX_DEPTH]> = SmallVec::new();
    let mut deepest = 0;
    for n in nodes {
        while let Some(0) = pending.last() {
            pending.pop();
        }
        if let Some(top) = pending.last_mut() {
            *top -= 1;
        }
        if let Node::Tuple { rank, .. } = n {
            pending.push(*rank);
            deepest = deepest.max(pending.len());
        }
    }
    deepest
}

impl<T: Copy> Tree<T> {
    /// A leaf.
    ///
    /// ```
    /// # use cute_layout::{IntTuple, Int};
    /// assert_eq!(IntTuple::leaf(Int::fixed(3)).to_string(), "_3");
    /// ```
    pub fn leaf(x: T) -> Self {
        let mut nodes = SmallVec::new();
        nodes.push(Node::Leaf(x));
        Tree { nodes }
    }

    /// A tuple of the given children.
    ///
    /// # Errors
    /// [`LayoutError::TooDeep`] if the result is nested deeper than [`MAX_DEPTH`].
    ///
    /// ```
    /// # use cute_layout::{IntTuple, Int};
    /// let t = IntTuple::tuple([IntTuple::leaf(Int::fixed(2)), "(3,4)".parse().unwrap()]).unwrap();
    /// assert_eq!(t.to_string(), "(_2,(3,4))");
    /// ```
    pub fn tuple(children: impl IntoIterator<Item = Tree<T>>) -> Result<Self> {
        let mut b = Builder::new();
        b.open();
        for c in children {
            b.push(c.as_ref());
        }
        b.close();
        b.finish()
    }

    /// A tuple of leaves.
    ///
    /// ```
    /// # use cute_layout::{IntTuple, Int};
    /// assert_eq!(IntTuple::from_leaves([Int::fixed(2), Int::dynamic(3)]).to_string(), "(_2,3)");
    /// ```
    pub fn from_leaves(leaves: impl IntoIterator<Item = T>) -> Self {
        // The tuple node, then the leaves; its rank and length are known once they are in.
        let mut nodes = Nodes::new();
        nodes.push(Node::Tuple { rank: 0, len: 0 });
        for x in leaves {
            // (pushed one by one: `SmallVec::extend`'s generic path costs more for few leaves)
            nodes.push(Node::Leaf(x));
        }
        let rank = (nodes.len() - 1) as u32;
        nodes[0] = Node::Tuple {
            rank,
            len: rank + 1,
        };
        Tree { nodes }
    }

    /// A borrowed view of the whole tree.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,3)".parse().unwrap();
    /// assert_eq!(t.as_ref().rank(), 2);
    /// ```
    pub fn as_ref(&self) -> TreeRef<'_, T> {
        TreeRef { nodes: &self.nodes }
    }

    /// The value if this is a leaf.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// assert_eq!("7".parse::<IntTuple>().unwrap().as_leaf().unwrap().value(), 7);
    /// assert!("(7)".parse::<IntTuple>().unwrap().as_leaf().is_none());
    /// ```
    pub fn as_leaf(&self) -> Option<T> {
        self.as_ref().as_leaf()
    }

    /// Whether this is a leaf.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// assert!("7".parse::<IntTuple>().unwrap().is_leaf());
    /// ```
    pub fn is_leaf(&self) -> bool {
        self.as_ref().is_leaf()
    }

    /// Number of top-level modes; 1 for a leaf.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// assert_eq!("(2,(3,4))".parse::<IntTuple>().unwrap().rank(), 2);
    /// assert_eq!("5".parse::<IntTuple>().unwrap().rank(), 1);
    /// ```
    pub fn rank(&self) -> usize {
        self.as_ref().rank()
    }

    /// Nesting depth: 0 for a leaf.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// assert_eq!("(2,(3,4))".parse::<IntTuple>().unwrap().depth(), 2);
    /// assert_eq!("5".parse::<IntTuple>().unwrap().depth(), 0);
    /// ```
    pub fn depth(&self) -> usize {
        self.as_ref().depth()
    }

    /// The top-level modes (a leaf yields itself).
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// let m: Vec<String> = t.modes().map(|m| m.to_tree().to_string()).collect();
    /// assert_eq!(m, ["2", "(3,4)"]);
    /// ```
    pub fn modes(&self) -> Modes<'_, T> {
        self.as_ref().modes()
    }

    /// Mode `i` as an owned tree (`get<i>` in CuTe).
    ///
    /// # Errors
    /// [`LayoutError::IndexOutOfRange`] if `i >= rank`.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.get(1).unwrap().to_string(), "(3,4)");
    /// assert!(t.get(2).is_err());
    /// ```
    pub fn get(&self, i: usize) -> Result<Tree<T>> {
        self.as_ref()
            .get(i)
            .map(TreeRef::to_tree)
            .ok_or_else(|| LayoutError::IndexOutOfRange {
                op: "get",
                index: i,
                rank: self.rank(),
            })
    }

    /// The sub-tree at a path of mode indices (`get<i,j,...>`).
    ///
    /// # Errors
    /// [`LayoutError::IndexOutOfRange`] if a step is out of range.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.get_path(&[1, 0]).unwrap().to_string(), "3");
    /// ```
    pub fn get_path(&self, path: &[usize]) -> Result<Tree<T>> {
        let mut cur = self.as_ref();
        for &i in path {
            cur = cur.get(i).ok_or_else(|| LayoutError::IndexOutOfRange {
                op: "get",
                index: i,
                rank: cur.rank(),
            })?;
        }
        Ok(cur.to_tree())
    }

    /// The leaves in order.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.leaves().map(|x| x.value()).collect::<Vec<_>>(), [2, 3, 4]);
    /// ```
    pub fn leaves(&self) -> impl DoubleEndedIterator<Item = T> + '_ {
        self.as_ref().leaves()
    }

    /// Number of leaves.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// assert_eq!("(2,(3,4))".parse::<IntTuple>().unwrap().leaf_count(), 3);
    /// ```
    pub fn leaf_count(&self) -> usize {
        self.leaves().count()
    }

    /// The same tree with every leaf mapped.
    ///
    /// ```
    /// # use cute_layout::{IntTuple, Int};
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.map(|x| Int::fixed(x.value() * 10)).to_string(), "(_20,(_30,_40))");
    /// ```
    pub fn map<U: Copy>(&self, mut f: impl FnMut(T) -> U) -> Tree<U> {
        Tree {
            nodes: self
                .nodes
                .iter()
                .map(|n| match *n {
                    Node::Leaf(x) => Node::Leaf(f(x)),
                    Node::Tuple { rank, len } => Node::Tuple { rank, len },
                })
                .collect(),
        }
    }

    /// The same tree with every leaf mapped by a fallible function.
    ///
    /// # Errors
    /// The first error of `f`.
    ///
    /// ```
    /// # use cute_layout::{IntTuple, Int};
    /// let t: IntTuple = "(2,3)".parse().unwrap();
    /// assert_eq!(t.try_map(|x| Ok(x.mul(Int::fixed(2))?)).unwrap().to_string(), "(4,6)");
    /// ```
    pub fn try_map<U: Copy>(&self, mut f: impl FnMut(T) -> Result<U>) -> Result<Tree<U>> {
        let mut nodes = SmallVec::with_capacity(self.nodes.len());
        for n in &self.nodes {
            nodes.push(match *n {
                Node::Leaf(x) => Node::Leaf(f(x)?),
                Node::Tuple { rank, len } => Node::Tuple { rank, len },
            });
        }
        Ok(Tree { nodes })
    }

    /// Whether `self` and `other` have the same nesting profile (CuTe's `congruent`).
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let a: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert!(a.congruent(&"(1,(1,1))".parse::<IntTuple>().unwrap()));
    /// assert!(!a.congruent(&"(1,1)".parse::<IntTuple>().unwrap()));
    /// ```
    pub fn congruent<U: Copy>(&self, other: &Tree<U>) -> bool {
        self.nodes.len() == other.nodes.len()
            && self
                .nodes
                .iter()
                .zip(&other.nodes)
                .all(|(a, b)| match (a, b) {
                    (Node::Leaf(_), Node::Leaf(_)) => true,
                    (Node::Tuple { rank: r1, .. }, Node::Tuple { rank: r2, .. }) => r1 == r2,
                    _ => false,
                })
    }

    /// Combines two congruent trees leaf by leaf.
    ///
    /// # Errors
    /// [`LayoutError::RankMismatch`] if the trees are not congruent; the first error of `f`.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let a: IntTuple = "(2,(3,4))".parse().unwrap();
    /// let b: IntTuple = "(1,(2,3))".parse().unwrap();
    /// assert_eq!(a.zip_map(&b, |x, y| Ok(x.mul(y)?)).unwrap().to_string(), "(2,(6,12))");
    /// ```
    pub fn zip_map<U, V: Copy>(
        &self,
        other: &Tree<U>,
        mut f: impl FnMut(T, U) -> Result<V>,
    ) -> Result<Tree<V>>
    where
        T: fmt::Display,
        U: fmt::Display + Copy,
    {
        if !self.congruent(other) {
            return Err(LayoutError::RankMismatch {
                op: "zip_map",
                detail: format!("{self} and {other} are not congruent"),
                hint: "give both tuples the same nesting",
            });
        }
        let mut nodes = SmallVec::with_capacity(self.nodes.len());
        for (a, b) in self.nodes.iter().zip(&other.nodes) {
            nodes.push(match (*a, *b) {
                (Node::Leaf(x), Node::Leaf(y)) => Node::Leaf(f(x, y)?),
                (Node::Tuple { rank, len }, _) => Node::Tuple { rank, len },
                (Node::Leaf(_), Node::Tuple { .. }) => unreachable_congruent(),
            });
        }
        Ok(Tree { nodes })
    }

    /// The tuple of all leaves (depth ≤ 1); a leaf stays a leaf, as in CuTe.
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// let t: IntTuple = "((2,3),(4,(5,6)))".parse().unwrap();
    /// assert_eq!(t.flatten().to_string(), "(2,3,4,5,6)");
    /// assert_eq!("7".parse::<IntTuple>().unwrap().flatten().to_string(), "7");
    /// ```
    pub fn flatten(&self) -> Tree<T> {
        if self.is_leaf() {
            return self.clone();
        }
        Tree::from_leaves(self.leaves())
    }

    /// A rank-1 tuple holding `self` (CuTe's `wrap` on a leaf; a tuple is returned as is).
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// assert_eq!("7".parse::<IntTuple>().unwrap().wrap().to_string(), "(7)");
    /// assert_eq!("(7,8)".parse::<IntTuple>().unwrap().wrap().to_string(), "(7,8)");
    /// ```
    pub fn wrap(&self) -> Tree<T> {
        if self.is_leaf() {
            Tree::from_leaves(self.leaves())
        } else {
            self.clone()
        }
    }

    /// Peels rank-1 tuples: `((7))` becomes `7` (CuTe's `unwrap`).
    ///
    /// ```
    /// # use cute_layout::IntTuple;
    /// assert_eq!("((7))".parse::<IntTuple>().unwrap().unwrap_single().to_string(), "7");
    /// ```
    pub fn unwrap_single(&self) -> Tree<T> {
        let mut cur = self.as_ref();
        while !cur.is_leaf() && cur.rank() == 1 {
            cur = cur.get(0).expect("rank 1");
        }
        cur.to_tree()
    }
}

#[cold]
pub(crate) fn unreachable_congruent() -> ! {
    unreachable!("congruence was checked")
}

/// The open tuples of a tree being written in pre-order to a node vector: a stack linked
/// through their own nodes. While a tuple is open, its `len` field holds the index of the
/// enclosing open tuple (`NONE` at the top) and its `rank` field the number of children the
/// enclosing tuple had when it was opened; the innermost tuple's count is kept in `children`,
/// and [`OpenTuples::close`] writes the real rank and length. Two integers whatever the depth.
#[derive(Clone, Copy)]
pub(crate) struct OpenTuples {
    /// Index of the innermost open tuple, or `NONE`.
    top: u32,
    /// Children of the innermost open tuple so far.
    children: u32,
}

impl OpenTuples {
    const NONE: u32 = u32::MAX;

    /// No tuple open.
    #[inline]
    pub(crate) const fn new() -> Self {
        OpenTuples {
            top: Self::NONE,
            children: 0,
        }
    }

    /// Whether a tuple is open.
    #[inline]
    pub(crate) fn any(self) -> bool {
        self.top != Self::NONE
    }

    /// The children of the innermost open tuple so far.
    #[inline]
    pub(crate) fn children(self) -> usize {
        self.children as usize
    }

    /// Opens a tuple at the end of `nodes`, a child of the innermost open tuple; what is pushed
    /// until the matching [`OpenTuples::close`] are its children.
    #[inline]
    pub(crate) fn open<T>(&mut self, nodes: &mut Nodes<T>) {
        let saved = Node::Tuple {
            rank: self.children + 1,
            len: self.top,
        };
        self.top = nodes.len() as u32;
        self.children = 0;
        nodes.push(saved);
    }

    /// Closes the innermost open tuple, whose nodes end `nodes`; whether there was one.
    #[inline]
    pub(crate) fn close<T>(&mut self, nodes: &mut Nodes<T>) -> bool {
        let end = nodes.len() as u32;
        match nodes.get_mut(self.top as usize) {
            Some(Node::Tuple { rank, len }) => {
                let (parent_children, parent) = (*rank, *len);
                (*rank, *len) = (self.children, end - self.top);
                (self.children, self.top) = (parent_children, parent);
                true
            }
            _ => false,
        }
    }

    /// Adds a leaf to `nodes`.
    #[inline]
    pub(crate) fn leaf<T>(&mut self, nodes: &mut Nodes<T>, x: T) {
        self.children += 1;
        nodes.push(Node::Leaf(x));
    }
}

/// Incremental pre-order construction of a [`Tree`] without intermediate allocation: the node
/// vector, its [`OpenTuples`] and the nesting depth, cheap to create and to move; adding a leaf
/// is one increment and one push.
pub(crate) struct Builder<T> {
    pub(crate) nodes: Nodes<T>,
    open: OpenTuples,
    /// Number of open tuples.
    level: u32,
    /// The deepest nesting seen (checked against [`MAX_DEPTH`] by [`Builder::finish`]).
    depth: u32,
}

impl<T: Copy> Builder<T> {
    #[inline]
    pub(crate) fn new() -> Self {
        Builder {
            nodes: SmallVec::new(),
            open: OpenTuples::new(),
            level: 0,
            depth: 0,
        }
    }

    /// Opens a tuple; what is pushed until the matching [`Builder::close`] are its children.
    #[inline]
    pub(crate) fn open(&mut self) {
        self.level += 1;
        self.depth = self.depth.max(self.level);
        self.open.open(&mut self.nodes);
    }

    /// Closes the innermost open tuple.
    #[inline]
    pub(crate) fn close(&mut self) {
        self.close_tuple();
    }

    /// Closes the innermost open tuple; the position of its node, if there was one.
    #[inline]
    pub(crate) fn close_tuple(&mut self) -> Option<usize> {
        let top = self.open.top as usize;
        if self.open.close(&mut self.nodes) {
            self.level -= 1;
            return Some(top);
        }
        None
    }

    /// Adds a leaf.
    #[inline]
    pub(crate) fn leaf(&mut self, x: T) {
        self.open.leaf(&mut self.nodes, x);
    }

    /// Adds a copy of a whole sub-tree as one child.
    #[inline]
    pub(crate) fn push(&mut self, t: TreeRef<'_, T>) {
        self.open.children += 1;
        // A tree of n nodes is at most n deep: only measure when that bound could exceed the limit.
        let level = self.level as usize;
        if !t.is_leaf() && level + t.nodes.len() > MAX_DEPTH {
            self.depth = self.depth.max((level + t.depth()) as u32);
        }
        match t.nodes {
            [leaf] => self.nodes.push(*leaf), // the common case, without a `memcpy` call
            nodes => self.nodes.extend_from_slice(nodes),
        }
    }

    /// The number of nodes so far.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The deepest nesting so far, which [`Builder::splat_last`] takes back.
    #[inline]
    pub(crate) fn depth(&self) -> u32 {
        self.depth
    }

    /// Puts the children of the last child, the complete sub-tree written from node `start`
    /// on, in its place if it is a tuple of rank other than 1 (what slicing with
    /// `repeat<rank>(_)` keeps); `depth` is [`Builder::depth`] from before it was written. Its
    /// nodes move up one level, so what they added to the depth drops by one. Whether it did.
    #[inline]
    pub(crate) fn splat_last(&mut self, start: usize, depth: u32) -> bool {
        match self.nodes.get(start) {
            Some(&Node::Tuple { rank, .. }) if rank != 1 => {
                // (the open tuples lie before `start`: their links are unchanged)
                self.nodes.remove(start);
                self.open.children = self.open.children - 1 + rank;
                self.depth = depth.max(self.depth - 1);
                true
            }
            _ => false,
        }
    }

    /// What was built from node `start` on (a complete sub-tree once every tuple opened since
    /// `start` is closed).
    #[inline]
    pub(crate) fn since(&self, start: usize) -> TreeRef<'_, T> {
        TreeRef {
            nodes: &self.nodes[start..],
        }
    }

    /// The finished tree; [`LayoutError::TooDeep`] if it nests deeper than [`MAX_DEPTH`].
    #[inline]
    pub(crate) fn finish(self) -> Result<Tree<T>> {
        if self.depth as usize > MAX_DEPTH {
            return Err(LayoutError::TooDeep { limit: MAX_DEPTH });
        }
        Ok(Tree { nodes: self.nodes })
    }
}

/// A [`Tree`] written in pre-order, a leaf or a tuple at a time, with no intermediate tree: how
/// a reader of nested data (Python tuples, say) builds one in a single pass.
///
/// # Examples
/// ```
/// use cute_layout::{Int, IntTuple, TreeBuilder};
/// let mut b = TreeBuilder::new();
/// b.open();
/// b.leaf(Int::dynamic(2));
/// b.open();
/// b.leaf(Int::dynamic(1));
/// b.leaf(Int::fixed(6));
/// b.close();
/// b.close();
/// let t: IntTuple = b.finish().unwrap();
/// assert_eq!(t.to_string(), "(2,(1,_6))");
/// assert!(TreeBuilder::<Int>::new().finish().is_err()); // no tree written
/// ```
pub struct TreeBuilder<T> {
    builder: Builder<T>,
    /// Whether [`TreeBuilder::close`] was called with no tuple open.
    unbalanced: bool,
}

impl<T: Copy> TreeBuilder<T> {
    /// Nothing written yet.
    #[inline]
    pub fn new() -> Self {
        TreeBuilder {
            builder: Builder::new(),
            unbalanced: false,
        }
    }

    /// Opens a tuple: what is written until the matching [`TreeBuilder::close`] are its modes.
    #[inline]
    pub fn open(&mut self) {
        self.builder.open();
    }

    /// Writes a leaf.
    #[inline]
    pub fn leaf(&mut self, x: T) {
        self.builder.leaf(x);
    }

    /// Closes the innermost open tuple.
    #[inline]
    pub fn close(&mut self) {
        if self.builder.close_tuple().is_none() {
            self.unbalanced = true;
        }
    }

    /// The tree written.
    ///
    /// # Errors
    /// [`LayoutError::TooDeep`] if it nests deeper than [`MAX_DEPTH`];
    /// [`LayoutError::InvalidArgument`] unless exactly one tree was written, every tuple closed.
    #[inline]
    pub fn finish(self) -> Result<Tree<T>> {
        let open = self.builder.open;
        if self.unbalanced || open.any() || open.children != 1 {
            return Err(LayoutError::InvalidArgument {
                op: "TreeBuilder::finish",
                detail: if open.any() {
                    format!("{} tuples left open", self.builder.level)
                } else if self.unbalanced {
                    "a `close` with no tuple open".to_string()
                } else {
                    format!("{} trees written, not one", open.children)
                },
                hint: "write one leaf, or one tuple closed by as many `close` as `open`",
            });
        }
        self.builder.finish()
    }
}

impl<T: Copy> Default for TreeBuilder<T> {
    fn default() -> Self {
        TreeBuilder::new()
    }
}

impl<T: fmt::Display + Copy> fmt::Display for TreeRef<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            let mut text = Text::new(f);
            print_tree(&mut text, self.nodes, |text, x| x.fmt(text.formatter()?))?;
            text.flush()
        })
    }
}

impl<T: fmt::Display + Copy> fmt::Display for Tree<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_ref().fmt(f)
    }
}

impl<T: fmt::Display + Copy> fmt::Debug for Tree<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<T: fmt::Display + Copy> fmt::Debug for TreeRef<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// An `Int` leaf and a tuple header share one 12-byte node (see `Int`'s representation).
const _: () = assert!(std::mem::size_of::<Node<crate::Int>>() == 12);

/// Appends a tree given by its pre-order nodes, `(a,(b,c))`; `leaf` appends each leaf.
pub(crate) fn print_tree<S: Sink, T: Copy>(
    text: &mut S,
    nodes: &[Node<T>],
    mut leaf: impl FnMut(&mut S, T) -> fmt::Result,
) -> fmt::Result {
    match nodes[0] {
        Node::Leaf(x) => leaf(text, x),
        Node::Tuple { rank, .. } => print_tuple(text, nodes, rank, &mut leaf),
    }
}

/// Appends the tuple of `rank` modes whose nodes start `nodes`.
fn print_tuple<S: Sink, T: Copy>(
    text: &mut S,
    nodes: &[Node<T>],
    rank: u32,
    leaf: &mut impl FnMut(&mut S, T) -> fmt::Result,
) -> fmt::Result {
    text.byte(b'(')?;
    let mut rest = &nodes[1..];
    for i in 0..rank {
        if i > 0 {
            text.byte(b',')?;
        }
        rest = match rest[0] {
            Node::Leaf(x) => {
                leaf(text, x)?;
                &rest[1..]
            }
            Node::Tuple { rank, len } => {
                print_tuple(text, rest, rank, leaf)?;
                &rest[len as usize..]
            }
        };
    }
    text.byte(b')')
}

/// Appends a tree of integers.
#[inline]
pub(crate) fn print_int_tree(text: &mut impl Sink, nodes: &[Node<crate::int::Int>]) -> fmt::Result {
    print_tree(text, nodes, |text, x| text.int(x.value(), x.is_static()))
}

/// Writes the layout `shape:stride` to `f`.
pub(crate) fn print_layout(
    f: &mut fmt::Formatter<'_>,
    shape: &[Node<crate::int::Int>],
    stride: &[Node<crate::int::Int>],
) -> fmt::Result {
    let mut text = Text::new(f);
    print_layout_to(&mut text, shape, stride)?;
    text.flush()
}

/// Appends the layout `shape:stride`.
#[inline]
pub(crate) fn print_layout_to(
    text: &mut impl Sink,
    shape: &[Node<crate::int::Int>],
    stride: &[Node<crate::int::Int>],
) -> fmt::Result {
    print_int_tree(text, shape)?;
    text.byte(b':')?;
    print_int_tree(text, stride)
}

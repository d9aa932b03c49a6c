//! One value type for everything the algebra takes and produces: what `cute eval` parses as a
//! literal, passes between nested calls and prints.
//!
//! Every kind has one parser (in [`crate::notation`]) and one printer (`Display` here, built on
//! the ground-floor print helpers), and [`Value::kind`] is what the operation registry checks
//! arguments against (the registry of the `cute-tools` crate).
//!
//! ```
//! use cute_layout::value::{Kind, Value};
//! let v: Value = "(4,8):(1,4)".parse()?;
//! assert_eq!(v.kind(), Kind::Layout);
//! assert_eq!(v.to_string(), "(4,8):(1,4)");
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::atom::{CopyAtom, MmaAtom, TiledCopy, TiledMma};
use crate::basis::{BasisLayout, IdentityTensor};
use crate::category::NestedMorphism;
use crate::coord::Coord;
use crate::f2::F2Layout;
use crate::int::Int;
use crate::layout::Layout;
use crate::linear::triton::TritonLayout;
use crate::linear::LinearLayout;
use crate::print::Sink;
use crate::swizzle::{AnyLayout, ComposedLayout, Swizzle};
use crate::symbolic::{Concrete, Symbolic};
use crate::tiler::Tiler;
use crate::tree::{print_int_tree, print_layout_to};
use crate::tuple::IntTuple;
use crate::tv::TvLayout;
use std::fmt::{self, Write as _};
use std::sync::Arc;

/// The argument values of a call, kept inline up to four (a call with at most four arguments,
/// which is every operation's usual form, allocates nothing for them). A `Vec<Value>` converts
/// into it with `.into()`, as the registry's `Operation::call` (`cute-tools`) does.
///
/// ```
/// use cute_layout::value::{Arguments, Value};
/// let args: Arguments = vec![Value::Int(cute_layout::Int::fixed(4))].into();
/// assert!(!args.spilled());
/// assert_eq!(args[0].to_string(), "_4");
/// ```
pub type Arguments = smallvec::SmallVec<[Value; 4]>;

/// A value of CuTe's layout algebra: a literal, an argument or the result of an operation.
///
/// Every payload larger than an [`Int`] is boxed, so that a value is a few words (32 bytes): the registry
/// moves values in and out of argument lists and results, and a layout held inline (two trees
/// of up to 16 nodes) would be copied at each move. Layouts are shared (`Arc`): a front end that
/// holds layouts (the Python extension's `Layout` objects) passes one as an argument and keeps a
/// result without copying it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer: `8`, `_8`, `-1` (`size`, `cosize`, `crd2idx`, ...).
    Int(Int),
    /// A truth value (`congruent`, `compatible`, ...), printed `true` / `false`.
    Bool(bool),
    /// The wildcard `_`.
    Underscore,
    /// An int-tuple: `(2,(3,4))` (`idx2crd`, `shape_div`, ...).
    IntTuple(Box<IntTuple>),
    /// A coordinate with at least one `_`: `(2,(_,1))`.
    Coord(Box<Coord>),
    /// A layout `S:D`.
    Layout(Arc<Layout>),
    /// A tiler `<...>`.
    Tiler(Box<Tiler>),
    /// A tensor: a layout and an offset (`slice_and_offset`, partitions), printed `LAYOUT+OFFSET`.
    LayoutOffset(Arc<Layout>, Int),
    /// A tuple morphism `S -> T over α` (`to_morphism`; see [`crate::category`]).
    Morphism(Box<NestedMorphism>),
    /// A swizzle `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// A composed layout `A o OFFSET o LAYOUT` (`A` a swizzle `Sw<B,M,S>` or a layout).
    Composed(Box<ComposedLayout>),
    /// A swizzled tensor: a composed layout and an offset, printed `CL+OFFSET`.
    ComposedOffset(Box<ComposedLayout>, Int),
    /// A TV layout with its tile (`make_layout_tv`), printed `(TILER,LAYOUT_TV)` as CuTe prints
    /// the tuple. Where an operation takes a layout, a TV layout stands for its `LAYOUT_TV`.
    Tv(Box<TvLayout>),
    /// A layout with scaled-basis strides (`make_identity_layout`), e.g. `(4,3):(_1@0,_1@1)`.
    Basis(Box<BasisLayout>),
    /// An identity tensor (`make_identity_tensor` and its partitions), printed as CuTe prints
    /// it, `ArithTuple(START) o LAYOUT`: `ArithTuple(_0,_0) o (2,3):(_1@0,_1@1)`.
    IdentityTensor(Box<IdentityTensor>),
    /// An MMA atom (`MMA_Atom<OP>`), printed by its C++ name: `SM80_16x8x16_F32F16F16F32_TN`.
    MmaAtom(Box<MmaAtom>),
    /// A copy atom, printed as C++ spells its type: `Copy_Atom<SM75_U32x4_LDSM_N,half_t>`.
    CopyAtom(Box<CopyAtom>),
    /// A tiled MMA (`make_tiled_mma`), printed with C++'s template arguments in CuTe
    /// notation: `TiledMMA<ATOM,AtomLayoutMNK,PermutationMNK>`.
    TiledMma(Box<TiledMma>),
    /// A tiled copy (`make_tiled_copy`, `make_tiled_copy_A`, ...), printed with C++'s template
    /// arguments: `TiledCopy<Copy_Atom<OP,T>,LayoutCopy_TV,ShapeTiler_MN>`.
    TiledCopy(Box<TiledCopy>),
    /// A layout with F2 strides, whose offsets combine by XOR: `(_8,_8):(_1^,_9^)` (see
    /// [`crate::f2`]).
    F2(Box<F2Layout>),
    /// A linear layout over F2 (Triton's `LinearLayout`), printed in the compact form
    /// `register=[[0,1]] lane=[..] -> dim0=16 dim1=8` ([`crate::linear`]).
    Linear(Box<LinearLayout>),
    /// One of Triton's named layouts (`#ttg.blocked<{...}>`, ...), printed as Triton's MLIR
    /// prints it; `to_linear_layout(it, shape)` gives its linear layout.
    Triton(Box<TritonLayout>),
    /// A value over symbolic extents with the assumptions it was computed under:
    /// `(M,N):(1,M)`, `M/128 assuming 128 | M` (see [`crate::symbolic`]).
    Symbolic(Box<Symbolic>),
}

/// The kind of a [`Value`]: what the registry's parameters accept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// [`Value::Int`].
    Int,
    /// [`Value::Bool`].
    Bool,
    /// [`Value::Underscore`].
    Underscore,
    /// [`Value::IntTuple`].
    IntTuple,
    /// [`Value::Coord`].
    Coord,
    /// [`Value::Layout`].
    Layout,
    /// [`Value::Tiler`].
    Tiler,
    /// [`Value::LayoutOffset`].
    Tensor,
    /// [`Value::Morphism`].
    Morphism,
    /// [`Value::Swizzle`].
    Swizzle,
    /// [`Value::Composed`].
    Composed,
    /// [`Value::ComposedOffset`].
    ComposedTensor,
    /// [`Value::Tv`].
    Tv,
    /// [`Value::Basis`].
    Basis,
    /// [`Value::IdentityTensor`].
    IdentityTensor,
    /// [`Value::MmaAtom`].
    MmaAtom,
    /// [`Value::CopyAtom`].
    CopyAtom,
    /// [`Value::TiledMma`].
    TiledMma,
    /// [`Value::TiledCopy`].
    TiledCopy,
    /// [`Value::F2`].
    F2,
    /// [`Value::Linear`].
    Linear,
    /// [`Value::Triton`].
    Triton,
    /// [`Value::Symbolic`].
    Symbolic,
}

impl Kind {
    /// The kind in words, as errors and `cute ops` name it.
    ///
    /// ```
    /// assert_eq!(cute_layout::value::Kind::Composed.name(), "swizzled layout");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Kind::Int => "integer",
            Kind::Bool => "truth value",
            Kind::Underscore => "`_`",
            Kind::IntTuple | Kind::Coord => "tuple",
            Kind::Layout => "layout",
            Kind::Tiler => "tiler",
            Kind::Tensor => "tensor",
            Kind::Morphism => "morphism",
            Kind::Swizzle => "swizzle",
            Kind::Composed => "swizzled layout",
            Kind::ComposedTensor => "swizzled tensor",
            Kind::Tv => "TV layout",
            Kind::Basis => "scaled-basis layout",
            Kind::IdentityTensor => "identity tensor",
            Kind::MmaAtom => "MMA atom",
            Kind::CopyAtom => "copy atom",
            Kind::TiledMma => "tiled MMA",
            Kind::TiledCopy => "tiled copy",
            Kind::F2 => "F2 layout",
            Kind::Linear => "linear layout",
            Kind::Triton => "Triton layout",
            Kind::Symbolic => "symbolic value",
        }
    }

    /// Whether the kind has swizzled forms of the operations (a swizzle or a composed layout).
    pub fn is_swizzled(self) -> bool {
        matches!(self, Kind::Swizzle | Kind::Composed)
    }

    /// Whether the kind is a scaled-basis layout or an identity tensor.
    pub fn is_identity(self) -> bool {
        matches!(self, Kind::Basis | Kind::IdentityTensor)
    }
}

/// A set of [`Kind`]s, one bit per kind: what the registry asks of a call's arguments as a
/// whole (is there an identity tensor, a swizzled layout?) in one test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kinds(u32);

// one bit per kind in a `u32` (the last kind's bit included)
const _: () = assert!((Kind::Symbolic as u32) < 32);

impl Kinds {
    /// Scaled-basis layouts, identity tensors, swizzles, swizzled layouts and F2 layouts: the
    /// kinds with forms of their own, which the registry tries before an operation's `apply`.
    pub const SPECIAL: Kinds = Kinds::of(&[
        Kind::Basis,
        Kind::IdentityTensor,
        Kind::Swizzle,
        Kind::Composed,
        Kind::F2,
    ]);

    /// The set of `kinds`.
    pub const fn of(kinds: &[Kind]) -> Kinds {
        let mut bits = 0;
        let mut i = 0;
        while i < kinds.len() {
            bits |= 1 << kinds[i] as u32;
            i += 1;
        }
        Kinds(bits)
    }

    /// The kinds of `values`.
    pub fn of_values(values: &[Value]) -> Kinds {
        Kinds(values.iter().fold(0, |bits, v| bits | 1 << v.kind() as u32))
    }

    /// Whether the two sets share a kind.
    pub fn meets(self, other: Kinds) -> bool {
        self.0 & other.0 != 0
    }
}

impl Value {
    /// The kind of the value.
    ///
    /// ```
    /// use cute_layout::value::{Kind, Value};
    /// assert_eq!("(2,_)".parse::<Value>().unwrap().kind(), Kind::Coord);
    /// assert_eq!("(2,3)".parse::<Value>().unwrap().kind(), Kind::IntTuple);
    /// ```
    pub fn kind(&self) -> Kind {
        match self {
            Value::Int(_) => Kind::Int,
            Value::Bool(_) => Kind::Bool,
            Value::Underscore => Kind::Underscore,
            Value::IntTuple(_) => Kind::IntTuple,
            Value::Coord(_) => Kind::Coord,
            Value::Layout(_) => Kind::Layout,
            Value::Tiler(_) => Kind::Tiler,
            Value::LayoutOffset(..) => Kind::Tensor,
            Value::Morphism(_) => Kind::Morphism,
            Value::Swizzle(_) => Kind::Swizzle,
            Value::Composed(_) => Kind::Composed,
            Value::ComposedOffset(..) => Kind::ComposedTensor,
            Value::Tv(_) => Kind::Tv,
            Value::Basis(_) => Kind::Basis,
            Value::IdentityTensor(_) => Kind::IdentityTensor,
            Value::MmaAtom(_) => Kind::MmaAtom,
            Value::CopyAtom(_) => Kind::CopyAtom,
            Value::TiledMma(_) => Kind::TiledMma,
            Value::TiledCopy(_) => Kind::TiledCopy,
            Value::F2(_) => Kind::F2,
            Value::Linear(_) => Kind::Linear,
            Value::Triton(_) => Kind::Triton,
            Value::Symbolic(_) => Kind::Symbolic,
        }
    }

    /// The value as a function from indices to offsets, where it is one: a layout, a tensor's
    /// layout, a TV layout's layout, a composed layout or a swizzled tensor's composed layout,
    /// or the swizzled layout an F2 layout equals ([`crate::f2::F2Layout::to_swizzled`]).
    /// This is what `show`, `svg` and `latex` draw.
    ///
    /// ```
    /// use cute_layout::value::Value;
    /// let v: Value = "Sw<1,0,1> o _0 o (_2,_2):(_2,_1)".parse().unwrap();
    /// assert_eq!(v.as_any_layout().unwrap().offsets().unwrap(), [0, 3, 1, 2]);
    /// let f: Value = "(_2,_2):(_3^,_1^)".parse().unwrap();
    /// assert_eq!(f.as_any_layout().unwrap().to_string(), "Sw<1,0,1> o _0 o (_2,_2):(_2,_1)");
    /// assert_eq!(f.as_any_layout().unwrap().offsets().unwrap(), [0, 3, 1, 2]);
    /// ```
    pub fn as_any_layout(&self) -> Option<AnyLayout> {
        match self {
            Value::Int(n) => Some(AnyLayout::Layout(Layout::leaf(*n, Int::ONE))),
            Value::Layout(l) | Value::LayoutOffset(l, _) => Some(AnyLayout::Layout((**l).clone())),
            Value::Tv(tv) => Some(AnyLayout::Layout(tv.layout.clone())),
            Value::Composed(c) | Value::ComposedOffset(c, _) => {
                Some(AnyLayout::Composed((**c).clone()))
            }
            // an F2 layout draws as the swizzled layout it equals, where it equals one
            Value::F2(f) => f.to_swizzled().ok(),
            _ => None,
        }
    }

    /// Appends the text `Display` prints to `out`: integers, int-tuples and layouts straight,
    /// without a formatter (this is how `cute eval` prints its results).
    ///
    /// ```
    /// use cute_layout::{logical_divide, value::Value, Layout, Tiler};
    /// let (l, t): (Layout, Tiler) = ("16:1".parse()?, "4:2".parse()?);
    /// let mut line = String::from("> ");
    /// Value::from(logical_divide(&l, &t)?).append_to(&mut line);
    /// assert_eq!(line, "> (4,(2,2)):(2,(1,8))");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn append_to(&self, out: &mut String) {
        let appended = match self {
            Value::Int(i) => out.int(i.value(), i.is_static()),
            Value::IntTuple(t) => print_int_tree(out, &t.nodes),
            Value::Layout(l) => print_layout_to(out, &l.shape().nodes, &l.stride().nodes),
            v => write!(out, "{v}"),
        };
        appended.expect("a String takes any text");
    }

    /// The value in words, for error messages: `the layout 4:1`.
    ///
    /// ```
    /// use cute_layout::value::Value;
    /// assert_eq!(Value::Bool(true).describe(), "the truth value true");
    /// ```
    pub fn describe(&self) -> String {
        match self {
            Value::Int(i) => format!("the integer {i}"),
            Value::Underscore => "`_`".to_string(),
            Value::IntTuple(_) | Value::Coord(_) => format!("the tuple {self}"),
            v => format!("the {} {v}", v.kind().name()),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(
            f,
            if matches!(self, Value::Int(_)) {
                fmt::Alignment::Right
            } else {
                fmt::Alignment::Left
            },
            |f| match self {
                Value::Int(i) => i.fmt(f),
                Value::Bool(b) => b.fmt(f),
                Value::Underscore => f.write_str("_"),
                Value::IntTuple(t) => t.fmt(f),
                Value::Coord(c) => c.fmt(f),
                Value::Layout(l) => l.fmt(f),
                Value::Tiler(t) => t.fmt(f),
                Value::LayoutOffset(l, o) => write!(f, "{l}+{o}"),
                Value::Morphism(m) => m.fmt(f),
                Value::Swizzle(sw) => sw.fmt(f),
                Value::Composed(c) => c.fmt(f),
                Value::ComposedOffset(c, o) => write!(f, "{c}+{o}"),
                Value::Tv(tv) => write!(f, "({},{})", tv.tiler, tv.layout),
                Value::Basis(b) => b.fmt(f),
                Value::IdentityTensor(t) => t.fmt(f),
                Value::MmaAtom(a) => a.fmt(f),
                Value::CopyAtom(a) => a.fmt(f),
                Value::TiledMma(m) => m.fmt(f),
                Value::TiledCopy(c) => c.fmt(f),
                Value::F2(l) => l.fmt(f),
                Value::Linear(l) => l.fmt(f),
                Value::Triton(t) => t.fmt(f),
                Value::Symbolic(s) => s.fmt(f),
            },
        )
    }
}

impl From<Layout> for Value {
    fn from(l: Layout) -> Self {
        Value::Layout(Arc::new(l))
    }
}

impl From<AnyLayout> for Value {
    fn from(l: AnyLayout) -> Self {
        match l {
            AnyLayout::Layout(l) => Value::Layout(Arc::new(l)),
            AnyLayout::Composed(c) => Value::Composed(Box::new(c)),
        }
    }
}

impl From<Concrete> for Value {
    /// The ordinary value a substitution gives.
    fn from(c: Concrete) -> Self {
        match c {
            Concrete::Int(n) => Value::Int(n),
            Concrete::Tuple(t) => match t.as_leaf() {
                Some(n) => Value::Int(n),
                None => Value::IntTuple(Box::new(t)),
            },
            Concrete::Layout(l) => Value::from(l),
        }
    }
}

impl From<Int> for Value {
    fn from(i: Int) -> Self {
        Value::Int(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::size_of;

    /// The registry moves values into argument lists and out of results: a value stays a few
    /// words, its large payloads boxed (an unboxed layout alone is two 16-node trees).
    #[test]
    fn a_value_is_small() {
        let inline = [
            size_of::<NestedMorphism>(),
            size_of::<ComposedLayout>() + size_of::<Int>(),
            size_of::<Tiler>(),
        ]
        .into_iter()
        .max();
        eprintln!(
            "Value {} (unboxed, at least the largest payload: {inline:?}); Layout {}, IntTuple {}, Tiler {}, \
             NestedMorphism {}, ComposedLayout {}",
            size_of::<Value>(),
            size_of::<Layout>(),
            size_of::<IntTuple>(),
            size_of::<Tiler>(),
            size_of::<NestedMorphism>(),
            size_of::<ComposedLayout>(),
        );
        assert!(size_of::<Value>() <= 32, "{}", size_of::<Value>());
    }
}

//! The spellings users paste from CuTe C++ and the CuTe DSL (Python), read and printed.
//!
//! Read, wherever CuTe notation is read: the C++ types `Layout<Shape<_4,_8>,Stride<_1,_4>>`
//! (nested `Shape<Shape<...>>`, leaves `_8`, `Int<8>`, `C<8>`, each optionally followed by
//! `{}`), `Swizzle<3,4,3>{}`, each name with or without `cute::` before it, and the Python
//! spellings `cutlass.Int32(4)` (a dynamic integer) and `None` (`_`). The calls `make_shape`,
//! `make_stride`, `make_coord`, `make_tile`, `make_layout`, `composition`, ... are operations
//! of the registry; `cute.` and `cute::` before a call name are accepted, and `cute.` reads the
//! call the way Python does (plain integers are static, `(4,)` is a one-tuple, `stride=` names
//! an argument, by this tool's name or the DSL's, and the arguments come in the DSL's order:
//! [`dsl_param`]). The DSL spellings that are values, not calls, are read in `python.rs`.
//!
//! Printed by [`print_as`]: a value as CuTe notation, a C++ expression, or CuTe DSL Python.

use super::{Expected, Leaf, Parser};
use crate::basis::{make_identity_tensor, BasisLayout, IdentityTensor};
use crate::coord::{Coord, CoordLeaf};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::{ComposedLayout, Outer, Swizzle};
use crate::tiler::Tiler;
use crate::tree::{Tree, TreeRef, MAX_DEPTH};
use crate::tuple::IntTuple;
use crate::value::Value;

/// A syntax values are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Syntax {
    /// CuTe notation, as CuTe C++ prints values: `(_4,_8):(_1,_4)`.
    #[default]
    Cute,
    /// A C++ expression: `Layout<Shape<Int<4>,Int<8>>,Stride<Int<1>,Int<4>>>{}` when every
    /// integer is static, else `make_layout(make_shape(4,Int<8>{}),make_stride(1,4))`.
    Cpp,
    /// CuTe DSL Python: `cute.make_layout((4,8), stride=(1,4))`; plain integers are static,
    /// dynamic ones are `cutlass.Int32(4)`.
    Dsl,
}

/// The C++ tuple types read as int-tuples.
const TUPLE_TYPES: [&str; 6] = ["Shape", "Stride", "Coord", "Step", "Tile", "tuple"];

impl<'a> Parser<'a> {
    /// The run of identifier characters, `.` and `:` at the position (no space skipped),
    /// consumed.
    fn word(&mut self) -> &'a str {
        let (input, start) = (self.input, self.pos);
        self.pos += input.as_bytes()[start..]
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':'))
            .count();
        &input[start..self.pos]
    }

    /// A leaf spelled in C++ (`Int<8>{}`, `C<8>`) or Python (`cutlass.Int32(8)`, `None`) at
    /// the position; `None` (nothing consumed) if there is none.
    #[cold]
    pub(super) fn spelled_leaf(&mut self) -> Option<Leaf<CoordLeaf>> {
        let start = self.pos;
        let word = self.word();
        let leaf = match word.strip_prefix("cute::").unwrap_or(word) {
            // `cute::_8`, `cute::_`
            w if w.starts_with('_') && w.len() < word.len() => {
                self.pos = start + "cute::".len();
                return Some(self.coord_leaf());
            }
            "Int" | "C" => self
                .delimited_int(b'<', b'>')
                .map(|v| CoordLeaf::Index(Int::fixed(v))),
            "Int32" | "Int64" | "cutlass.Int32" | "cutlass.Int64" => self
                .delimited_int(b'(', b')')
                .map(|v| CoordLeaf::Index(Int::dynamic(v))),
            "None" => Ok(CoordLeaf::Underscore),
            // C++'s `using X = Underscore;` (`Step<_1,X,_1>{}`), and `Underscore{}` itself
            "X" | "Underscore" => self.optional_braces_leaf().map(|()| CoordLeaf::Underscore),
            w if device_index(w).is_some() => {
                self.pos = start;
                Err(Expected(DEVICE_INDEX))
            }
            _ => {
                self.pos = start;
                return None;
            }
        };
        Some(leaf)
    }

    /// Consumes an optional `{}` right after a C++ type (no space skipped before it).
    fn optional_braces_leaf(&mut self) -> Leaf<()> {
        if self.input.as_bytes().get(self.pos) == Some(&b'{') {
            self.braces()?;
        }
        Ok(())
    }

    /// `<N>` (then an optional `{}`) or `(N)`: the integer N.
    fn delimited_int(&mut self, open: u8, close: u8) -> Leaf<i64> {
        if !self.accept(open) {
            return Err(Expected("`<N>` or `(N)` after the integer type"));
        }
        self.peek();
        let negative = self.eat(b'-');
        let digits = self.pos;
        let v = self
            .decimal(negative)
            .ok_or(Expected("an integer that fits in 64 bits"))?;
        if self.pos == digits || !self.accept(close) {
            return Err(Expected("an integer, then the closing bracket"));
        }
        if self.input.as_bytes().get(self.pos) == Some(&b'{') {
            self.braces()?;
        }
        Ok(v)
    }

    /// Consumes the `{}` of a C++ value `T{}` at the position.
    pub(super) fn braces(&mut self) -> Leaf<()> {
        if self.eat(b'{') && self.accept(b'}') {
            Ok(())
        } else {
            Err(Expected("`{}`"))
        }
    }

    /// Consumes an optional `{}` after a C++ type.
    pub(super) fn optional_braces(&mut self) -> Result<()> {
        if self.peek() == Some(b'{') {
            self.braces().map_err(|e| self.expected(e))?;
        }
        Ok(())
    }

    /// A literal starting with a capital letter: `Sw<B,M,S>` (CuTe notation), or a C++ type
    /// `Layout<...>`, `Shape<...>`, `Int<N>`, `Swizzle<B,M,S>` (each with an optional `{}`), or
    /// Python's `None`.
    pub(super) fn spelled_literal(&mut self) -> Result<Value> {
        self.peek();
        let start = self.pos;
        let word = self.word();
        match word {
            "Sw" | "Swizzle" => {
                self.pos = start;
                Ok(match super::parse_swizzled(self)? {
                    super::Swizzled::Swizzle(s) => Value::Swizzle(s),
                    super::Swizzled::Composed(c) => Value::Composed(Box::new(*c)),
                })
            }
            "Layout" => self.cpp_layout().map(Value::from),
            // C++ prints an integer start with no parentheses: `ArithTuple_0 o _4:_1`
            w if w.starts_with("ArithTuple") => {
                self.pos = start + "ArithTuple".len();
                self.arith_tuple()
            }
            "Int" | "C" | "None" | "X" | "Underscore" => {
                self.pos = start;
                let leaf = self.coord()?;
                Ok(match leaf.as_leaf() {
                    Some(CoordLeaf::Index(n)) => Value::Int(n),
                    _ => Value::Underscore,
                })
            }
            // a `Step` may hold `X` (C++'s `_`): `Step<_1,X,_1>{}`, the projection of
            // `local_tile(T, tiler, coord, proj)`
            "Step" => {
                self.pos = start;
                let step = self.cpp_coord_tree()?;
                Ok(if step.has_underscore() {
                    Value::Coord(Box::new(step))
                } else {
                    Value::IntTuple(Box::new(step.underscores_as_zero()))
                })
            }
            // a `Tile` of integers is the int-tuple; one that holds layouts or `X`, a tiler
            // (`Tile<Layout<_8,_3>,Layout<_4,_2>>{}`, a `make_tiled_mma` permutation)
            "Tile" => {
                self.pos = start;
                let depth = self.depth;
                match self.cpp_tree() {
                    Ok(t) => Ok(Value::IntTuple(Box::new(t))),
                    Err(_) => {
                        (self.pos, self.depth) = (start, depth);
                        self.cpp_tile().map(|t| Value::Tiler(Box::new(t)))
                    }
                }
            }
            w if TUPLE_TYPES.contains(&w) => {
                self.pos = start;
                self.cpp_tree().map(|t| Value::IntTuple(Box::new(t)))
            }
            w if LAYOUT_MAJORS.contains(&w) => {
                self.pos = start;
                Err(self.error(MAJOR_PLACE))
            }
            w if is_smem_atom_word(w) => {
                self.pos = start;
                self.smem_atom_literal()
            }
            // anything else capitalised is an atom (`SM80_16x8x16_F32F16F16F32_TN`,
            // `Copy_Atom<..>`, `TiledMMA<..>`), or not a literal at all
            w if is_atom_word(w) => {
                self.pos = start;
                self.atom_literal()
            }
            _ => {
                self.pos = start;
                Err(self.error(
                    "a literal: CuTe notation, a C++ type such as \
                     `Layout<Shape<_4,_8>,Stride<_1,_4>>`, `Int<8>{}`, `Swizzle<3,4,3>{}`, \
                     or an atom (`cute atoms` lists them); a name of the code it comes from \
                     (`A`, `TA`, `SmemLayoutA`) is a variable, which is not read: write its value",
                ))
            }
        }
    }

    /// A coordinate spelled as a C++ type (`Step<_1,X,Step<X,_1>>`, leaves `_1`, `Int<1>`, `X`,
    /// `_`) or in CuTe notation.
    fn cpp_coord_tree(&mut self) -> Result<Coord> {
        self.peek();
        let start = self.pos;
        let word = self.word();
        let word = word.strip_prefix("cute::").unwrap_or(word);
        if !(TUPLE_TYPES.contains(&word) && self.accept(b'<')) {
            self.pos = start;
            return self.coord();
        }
        self.cpp_type_modes(Self::cpp_coord_tree)
    }

    /// A tiler spelled as a C++ type, `Tile<Layout<_3,_4>,_8,X>` (an optional `{}` after it):
    /// each mode a `Layout<..>`, a nested `Tile<..>`, `X` or `_`, or an int-tuple (its shape
    /// tiler).
    pub(super) fn cpp_tile(&mut self) -> Result<Tiler> {
        self.peek();
        let start = self.pos;
        let word = self.word();
        let t = match word.strip_prefix("cute::").unwrap_or(word) {
            "Layout" => Tiler::Layout(self.cpp_layout()?),
            "Tile" if self.accept(b'<') => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(self.too_deep());
                }
                let mut modes = Vec::new();
                if !self.accept(b'>') {
                    loop {
                        modes.push(self.cpp_tile()?);
                        if self.accept(b'>') {
                            break;
                        }
                        self.expect(b',')?;
                    }
                }
                self.depth -= 1;
                self.optional_braces()?;
                Tiler::Tuple(modes)
            }
            "X" | "Underscore" | "_" => {
                self.optional_braces()?;
                Tiler::Underscore
            }
            _ => {
                self.pos = start;
                let t = self.cpp_tree()?;
                match t.as_leaf() {
                    Some(n) => Tiler::from_int(n),
                    None => Tiler::from_shape(&t),
                }
            }
        };
        Ok(t)
    }

    /// Consumes the `(` after the name of a call `name(...)`; where there is none, the name is
    /// a variable of C++ code (`bM`, `tid`), which is refused with a hint.
    ///
    /// # Errors
    /// [`LayoutError::Parse`].
    pub fn call_paren(&mut self, name: &str) -> Result<()> {
        if self.accept(b'(') {
            // a C++ function with no value here is refused before its arguments are read
            return match cpp_only_call(name) {
                Some(e) => Err(e),
                None => Ok(()),
            };
        }
        // the error points at the name, just read
        let start = self.input[..self.pos].rfind(name).unwrap_or(self.pos);
        let why = format!(
            "'(' after `{}`: a name without arguments is a variable (of the C++ or Python \
             code it comes from), and variables are not read: write its value instead (`Int<128>{{}}` for \
             `auto bM = Int<128>{{}};`, the layout for a layout)",
            crate::limits::echo(name)
        );
        Err(LayoutError::parse(self.input, start, why))
    }

    /// C++'s `LayoutRight{}` / `GenRowMajor{}` (`true`) or `LayoutLeft{}` / `GenColMajor{}`
    /// (`false`), with or without `cute::`, consumed if it is at the position; with its name.
    pub fn layout_major(&mut self) -> Result<Option<(bool, &'static str)>> {
        if !matches!(self.peek(), Some(b'L' | b'G' | b'c')) {
            return Ok(None);
        }
        let start = self.pos;
        let word = self.word();
        let word = word.strip_prefix("cute::").unwrap_or(word);
        let Some(&tag) = LAYOUT_MAJORS.iter().find(|&&m| m == word) else {
            self.pos = start;
            return Ok(None);
        };
        self.optional_braces()?;
        Ok(Some((matches!(tag, "LayoutRight" | "GenRowMajor"), tag)))
    }

    /// `<S,D>` (or `<S>`, column-major) after `Layout`, then an optional `{}`.
    fn cpp_layout(&mut self) -> Result<Layout> {
        self.expect(b'<')?;
        let shape = self.cpp_tree()?;
        let layout = if self.accept(b',') {
            let at = self.pos;
            let stride = self.cpp_tree()?;
            if !shape.congruent(&stride) {
                return Err(LayoutError::parse(
                    self.input,
                    at,
                    "a stride congruent to the shape",
                ));
            }
            Layout::from_congruent(shape, stride)
        } else {
            Layout::column_major(&shape)?
        };
        self.expect(b'>')?;
        self.optional_braces()?;
        Ok(layout)
    }

    /// The modes `M,...>` of a C++ tuple type after its `<`, each read by `mode`, then an
    /// optional `{}`: the tuple of them (`Shape<..>`, `Step<..>`), at most `MAX_DEPTH` deep.
    fn cpp_type_modes<T: Copy>(
        &mut self,
        mode: fn(&mut Self) -> Result<Tree<T>>,
    ) -> Result<Tree<T>> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.too_deep());
        }
        let mut modes = Vec::new();
        if !self.accept(b'>') {
            loop {
                modes.push(mode(self)?);
                if self.accept(b'>') {
                    break;
                }
                self.expect(b',')?;
            }
        }
        self.depth -= 1;
        self.optional_braces()?;
        Tree::tuple(modes)
    }

    /// An int-tuple spelled as a C++ type (`Shape<Shape<_2,_2>,Int<4>>`, leaves `_4`, `Int<4>`,
    /// `C<4>`) or in CuTe notation.
    pub(super) fn cpp_tree(&mut self) -> Result<IntTuple> {
        self.peek();
        let start = self.pos;
        let word = self.word();
        let word = word.strip_prefix("cute::").unwrap_or(word);
        if !(TUPLE_TYPES.contains(&word) && self.accept(b'<')) {
            if matches!(word, "int" | "int32_t" | "int64_t" | "size_t") {
                self.pos = start;
                return Err(self.error(
                    "a static integer (`_4`, `Int<4>`): a C++ type holds no dynamic value; \
                     write make_shape(4, ...) for dynamic ones",
                ));
            }
            self.pos = start;
            return self.int_tuple();
        }
        self.cpp_type_modes(Self::cpp_tree)
    }
}

/// `value` written in `syntax`.
///
/// A tensor `L+o` is, in C++, the counting tensor `make_tensor(make_inttuple_iter(o), L)`
/// (element `c` is `o + L(c)`), in the DSL the coordinate tensor `cute.make_tensor(o, L)`; an
/// identity layout or tensor is the call that makes it (`make_identity_layout(SHAPE)`,
/// `make_identity_tensor(SHAPE)`, in the DSL `cute.make_identity_layout(SHAPE)`,
/// `cute.make_identity_tensor(SHAPE)`); other scaled-basis layouts are
/// `make_layout(SHAPE,make_stride(E<0>{}*Int<2>{},E<1>{}))` (in the DSL
/// `cute.make_layout(SHAPE, stride=(2*cute.E(0),cute.E(1)))`) and other identity tensors
/// `make_tensor(make_inttuple_iter(make_coord(0,2)),make_layout(...))` (in the DSL
/// `cute.make_tensor((0,2), cute.make_layout(...))`). In the DSL a tiler is the Python tuple
/// the DSL takes (`(cute.make_layout(4, stride=2), None)`; one of integers and `None` alone
/// reads back as that tuple, which stands for the tiler wherever a tiler is expected), and a TV
/// layout is the pair `(tiler_mn, layout_tv)` that `cute.make_layout_tv` returns.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for a value that has no such form, saying why: a TV
/// layout in C++ (`make_layout_tv` returns a pair, not a value of its own) or, in the DSL, one
/// whose tile is not of rank 2 (it would read back as a tiler), a tiler the DSL would read
/// back as a TV layout (an `(M,N)` tile and a rank-2 layout), a morphism (not a CuTe value), a
/// swizzled tensor, a scaled-basis layout or identity tensor none of whose strides names a
/// basis vector (it would read back as an ordinary layout or counting tensor).
///
/// # Examples
/// ```
/// use cute_layout::notation::{print_as, Syntax};
/// use cute_layout::value::Value;
/// let l: Value = "(_4,_8):(_1,_4)".parse()?;
/// assert_eq!(print_as(&l, Syntax::Cpp)?, "Layout<Shape<Int<4>,Int<8>>,Stride<Int<1>,Int<4>>>{}");
/// assert_eq!(print_as(&l, Syntax::Dsl)?, "cute.make_layout((4,8), stride=(1,4))");
/// let d: Value = "(4,8):(1,_4)".parse()?;
/// assert_eq!(print_as(&d, Syntax::Cpp)?, "make_layout(make_shape(4,8),make_stride(1,Int<4>{}))");
/// assert_eq!(print_as(&d, Syntax::Cute)?, "(4,8):(1,_4)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn print_as(value: &Value, syntax: Syntax) -> Result<String> {
    let text = match syntax {
        Syntax::Cute => Some(value.to_string()),
        Syntax::Cpp => cpp(value),
        Syntax::Dsl => dsl(value),
    };
    text.ok_or_else(|| LayoutError::InvalidArgument {
        op: "print",
        detail: format!(
            "{} has no {} form: {}",
            value.describe(),
            match syntax {
                Syntax::Cpp => "C++",
                _ => "CuTe DSL",
            },
            no_form(value, syntax)
        ),
        hint: "print it in CuTe notation (`--as cute`), or the call that makes it",
    })
}

/// Why `value` has no form in `syntax` (C++ or the DSL).
#[cold]
fn no_form(value: &Value, syntax: Syntax) -> String {
    let (cpp, dsl) = (syntax == Syntax::Cpp, syntax == Syntax::Dsl);
    match value {
        Value::Tv(_) if cpp => "make_layout_tv returns the pair (tiler, layout_tv), no value \
                                of its own; write the make_layout_tv call, or print its parts"
            .to_string(),
        Value::Tv(tv) => format!(
            "its tile {} has rank {}, not 2, and the pair (tiler_mn, layout_tv) would read \
             back as a tiler (a TV layout read back has an (M,N) tile)",
            tv.tiler,
            tv.tiler.rank()
        ),
        Value::Morphism(_) => "a tuple morphism is a value of the categorical algebra, not of \
                               CuTe (from_morphism gives its layout)"
            .to_string(),
        Value::Basis(_) | Value::IdentityTensor(_) => format!(
            "no stride names a basis vector ({} in {}), so the text would read back as an \
             ordinary layout or a counting tensor, which CuTe prints alike",
            if cpp { "E<i>{}" } else { "cute.E(i)" },
            if cpp { "C++" } else { "the DSL" },
        ),
        Value::ComposedOffset(..) => "a swizzled tensor is a tensor over a pointer, which \
                                      has no value here"
            .to_string(),
        Value::Tiler(t) if dsl => format!(
            "the DSL passes a tiler as a plain Python tuple, `{}`, and a pair of an (M,N) \
             tile and a rank-2 layout reads back as the TV layout (tiler_mn, layout_tv) that \
             cute.make_layout_tv returns",
            dsl_tiler(t)
        ),
        _ => "this tool writes none for it".to_string(),
    }
}

/// A C++ expression of the value, where it has one.
fn cpp(value: &Value) -> Option<String> {
    Some(match value {
        Value::Int(i) => cpp_int(*i, true),
        Value::Bool(b) => b.to_string(),
        Value::Underscore => "_".to_string(),
        Value::IntTuple(t) => cpp_tuple((**t).as_ref(), "make_shape", "Shape"),
        Value::Coord(c) => cpp_coord((**c).as_ref()),
        Value::Layout(l) => cpp_layout(l),
        Value::Tiler(t) => cpp_tiler(t),
        Value::Swizzle(sw) => cpp_swizzle(*sw),
        Value::Composed(c) => cpp_composed(c),
        Value::LayoutOffset(l, o) => format!(
            "make_tensor(make_inttuple_iter({}),{})",
            cpp_int(*o, true),
            cpp_layout(l)
        ),
        Value::Basis(b) if BasisLayout::identity(b.shape()).ok()? == **b => {
            let shape = cpp_tuple(b.shape().as_ref(), "make_shape", "Shape");
            format!("make_identity_layout({shape})")
        }
        Value::IdentityTensor(t) if is_identity(t) => {
            let shape = cpp_tuple(t.layout().shape().as_ref(), "make_shape", "Shape");
            format!("make_identity_tensor({shape})")
        }
        Value::Basis(b) => cpp_basis_layout(b)?,
        Value::IdentityTensor(t) => {
            let start = t.start().as_ref();
            let start = match start.as_leaf() {
                Some(i) => cpp_int(i, true),
                None => cpp_tuple_call(start, "make_coord", &|i| cpp_int(*i, true)),
            };
            let layout = cpp_basis_layout(t.layout())?;
            format!("make_tensor(make_inttuple_iter({start}),{layout})")
        }
        _ => return None,
    })
}

/// `make_layout(SHAPE,make_stride(E<0>{}*Int<2>{},...))`; `None` when no stride has a basis
/// (the text would read back as an ordinary layout).
fn cpp_basis_layout(b: &BasisLayout) -> Option<String> {
    b.stride().leaves().any(|d| !d.path().is_empty()).then(|| {
        let shape = cpp_tuple(b.shape().as_ref(), "make_shape", "Shape");
        let stride = cpp_tuple_call(b.stride().as_ref(), "make_stride", &|d| {
            let path: Vec<String> = d.path().iter().map(usize::to_string).collect();
            match (path.is_empty(), d.value()) {
                (true, v) => cpp_int(v, true),
                (false, v) if v.is_static() && v.value() == 1 => {
                    format!("E<{}>{{}}", path.join(","))
                }
                (false, v) => format!("E<{}>{{}}*{}", path.join(","), cpp_int(v, true)),
            }
        });
        format!("make_layout({shape},{stride})")
    })
}

/// A tree as nested calls `make(...)`, `leaf` printing the leaves.
fn cpp_tuple_call<T: Copy>(t: TreeRef<'_, T>, make: &str, leaf: &dyn Fn(&T) -> String) -> String {
    match t.as_leaf() {
        Some(x) => leaf(&x),
        None => {
            let modes: Vec<String> = t.modes().map(|m| cpp_tuple_call(m, make, leaf)).collect();
            format!("{make}({})", modes.join(","))
        }
    }
}

/// Whether `t` is `make_identity_tensor(S)` for its shape `S`.
fn is_identity(t: &IdentityTensor) -> bool {
    make_identity_tensor(t.layout().shape()).is_ok_and(|id| id == *t)
}

/// `Int<N>{}` (`Int<N>` in a type) or `N`.
fn cpp_int(i: Int, value: bool) -> String {
    match (i.is_static(), value) {
        (true, true) => format!("Int<{}>{{}}", i.value()),
        (true, false) => format!("Int<{}>", i.value()),
        (false, _) => i.value().to_string(),
    }
}

/// An int-tuple as a C++ value: `Shape<...>{}` (all static) or a call `make_shape(...)`;
/// `make` and `ty` name them.
fn cpp_tuple(t: TreeRef<'_, Int>, make: &str, ty: &str) -> String {
    match t.as_leaf() {
        Some(i) => cpp_int(i, true),
        None if t.leaves().all(Int::is_static) => format!("{}{{}}", cpp_type(t, ty)),
        None => {
            let modes: Vec<String> = t.modes().map(|m| cpp_tuple(m, make, ty)).collect();
            format!("{make}({})", modes.join(","))
        }
    }
}

/// An all-static int-tuple as a C++ type: `Shape<Int<2>,Shape<...>>` (`Int<N>` for a leaf).
fn cpp_type(t: TreeRef<'_, Int>, ty: &str) -> String {
    match t.as_leaf() {
        Some(i) => cpp_int(i, false),
        None => {
            let modes: Vec<String> = t.modes().map(|m| cpp_type(m, ty)).collect();
            format!("{ty}<{}>", modes.join(","))
        }
    }
}

/// A coordinate: `make_coord(_,1)`.
fn cpp_coord(c: TreeRef<'_, CoordLeaf>) -> String {
    match c.as_leaf() {
        Some(CoordLeaf::Index(i)) => cpp_int(i, true),
        Some(CoordLeaf::Underscore) => "_".to_string(),
        None => {
            let modes: Vec<String> = c.modes().map(cpp_coord).collect();
            format!("make_coord({})", modes.join(","))
        }
    }
}

/// `Layout<Shape<...>,Stride<...>>{}` when all static, else `make_layout(SHAPE,STRIDE)`.
fn cpp_layout(l: &Layout) -> String {
    let (shape, stride) = (l.shape().as_ref(), l.stride().as_ref());
    if shape.leaves().chain(stride.leaves()).all(Int::is_static) {
        let (s, d) = (cpp_type(shape, "Shape"), cpp_type(stride, "Stride"));
        return format!("Layout<{s},{d}>{{}}");
    }
    let s = cpp_tuple(shape, "make_shape", "Shape");
    let d = cpp_tuple(stride, "make_stride", "Stride");
    format!("make_layout({s},{d})")
}

/// `make_tile(...)` of layouts, integers and `_`.
fn cpp_tiler(t: &Tiler) -> String {
    match t {
        Tiler::Layout(l) => cpp_layout(l),
        Tiler::Int(i) => cpp_int(*i, true),
        Tiler::Underscore => "_".to_string(),
        Tiler::Tuple(ts) => {
            let modes: Vec<String> = ts.iter().map(cpp_tiler).collect();
            format!("make_tile({})", modes.join(","))
        }
    }
}

/// `Swizzle<B,M,S>{}`.
fn cpp_swizzle(sw: Swizzle) -> String {
    format!("Swizzle<{},{},{}>{{}}", sw.bits(), sw.base(), sw.shift())
}

/// `make_composed_layout(A,OFFSET,LAYOUT)`.
fn cpp_composed(c: &ComposedLayout) -> String {
    let outer = match c.outer() {
        Outer::Swizzle(sw) => cpp_swizzle(*sw),
        Outer::Layout(a) => cpp_layout(a),
    };
    let offset = cpp_int(c.offset(), true);
    format!(
        "make_composed_layout({outer},{offset},{})",
        cpp_layout(c.layout())
    )
}

/// CuTe DSL Python for the value, where it has a form.
fn dsl(value: &Value) -> Option<String> {
    Some(match value {
        Value::Int(i) => dsl_int(*i),
        Value::Bool(b) => if *b { "True" } else { "False" }.to_string(),
        Value::Underscore => "None".to_string(),
        Value::IntTuple(t) => dsl_tuple((**t).as_ref(), &|i| dsl_int(*i)),
        Value::Coord(c) => dsl_tuple((**c).as_ref(), &|leaf| match leaf {
            CoordLeaf::Index(i) => dsl_int(*i),
            CoordLeaf::Underscore => "None".to_string(),
        }),
        Value::Layout(l) => dsl_layout(l),
        Value::Tiler(t) if !reads_as_tv(t) => dsl_tiler(t),
        Value::Tv(tv) if tv.tiler.rank() == 2 => format!(
            "({}, {})",
            dsl_tuple(tv.tiler.as_ref(), &|i| dsl_int(*i)),
            dsl_layout(&tv.layout)
        ),
        Value::Swizzle(sw) => dsl_swizzle(*sw),
        Value::Composed(c) => {
            let outer = match c.outer() {
                Outer::Swizzle(sw) => dsl_swizzle(*sw),
                Outer::Layout(a) => dsl_layout(a),
            };
            format!(
                "cute.make_composed_layout({outer}, {}, {})",
                dsl_int(c.offset()),
                dsl_layout(c.layout())
            )
        }
        Value::LayoutOffset(l, o) => {
            format!("cute.make_tensor({}, {})", dsl_int(*o), dsl_layout(l))
        }
        Value::Basis(b) if BasisLayout::identity(b.shape()).ok()? == **b => {
            let shape = dsl_tuple(b.shape().as_ref(), &|i| dsl_int(*i));
            format!("cute.make_identity_layout({shape})")
        }
        Value::IdentityTensor(t) if is_identity(t) => {
            let shape = dsl_tuple(t.layout().shape().as_ref(), &|i| dsl_int(*i));
            format!("cute.make_identity_tensor({shape})")
        }
        Value::Basis(b) => dsl_basis_layout(b)?,
        Value::IdentityTensor(t) => {
            let start = dsl_tuple(t.start().as_ref(), &|i| dsl_int(*i));
            format!(
                "cute.make_tensor({start}, {})",
                dsl_basis_layout(t.layout())?
            )
        }
        _ => return None,
    })
}

/// Whether the DSL form of a tiler, a Python tuple, would read back as a TV layout: the pair
/// `(tiler_mn, layout_tv)` that `cute.make_layout_tv` returns.
fn reads_as_tv(t: &Tiler) -> bool {
    super::python::tv_parts(t).is_some()
}

/// `cute.make_layout(SHAPE, stride=(2*cute.E(0), cute.E([1,0]), 0))`; `None` when no stride has
/// a basis (the text would read back as an ordinary layout).
fn dsl_basis_layout(b: &BasisLayout) -> Option<String> {
    b.stride().leaves().any(|d| !d.path().is_empty()).then(|| {
        let stride = dsl_tuple(b.stride().as_ref(), &|d| {
            let path: Vec<String> = d.path().iter().map(usize::to_string).collect();
            let e = match &path[..] {
                [i] => format!("cute.E({i})"),
                _ => format!("cute.E([{}])", path.join(",")),
            };
            match (path.is_empty(), d.value()) {
                (true, v) => dsl_int(v),
                (false, v) if v.is_static() && v.value() == 1 => e,
                (false, v) => format!("{}*{e}", dsl_int(v)),
            }
        });
        let shape = dsl_tuple(b.shape().as_ref(), &|i| dsl_int(*i));
        format!("cute.make_layout({shape}, stride={stride})")
    })
}

/// A tiler as the DSL passes it: a Python tuple of layouts, integers, `None` and tuples.
fn dsl_tiler(t: &Tiler) -> String {
    match t {
        Tiler::Layout(l) => dsl_layout(l),
        Tiler::Int(i) => dsl_int(*i),
        Tiler::Underscore => "None".to_string(),
        Tiler::Tuple(ts) => {
            let modes: Vec<String> = ts.iter().map(dsl_tiler).collect();
            let one = if modes.len() == 1 { "," } else { "" };
            format!("({}{one})", modes.join(", "))
        }
    }
}

/// `4` (static) or `cutlass.Int32(4)` (dynamic; `Int64` beyond 32 bits).
fn dsl_int(i: Int) -> String {
    match (i.is_static(), i32::try_from(i.value()).is_ok()) {
        (true, _) => i.value().to_string(),
        (false, true) => format!("cutlass.Int32({})", i.value()),
        (false, false) => format!("cutlass.Int64({})", i.value()),
    }
}

/// A Python tuple (`(4,)` for one mode), `leaf` printing the leaves.
fn dsl_tuple<T: Copy>(t: TreeRef<'_, T>, leaf: &dyn Fn(&T) -> String) -> String {
    match t.as_leaf() {
        Some(x) => leaf(&x),
        None => {
            let modes: Vec<String> = t.modes().map(|m| dsl_tuple(m, leaf)).collect();
            let one = if modes.len() == 1 { "," } else { "" };
            format!("({}{one})", modes.join(","))
        }
    }
}

/// `cute.make_layout(SHAPE, stride=STRIDE)`.
fn dsl_layout(l: &Layout) -> String {
    let int = |i: &Int| dsl_int(*i);
    format!(
        "cute.make_layout({}, stride={})",
        dsl_tuple(l.shape().as_ref(), &int),
        dsl_tuple(l.stride().as_ref(), &int)
    )
}

/// `cute.make_swizzle(B, M, S)`.
fn dsl_swizzle(sw: Swizzle) -> String {
    format!(
        "cute.make_swizzle({}, {}, {})",
        sw.bits(),
        sw.base(),
        sw.shift()
    )
}

/// The CuTe DSL's names of the parameters of its calls, in its order (`inspect.signature` of
/// `cutlass.cute`'s functions, nvidia-cutlass-dsl 4.8.1): a call spelled `cute.op(...)` may name
/// an argument so. The order is this tool's but for the calls of [`DSL_ORDER`]. Left out:
/// `crd2idx(coord, layout)` (this tool's `crd2idx(coord, shape)` takes a shape second). A
/// `mode` may be a Python list (`mode=[1, 0]`, the path C++ writes `size<1,0>(x)`; `select`'s
/// the modes it selects).
const DSL_PARAMS: [(&str, &[&str]); 48] = [
    ("append", &["input", "elem"]),
    ("dice", &["src", "dicer"]),
    (
        "recast_layout",
        &["new_type_bits", "old_type_bits", "src_layout"],
    ),
    ("blocked_product", &["block", "tiler"]),
    ("ceil_div", &["input", "tiler"]),
    ("coalesce", &["input", "target_profile"]),
    ("complement", &["input", "cotarget"]),
    ("composition", &["lhs", "rhs"]),
    ("cosize", &["obj", "mode"]),
    ("depth", &["a"]),
    ("filter", &["input"]),
    ("filter_zeros", &["input", "target_profile"]),
    ("flat_divide", &["target", "tiler"]),
    ("flat_product", &["block", "tiler"]),
    ("flatten", &["a"]),
    ("get", &["input", "mode"]),
    ("idx2crd", &["idx", "shape"]),
    ("left_inverse", &["input"]),
    ("local_partition", &["target", "tiler", "index", "proj"]),
    ("local_tile", &["input", "tiler", "coord", "proj"]),
    ("logical_divide", &["target", "tiler"]),
    ("logical_product", &["block", "tiler"]),
    ("make_composed_layout", &["inner", "offset", "outer"]),
    ("make_identity_layout", &["shape"]),
    ("make_identity_tensor", &["shape"]),
    ("make_layout", &["shape", "stride"]),
    ("make_layout_tv", &["thr_layout", "val_layout"]),
    ("make_ordered_layout", &["shape", "order"]),
    ("make_swizzle", &["b", "m", "s"]),
    ("make_tensor", &["iterator", "layout"]),
    ("max_common_layout", &["a", "b"]),
    ("max_common_vector", &["a", "b"]),
    ("nullspace", &["layout"]),
    ("prepend", &["input", "elem"]),
    ("product_each", &["a"]),
    ("raked_product", &["block", "tiler"]),
    ("rank", &["obj", "mode"]),
    ("select", &["input", "mode"]),
    ("right_inverse", &["input"]),
    ("shape", &["input", "mode"]),
    ("shape_div", &["lhs", "rhs"]),
    ("size", &["obj", "mode"]),
    ("slice_and_offset", &["coord", "src"]),
    ("tile_to_shape", &["atom", "trg_shape", "order"]),
    ("tiled_divide", &["target", "tiler"]),
    ("tiled_product", &["block", "tiler"]),
    ("zipped_divide", &["target", "tiler"]),
    ("zipped_product", &["block", "tiler"]),
];

/// The calls the CuTe DSL takes its arguments of in another order than this tool: for each, the
/// position here of the DSL's argument `i`. `cute.dice(src, dicer)` is `dice(dicer, src)`,
/// `cute.recast_layout(new_type_bits, old_type_bits, src_layout)` is
/// `recast_layout(src_layout, old_type_bits, new_type_bits)`.
const DSL_ORDER: [(&str, &[usize]); 2] = [("dice", &[1, 0]), ("recast_layout", &[2, 1, 0])];

/// The position here of argument `i` of a call `cute.op(...)` (in the CuTe DSL's order);
/// `None` where the DSL's order is this tool's.
pub fn dsl_position(op: &str, i: usize) -> Option<usize> {
    let (_, order) = DSL_ORDER.iter().find(|(name, _)| *name == op)?;
    order.get(i).copied()
}

/// The arguments of a call `cute.op(...)`, given in the CuTe DSL's order, put in this tool's
/// (where there are as many as the DSL's call takes).
pub fn dsl_order<T>(op: &str, args: &mut [T]) {
    let Some((_, order)) = DSL_ORDER.iter().find(|(name, _)| *name == op) else {
        return;
    };
    if args.len() == order.len() {
        // each order swaps one pair
        for (i, &j) in order.iter().enumerate() {
            if i < j {
                args.swap(i, j);
            }
        }
    }
}

/// The CuTe DSL's name of parameter `i` (in the DSL's order) of `op`, where this tool knows it.
///
/// ```
/// # use cute_layout::notation::dsl_param;
/// assert_eq!(dsl_param("make_composed_layout", 2), Some("outer"));
/// assert_eq!(dsl_param("make_layout", 2), None);
/// ```
pub fn dsl_param(op: &str, i: usize) -> Option<&'static str> {
    let (_, names) = DSL_PARAMS.iter().find(|(name, _)| *name == op)?;
    names.get(i).copied()
}

/// C++'s tags of a compact stride order, `make_layout(shape, LayoutRight{})`.
const LAYOUT_MAJORS: [&str; 4] = ["LayoutRight", "GenRowMajor", "LayoutLeft", "GenColMajor"];

/// Where a layout-major tag belongs (what is expected where one is found elsewhere).
const MAJOR_PLACE: &str = "a value (`LayoutRight{}`, `LayoutLeft{}`, `GenRowMajor{}` and \
     `GenColMajor{}` are read as make_layout's second argument: `make_layout(SHAPE, LayoutRight{})`; \
     elsewhere write make_layout_right(SHAPE) or make_layout(SHAPE))";

/// `make_layout(SHAPE, LayoutRight{})` (`row`) or `make_layout(SHAPE, LayoutLeft{})` (the tag
/// spelled `tag`), as the
/// stride it stands for: the compact row-major or column-major stride of `args[0]`, the shape
/// (C++'s `compact_major<Major>(shape)`); `op` and `i` are the call and the tag's position.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] where the tag is not make_layout's second argument after
/// a shape; the errors of the compact stride.
pub fn major_stride(op: &str, i: usize, args: &[Value], (row, tag): (bool, &str)) -> Result<Value> {
    let shape = match (op, i, args.first()) {
        ("make_layout", 1, Some(Value::Int(n))) => IntTuple::leaf(*n),
        ("make_layout", 1, Some(Value::IntTuple(t))) => (**t).clone(),
        _ => {
            return Err(LayoutError::InvalidArgument {
                op: "eval",
                detail: format!(
                    "`{tag}{{}}` is argument {} of {op}: it is a stride order, read only as \
                     make_layout's second argument after a shape",
                    i + 1
                ),
                hint: "write make_layout(SHAPE, LayoutRight{}) or make_layout_right(SHAPE) (row-major), make_layout(SHAPE, LayoutLeft{}) or make_layout(SHAPE) (column-major)",
            });
        }
    };
    let stride = if row {
        shape.compact_row_major()?
    } else {
        shape.compact_col_major()?
    };
    Ok(Value::IntTuple(Box::new(stride)))
}

/// The error of a call of a C++ function that has no value here (a pointer, a printer), with
/// the form to write instead; `None` for any other name.
pub fn cpp_only_call(name: &str) -> Option<LayoutError> {
    let (detail, hint) = match name {
        "make_gmem_ptr" | "make_smem_ptr" | "make_rmem_ptr" => (
            format!("`{name}` makes a pointer, and this tool holds no memory"),
            "a tensor over a pointer is its layout here: write the layout, or \
             make_tensor(make_inttuple_iter(0), LAYOUT) for the tensor of its offsets",
        ),
        "print" | "print_layout" | "print_tensor" | "print_latex" | "print_svg" => (
            format!("`{name}` is C++'s printer"),
            "write the value alone: `cute eval` prints it, `cute show` draws it as \
             print_layout does, `cute latex` writes print_latex's picture, `cute svg` an SVG",
        ),
        "get_slice" | "get_thread_slice" => (
            format!("`{name}` is a method of a tiled MMA or copy"),
            "write partition_A(MMA, T, THREAD) (B, C alike) or partition_S(COPY, T, THREAD) \
             (D alike), with the thread's index",
        ),
        _ => return None,
    };
    Some(LayoutError::InvalidArgument {
        op: "eval",
        detail,
        hint,
    })
}

/// C++'s device-side indices (`threadIdx.x`, `blockIdx.y`, ...): the name, where `w` is one.
pub(crate) fn device_index(w: &str) -> Option<&str> {
    let (name, field) = w.split_once('.')?;
    (["threadIdx", "blockIdx", "blockDim", "gridDim"].contains(&name)
        && ["x", "y", "z"].contains(&field))
    .then_some(name)
}

/// What is expected where a device-side index (`threadIdx.x`) stands.
const DEVICE_INDEX: &str = "a concrete index (`threadIdx.x`, `blockIdx.x`, ... are known only \
     on the device, when the kernel runs: write the index of the thread or block to look at, \
     e.g. local_partition(T, THR_LAYOUT, 0) or partition_A(MMA, T, 0))";

/// Whether a capitalised word names a GMMA shared-memory layout atom,
/// `GMMA::Layout_K_SW128_Atom` (with or without `cute::`, `SM90::`, `GMMA::`).
pub(super) fn is_smem_atom_word(w: &str) -> bool {
    let mut s = w;
    for prefix in ["cute::", "SM90::", "GMMA::"] {
        s = s.strip_prefix(prefix).unwrap_or(s);
    }
    s.starts_with("Layout_") && s.ends_with("_Atom")
}

/// Whether a capitalised word starts an atom literal: an MMA or copy operation (`SM80_...`,
/// `SM90::GMMA::...`, `UniversalCopy<..>`), `MMA_Atom<..>`, `MMA_Traits<..>` (C++'s name of
/// the `F8F6F4_SS` UMMAs), `Copy_Atom<..>`, `TiledMMA<..>` or `TiledCopy<..>`.
pub(super) fn is_atom_word(w: &str) -> bool {
    w.starts_with("SM")
        || w.starts_with("MMA_Atom")
        || w.starts_with("MMA_Traits")
        || w.starts_with("Copy_Atom")
        || w.starts_with("Tiled")
        || w.starts_with("Universal")
        || w.starts_with("GMMA")
}

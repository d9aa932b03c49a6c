//! Scaled-basis layouts and identity tensors in text: `(2,3):(_1@0,_1@1)` and
//! `ArithTuple(_0,_0) o (2,3):(_1@0,_1@1)`, as CuTe prints them; and as C++ builds them,
//! `make_layout(make_shape(4,3),make_stride(E<0>{}*Int<2>{},E<1>{}))` and
//! `make_tensor(make_inttuple_iter(make_coord(0,2)),make_layout(...))`.

use super::{Expected, Leaf, Parser, Syntax};
use crate::basis::{BasisLayout, IdentityTensor, ScaledBasis};
use crate::error::Result;
use crate::int::Int;
use crate::tree::{Tree, MAX_DEPTH};
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

impl Parser<'_> {
    /// Whether a call that builds a value with scaled-basis strides is at the position: in
    /// C++, `make_layout(...)` or `make_tensor(...)` (`cute::` before them allowed) with `E<`
    /// among its arguments; in the DSL, `cute.make_layout(...)` or `cute.make_tensor(...)` with
    /// `E(` among them.
    ///
    /// ```
    /// # use cute_layout::notation::Parser;
    /// assert!(Parser::new("make_layout(4,E<0>{})").at_basis_call());
    /// assert!(Parser::new("cute::make_layout(4,cute::E<0>{})").at_basis_call());
    /// assert!(Parser::new("cute.make_layout(4, stride=cute.E(0))").at_basis_call());
    /// assert!(!Parser::new("make_layout(4,2)").at_basis_call());
    /// assert!(!Parser::new("make_layout(4,2),E<0>").at_basis_call());
    /// assert!(!Parser::new("cute.make_layout(4, stride=2)").at_basis_call());
    /// ```
    pub fn at_basis_call(&mut self) -> bool {
        self.basis_call().is_some()
    }

    /// The syntax of the call [`Parser::at_basis_call`] looks for, if one is at the position.
    fn basis_call(&mut self) -> Option<Syntax> {
        self.peek();
        let rest = &self.input[self.pos..];
        // every call looked for is a `make_` one: most names are refused at once
        let name = rest
            .strip_prefix("cute::")
            .or_else(|| rest.strip_prefix("cute."));
        if !name.unwrap_or(rest).starts_with("make_") {
            return None;
        }
        let (args, syntax) = [
            ("make_layout(", Syntax::Cpp),
            ("make_tensor(", Syntax::Cpp),
            ("cute::make_layout(", Syntax::Cpp),
            ("cute::make_tensor(", Syntax::Cpp),
            ("cute.make_layout(", Syntax::Dsl),
            ("cute.make_tensor(", Syntax::Dsl),
        ]
        .iter()
        .find_map(|(call, syntax)| Some((rest.strip_prefix(call)?, *syntax)))?;
        let open = rest.len() - args.len() - 1;
        let call = &rest[open..open + super::python::tuple_len(&rest[open..])];
        let basis = if syntax == Syntax::Dsl { "E(" } else { "E<" };
        call.contains(basis).then_some(syntax)
    }

    /// The call [`Parser::at_basis_call`] found: a scaled-basis layout, or a tensor over a
    /// coordinate iterator, an identity tensor (`make_tensor(make_inttuple_iter(START),
    /// make_layout(...))` in C++, `cute.make_tensor(START, cute.make_layout(...))` in the DSL).
    pub(super) fn basis_value(&mut self) -> Result<Value> {
        if self.basis_call() == Some(Syntax::Dsl) {
            return self.dsl_basis_value();
        }
        if !self.at_cpp("make_tensor(") {
            return Ok(Value::Basis(Box::new(self.cpp_basis_layout()?)));
        }
        self.call_open("make_tensor")?;
        self.call_open("make_inttuple_iter")?;
        let start = self.cpp_call_tree("make_coord", &mut Self::int_tuple)?;
        self.expect(b')')?;
        self.expect(b',')?;
        let layout = self.cpp_basis_layout()?;
        self.expect(b')')?;
        let t = IdentityTensor::with_start(start, layout)?;
        Ok(Value::IdentityTensor(Box::new(t)))
    }

    /// Whether the C++ name `name` is at the position, `cute::` before it or not; consumes the
    /// `cute::`.
    fn at_cpp(&mut self, name: &str) -> bool {
        if self.at("cute::") && self.input[self.pos + "cute::".len()..].starts_with(name) {
            self.skip("cute::".len());
        }
        self.at(name)
    }

    /// `make_layout(SHAPE,make_stride(...))` with scaled-basis strides.
    fn cpp_basis_layout(&mut self) -> Result<BasisLayout> {
        self.call_open("make_layout")?;
        let shape = self.cpp_call_tree("make_shape", &mut Self::cpp_tree)?;
        self.expect(b',')?;
        let stride = self.cpp_call_tree("make_stride", &mut |p: &mut Self| {
            let leaf = p.cpp_basis_leaf().map_err(|e| p.expected(e))?;
            Ok(Tree::leaf(leaf))
        })?;
        self.expect(b')')?;
        BasisLayout::new(shape, stride)
    }

    /// Consumes `name(` or fails.
    fn call_open(&mut self, name: &str) -> Result<()> {
        if !self.at_cpp(name) {
            return Err(self.error(&format!("`{name}(`")));
        }
        self.skip(name.len());
        self.expect(b'(')
    }

    /// A tree spelled as nested calls `make(...)`, whose other modes `other` reads.
    fn cpp_call_tree<T: Copy>(
        &mut self,
        make: &str,
        other: &mut impl FnMut(&mut Self) -> Result<Tree<T>>,
    ) -> Result<Tree<T>> {
        if !(self.at_cpp(make) && self.input[self.pos + make.len()..].starts_with('(')) {
            return other(self);
        }
        self.skip(make.len() + 1);
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.too_deep());
        }
        let mut modes = vec![self.cpp_call_tree(make, other)?];
        while self.accept(b',') {
            modes.push(self.cpp_call_tree(make, other)?);
        }
        self.expect(b')')?;
        self.depth -= 1;
        Tree::tuple(modes)
    }

    /// A scaled-basis stride in C++: `E<i,j>{}` (`_1@j@i`), `E<i>{}*Int<2>{}`, `E<i>{}*2` or
    /// `Int<2>{}*E<i>{}` (`_2@i`, `2@i`), or an integer (a stride with no basis, `Int<0>{}`);
    /// `cute::E<i>{}` too.
    fn cpp_basis_leaf(&mut self) -> Leaf<ScaledBasis> {
        self.scaled_leaf(|p| {
            let e = ["E<", "cute::E<"].into_iter().find(|e| p.at(e))?;
            p.skip(e.len());
            Some(p.basis_path())
        })
    }

    /// A scaled basis vector, its scale before or after it (`SCALE*E`, `E*SCALE`), or an
    /// integer (a stride with no basis); `basis` reads the mode path of a basis vector at the
    /// position (`None`, nothing consumed, where there is none).
    pub(super) fn scaled_leaf(
        &mut self,
        basis: impl Fn(&mut Self) -> Option<Leaf<Vec<usize>>>,
    ) -> Leaf<ScaledBasis> {
        let (value, path) = if let Some(path) = basis(self) {
            let path = path?;
            let value = if self.accept(b'*') {
                self.peek();
                self.int_leaf()?
            } else {
                Int::fixed(1)
            };
            (value, path)
        } else {
            let value = self.int_leaf()?;
            if !self.accept(b'*') {
                return ScaledBasis::new(value, &[]).map_err(|_| Expected("a stride"));
            }
            self.peek();
            (
                value,
                basis(self).ok_or(Expected("a basis vector after `*`"))??,
            )
        };
        ScaledBasis::new(value, &path).map_err(|_| Expected("at most 8 basis indices below 65536"))
    }

    /// The indices `i,j,...>{}` of `E<` at the position.
    fn basis_path(&mut self) -> Leaf<Vec<usize>> {
        let path = self.index_list()?;
        if !self.accept(b'>') || self.peek() != Some(b'{') {
            return Err(Expected("`>{}` closing `E<...`"));
        }
        self.braces()?;
        Ok(path)
    }

    /// A list of basis indices `i,j,...` (at least one).
    pub(super) fn index_list(&mut self) -> Leaf<Vec<usize>> {
        let mut path = Vec::new();
        loop {
            self.peek();
            let digits = self.pos;
            let i = self.decimal(false).ok_or(Expected("a basis index"))?;
            if self.pos == digits {
                return Err(Expected("a basis index"));
            }
            path.push(usize::try_from(i).map_err(|_| Expected("a basis index"))?);
            if !self.accept(b',') {
                break;
            }
        }
        Ok(path)
    }
}

impl std::str::FromStr for BasisLayout {
    type Err = crate::error::LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        super::parse_all(s, Parser::basis_layout)
    }
}

//! Triton's linear layouts: maps over F2 from named input dimensions to named output dimensions.
//!
//! A [`LinearLayout`] (Triton's `include/triton/Tools/LinearLayout.h`) has named **input
//! dimensions** (`register`, `lane`, `warp`, `block` for a distributed layout; `offset`, `block`
//! for shared memory), each with one **basis vector** per input bit, and named **output
//! dimensions** (`dim0`, `dim1`, ...) with power-of-two sizes. A basis vector has one component
//! per output dimension. The layout maps an input to the XOR of the bases of its set bits:
//! `L(register = 3) = L(register = 1) ⊕ L(register = 2)`.
//!
//! ```
//! use cute_layout::linear::LinearLayout;
//! // L(register=1) = (0,1), L(register=2) = (2,0); out dims dim0 (size 4), dim1 (size 2)
//! let l: LinearLayout = "register=[[0,1],[2,0]] -> dim0=4 dim1=2".parse()?;
//! assert_eq!(l.apply(&[("register", 3)])?, vec![2, 1]);
//! assert_eq!(l.rank(), 2);
//! assert!(l.is_injective() && !l.is_surjective()); // dim0 = 1 is never reached
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```
//!
//! The operations carry Triton's names and meanings: [`LinearLayout::compose`] (`O∘L`),
//! [`LinearLayout::invert`], [`LinearLayout::invert_and_compose`] (`C` with `A = B∘C`),
//! [`LinearLayout::reshape_ins`], [`LinearLayout::reshape_outs`], [`LinearLayout::sublayout`],
//! [`LinearLayout::product`] (Triton's `operator*`) and the matrix [`LinearLayout::rank`].
//! [`convert`] turns CuTe layouts, swizzled layouts and TV layouts into linear layouts and back;
//! [`triton`] builds Triton's named layouts (blocked, MMA, shared) as linear layouts. The text
//! forms are read and written in [`crate::notation::linear`].

pub mod convert;
pub mod triton;

use crate::error::{LayoutError, Result};

/// The most input bits (and the most output bits) a linear layout may have: every input and
/// every output value fits in 62 bits, so that sums of sizes and products stay in `i64`.
pub const MAX_LINEAR_BITS: usize = 62;

/// One input dimension: its name and one basis vector per input bit.
pub type InDim = (String, Vec<Vec<u64>>);

/// One output dimension: its name and its size (a power of two).
pub type OutDim = (String, u64);

/// A linear layout over F2: named input dimensions with their bases, named output dimensions
/// with their sizes (Triton's `LinearLayout`).
///
/// Invariants (checked by every constructor, as Triton's `checkInvariants`): names are unique
/// within the inputs and within the outputs, every basis has one component per output
/// dimension, every output size is a power of two, and every component is below its output
/// dimension's size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinearLayout {
    ins: Vec<InDim>,
    outs: Vec<OutDim>,
}

fn invalid(op: &'static str, detail: String, hint: &'static str) -> LayoutError {
    LayoutError::InvalidArgument { op, detail, hint }
}

/// `log2(n)` of a power of two `n`, or `None`.
pub(crate) fn log2_exact(n: u64) -> Option<u32> {
    n.is_power_of_two().then(|| n.trailing_zeros())
}

/// Triton's out-dimension size for a largest value `x`: `llvm::NextPowerOf2(x)`, the least power
/// of two strictly above `x` (1 for 0).
pub(crate) fn size_above(x: u64) -> u64 {
    if x == 0 {
        1
    } else {
        1u64 << (64 - x.leading_zeros())
    }
}

/// Reduced row echelon form over F2, in place: bit `c` of a row is column `c`, pivots taken at
/// the lowest column first. The RREF of a matrix is unique, so this gives the matrix that
/// Triton's `f2reduce::inplace_rref_strided` gives. Returns the rank.
pub(crate) fn rref(rows: &mut [u128], num_cols: usize) -> usize {
    let mut rank = 0;
    for c in 0..num_cols {
        let bit = 1u128 << c;
        let Some(p) = (rank..rows.len()).find(|&r| rows[r] & bit != 0) else {
            continue;
        };
        rows.swap(rank, p);
        let pivot = rows[rank];
        for (r, row) in rows.iter_mut().enumerate() {
            if r != rank && *row & bit != 0 {
                *row ^= pivot;
            }
        }
        rank += 1;
    }
    rank
}

impl LinearLayout {
    /// A linear layout from its bases and its output dimensions with explicit sizes (Triton's
    /// constructor with `requireSurjective = false`).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] when a name repeats, a basis has the wrong length, an
    /// output size is not a power of two, a component is not below its output size, or there
    /// are more than [`MAX_LINEAR_BITS`] input or output bits.
    ///
    /// # Examples
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// let l = LinearLayout::new(
    ///     vec![("offset".into(), vec![vec![0, 1], vec![1, 0]])],
    ///     vec![("dim0".into(), 2), ("dim1".into(), 2)],
    /// )?;
    /// assert_eq!(l.apply(&[("offset", 1)])?, vec![0, 1]);
    /// assert!(LinearLayout::new(vec![("offset".into(), vec![vec![4]])], vec![("dim0".into(), 4)]).is_err());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn new(ins: Vec<InDim>, outs: Vec<OutDim>) -> Result<LinearLayout> {
        const OP: &str = "LinearLayout";
        // a dimension's name is an identifier, as Triton's are (`register`, `lane`, `dim0`):
        // the text forms print names bare and read no other
        let identifier = |name: &str| {
            let mut chars = name.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        let names = ins
            .iter()
            .map(|(n, _)| n)
            .chain(outs.iter().map(|(n, _)| n));
        if let Some(bad) = names.into_iter().find(|n| !identifier(n)) {
            return Err(invalid(
                OP,
                format!(
                    "the dimension name '{}' is not an identifier",
                    crate::limits::echo(bad)
                ),
                "name a dimension with letters, digits and `_`, as Triton does (register, lane, dim0)",
            ));
        }
        for (i, (name, _)) in ins.iter().enumerate() {
            if ins[..i].iter().any(|(n, _)| n == name) {
                return Err(invalid(
                    OP,
                    format!("the input dimension '{name}' appears twice"),
                    "give each input dimension once",
                ));
            }
        }
        for (i, (name, size)) in outs.iter().enumerate() {
            if outs[..i].iter().any(|(n, _)| n == name) {
                return Err(invalid(
                    OP,
                    format!("the output dimension '{name}' appears twice"),
                    "give each output dimension once",
                ));
            }
            if log2_exact(*size).is_none() {
                return Err(invalid(
                    OP,
                    format!("the output dimension '{name}' has size {size}, not a power of two"),
                    "out-dim sizes must be powers of 2 (Triton's rule)",
                ));
            }
        }
        let out_bits: u32 = outs.iter().map(|(_, s)| s.trailing_zeros()).sum();
        let in_bits: usize = ins.iter().map(|(_, b)| b.len()).sum();
        if in_bits > MAX_LINEAR_BITS || out_bits as usize > MAX_LINEAR_BITS {
            return Err(invalid(
                OP,
                format!("{in_bits} input bits and {out_bits} output bits exceed MAX_LINEAR_BITS = {MAX_LINEAR_BITS}"),
                "give a smaller layout",
            ));
        }
        for (name, bases) in &ins {
            for (i, basis) in bases.iter().enumerate() {
                if basis.len() != outs.len() {
                    return Err(invalid(
                        OP,
                        format!(
                            "basis {i} of '{name}' has {} components but there are {} output dimensions",
                            basis.len(),
                            outs.len()
                        ),
                        "give one component per output dimension",
                    ));
                }
                for (b, (out, size)) in basis.iter().zip(&outs) {
                    if b >= size {
                        return Err(invalid(
                            OP,
                            format!("basis {i} of '{name}' is {b} in '{out}', not below its size {size}"),
                            "a basis must be less than the out-dim size",
                        ));
                    }
                }
            }
        }
        Ok(LinearLayout { ins, outs })
    }

    /// A linear layout whose output sizes are inferred, as Triton's constructor from output
    /// names: each size is the least power of two above the largest component, and the layout
    /// must be surjective.
    ///
    /// # Errors
    /// As [`LinearLayout::new`]; [`LayoutError::InvalidArgument`] when the result is not
    /// surjective.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// let l = LinearLayout::with_out_names(vec![("lane".into(), vec![vec![1], vec![2]])], &["dim0"])?;
    /// assert_eq!(l.out_dims(), &[("dim0".to_string(), 4)]);
    /// assert!(LinearLayout::with_out_names(vec![("lane".into(), vec![vec![2]])], &["dim0"]).is_err());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn with_out_names(ins: Vec<InDim>, out_names: &[&str]) -> Result<LinearLayout> {
        let mut outs: Vec<OutDim> = out_names.iter().map(|n| (n.to_string(), 1)).collect();
        for (_, bases) in &ins {
            for basis in bases {
                for (o, b) in outs.iter_mut().zip(basis) {
                    o.1 = o.1.max(size_above(*b));
                }
            }
        }
        let l = LinearLayout::new(ins, outs)?;
        if !l.is_surjective() {
            return Err(invalid(
                "LinearLayout",
                format!("{l} is not surjective onto its inferred out-dim sizes"),
                "give the out-dim sizes explicitly (`-> dim0=..`) for a non-surjective layout",
            ));
        }
        Ok(l)
    }

    /// The layout with no inputs and no outputs (`LinearLayout::empty()`), the unit of
    /// [`LinearLayout::product`].
    pub fn empty() -> LinearLayout {
        LinearLayout {
            ins: vec![],
            outs: vec![],
        }
    }

    /// `identity1D(size, in, out)`: `L(in = x) = x` for `x < size`.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] unless `size` is a power of two.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// assert_eq!(LinearLayout::identity_1d(4, "lane", "dim0")?.to_string(), "lane=[[1],[2]] -> dim0=4");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn identity_1d(size: u64, in_dim: &str, out_dim: &str) -> Result<LinearLayout> {
        Self::line_1d(size, in_dim, out_dim, true)
    }

    /// `zeros1D(size, in, out)`: `L(in = x) = 0` for `x < size` (a broadcast).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] unless `size` is a power of two.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// assert_eq!(LinearLayout::zeros_1d(4, "warp", "dim0")?.to_string(), "warp=[[0],[0]] -> dim0=1");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn zeros_1d(size: u64, in_dim: &str, out_dim: &str) -> Result<LinearLayout> {
        Self::line_1d(size, in_dim, out_dim, false)
    }

    fn line_1d(size: u64, in_dim: &str, out_dim: &str, identity: bool) -> Result<LinearLayout> {
        let Some(bits) = log2_exact(size) else {
            return Err(invalid(
                "identity1D",
                format!("the size {size} is not a power of two"),
                "give a power-of-two size",
            ));
        };
        let bases = (0..bits)
            .map(|i| vec![if identity { 1u64 << i } else { 0 }])
            .collect();
        let out = if identity { size } else { 1 };
        LinearLayout::new(vec![(in_dim.into(), bases)], vec![(out_dim.into(), out)])
    }

    /// The input dimensions with their bases, in order (minor to major).
    pub fn in_dims(&self) -> &[InDim] {
        &self.ins
    }

    /// The output dimensions with their sizes, in order (minor to major).
    pub fn out_dims(&self) -> &[OutDim] {
        &self.outs
    }

    /// The names of the input dimensions.
    pub fn in_names(&self) -> Vec<&str> {
        self.ins.iter().map(|(n, _)| n.as_str()).collect()
    }

    /// The names of the output dimensions.
    pub fn out_names(&self) -> Vec<&str> {
        self.outs.iter().map(|(n, _)| n.as_str()).collect()
    }

    /// The bases of the input dimension `name`, if it has one.
    pub fn bases(&self, name: &str) -> Option<&[Vec<u64>]> {
        self.ins
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.as_slice())
    }

    /// `log2` of the input dimension's size (its number of bases); 0 when absent.
    pub fn in_dim_size_log2(&self, name: &str) -> usize {
        self.bases(name).map_or(0, <[_]>::len)
    }

    /// The size of the output dimension `name`, if it has one.
    pub fn out_dim_size(&self, name: &str) -> Option<u64> {
        self.outs.iter().find(|(n, _)| n == name).map(|(_, s)| *s)
    }

    /// The number of input bits, `Σ log2(in-dim size)`.
    pub fn total_in_bits(&self) -> usize {
        self.ins.iter().map(|(_, b)| b.len()).sum()
    }

    /// The number of output bits, `Σ log2(out-dim size)`.
    pub fn total_out_bits(&self) -> usize {
        self.outs
            .iter()
            .map(|(_, s)| s.trailing_zeros() as usize)
            .sum()
    }

    /// Every basis in order (input dimensions minor to major), each flattened to one integer
    /// with the first output dimension in the lowest bits (the flattening of `reshapeOuts`).
    pub fn flat_bases(&self) -> Vec<u64> {
        self.ins
            .iter()
            .flat_map(|(_, bases)| bases.iter().map(|b| self.flatten_out(b)))
            .collect()
    }

    fn flatten_out(&self, basis: &[u64]) -> u64 {
        let mut shift = 0;
        let mut flat = 0;
        for (b, (_, size)) in basis.iter().zip(&self.outs) {
            flat |= b << shift;
            shift += size.trailing_zeros();
        }
        flat
    }

    fn split_out(outs: &[OutDim], mut flat: u64) -> Vec<u64> {
        outs.iter()
            .map(|(_, size)| {
                let part = flat & (size - 1);
                flat >>= size.trailing_zeros();
                part
            })
            .collect()
    }

    /// `L(ins)`: the XOR of the bases of the set bits of every named input (Triton's `apply`).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] for an unknown input dimension or a value outside it.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// let l: LinearLayout = "lane=[[1,0],[0,1],[1,1]] -> dim0=2 dim1=2".parse()?;
    /// assert_eq!(l.apply(&[("lane", 0b101)])?, vec![0, 1]);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn apply(&self, ins: &[(&str, u64)]) -> Result<Vec<u64>> {
        let mut out = vec![0u64; self.outs.len()];
        for (name, value) in ins {
            let Some(bases) = self.bases(name) else {
                return Err(invalid(
                    "apply",
                    format!("'{name}' is not an input dimension of {self}"),
                    "name one of the layout's input dimensions",
                ));
            };
            if bases.len() < 64 && *value >> bases.len() != 0 {
                return Err(invalid(
                    "apply",
                    format!(
                        "{name} = {value} is outside its size {}",
                        1u64 << bases.len()
                    ),
                    "give a value below the input dimension's size",
                ));
            }
            for (i, basis) in bases.iter().enumerate() {
                if value >> i & 1 == 1 {
                    out.iter_mut().zip(basis).for_each(|(o, b)| *o ^= b);
                }
            }
        }
        Ok(out)
    }

    /// The layout's matrix over F2 (Triton's `getMatrix`): one row per output bit (output
    /// dimensions minor to major), one column per input bit, column `c` at bit `c` of a row.
    pub fn matrix(&self) -> Vec<u128> {
        let mut rows = vec![0u128; self.total_out_bits()];
        for (c, flat) in self.flat_bases().into_iter().enumerate() {
            for (r, row) in rows.iter_mut().enumerate() {
                *row |= u128::from((flat >> r) as u8 & 1) << c;
            }
        }
        rows
    }

    /// The rank of the layout's matrix over F2: the number of linearly independent bases.
    ///
    /// `rank ≤ min(total_in_bits, total_out_bits)`; the layout is surjective iff the rank is the
    /// number of output bits and injective iff it is the number of input bits.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// let l: LinearLayout = "register=[[1],[2],[3]] -> dim0=4".parse()?;
    /// assert_eq!(l.rank(), 2);
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn rank(&self) -> usize {
        let mut rows = self.matrix();
        rref(&mut rows, self.total_in_bits())
    }

    /// Every output value is reached (`rank == total_out_bits`).
    pub fn is_surjective(&self) -> bool {
        self.rank() == self.total_out_bits()
    }

    /// No two inputs give the same output (`rank == total_in_bits`).
    pub fn is_injective(&self) -> bool {
        self.rank() == self.total_in_bits()
    }

    /// Surjective with as many input bits as output bits (Triton's `isInvertible`).
    pub fn is_invertible(&self) -> bool {
        self.is_surjective() && self.total_in_bits() == self.total_out_bits()
    }

    fn has_same_names(a: &[&str], b: &[&str]) -> bool {
        a.len() == b.len() && a.iter().all(|x| b.contains(x))
    }

    /// `outer ∘ self`: apply `self`, then `outer` (Triton's `compose`).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] unless `self`'s output dimensions are `outer`'s input
    /// dimensions (in any order), each no larger than the matching input of `outer`.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// let l: LinearLayout = "lane=[[1],[2]] -> offset=4".parse()?;
    /// let o: LinearLayout = "offset=[[0,1],[1,0]] -> dim0=2 dim1=2".parse()?;
    /// assert_eq!(l.compose(&o)?.to_string(), "lane=[[0,1],[1,0]] -> dim0=2 dim1=2");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn compose(&self, outer: &LinearLayout) -> Result<LinearLayout> {
        if !Self::has_same_names(&self.out_names(), &outer.in_names()) {
            return Err(invalid(
                "compose",
                format!(
                    "the output dimensions [{}] of {self} are not the input dimensions [{}] of {outer}",
                    self.out_names().join(", "),
                    outer.in_names().join(", ")
                ),
                "compose layouts whose dimensions meet: L's outputs are O's inputs",
            ));
        }
        for (name, size) in &self.outs {
            let in_size = 1u64 << outer.in_dim_size_log2(name);
            if *size > in_size {
                return Err(invalid(
                    "compose",
                    format!("'{name}' has size {size} in {self} but only {in_size} as an input of {outer}"),
                    "the outer layout must accept every output of the inner one",
                ));
            }
        }
        let ins = self
            .ins
            .iter()
            .map(|(name, bases)| {
                let new = bases
                    .iter()
                    .map(|basis| {
                        let named: Vec<(&str, u64)> = self
                            .outs
                            .iter()
                            .zip(basis)
                            .map(|((n, _), b)| (n.as_str(), *b))
                            .collect();
                        outer.apply(&named)
                    })
                    .collect::<Result<Vec<_>>>()?;
                Ok((name.clone(), new))
            })
            .collect::<Result<Vec<_>>>()?;
        LinearLayout::new(ins, outer.outs.clone())
    }

    /// Triton's `operator*`, the direct sum: `inner` acts on the low bits of each input and
    /// output dimension, `outer` on the bits above them; dimensions that only one of them has
    /// are kept, in order (`inner`'s first).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] when the result has more than [`MAX_LINEAR_BITS`] bits.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// let a = LinearLayout::identity_1d(4, "lane", "dim0")?;
    /// let b = LinearLayout::identity_1d(2, "lane", "dim1")?;
    /// assert_eq!(a.product(&b)?.to_string(), "lane=[[1,0],[2,0],[0,1]] -> dim0=4 dim1=2");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn product(&self, outer: &LinearLayout) -> Result<LinearLayout> {
        let mut in_names: Vec<String> = self.ins.iter().map(|(n, _)| n.clone()).collect();
        in_names.extend(
            outer
                .ins
                .iter()
                .map(|(n, _)| n.clone())
                .filter(|n| self.bases(n).is_none()),
        );
        let mut outs: Vec<OutDim> = Vec::new();
        for (name, _) in self.outs.iter().chain(&outer.outs) {
            if outs.iter().any(|(n, _)| n == name) {
                continue;
            }
            let size = |l: &LinearLayout| l.out_dim_size(name).unwrap_or(1);
            let bits = size(self).trailing_zeros() + size(outer).trailing_zeros();
            if bits as usize > MAX_LINEAR_BITS {
                return Err(invalid(
                    "operator*",
                    format!("'{name}' would have {bits} bits"),
                    "give smaller layouts",
                ));
            }
            outs.push((name.clone(), 1u64 << bits));
        }
        let part = |l: &LinearLayout, basis: &[u64], shifted: bool| -> Vec<u64> {
            outs.iter()
                .map(|(o, _)| {
                    let shift = if shifted {
                        self.out_dim_size(o).map_or(0, u64::trailing_zeros)
                    } else {
                        0
                    };
                    l.outs
                        .iter()
                        .position(|(n, _)| n == o)
                        .map_or(0, |i| basis[i] << shift)
                })
                .collect()
        };
        let ins = in_names
            .into_iter()
            .map(|name| {
                let mut bases: Vec<Vec<u64>> = Vec::new();
                for b in self.bases(&name).unwrap_or(&[]) {
                    bases.push(part(self, b, false));
                }
                for b in outer.bases(&name).unwrap_or(&[]) {
                    bases.push(part(outer, b, true));
                }
                (name, bases)
            })
            .collect();
        LinearLayout::new(ins, outs)
    }

    /// The same layout with its input dimensions in the order `names` (Triton's
    /// `transposeIns`).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] unless `names` are the input dimensions.
    pub fn transpose_ins(&self, names: &[&str]) -> Result<LinearLayout> {
        if !Self::has_same_names(names, &self.in_names()) {
            return Err(invalid(
                "transposeIns",
                format!(
                    "[{}] are not the input dimensions of {self}",
                    names.join(", ")
                ),
                "name every input dimension once",
            ));
        }
        let ins = names
            .iter()
            .filter_map(|n| self.ins.iter().find(|(m, _)| m == n).cloned())
            .collect();
        LinearLayout::new(ins, self.outs.clone())
    }

    /// The same layout with its output dimensions in the order `names` (Triton's
    /// `transposeOuts`).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] unless `names` are the output dimensions.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// let l: LinearLayout = "lane=[[1,0],[0,1]] -> dim0=2 dim1=2".parse()?;
    /// assert_eq!(l.transpose_outs(&["dim1", "dim0"])?.to_string(), "lane=[[0,1],[1,0]] -> dim1=2 dim0=2");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn transpose_outs(&self, names: &[&str]) -> Result<LinearLayout> {
        if !Self::has_same_names(names, &self.out_names()) {
            return Err(invalid(
                "transposeOuts",
                format!(
                    "[{}] are not the output dimensions of {self}",
                    names.join(", ")
                ),
                "name every output dimension once",
            ));
        }
        let perm: Vec<usize> = names
            .iter()
            .filter_map(|n| self.outs.iter().position(|(m, _)| m == n))
            .collect();
        let ins = self
            .ins
            .iter()
            .map(|(n, bases)| {
                let b = bases
                    .iter()
                    .map(|basis| perm.iter().map(|&i| basis[i]).collect())
                    .collect();
                (n.clone(), b)
            })
            .collect();
        let outs = perm.iter().map(|&i| self.outs[i].clone()).collect();
        LinearLayout::new(ins, outs)
    }

    fn check_sizes(
        op: &'static str,
        what: &str,
        dims: &[(&str, u64)],
        total_bits: usize,
    ) -> Result<()> {
        let mut bits = 0usize;
        for (name, size) in dims {
            let Some(b) = log2_exact(*size) else {
                return Err(invalid(
                    op,
                    format!(
                        "the new {what} dimension '{name}' has size {size}, not a power of two"
                    ),
                    "give power-of-two sizes",
                ));
            };
            bits += b as usize;
        }
        if bits != total_bits {
            return Err(invalid(
                op,
                format!(
                    "the new {what} dimensions have 2^{bits} elements, the layout 2^{total_bits}"
                ),
                "keep the total size (the product of the sizes)",
            ));
        }
        Ok(())
    }

    /// Flattens the input dimensions into one (first dimension most minor) and splits it into
    /// `dims` (Triton's `reshapeIns`).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] unless the sizes are powers of two whose product is
    /// the total input size.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// let l: LinearLayout = "register=[[1]] lane=[[2],[4]] -> dim0=8".parse()?;
    /// assert_eq!(l.reshape_ins(&[("offset", 8)])?.to_string(), "offset=[[1],[2],[4]] -> dim0=8");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn reshape_ins(&self, dims: &[(&str, u64)]) -> Result<LinearLayout> {
        Self::check_sizes("reshapeIns", "input", dims, self.total_in_bits())?;
        let mut flat = self.ins.iter().flat_map(|(_, b)| b.iter().cloned());
        let ins = dims
            .iter()
            .map(|(name, size)| {
                let bases = (0..size.trailing_zeros())
                    .filter_map(|_| flat.next())
                    .collect();
                (name.to_string(), bases)
            })
            .collect();
        LinearLayout::new(ins, self.outs.clone())
    }

    /// Flattens the output dimensions into one (first dimension most minor) and splits it into
    /// `dims` (Triton's `reshapeOuts`).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] unless the sizes are powers of two whose product is
    /// the total output size.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// let l: LinearLayout = "lane=[[1,0],[0,1]] -> dim0=2 dim1=2".parse()?;
    /// assert_eq!(l.reshape_outs(&[("offset", 4)])?.to_string(), "lane=[[1],[2]] -> offset=4");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn reshape_outs(&self, dims: &[(&str, u64)]) -> Result<LinearLayout> {
        Self::check_sizes("reshapeOuts", "output", dims, self.total_out_bits())?;
        let outs: Vec<OutDim> = dims.iter().map(|(n, s)| (n.to_string(), *s)).collect();
        let ins = self
            .ins
            .iter()
            .map(|(name, bases)| {
                let b = bases
                    .iter()
                    .map(|basis| Self::split_out(&outs, self.flatten_out(basis)))
                    .collect();
                (name.clone(), b)
            })
            .collect();
        LinearLayout::new(ins, outs)
    }

    /// One input dimension named as the first, of the total input size (`flattenIns`).
    ///
    /// # Errors
    /// As [`LinearLayout::reshape_ins`].
    pub fn flatten_ins(&self) -> Result<LinearLayout> {
        match self.ins.first() {
            None => self.reshape_ins(&[]),
            Some((n, _)) => self.reshape_ins(&[(n, 1u64 << self.total_in_bits())]),
        }
    }

    /// One output dimension named as the first, of the total output size (`flattenOuts`).
    ///
    /// # Errors
    /// As [`LinearLayout::reshape_outs`].
    pub fn flatten_outs(&self) -> Result<LinearLayout> {
        match self.outs.first() {
            None => self.reshape_outs(&[]),
            Some((n, _)) => self.reshape_outs(&[(n, 1u64 << self.total_out_bits())]),
        }
    }

    /// The layout restricted to the input dimensions `ins` (the others set to 0) and the output
    /// dimensions `outs` (the others dropped), sizes and order unchanged (Triton's
    /// `sublayout`).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] when a name is not a dimension of the layout.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// let l: LinearLayout = "register=[[0,1]] lane=[[1,0]] -> dim0=2 dim1=2".parse()?;
    /// assert_eq!(l.sublayout(&["lane"], &["dim0"])?.to_string(), "lane=[[1]] -> dim0=2");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn sublayout(&self, ins: &[&str], outs: &[&str]) -> Result<LinearLayout> {
        for (what, names, have) in [
            ("input", ins, self.in_names()),
            ("output", outs, self.out_names()),
        ] {
            if let Some(bad) = names.iter().find(|n| !have.contains(n)) {
                return Err(invalid(
                    "sublayout",
                    format!("'{bad}' is not an {what} dimension of {self}"),
                    "name dimensions the layout has",
                ));
            }
        }
        let keep: Vec<usize> = (0..self.outs.len())
            .filter(|&i| outs.contains(&self.outs[i].0.as_str()))
            .collect();
        let new_ins = self
            .ins
            .iter()
            .filter(|(n, _)| ins.contains(&n.as_str()))
            .map(|(n, bases)| {
                let b = bases
                    .iter()
                    .map(|basis| keep.iter().map(|&i| basis[i]).collect())
                    .collect();
                (n.clone(), b)
            })
            .collect();
        let new_outs = keep.iter().map(|&i| self.outs[i].clone()).collect();
        LinearLayout::new(new_ins, new_outs)
    }

    /// Triton's `getInjectiveMat`: the matrix with one extra row per zero column, setting
    /// that column, so that every input bit reaches some row.
    fn injective_matrix(&self) -> Vec<u128> {
        let mut rows = self.matrix();
        let used = rows.iter().fold(0u128, |a, r| a | r);
        for c in 0..self.total_in_bits() {
            if used >> c & 1 == 0 {
                rows.push(1u128 << c);
            }
        }
        rows
    }

    /// `C` with `A(x) = B(C(x))` for every `x`, where `A = self` and `B = outer` (Triton's
    /// `invertAndCompose`; `C = B⁻¹∘A` when `B` is invertible). Where `B` is not injective,
    /// Triton's choice is kept: both matrices are made injective and `C` is read off the
    /// reduced row echelon form, so that `C(x) ≠ 0` where possible.
    ///
    /// The result has `A`'s input dimensions and `B`'s input dimensions as outputs.
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] unless `A` and `B` have the same output dimensions,
    /// each no larger in `A`, and `B` is surjective; [`LayoutError::Postcondition`] if the
    /// result breaks `A = B∘C` (it cannot where the preconditions hold).
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// // registers -> tensor, and shared memory offset -> tensor
    /// let r: LinearLayout = "register=[[1,0],[0,1]] -> dim0=2 dim1=2".parse()?;
    /// let s: LinearLayout = "offset=[[0,1],[1,0]] -> dim0=2 dim1=2".parse()?;
    /// assert_eq!(r.invert_and_compose(&s)?.to_string(), "register=[[2],[1]] -> offset=4");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn invert_and_compose(&self, outer: &LinearLayout) -> Result<LinearLayout> {
        const OP: &str = "invertAndCompose";
        if !Self::has_same_names(&self.out_names(), &outer.out_names()) {
            return Err(invalid(
                OP,
                format!(
                    "the output dimensions [{}] of {self} differ from [{}] of {outer}",
                    self.out_names().join(", "),
                    outer.out_names().join(", ")
                ),
                "give two layouts onto the same output dimensions",
            ));
        }
        for (name, size) in &self.outs {
            let o = outer.out_dim_size(name).unwrap_or(0);
            if *size > o {
                return Err(invalid(
                    OP,
                    format!("'{name}' has size {size} in {self} but {o} in {outer}"),
                    "the outer layout's codomain must be at least as large",
                ));
            }
        }
        if !outer.is_surjective() {
            return Err(invalid(
                OP,
                format!(
                    "{outer} is not surjective (rank {} of {} output bits)",
                    outer.rank(),
                    outer.total_out_bits()
                ),
                "the layout to invert must reach every output",
            ));
        }
        let outer_t = outer.transpose_outs(&self.out_names())?;
        let mat_this = self.injective_matrix();
        let mat_outer = outer_t.injective_matrix();
        let (cols_this, cols_outer) = (self.total_in_bits(), outer.total_in_bits());
        let rows_outer = mat_outer.len();
        let mut m = vec![0u128; mat_this.len().max(rows_outer)];
        for (r, row) in mat_outer.iter().enumerate() {
            m[r] = *row;
        }
        for (r, row) in mat_this.iter().enumerate() {
            m[r] |= row << cols_outer;
        }
        rref(&mut m, cols_this + cols_outer);
        let n = rows_outer.min(cols_outer);
        // Triton's check: the first `n` columns of the first `n` rows are the identity
        for (r, row) in m.iter().enumerate().take(n) {
            if row & ((1u128 << n) - 1) != 1u128 << r {
                return Err(LayoutError::Postcondition {
                    op: OP,
                    detail: format!("the reduced matrix of {outer} is not the identity at row {r}"),
                    hint: "report this case",
                });
            }
        }
        let flat: Vec<u64> = (0..cols_this)
            .map(|c| {
                (0..rows_outer).fold(0u64, |acc, r| {
                    acc | (((m[r] >> (cols_outer + c)) & 1) as u64) << r
                })
            })
            .collect();
        let out_dims: Vec<OutDim> = outer
            .ins
            .iter()
            .map(|(n, b)| (n.clone(), 1u64 << b.len()))
            .collect();
        let mut flat = flat.into_iter();
        let ins: Vec<InDim> = self
            .ins
            .iter()
            .map(|(n, b)| {
                let bases = (0..b.len())
                    .filter_map(|_| flat.next())
                    .map(|f| Self::split_out(&out_dims, f))
                    .collect();
                (n.clone(), bases)
            })
            .collect();
        let c = LinearLayout::new(ins, out_dims)?;
        // The contract A = B∘C, checked on every basis (linearity gives the rest).
        let bc = c.compose(outer)?.transpose_outs(&self.out_names())?;
        if bc.ins != self.ins {
            return Err(LayoutError::Postcondition {
                op: OP,
                detail: format!("{outer} ∘ {c} = {bc} is not {self}"),
                hint: "the image of the first layout must lie in the image of the second",
            });
        }
        Ok(c)
    }

    /// The inverse `L⁻¹` of a bijective layout: its inputs are `L`'s outputs and its outputs
    /// `L`'s inputs (Triton's `invert`, `identity.invertAndCompose(L)`).
    ///
    /// # Errors
    /// [`LayoutError::InvalidArgument`] unless the layout is injective and surjective.
    ///
    /// ```
    /// use cute_layout::linear::LinearLayout;
    /// let s: LinearLayout = "offset=[[0,1],[1,1]] -> dim0=2 dim1=2".parse()?;
    /// let inv = s.invert()?;
    /// assert_eq!(inv.to_string(), "dim0=[[3]] dim1=[[1]] -> offset=4");
    /// assert_eq!(s.compose(&inv)?.to_string(), "offset=[[1],[2]] -> offset=4");
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn invert(&self) -> Result<LinearLayout> {
        let (rank, i, o) = (self.rank(), self.total_in_bits(), self.total_out_bits());
        if rank != i || rank != o {
            return Err(invalid(
                "invert",
                format!("{self} is not bijective: rank {rank}, {i} input bits, {o} output bits"),
                "invert a bijection; for a surjective layout use invertAndCompose, which picks a right inverse",
            ));
        }
        let mut identity = LinearLayout::empty();
        for (name, size) in &self.outs {
            identity = identity.product(&LinearLayout::identity_1d(*size, name, name)?)?;
        }
        identity.invert_and_compose(self)
    }
}

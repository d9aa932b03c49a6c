//! [`TupleMorphism`]: flat tuple morphisms `f: S → T` of the category **Tuple**, and their
//! algebra (composition, sum, concatenation, restriction, factorization, squeeze, sort,
//! coalesce, complement, flat divide and flat product).
//!
//! A morphism `f: (s1..sm) → (t1..tn)` lies over a tractable pointed map `α` with
//! `α(i) = j ≠ * ⇒ si = tj`. Its layout `L_f` has shape `S` and stride `di = 0` if `α(i) = *`,
//! else `di = t1·…·t_{α(i)−1}`: the product of the codomain entries *below* the target.

use super::pointed::PointedMap;
use super::{fmt_tuple, invalid, mul, product, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use std::fmt;

/// A flat tuple morphism `f: S → T` over a tractable pointed map `α`.
///
/// # Examples
/// ```
/// use cute_layout::category::TupleMorphism;
/// // The isomorphism of the paper (3.1.3.2), printed `S -> T over α`.
/// let f: TupleMorphism = "(2,2,2,4,4) -> (2,2,4,4,2) over (2,1,5,3,4)".parse()?;
/// assert_eq!(f.to_layout()?.to_string(), "(2,2,2,4,4):(2,1,64,4,16)");
/// assert!(f.is_isomorphism());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TupleMorphism {
    domain: Vec<i64>,
    codomain: Vec<i64>,
    alpha: PointedMap,
}

fn check_entries(op: &'static str, what: &str, t: &[i64]) -> Result<()> {
    if let Some((i, x)) = t.iter().enumerate().find(|&(_, &x)| x <= 0) {
        return Err(invalid(
            op,
            format!("{what} entry {} is {x}", i + 1),
            "tuple entries are positive integers",
        ));
    }
    Ok(())
}

impl TupleMorphism {
    /// The morphism `domain → codomain` over `alpha`.
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] when an entry is not positive, the lengths do not
    /// match `alpha`, `alpha` hits a codomain entry twice, or `α(i) = j` with `si ≠ tj`.
    ///
    /// ```
    /// use cute_layout::category::{PointedMap, TupleMorphism};
    /// let a = PointedMap::new(3, vec![Some(1), Some(3)]).unwrap();
    /// assert!(TupleMorphism::new(vec![4, 4], vec![4, 4, 4], a.clone()).is_ok());
    /// let e = TupleMorphism::new(vec![4, 2], vec![4, 4, 4], a).unwrap_err();
    /// assert!(e.to_string().contains("entry 2 of the domain is 2"));
    /// ```
    pub fn new(domain: Vec<i64>, codomain: Vec<i64>, alpha: PointedMap) -> Result<TupleMorphism> {
        const OP: &str = "tuple morphism";
        check_entries(OP, "domain", &domain)?;
        check_entries(OP, "codomain", &codomain)?;
        if alpha.domain_len() != domain.len() || alpha.codomain_len() != codomain.len() {
            return Err(invalid(
                OP,
                format!(
                    "α = {alpha} maps <{}>_* → <{}>_*, but the domain has {} entries and the codomain {}",
                    alpha.domain_len(),
                    alpha.codomain_len(),
                    domain.len(),
                    codomain.len()
                ),
                "α needs one value per domain entry, each at most the codomain length",
            ));
        }
        if !alpha.is_tractable() {
            let v = alpha.values();
            let (i, k) = (0..v.len())
                .flat_map(|i| (i + 1..v.len()).map(move |k| (i, k)))
                .find(|&(i, k)| v[i].is_some() && v[i] == v[k])
                .expect("a repeated value exists");
            return Err(invalid(
                OP,
                format!(
                    "α = {alpha} sends entries {} and {} both to {}",
                    i + 1,
                    k + 1,
                    v[i].expect("checked")
                ),
                "α must be injective away from * (tractable)",
            ));
        }
        for (i, v) in alpha.values().iter().enumerate() {
            if let Some(j) = *v {
                if domain[i] != codomain[j - 1] {
                    return Err(invalid(
                        OP,
                        format!(
                            "α({}) = {j} but entry {} of the domain is {} and entry {j} of the codomain is {}",
                            i + 1,
                            i + 1,
                            domain[i],
                            codomain[j - 1]
                        ),
                        "an entry must be sent to an equal entry",
                    ));
                }
            }
        }
        Ok(TupleMorphism {
            domain,
            codomain,
            alpha,
        })
    }

    /// The identity `S → S` over `(1, …, m)`; its layout is column-major.
    ///
    /// # Errors
    /// As [`TupleMorphism::new`].
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let id = TupleMorphism::identity(vec![2, 2, 2, 4, 4]).unwrap();
    /// assert_eq!(id.to_layout().unwrap().to_string(), "(2,2,2,4,4):(1,2,4,8,32)");
    /// ```
    pub fn identity(s: Vec<i64>) -> Result<TupleMorphism> {
        let n = s.len();
        TupleMorphism::new(s.clone(), s, PointedMap::identity(n))
    }

    /// Builds from 1-based `α` values with `None` for `*` (a shorthand for [`TupleMorphism::new`]).
    ///
    /// # Errors
    /// As [`TupleMorphism::new`] and [`PointedMap::new`].
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f = TupleMorphism::from_parts(&[4, 4], &[4, 4, 4], &[Some(1), Some(3)]).unwrap();
    /// assert_eq!(f.to_string(), "(4,4) -> (4,4,4) over (1,3)");
    /// ```
    pub fn from_parts(
        domain: &[i64],
        codomain: &[i64],
        alpha: &[Option<usize>],
    ) -> Result<TupleMorphism> {
        TupleMorphism::new(
            domain.to_vec(),
            codomain.to_vec(),
            PointedMap::new(codomain.len(), alpha.to_vec())?,
        )
    }

    /// The domain `S`.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// assert_eq!(TupleMorphism::identity(vec![3]).unwrap().domain(), &[3]);
    /// ```
    pub fn domain(&self) -> &[i64] {
        &self.domain
    }

    /// The codomain `T`.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// assert_eq!(TupleMorphism::identity(vec![3]).unwrap().codomain(), &[3]);
    /// ```
    pub fn codomain(&self) -> &[i64] {
        &self.codomain
    }

    /// The pointed map `α` the morphism lies over.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// assert_eq!(TupleMorphism::identity(vec![3, 4]).unwrap().alpha().to_string(), "(1,2)");
    /// ```
    pub fn alpha(&self) -> &PointedMap {
        &self.alpha
    }

    /// `size(S)`, the size of the domain (and of the layout `L_f`).
    ///
    /// # Errors
    /// [`crate::LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// assert_eq!(TupleMorphism::identity(vec![3, 4]).unwrap().size().unwrap(), 12);
    /// ```
    pub fn size(&self) -> Result<i64> {
        product(&self.domain)
    }

    /// `size(T)`, the size of the codomain.
    ///
    /// # Errors
    /// [`crate::LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f = TupleMorphism::from_parts(&[4], &[2, 4], &[Some(2)]).unwrap();
    /// assert_eq!(f.codomain_size().unwrap(), 8);
    /// ```
    pub fn codomain_size(&self) -> Result<i64> {
        product(&self.codomain)
    }

    /// The strides of `L_f`: `di = 0` if `α(i) = *`, else `∏_{j < α(i)} tj`.
    ///
    /// # Errors
    /// [`crate::LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f = TupleMorphism::from_parts(&[3, 128, 128], &[3, 2, 128, 2, 128], &[Some(1), Some(3), Some(5)]).unwrap();
    /// assert_eq!(f.strides().unwrap(), [1, 6, 1536]);
    /// ```
    pub fn strides(&self) -> Result<Vec<i64>> {
        let mut prefix = Vec::with_capacity(self.codomain.len());
        let mut acc = 1i64;
        for &t in &self.codomain {
            prefix.push(acc);
            acc = mul(acc, t)?;
        }
        Ok(self
            .alpha
            .values()
            .iter()
            .map(|v| v.map_or(0, |j| prefix[j - 1]))
            .collect())
    }

    /// The layout `L_f = S:D` (flat, a tuple even for one entry; dynamic integers).
    ///
    /// Post-condition: `L_f(x) = |f|(x)` for `x < size(S)` (the realization).
    ///
    /// # Errors
    /// [`crate::LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(64,64,3,8) -> (64,3) over (1,*,2,*)".parse().unwrap();
    /// assert_eq!(f.to_layout().unwrap().to_string(), "(64,64,3,8):(1,0,64,0)");
    /// ```
    pub fn to_layout(&self) -> Result<Layout> {
        let d = self.strides()?;
        Layout::new(
            IntTuple::from_leaves(self.domain.iter().map(|&s| Int::dynamic(s))),
            IntTuple::from_leaves(d.into_iter().map(Int::dynamic)),
        )
    }

    /// The realization `|f|(x) = colex_T(F f(colex_S⁻¹(x)))` at `x ∈ [0, size S)`: split `x`
    /// colexicographically over `S`, move coordinate `i` to position `α(i)` of `T` (dropping
    /// it if `α(i) = *`), and recombine over `T`.
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] if `x` is outside `[0, size S)`; overflow.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(2,2,2,4,4) -> (2,2,4,4,2) over (2,1,5,3,4)".parse().unwrap();
    /// let r: Vec<i64> = (0..8).map(|x| f.realize(x).unwrap()).collect();
    /// assert_eq!(r, [0, 2, 1, 3, 64, 66, 65, 67]);
    /// ```
    pub fn realize(&self, x: i64) -> Result<i64> {
        let size = self.size()?;
        if x < 0 || x >= size {
            return Err(invalid(
                "realization",
                format!("{x} is outside [0, {size})"),
                "evaluate |f| on [0, size S)",
            ));
        }
        let mut coords = vec![0i64; self.codomain.len()];
        let mut rest = x;
        for (i, &s) in self.domain.iter().enumerate() {
            if let Some(j) = self.alpha.values()[i] {
                coords[j - 1] = rest % s;
            }
            rest /= s;
        }
        let mut acc = 0i64;
        let mut scale = 1i64;
        for (c, &t) in coords.iter().zip(&self.codomain) {
            acc += c * scale;
            scale = mul(scale, t)?;
        }
        Ok(acc)
    }

    /// `|f|` on the whole of `[0, size S)`.
    ///
    /// # Errors
    /// As [`TupleMorphism::realize`].
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(4,4) -> (4,4,4) over (1,3)".parse().unwrap();
    /// assert_eq!(f.realization().unwrap()[..6], [0, 1, 2, 3, 16, 17]);
    /// ```
    pub fn realization(&self) -> Result<Vec<i64>> {
        (0..self.size()?).map(|x| self.realize(x)).collect()
    }

    /// Whether `f` is an isomorphism: `α` is a bijection of `<m>` (a permutation of `S`).
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// assert!("(6,6) -> (6,6) over (2,1)".parse::<TupleMorphism>().unwrap().is_isomorphism());
    /// ```
    pub fn is_isomorphism(&self) -> bool {
        self.domain.len() == self.codomain.len() && self.alpha.is_total()
    }

    /// Non-degenerate: `si = 1 ⇒ α(i) = *`.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// assert!(!"(8,1) -> (8,1) over (1,2)".parse::<TupleMorphism>().unwrap().is_non_degenerate());
    /// ```
    pub fn is_non_degenerate(&self) -> bool {
        self.domain
            .iter()
            .zip(self.alpha.values())
            .all(|(&s, v)| s != 1 || v.is_none())
    }

    /// Standard form [P 3.1.2.12]: (1) `n = 0` or `n ∈ Im α` (the reference's reading, which
    /// keeps the encoding unique: `(3) → (5)` over `(*)` is *not* standard); (2) for `j < n`,
    /// `j ∉ Im α ⇒ tj ≠ 1` and `j+1 ∈ Im α`.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// assert!("(4,5) -> (4,16,5) over (1,3)".parse::<TupleMorphism>().unwrap().is_standard_form());
    /// assert!(!"(3) -> (5) over (*)".parse::<TupleMorphism>().unwrap().is_standard_form());
    /// assert!(!"(4,4) -> (4,4,8,8) over (1,2)".parse::<TupleMorphism>().unwrap().is_standard_form());
    /// ```
    pub fn is_standard_form(&self) -> bool {
        let n = self.codomain.len();
        if n > 0 && !self.alpha.hits(n) {
            return false;
        }
        (1..n).all(|j| self.alpha.hits(j) || (self.codomain[j - 1] != 1 && self.alpha.hits(j + 1)))
    }

    /// `g ∘ f` (this is `g`): the morphism over `β ∘ α`. `L_{g∘f} = L_g ∘ L_f` for non-degenerate
    /// `f`, `g` (Cor. 3.1.4.6).
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] unless `cod f = dom g`.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(2,2,2,4,4) -> (2,2,4,4,2) over (2,1,5,3,4)".parse().unwrap();
    /// let f_inv: TupleMorphism = "(2,2,4,4,2) -> (2,2,2,4,4) over (2,1,4,5,3)".parse().unwrap();
    /// assert_eq!(f.compose(&f_inv).unwrap().to_layout().unwrap().to_string(), "(2,2,4,4,2):(1,2,4,16,64)");
    /// ```
    pub fn compose(&self, f: &TupleMorphism) -> Result<TupleMorphism> {
        if f.codomain != self.domain {
            return Err(invalid(
                "compose",
                format!(
                    "g ∘ f needs cod f = dom g, but cod f = {} and dom g = {}",
                    fmt_tuple(&f.codomain),
                    fmt_tuple(&self.domain)
                ),
                "compose morphisms whose codomain and domain agree (refine them first)",
            ));
        }
        TupleMorphism::new(
            f.domain.clone(),
            self.codomain.clone(),
            f.alpha.then(&self.alpha)?,
        )
    }

    /// The sum `f ⊕ g: S ⋆ U → T ⋆ V` over `α ⊕ β`; `L_{f⊕g}` stacks `L_g` above `L_f`.
    ///
    /// # Errors
    /// None in practice (the result is always valid).
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f = TupleMorphism::identity(vec![16, 32]).unwrap();
    /// let g: TupleMorphism = "(4) -> (2,4) over (2)".parse().unwrap();
    /// let h = f.sum(&g).unwrap();
    /// assert_eq!(h.to_string(), "(16,32,4) -> (16,32,2,4) over (1,2,4)");
    /// assert_eq!(h.to_layout().unwrap().to_string(), "(16,32,4):(1,16,1024)");
    /// ```
    pub fn sum(&self, g: &TupleMorphism) -> Result<TupleMorphism> {
        TupleMorphism::new(
            [&self.domain[..], &g.domain[..]].concat(),
            [&self.codomain[..], &g.codomain[..]].concat(),
            self.alpha.sum(&g.alpha),
        )
    }

    /// The concatenation `f ⋆ g: S ⋆ U → T` over `α ⋆ β`, for `f`, `g` into the same `T` with
    /// disjoint images; `L_{f⋆g} = L_f ⋆ L_g`.
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] if the codomains differ or the images meet.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(2,2) -> (2,5,2,5) over (1,3)".parse().unwrap();
    /// let g: TupleMorphism = "(5,5) -> (2,5,2,5) over (2,4)".parse().unwrap();
    /// assert!(f.concat(&g).unwrap().is_isomorphism());
    /// assert!(f.concat(&f).is_err());
    /// ```
    pub fn concat(&self, g: &TupleMorphism) -> Result<TupleMorphism> {
        if self.codomain != g.codomain {
            return Err(invalid(
                "concat",
                format!(
                    "codomains {} and {} differ",
                    fmt_tuple(&self.codomain),
                    fmt_tuple(&g.codomain)
                ),
                "concatenate morphisms into the same codomain",
            ));
        }
        let alpha = self.alpha.wedge(&g.alpha)?;
        if !alpha.is_tractable() {
            return Err(invalid(
                "concat",
                format!("the images of {} and {} meet", self.alpha, g.alpha),
                "concatenated morphisms must have disjoint images",
            ));
        }
        TupleMorphism::new(
            [&self.domain[..], &g.domain[..]].concat(),
            self.codomain.clone(),
            alpha,
        )
    }

    /// The restriction `f|_I` to the domain entries with 1-based index in `I` (in that order).
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] for an index out of range.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(3,128,128) -> (128,128) over (*,2,1)".parse().unwrap();
    /// assert_eq!(f.restrict(&[3, 2]).unwrap().to_string(), "(128,128) -> (128,128) over (1,2)");
    /// ```
    pub fn restrict(&self, indices: &[usize]) -> Result<TupleMorphism> {
        if let Some(&i) = indices.iter().find(|&&i| i == 0 || i > self.domain.len()) {
            return Err(invalid(
                "restrict",
                format!("index {i} is outside 1..={}", self.domain.len()),
                "indices are 1-based domain positions",
            ));
        }
        TupleMorphism::from_parts(
            &indices
                .iter()
                .map(|&i| self.domain[i - 1])
                .collect::<Vec<_>>(),
            &self.codomain,
            &indices
                .iter()
                .map(|&i| self.alpha.values()[i - 1])
                .collect::<Vec<_>>(),
        )
    }

    /// The factorization `f|^J` through the codomain entries with 1-based index in the
    /// increasing list `J ⊇ Im α` (a pullback along the inclusion).
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] if `J` is not increasing, is out of range, or
    /// misses a hit entry.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(4,4) -> (4,4,8,8) over (1,2)".parse().unwrap();
    /// assert_eq!(f.factorize(&[1, 2]).unwrap().to_string(), "(4,4) -> (4,4) over (1,2)");
    /// ```
    pub fn factorize(&self, keep: &[usize]) -> Result<TupleMorphism> {
        let n = self.codomain.len();
        if keep.windows(2).any(|w| w[0] >= w[1]) || keep.iter().any(|&j| j == 0 || j > n) {
            return Err(invalid(
                "factorize",
                format!("{keep:?} is not an increasing list of indices in 1..={n}"),
                "give the kept codomain positions in increasing order",
            ));
        }
        let mut new_index = vec![None; n + 1];
        for (k, &j) in keep.iter().enumerate() {
            new_index[j] = Some(k + 1);
        }
        let mut alpha = Vec::with_capacity(self.domain.len());
        for v in self.alpha.values() {
            alpha.push(match v {
                None => None,
                Some(j) => Some(new_index[*j].ok_or_else(|| {
                    invalid(
                        "factorize",
                        format!("codomain entry {j} is hit but not kept"),
                        "J must contain the image of α",
                    )
                })?),
            });
        }
        TupleMorphism::from_parts(
            &self.domain,
            &keep
                .iter()
                .map(|&j| self.codomain[j - 1])
                .collect::<Vec<_>>(),
            &alpha,
        )
    }

    /// `squeeze(f)`: drop the domain entries equal to 1, then the codomain entries equal to 1.
    /// `L_{squeeze f} = squeeze(L_f)` (3.1.5.10).
    ///
    /// # Errors
    /// None in practice.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(1,4,1,8) -> (1,4,8,1) over (*,2,*,3)".parse().unwrap();
    /// assert_eq!(f.squeeze().unwrap().to_string(), "(4,8) -> (4,8) over (1,2)");
    /// ```
    pub fn squeeze(&self) -> Result<TupleMorphism> {
        let keep_s: Vec<usize> = (1..=self.domain.len())
            .filter(|&i| self.domain[i - 1] != 1)
            .collect();
        let keep_t: Vec<usize> = (1..=self.codomain.len())
            .filter(|&j| self.codomain[j - 1] != 1)
            .collect();
        self.restrict(&keep_s)?.factorize(&keep_t)
    }

    /// Sorted [3.1.5.11]: every `*` entry comes first, the `*` entries have non-decreasing
    /// `s`, and `α` increases on the hit entries. A sorted `f` has a sorted `L_f`.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// assert!("(3,7,2,5) -> (2,7,5) over (*,*,1,3)".parse::<TupleMorphism>().unwrap().is_sorted());
    /// assert!(!"(5,3,2,7) -> (2,7,5) over (3,*,1,*)".parse::<TupleMorphism>().unwrap().is_sorted());
    /// ```
    pub fn is_sorted(&self) -> bool {
        self.sort_order().iter().enumerate().all(|(k, &i)| k == i)
    }

    fn sort_order(&self) -> Vec<usize> {
        let v = self.alpha.values();
        let mut idx: Vec<usize> = (0..self.domain.len()).collect();
        idx.sort_by_key(|&i| match v[i] {
            None => (0, self.domain[i] as u128, i),
            Some(j) => (1, j as u128, i),
        });
        idx
    }

    /// `sort(f) = f ∘ g` for the permutation `g` putting the `*` entries first (by size, then
    /// index) and then the hit entries by `α`. `L_{sort f} = sort(L_f)` (3.1.5.18).
    ///
    /// # Errors
    /// None in practice.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(5,3,2,7) -> (2,7,5) over (3,*,1,*)".parse().unwrap();
    /// assert_eq!(f.sort().unwrap().to_string(), "(3,7,2,5) -> (2,7,5) over (*,*,1,3)");
    /// ```
    pub fn sort(&self) -> Result<TupleMorphism> {
        let order: Vec<usize> = self.sort_order().iter().map(|i| i + 1).collect();
        self.restrict(&order)
    }

    /// Coalesced [Def 3.1.5.20]: no `si = 1`, and each adjacent pair `i, i+1` satisfies exactly
    /// one of (a) `α(i) = * ≠ α(i+1)`; (b) `α(i) ≠ * = α(i+1)`; (c) `α(i) > α(i+1)`;
    /// (d) `α(i) < α(i+1)` with some `tj > 1` strictly between. `f` is coalesced iff `L_f` is.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// assert!("(4,100) -> (4,2,100) over (1,3)".parse::<TupleMorphism>().unwrap().is_coalesced());
    /// assert!(!"(3,5) -> () over (*,*)".parse::<TupleMorphism>().unwrap().is_coalesced());
    /// ```
    pub fn is_coalesced(&self) -> bool {
        let v = self.alpha.values();
        self.domain.iter().all(|&s| s != 1)
            && v.windows(2).all(|w| match (w[0], w[1]) {
                (None, None) => false,
                (None, Some(_)) | (Some(_), None) => true,
                (Some(a), Some(b)) => {
                    a > b || self.codomain[a..b.saturating_sub(1)].iter().any(|&t| t > 1)
                }
            })
    }

    /// `coal(f)` [Def 3.1.5.25]: squeeze, then merge maximal runs of adjacent domain entries
    /// that all go to `*` or that go to consecutive codomain entries (merging those codomain
    /// entries too; unhit codomain entries stay separate), multiplying the merged entries.
    /// `coal(f)` is coalesced and `L_{coal f} = coal(L_f)` (3.1.5.28).
    ///
    /// # Errors
    /// [`crate::LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(2,2,10,10) -> (2,2,2,10,10) over (1,2,4,5)".parse().unwrap();
    /// assert_eq!(f.coalesce().unwrap().to_string(), "(4,100) -> (4,2,100) over (1,3)");
    /// let f: TupleMorphism = "(4) -> (2,4,3,5) over (2)".parse().unwrap();
    /// assert_eq!(f.coalesce().unwrap(), f); // unhit codomain entries are not merged
    /// ```
    pub fn coalesce(&self) -> Result<TupleMorphism> {
        let f = self.squeeze()?;
        let v = f.alpha.values();
        // Domain runs: [start, end) with all * or consecutive increasing targets.
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for i in 0..f.domain.len() {
            let joins = i > 0
                && match (v[i - 1], v[i]) {
                    (None, None) => true,
                    (Some(a), Some(b)) => b == a + 1,
                    _ => false,
                };
            match runs.last_mut() {
                Some(r) if joins => r.1 = i + 1,
                _ => runs.push((i, i + 1)),
            }
        }
        // Codomain classes: the first entry of each hit run starts a class that absorbs the
        // rest of the run; every other entry is its own class.
        let n = f.codomain.len();
        let mut absorbed = vec![false; n + 1];
        for &(a, b) in &runs {
            if let Some(j) = v[a] {
                for k in 1..(b - a) {
                    absorbed[j + k] = true;
                }
            }
        }
        let mut class_of = vec![0usize; n + 1];
        let mut codomain: Vec<i64> = Vec::new();
        for j in 1..=n {
            if absorbed[j] {
                let last = codomain
                    .last_mut()
                    .expect("an absorbed entry follows its run head");
                *last = mul(*last, f.codomain[j - 1])?;
            } else {
                codomain.push(f.codomain[j - 1]);
            }
            class_of[j] = codomain.len();
        }
        let mut domain = Vec::with_capacity(runs.len());
        let mut alpha = Vec::with_capacity(runs.len());
        for &(a, b) in &runs {
            domain.push(product(&f.domain[a..b])?);
            alpha.push(v[a].map(|j| class_of[j]));
        }
        TupleMorphism::from_parts(&domain, &codomain, &alpha)
    }

    /// Complementable: `α` never takes the value `*`.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// assert!(!"(3) -> () over (*)".parse::<TupleMorphism>().unwrap().is_complementable());
    /// ```
    pub fn is_complementable(&self) -> bool {
        self.alpha.is_total()
    }

    /// The complement `f^c: (t_{j1}, …, t_{jk}) → T` over `k ↦ jk`, the unhit codomain indices
    /// in increasing order. `f ⋆ f^c` is an isomorphism, `coal(L_{f^c}) = complement(L_f, size T)`
    /// (3.1.5.43), and `L_{f^c} = complement(L_f)` when `f` is in standard form (3.1.5.44).
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] if some `α(i) = *`.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(32,32) -> (10,32,32,16) over (2,3)".parse().unwrap();
    /// let c = f.complement().unwrap();
    /// assert_eq!(c.to_string(), "(10,16) -> (10,32,32,16) over (1,4)");
    /// assert_eq!(c.to_layout().unwrap().to_string(), "(10,16):(1,10240)");
    /// ```
    pub fn complement(&self) -> Result<TupleMorphism> {
        if let Some(i) = self.alpha.values().iter().position(Option::is_none) {
            return Err(invalid(
                "complement",
                format!("α = {} sends entry {} to *, so f is not complementable", self.alpha, i + 1),
                "only morphisms whose α never takes the value * have complements; drop those entries first",
            ));
        }
        let unhit: Vec<usize> = (1..=self.codomain.len())
            .filter(|&j| !self.alpha.hits(j))
            .collect();
        TupleMorphism::from_parts(
            &unhit
                .iter()
                .map(|&j| self.codomain[j - 1])
                .collect::<Vec<_>>(),
            &self.codomain,
            &unhit.iter().map(|&j| Some(j)).collect::<Vec<_>>(),
        )
    }

    /// The flat logical divide `f ⊘♭ g = f ∘ (g ⋆ g^c)`, for `g` with `cod g = dom f` (g divides
    /// f). `coal(L_{f ⊘♭ g}) = coal(L_f ⊘♭ L_g)` (3.1.5.56).
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] unless `cod g = dom f` and `g` is complementable.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f = TupleMorphism::identity(vec![4, 8, 4, 8]).unwrap();
    /// let g: TupleMorphism = "(4,4) -> (4,8,4,8) over (1,3)".parse().unwrap();
    /// assert_eq!(f.flat_divide(&g).unwrap().to_string(), "(4,4,8,8) -> (4,8,4,8) over (1,3,2,4)");
    /// ```
    pub fn flat_divide(&self, g: &TupleMorphism) -> Result<TupleMorphism> {
        if g.codomain != self.domain {
            return Err(invalid(
                "flat_divide",
                format!(
                    "g divides f only if cod g = dom f, but cod g = {} and dom f = {}",
                    fmt_tuple(&g.codomain),
                    fmt_tuple(&self.domain)
                ),
                "give a divisor g whose codomain is the domain of f",
            ));
        }
        self.compose(&g.concat(&g.complement()?)?)
    }

    /// The flat logical product `f ⊗♭ g = f ⋆ (f^c ∘ g)`, for `g` with `cod g = dom f^c` (product
    /// admissible). `L_{f ⊗♭ g} = L_f ⊗♭ L_g` (3.1.5.62).
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] unless `f` is complementable and `cod g = dom f^c`.
    ///
    /// ```
    /// # use cute_layout::category::TupleMorphism;
    /// let f: TupleMorphism = "(2,2) -> (2,2,5,5) over (1,2)".parse().unwrap();
    /// let g: TupleMorphism = "(5,5) -> (5,5) over (2,1)".parse().unwrap();
    /// assert_eq!(f.flat_product(&g).unwrap().to_string(), "(2,2,5,5) -> (2,2,5,5) over (1,2,4,3)");
    /// ```
    pub fn flat_product(&self, g: &TupleMorphism) -> Result<TupleMorphism> {
        let c = self.complement()?;
        if g.codomain != c.domain {
            return Err(invalid(
                "flat_product",
                format!(
                    "f ⊗ g needs cod g = dom f^c, but cod g = {} and dom f^c = {}",
                    fmt_tuple(&g.codomain),
                    fmt_tuple(&c.domain)
                ),
                "give g whose codomain is the tuple of codomain entries f does not hit",
            ));
        }
        self.concat(&c.compose(g)?)
    }
}

impl fmt::Display for TupleMorphism {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            write!(
                f,
                "{} -> {} over {}",
                fmt_tuple(&self.domain),
                fmt_tuple(&self.codomain),
                self.alpha
            )
        })
    }
}

//! [`NestedMorphism`]: morphisms of the category **Nest** [P 3.2]: a tuple morphism between
//! the flattenings of two nested tuples, with profiles on domain and codomain.
//!
//! `Hom_Nest(S, T) = Hom_Tuple(S♭, T♭)`. The layout `L_f` has shape `S` (the nesting of the
//! domain) and the strides of the flat morphism; the codomain's nesting does not affect it.
//! Every operation is the flat one on the flattening, re-nested.

use super::morphism::TupleMorphism;
use super::pointed::PointedMap;
use super::refine::{relative_modes, substitute};
use super::{invalid, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use std::fmt;

/// A nested tuple morphism `f: S → T` over `α`, with `S`, `T` nested tuples (int-tuples of
/// positive integers) and `f♭: S♭ → T♭` a [`TupleMorphism`].
///
/// # Examples
/// ```
/// use cute_layout::category::NestedMorphism;
/// let f: NestedMorphism = "((8,8),(4,4)) -> (8,4,4,8) over (1,4,3,2)".parse()?;
/// assert_eq!(f.to_layout()?.to_string(), "((8,8),(4,4)):((1,128),(32,8))");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NestedMorphism {
    domain: IntTuple,
    codomain: IntTuple,
    flat: TupleMorphism,
}

fn leaves(t: &IntTuple) -> Vec<i64> {
    t.leaves().map(Int::value).collect()
}

fn flat_tuple(xs: &[i64]) -> IntTuple {
    IntTuple::from_leaves(xs.iter().map(|&x| Int::dynamic(x)))
}

impl NestedMorphism {
    /// The morphism `domain → codomain` over `alpha` (integers are stored dynamic).
    ///
    /// # Errors
    /// As [`TupleMorphism::new`] on the flattenings.
    ///
    /// ```
    /// use cute_layout::category::{NestedMorphism, PointedMap};
    /// let p = |s: &str| s.parse().unwrap();
    /// let a = PointedMap::new(3, vec![Some(1), Some(3), Some(2)]).unwrap();
    /// let f = NestedMorphism::new(p("((5,5),8)"), p("(5,8,5)"), a).unwrap();
    /// assert_eq!(f.to_layout().unwrap().to_string(), "((5,5),8):((1,40),5)");
    /// ```
    pub fn new(domain: IntTuple, codomain: IntTuple, alpha: PointedMap) -> Result<NestedMorphism> {
        let domain = domain.with_static(false);
        let codomain = codomain.with_static(false);
        let flat = TupleMorphism::new(leaves(&domain), leaves(&codomain), alpha)?;
        Ok(NestedMorphism {
            domain,
            codomain,
            flat,
        })
    }

    /// The flat morphism seen as a nested one (domain and codomain flat tuples).
    ///
    /// ```
    /// # use cute_layout::category::{NestedMorphism, TupleMorphism};
    /// let f = TupleMorphism::identity(vec![2, 3]).unwrap();
    /// assert_eq!(NestedMorphism::from_flat(f).to_string(), "(2,3) -> (2,3) over (1,2)");
    /// ```
    pub fn from_flat(flat: TupleMorphism) -> NestedMorphism {
        NestedMorphism {
            domain: flat_tuple(flat.domain()),
            codomain: flat_tuple(flat.codomain()),
            flat,
        }
    }

    fn renest(domain: IntTuple, codomain: IntTuple, flat: TupleMorphism) -> Result<NestedMorphism> {
        NestedMorphism::new(domain, codomain, flat.alpha().clone())
    }

    /// The domain `S`.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "((5,5),8) -> (5,8,5) over (1,3,2)".parse().unwrap();
    /// assert_eq!(f.domain().to_string(), "((5,5),8)");
    /// ```
    pub fn domain(&self) -> &IntTuple {
        &self.domain
    }

    /// The codomain `T`.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "((5,5),8) -> (5,8,5) over (1,3,2)".parse().unwrap();
    /// assert_eq!(f.codomain().to_string(), "(5,8,5)");
    /// ```
    pub fn codomain(&self) -> &IntTuple {
        &self.codomain
    }

    /// The pointed map `α`.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "((5,5),8) -> (5,8,5) over (1,3,2)".parse().unwrap();
    /// assert_eq!(f.alpha().to_string(), "(1,3,2)");
    /// ```
    pub fn alpha(&self) -> &PointedMap {
        self.flat.alpha()
    }

    /// The flattening `f♭: S♭ → T♭`.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "((5,5),8) -> (5,8,5) over (1,3,2)".parse().unwrap();
    /// assert_eq!(f.flatten().to_string(), "(5,5,8) -> (5,8,5) over (1,3,2)");
    /// ```
    pub fn flatten(&self) -> &TupleMorphism {
        &self.flat
    }

    /// The layout `L_f`: shape `S`, strides of [`TupleMorphism::strides`] nested like `S`.
    ///
    /// # Errors
    /// [`crate::LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "(128,(4,4,2)) -> ((4,4),128) over (3,1,2,*)".parse().unwrap();
    /// assert_eq!(f.to_layout().unwrap().to_string(), "(128,(4,4,2)):(16,(1,4,0))");
    /// ```
    pub fn to_layout(&self) -> Result<Layout> {
        let d = self.flat.strides()?;
        let mut it = d.into_iter();
        let stride = self.domain.map(|_| Int::dynamic(it.next().unwrap_or(0)));
        Layout::new(self.domain.clone(), stride)
    }

    /// The realization `|f| = |f♭|` at `x ∈ [0, size S)`.
    ///
    /// # Errors
    /// As [`TupleMorphism::realize`].
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "((5,5),8) -> (5,8,5) over (1,3,2)".parse().unwrap();
    /// assert_eq!(f.realize(5).unwrap(), 40);
    /// ```
    pub fn realize(&self, x: i64) -> Result<i64> {
        self.flat.realize(x)
    }

    /// Non-degenerate: entries equal to 1 go to `*`.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// assert!("((2,2),2) -> (10,2,2,(3,2,3)) over (*,5,2)".parse::<NestedMorphism>().unwrap().is_non_degenerate());
    /// ```
    pub fn is_non_degenerate(&self) -> bool {
        self.flat.is_non_degenerate()
    }

    /// Standard form: a flat codomain and a flat morphism in standard form.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "((2,2),(3,3)) -> (10,3,3,2,10,2) over (4,6,2,3)".parse().unwrap();
    /// assert!(f.is_standard_form());
    /// ```
    pub fn is_standard_form(&self) -> bool {
        self.codomain.depth() <= 1 && !self.codomain.is_leaf() && self.flat.is_standard_form()
    }

    /// `g ∘ f` (this is `g`), over `β ∘ α`. Theorem B (3.2.6.21): for non-degenerate `f`, `g`,
    /// `L_{g∘f} = L_g ∘ L_f` exactly, nesting included.
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] unless `cod f = dom g` as nested tuples.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "((2,2),(2,2)) -> ((2,2,2),(2,2,2)) over (3,2,6,5)".parse().unwrap();
    /// let g: NestedMorphism = "((2,2,2),(2,2,2)) -> (2,2,2,2) over (1,*,2,*,3,4)".parse().unwrap();
    /// let h = g.compose(&f).unwrap();
    /// assert_eq!(h.to_string(), "((2,2),(2,2)) -> (2,2,2,2) over (2,*,4,3)");
    /// assert_eq!(h.to_layout().unwrap().to_string(), "((2,2),(2,2)):((2,0),(8,4))");
    /// ```
    pub fn compose(&self, f: &NestedMorphism) -> Result<NestedMorphism> {
        if f.codomain != self.domain {
            return Err(invalid(
                "compose",
                format!(
                    "g ∘ f needs cod f = dom g, but cod f = {} and dom g = {}",
                    f.codomain, self.domain
                ),
                "compose morphisms whose codomain and domain agree as nested tuples",
            ));
        }
        NestedMorphism::renest(
            f.domain.clone(),
            self.codomain.clone(),
            self.flat.compose(&f.flat)?,
        )
    }

    /// The nested concatenation `(f1, …, fk): (S1, …, Sk) → T` of morphisms into the same `T`
    /// with disjoint images; `L_{(f1,…,fk)} = (L_{f1}, …, L_{fk})`.
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] if the codomains differ or images meet, or the
    /// list is empty.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "(3,(512,512)) -> (2,512,2,512) over (*,2,4)".parse().unwrap();
    /// let g: NestedMorphism = "(2,2) -> (2,512,2,512) over (1,3)".parse().unwrap();
    /// let h = NestedMorphism::concat(&[f, g]).unwrap();
    /// assert_eq!(h.to_string(), "((3,(512,512)),(2,2)) -> (2,512,2,512) over (*,2,4,1,3)");
    /// ```
    pub fn concat(parts: &[NestedMorphism]) -> Result<NestedMorphism> {
        let (first, rest) = parts.split_first().ok_or_else(|| {
            invalid(
                "concat",
                "no morphisms to concatenate".into(),
                "give at least one morphism",
            )
        })?;
        let mut flat = first.flat.clone();
        for g in rest {
            if g.codomain != first.codomain {
                return Err(invalid(
                    "concat",
                    format!("codomains {} and {} differ", first.codomain, g.codomain),
                    "concatenate morphisms into the same codomain",
                ));
            }
            flat = flat.concat(&g.flat)?;
        }
        let domain = IntTuple::tuple(parts.iter().map(|p| p.domain.clone()))?;
        NestedMorphism::renest(domain, first.codomain.clone(), flat)
    }

    /// `coal(f)` [Def 3.2.6.11]: `coal♭(f♭)`, whose domain becomes a bare integer if it has one
    /// entry, and `1` over `(*)` if it has none. Theorem C: `L_{coal f} = coalesce(L_f)`.
    ///
    /// # Errors
    /// [`crate::LayoutError::Overflow`].
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "((2,2),(3,3),(5,5)) -> (5,5,3,3,2,2) over (5,6,3,4,1,2)".parse().unwrap();
    /// assert_eq!(f.coalesce().unwrap().to_string(), "(4,9,25) -> (25,9,4) over (3,2,1)");
    /// let f: NestedMorphism = "(3,5) -> () over (*,*)".parse().unwrap();
    /// assert_eq!(f.coalesce().unwrap().to_string(), "15 -> () over (*)");
    /// ```
    pub fn coalesce(&self) -> Result<NestedMorphism> {
        let c = self.flat.coalesce()?;
        let codomain = flat_tuple(c.codomain());
        match c.domain() {
            [] => NestedMorphism::new(
                IntTuple::leaf(Int::dynamic(1)),
                codomain,
                PointedMap::new(c.codomain().len(), vec![None])?,
            ),
            [s] => NestedMorphism::renest(IntTuple::leaf(Int::dynamic(*s)), codomain, c),
            _ => Ok(NestedMorphism::from_flat(c)),
        }
    }

    /// The complement `f^c: (unhit entries) → T` (the codomain keeps its nesting). Theorem D:
    /// `coalesce(L_{f^c}) = complement(L_f, size T)`.
    ///
    /// # Errors
    /// As [`TupleMorphism::complement`].
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "((2,2),(5,5)) -> ((2,5,7),(2,5,7)) over (1,4,2,5)".parse().unwrap();
    /// assert_eq!(f.complement().unwrap().to_string(), "(7,7) -> ((2,5,7),(2,5,7)) over (3,6)");
    /// ```
    pub fn complement(&self) -> Result<NestedMorphism> {
        let c = self.flat.complement()?;
        NestedMorphism::renest(flat_tuple(c.domain()), self.codomain.clone(), c)
    }

    /// The logical divide `f ⊘ g = f ∘ (g, g^c)` for `g` with `cod g = dom f`. Theorem E:
    /// `coalesce(L_{f⊘g}) = coalesce(logical_divide(L_f, L_g))` (equal only after coalescing).
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] unless `cod g = dom f` and `g` is complementable.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "(4,8,4,8) -> (4,8,4,8) over (1,2,3,4)".parse().unwrap();
    /// let g: NestedMorphism = "(4,4) -> (4,8,4,8) over (1,3)".parse().unwrap();
    /// let h = f.logical_divide(&g).unwrap();
    /// assert_eq!(h.to_string(), "((4,4),(8,8)) -> (4,8,4,8) over (1,3,2,4)");
    /// assert_eq!(h.to_layout().unwrap().to_string(), "((4,4),(8,8)):((1,32),(4,128))");
    /// ```
    pub fn logical_divide(&self, g: &NestedMorphism) -> Result<NestedMorphism> {
        if g.codomain != self.domain {
            return Err(invalid(
                "logical_divide",
                format!(
                    "g divides f only if cod g = dom f, but cod g = {} and dom f = {}",
                    g.codomain, self.domain
                ),
                "give a divisor g whose codomain is the domain of f",
            ));
        }
        self.compose(&NestedMorphism::concat(&[g.clone(), g.complement()?])?)
    }

    /// The logical product `f ⊗ g = (f, f^c ∘ g)` for `g` with `cod g = dom f^c`. Theorem F:
    /// `L_{f⊗g} = logical_product(L_f, L_g)` exactly, for non-degenerate `f`, `g`.
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] unless `f` is complementable and
    /// `cod g = dom f^c`.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "(2,2) -> (2,2,5,5) over (1,2)".parse().unwrap();
    /// let g: NestedMorphism = "(5,5) -> (5,5) over (2,1)".parse().unwrap();
    /// let h = f.logical_product(&g).unwrap();
    /// assert_eq!(h.to_string(), "((2,2),(5,5)) -> (2,2,5,5) over (1,2,4,3)");
    /// assert_eq!(h.to_layout().unwrap().to_string(), "((2,2),(5,5)):((1,2),(20,4))");
    /// ```
    pub fn logical_product(&self, g: &NestedMorphism) -> Result<NestedMorphism> {
        let c = self.complement()?;
        if g.codomain != c.domain {
            return Err(invalid(
                "logical_product",
                format!(
                    "f ⊗ g needs cod g = dom f^c, but cod g = {} and dom f^c = {}",
                    g.codomain, c.domain
                ),
                "give g whose codomain is the tuple of codomain entries f does not hit",
            ));
        }
        NestedMorphism::concat(&[self.clone(), c.compose(g)?])
    }

    /// The pullback `f̃: S' → T'` of a refinement `T' ↠ T` along `f` (Constr. 3.2.5.5):
    /// entry `i` of `S` becomes the relative mode `α(i)` of `T'` (or stays if `α(i) = *`), and
    /// its leaves go in order onto that mode's leaves. `Φ_{L_f̃} = Φ_{L_f}`.
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] unless `T' ↠ T`.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "(64,32) -> (4,64,4,32) over (2,4)".parse().unwrap();
    /// let t2 = "((2,2),(16,4),(2,2),(16,2))".parse().unwrap();
    /// assert_eq!(
    ///     f.pullback_along(&t2).unwrap().to_string(),
    ///     "((16,4),(16,2)) -> ((2,2),(16,4),(2,2),(16,2)) over (3,4,7,8)"
    /// );
    /// ```
    pub fn pullback_along(&self, refined: &IntTuple) -> Result<NestedMorphism> {
        let refined = refined.with_static(false);
        let modes = relative_modes(&refined, &self.codomain).ok_or_else(|| {
            invalid(
                "pullback",
                format!("{refined} does not refine the codomain {}", self.codomain),
                "give a refinement of the codomain (same nesting, entries split into factors)",
            )
        })?;
        let mut offsets = Vec::with_capacity(modes.len());
        let mut acc = 0usize;
        for m in &modes {
            offsets.push(acc);
            acc += m.leaf_count();
        }
        let mut parts = Vec::with_capacity(self.flat.domain().len());
        let mut alpha = Vec::new();
        for (i, v) in self.alpha().values().iter().enumerate() {
            match v {
                None => {
                    parts.push(IntTuple::leaf(Int::dynamic(self.flat.domain()[i])));
                    alpha.push(None);
                }
                Some(j) => {
                    let m = &modes[j - 1];
                    parts.push(m.clone());
                    alpha.extend((1..=m.leaf_count()).map(|k| Some(offsets[j - 1] + k)));
                }
            }
        }
        NestedMorphism::new(
            substitute(&self.domain, &parts),
            refined,
            PointedMap::new(acc, alpha)?,
        )
    }

    /// The pushforward `f': S' → T'` of a refinement `S' ↠ S` along `f` (Constr. 3.2.5.12):
    /// codomain entry `α(i)` becomes the relative mode `i` of `S'`, unhit entries stay, and the
    /// leaves of relative mode `i` go onto it (or to `*` if `α(i) = *`). `Φ` is unchanged.
    ///
    /// # Errors
    /// [`crate::LayoutError::InvalidArgument`] unless `S' ↠ S`.
    ///
    /// ```
    /// # use cute_layout::category::NestedMorphism;
    /// let f: NestedMorphism = "(64,32) -> (4,64,4,32) over (2,4)".parse().unwrap();
    /// let s2 = "((16,4),(16,2))".parse().unwrap();
    /// assert_eq!(
    ///     f.pushforward_along(&s2).unwrap().to_string(),
    ///     "((16,4),(16,2)) -> (4,(16,4),4,(16,2)) over (2,3,5,6)"
    /// );
    /// ```
    pub fn pushforward_along(&self, refined: &IntTuple) -> Result<NestedMorphism> {
        let refined = refined.with_static(false);
        let modes = relative_modes(&refined, &self.domain).ok_or_else(|| {
            invalid(
                "pushforward",
                format!("{refined} does not refine the domain {}", self.domain),
                "give a refinement of the domain (same nesting, entries split into factors)",
            )
        })?;
        let t = self.flat.codomain();
        let mut source = vec![None; t.len() + 1];
        for (i, v) in self.alpha().values().iter().enumerate() {
            if let Some(j) = v {
                source[*j] = Some(i);
            }
        }
        let mut parts = Vec::with_capacity(t.len());
        let mut offsets = vec![0usize; t.len() + 1];
        let mut acc = 0usize;
        for j in 1..=t.len() {
            offsets[j] = acc;
            let part = match source[j] {
                Some(i) => modes[i].clone(),
                None => IntTuple::leaf(Int::dynamic(t[j - 1])),
            };
            acc += part.leaf_count();
            parts.push(part);
        }
        let mut alpha = Vec::new();
        for (i, v) in self.alpha().values().iter().enumerate() {
            let k = modes[i].leaf_count();
            match v {
                None => alpha.extend(std::iter::repeat_n(None, k)),
                Some(j) => alpha.extend((1..=k).map(|q| Some(offsets[*j] + q))),
            }
        }
        NestedMorphism::new(
            refined,
            substitute(&self.codomain, &parts),
            PointedMap::new(acc, alpha)?,
        )
    }
}

impl fmt::Display for NestedMorphism {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            write!(
                f,
                "{} -> {} over {}",
                self.domain,
                self.codomain,
                self.alpha()
            )
        })
    }
}

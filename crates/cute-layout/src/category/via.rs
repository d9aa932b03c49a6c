//! The layout algebra computed on tuple morphisms: encode the (tractable) inputs with
//! [`to_morphism`], operate on morphisms, decode with [`from_morphism`]. For tractable inputs
//! these agree with [`crate::algebra`] (the tests in `tests/api/category.rs` check it on random
//! layouts); they are the reference implementation of the paper's algorithms.

use super::encode::{from_morphism, to_morphism};
use super::morphism::TupleMorphism;
use super::nested::NestedMorphism;
use super::pointed::PointedMap;
use super::refine::mutual_refinement;
use super::{invalid, product, Result};
use crate::algebra::coalesce::coalesce_by;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// `coalesce(L) = L_{coal(f_L)}` (Theorem C). Extent-1 modes get stride 0 first (this does
/// not change the layout function, and makes e.g. `(4,1,5):(8,3,32)` tractable).
///
/// # Errors
/// As [`to_morphism`] (the layout must be tractable).
///
/// # Examples
/// ```
/// use cute_layout::category::via;
/// let l = "(2,2,5,5,5):(1,2,8,40,200)".parse()?;
/// assert_eq!(via::coalesce(&l)?.to_string(), "(4,125):(1,8)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn coalesce(layout: &Layout) -> Result<Layout> {
    from_morphism(&to_morphism(&non_degenerate(layout)?)?.coalesce()?)
}

/// `complement(L, N)`: restrict `f_L` to its non-`*` entries (CuTe's `filter`), extend
/// the codomain by the entry `⌈N / size T⌉` when it exceeds 1, and coalesce `L_{f^c}`
/// (Theorem D).
///
/// # Errors
/// As [`to_morphism`] (after giving extent-1 modes stride 0);
/// [`crate::LayoutError::InvalidArgument`] for `N < 1`.
///
/// # Examples
/// ```
/// use cute_layout::category::via;
/// let l = "(32,32):(10,320)".parse()?;
/// assert_eq!(via::complement(&l, 163840)?.to_string(), "(10,16):(1,10240)");
/// let l = "(3,10):(80,4)".parse()?;
/// assert_eq!(via::complement(&l, 2400)?.to_string(), "(4,2,10):(1,40,240)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn complement(layout: &Layout, cotarget: i64) -> Result<Layout> {
    if cotarget < 1 {
        return Err(invalid(
            "complement",
            format!("cotarget {cotarget} is not positive"),
            "give a positive cotarget",
        ));
    }
    let f = to_morphism(&non_degenerate(layout)?)?.flatten().clone();
    let keep: Vec<usize> = (1..=f.domain().len())
        .filter(|&i| f.alpha().get(i).is_some())
        .collect();
    // filter(L) on morphisms: restrict to the hit entries, then re-encode in standard form.
    let f = to_morphism(&f.restrict(&keep)?.to_layout()?)?
        .flatten()
        .clone();
    let size_t = f.codomain_size()?;
    // ⌈cotarget / size T⌉ without overflowing near i64::MAX (size T >= 1)
    let extra = cotarget / size_t + i64::from(cotarget % size_t != 0);
    let mut codomain = f.codomain().to_vec();
    if extra > 1 {
        codomain.push(extra);
    }
    let f = TupleMorphism::new(
        f.domain().to_vec(),
        codomain.clone(),
        PointedMap::new(codomain.len(), f.alpha().values().to_vec())?,
    )?;
    from_morphism(&NestedMorphism::from_flat(f.complement()?).coalesce()?)
}

/// The morphisms of the composition algorithm (Alg. 4.1.2) for `outer ∘ inner`, step by step:
/// what [`composition`] computes, kept as data so that front ends can draw or print each step
/// ([`super::diagram::composition_diagrams`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompositionSteps {
    /// The inner layout, extent-1 modes given stride 0.
    pub inner: Layout,
    /// `coal(outer)`.
    pub outer: Layout,
    /// `f = f_inner: S → T`.
    pub f: NestedMorphism,
    /// `g = f_{coal(outer)}: U → V`.
    pub g: NestedMorphism,
    /// The mutual refinement `(T', U')` of `T` and `U`.
    pub refinement: (IntTuple, IntTuple),
    /// `f̃: S' → T'`, `f` pulled back along `T'`.
    pub pulled: NestedMorphism,
    /// `g': U' → V'`, `g` pushed forward along `U'`.
    pub pushed: NestedMorphism,
    /// `g' ∘ i ∘ f̃: S' → V'` with `i: T' → U'` the inclusion.
    pub composite: NestedMorphism,
    /// `coalesce(L_composite, shape(inner))`, the composition.
    pub result: Layout,
}

/// The composition algorithm for `outer ∘ inner`, every intermediate morphism kept: with
/// `f = f_inner` and `g = f_{coal(outer)}`, find a mutual refinement `(T', U')` of `cod f` and
/// `dom g`, pull `f` back to `f̃: S' → T'`, push `g` forward to `g': U' → V'`, include
/// `i: T' → U'`, and coalesce `L_{g'∘i∘f̃}` to the shape of `inner`.
///
/// # Errors
/// As [`composition`].
///
/// # Examples
/// ```
/// use cute_layout::category::via;
/// let (a, b) = ("(12,3,6):(1,72,12)".parse()?, "(6,6):(6,1)".parse()?);
/// let s = via::composition_steps(&a, &b)?;
/// assert_eq!(s.f.to_string(), "(6,6) -> (6,6) over (2,1)");
/// assert_eq!(s.refinement.0.to_string(), "(6,(2,3))");
/// assert_eq!(s.composite.to_string(), "((2,3),6) -> ((6,2),6,3) over (2,4,1)");
/// assert_eq!(s.result.to_string(), "((2,3),6):((6,72),1)");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn composition_steps(outer: &Layout, inner: &Layout) -> Result<CompositionSteps> {
    let inner = non_degenerate(inner)?;
    let outer = coalesce(outer)?;
    let f = to_morphism(&inner)?;
    let g = to_morphism(&outer)?;
    let (t2, u2) = mutual_refinement(f.codomain(), g.domain()).ok_or_else(|| {
        invalid(
            "composition",
            format!(
                "the codomain {} of f_A and the domain {} of f_coal(B) have no mutual refinement",
                f.codomain(),
                g.domain()
            ),
            "the entries must divide one another in order, and size(cod f_A) must not exceed size(B)",
        )
    })?;
    let pulled = f.pullback_along(&t2)?;
    let pushed = g.pushforward_along(&u2)?;
    let n = t2.leaf_count();
    let i = NestedMorphism::new(
        t2.clone(),
        u2.clone(),
        PointedMap::new(u2.leaf_count(), (1..=n).map(Some).collect())?,
    )?;
    let composite = pushed.compose(&i.compose(&pulled)?)?;
    let result = coalesce_by(&composite.to_layout()?, inner.shape())?;
    Ok(CompositionSteps {
        inner,
        outer,
        f,
        g,
        refinement: (t2, u2),
        pulled,
        pushed,
        composite,
        result,
    })
}

/// `outer ∘ inner` by the composition algorithm (Alg. 4.1.2, Thm 4.1.3.1): the `result` of
/// [`composition_steps`]. Extent-1 modes of `inner` get stride 0 first.
///
/// # Errors
/// As [`to_morphism`] for either argument; [`crate::LayoutError::InvalidArgument`] when no
/// mutual refinement exists (the composite is then not computable on morphisms).
///
/// # Examples
/// ```
/// use cute_layout::category::via;
/// let (a, b) = ("(6,6):(6,1)".parse()?, "(12,3,6):(1,72,12)".parse()?);
/// assert_eq!(via::composition(&b, &a)?.to_string(), "((2,3),6):((6,72),1)");
/// let (a, b) = ("(16,16):(16,1)".parse()?, "(8,8,8):(64,8,1)".parse()?);
/// assert_eq!(via::composition(&b, &a)?.to_string(), "((4,4),(8,2)):((16,1),(64,8))");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn composition(outer: &Layout, inner: &Layout) -> Result<Layout> {
    Ok(composition_steps(outer, inner)?.result)
}

fn non_degenerate(l: &Layout) -> Result<Layout> {
    let mut it = l
        .leaves()
        .map(|(s, _)| s.value())
        .collect::<Vec<_>>()
        .into_iter();
    let stride = l.stride().map(|d| {
        if it.next() == Some(1) {
            Int::dynamic(0)
        } else {
            d
        }
    });
    Layout::new(l.shape().clone(), stride)
}

/// `logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) ∘ B)`, with the complement and
/// the composition computed on morphisms.
///
/// # Errors
/// As [`complement`] and [`composition`].
///
/// # Examples
/// ```
/// use cute_layout::category::via;
/// let (a, b) = ("(2,2):(5,10)".parse()?, "(3,5):(5,1)".parse()?);
/// assert_eq!(via::logical_product(&a, &b)?.to_string(), "((2,2),(3,5)):((5,10),(20,1))");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn logical_product(a: &Layout, b: &Layout) -> Result<Layout> {
    let n = a.size()?.mul(b.cosize()?)?.value();
    let rest = complement(a, n)?;
    Layout::concat([a.clone(), composition(&rest, b)?])
}

/// `logical_divide(A, B) = A ∘ (B, complement(B, size A))`, computed on morphisms.
///
/// # Errors
/// As [`complement`] and [`composition`].
///
/// # Examples
/// ```
/// use cute_layout::category::via;
/// let (a, b) = ("(4,8):(1,4)".parse()?, "(2,2):(1,4)".parse()?);
/// assert_eq!(via::logical_divide(&a, &b)?.to_string(), "((2,2),(2,4)):((1,4),(2,8))");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn logical_divide(a: &Layout, b: &Layout) -> Result<Layout> {
    let size_a = product(&a.shape().leaves().map(Int::value).collect::<Vec<_>>())?;
    let rest = complement(b, size_a)?;
    composition(a, &Layout::concat([b.clone(), rest])?)
}

//! The products: `logical_product`, its zipped, tiled and flat arrangements, `blocked_product`,
//! `raked_product` and `tile_to_shape`.

use super::complement::{complement_modes, Fill, Sense};
use super::composition::{composition_into, Lhs};
use super::divide::{check_pair, is_pair, Splat};
use super::transform::transform_layout_into;
use super::{check_extents, Modes, NoTrace, Trace};
use crate::error::{LayoutError, Result};
use crate::fast::repeated_offset;
use crate::int::Int;
use crate::layout::{cosize_of, mode_at, mode_leaves, sub_modes, Layout, LayoutBuilder, ModeRef};
use crate::limits::{self, BRUTE_FORCE_LIMIT};
use crate::tiler::Tiler;
use crate::trace::{owned, Event, Family, Interleave};
use crate::tuple::{product, IntTuple};

/// `logical_product(A, B)`: copies of `A` arranged by `B`,
/// `(A, complement(A, size(A)·cosize(B)) ∘ B)`. A tuple tiler multiplies mode by mode (extra
/// modes kept), `_` leaves a mode alone, an integer `n` means `make_layout(n)`.
///
/// Post-conditions: rank 2 for a layout tiler; `layout<0>(result) == A`;
/// `compatible(B, layout<1>(result))`; when `A` and `B` are injective, so is the result (the
/// copies of `A` are disjoint).
///
/// # Errors
/// As [`complement`](super::complement::complement) and [`composition`](super::composition::composition); [`LayoutError::TooManyTilerModes`];
/// [`LayoutError::InvalidArgument`] for a negative extent in `A` or `B`;
/// [`LayoutError::Postcondition`] when C++'s result breaks injectivity, which a negative stride
/// in `B` can do: `logical_product(_2:_9,(_2,(_1,_2)):(_6,(_-11,_-3)))` is
/// `(_2,(_2,(_1,_2))):(_9,(_6,(_-36,_-3)))` in C++, mapping two coordinates to 6 (checked element
/// by element when `B` has a negative stride, up to [`BRUTE_FORCE_LIMIT`] elements).
///
/// # Examples
/// ```
/// use cute_layout::{logical_product, Layout, Tiler};
/// let a: Layout = "(_2,_2):(_4,_1)".parse().unwrap();
/// let b: Tiler = "_6:_1".parse().unwrap();
/// assert_eq!(logical_product(&a, &b).unwrap().to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// let a: Layout = "(_2,_5):(_5,_1)".parse().unwrap();
/// let b: Tiler = "<_3:_5,_4:_6>".parse().unwrap();
/// assert_eq!(logical_product(&a, &b).unwrap().to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
/// ```
pub fn logical_product(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    logical_product_traced(block, tiler, &mut NoTrace)
}

/// [`logical_product`], reporting the complement, the composition and the concatenation to `tr`.
pub fn logical_product_traced(
    block: &Layout,
    tiler: &Tiler,
    tr: &mut impl Trace,
) -> Result<Layout> {
    LayoutBuilder::build(|out| {
        logical_product_into::<false, _>(block.as_mode_ref(), tiler, out, tr)
    })
}

/// [`logical_product`] of a borrowed block, appending the result to `out` as one mode; with
/// `RESTS`, only the rest of each `(tile, rest)` pair, in the pair's place: the rests half of
/// the zipped product (a mode kept whole under `_` gives its mode 1, if it has one).
fn logical_product_into<const RESTS: bool, T: Trace>(
    block: ModeRef<'_>,
    tiler: &Tiler,
    out: &mut LayoutBuilder,
    tr: &mut T,
) -> Result<()> {
    match (tiler, tiler.as_divisor()) {
        (_, Some(b)) if RESTS => arrangement_into(block, b.as_mode_ref(), out, tr),
        (_, Some(b)) => layout_product_into(block, b.as_mode_ref(), out, tr),
        (Tiler::Tuple(ts), None) => transform_layout_into(
            "logical_product",
            block,
            ts,
            true,
            out,
            tr,
            logical_product_into::<RESTS, T>,
        ),
        (_, None) => {
            tr.step(|| Event::TilerKept {
                layout: owned(block),
            });
            if !RESTS {
                out.push_ref(block);
            } else if let Ok(rest) = mode_at(block, 1) {
                out.push_ref(rest); // (no pair: the zipped product's check fails after the products)
            }
            Ok(())
        }
    }
}

/// [`logical_product`] of a borrowed block by a borrowed layout `b`,
/// `(A, complement(A, size(A)·cosize(B)) ∘ B)`, appended to `out` as one mode.
fn layout_product_into(
    block: ModeRef<'_>,
    b: ModeRef<'_>,
    out: &mut LayoutBuilder,
    tr: &mut impl Trace,
) -> Result<()> {
    out.open();
    out.push_ref(block);
    arrangement_into(block, b, out, tr)?;
    out.close();
    Ok(())
}

/// The rest of the product of `block` by `b`, the arrangement `A* ∘ B` of the copies of `A`,
/// `A* = complement(A, size(A)·cosize(B))`, appended to `out` as one mode; the product
/// `(A, A* ∘ B)` is checked and traced.
///
/// `A*` is the complement in the whitepaper's weak sense (ordered, disjoint from `A`): C++'s
/// size bound on it, `size(A*) ≥ cosize(B)`, is a post-condition of `complement`, not of the
/// product. `logical_product((4,6):(1,6), 3:1)` has `A* = 2:36` of size 2 < 3, and is
/// `((4,6),3):((1,6),36)` in C++ and PyCuTe v2: the composition extends `A*`'s last mode, which
/// lies above every offset of `A`. Only where the extension runs along a gap-filling mode can the
/// copies meet, and that is checked ([`check_disjoint_copies`]).
fn arrangement_into(
    block: ModeRef<'_>,
    b: ModeRef<'_>,
    out: &mut LayoutBuilder,
    tr: &mut impl Trace,
) -> Result<()> {
    check_extents("logical_product", "the block", block)?;
    check_extents("logical_product", "the tiler", b)?;
    let cosize_b = cosize_of(mode_leaves(b))?;
    let cotarget = product(block.0)?.mul(cosize_b)?;
    tr.enter(|| Event::ProductComplement {
        block: owned(block),
        cotarget,
    });
    let mut rest_modes = Modes::new();
    let fill = complement_modes(
        block,
        IntTuple::int(cotarget).as_ref(),
        Sense::Weak,
        &mut rest_modes,
        tr,
    )
    .map_err(|e| e.within("logical_product"))?;
    tr.leave();
    let rest = Lhs::Coalesced(&rest_modes);
    tr.step(|| Event::ProductRest {
        rest: rest.to_layout(),
    });
    tr.enter(|| Event::ProductCompose {
        rest: rest.to_layout(),
        tiler: owned(b),
    });
    let arranged = out.len();
    composition_into(rest, b, out, tr).map_err(|e| e.within("logical_product"))?;
    tr.leave();
    let arrangement = out.built_since(arranged);
    tr.step(|| Event::Arranged {
        result: owned(arrangement),
    });
    let overlap = overlap_risk(b, fill, &rest_modes, cosize_b)?;
    check_disjoint_copies(block, b, arrangement, overlap)?;
    tr.step(|| Event::ProductConcat {
        result: pair(block, arrangement),
    });
    Ok(())
}

/// Why the copies of `A` in `(A, A* ∘ B)` might meet, though `A` and `B` are injective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Overlap {
    /// They cannot: `B` has non-negative strides, and `B`'s offsets stay inside `A*`'s domain
    /// or run along its last mode `rest:cur`, above every offset of `A`.
    None,
    /// `B` has a negative stride: C++ evaluates `A*` at negative offsets.
    NegativeStride,
    /// `A*` is a weak complement ending in a gap-filling mode (`rest = 1`), and `B` reaches past
    /// its size: the composition extends that mode into the offsets of `A`.
    PastWeakComplement,
}

/// [`Overlap`] of the product of a block by `b`, whose weak complement is `rest` with `fill`.
/// @post `Overlap::None` only where the copies are disjoint for injective `A` and `B`: the
/// modes of `(A, A*)`, sorted, each have a stride at least the previous stride times its extent
/// (`A*`'s gap-filling modes `eₖ:curₖ` have `eₖ·curₖ ≤ dₖ` and `curₖ₊₁ = dₖ·sₖ`), so `(A, A*)`
/// is injective on its domain, and with its last mode `rest:cur` unbounded where `rest ≥ 2`.
fn overlap_risk(b: ModeRef<'_>, fill: Fill, rest: &[(Int, Int)], cosize_b: Int) -> Result<Overlap> {
    if mode_leaves(b).any(|(s, d)| s.value() > 1 && d.value() < 0) {
        return Ok(Overlap::NegativeStride);
    }
    if fill.tiles || fill.rest.value() >= 2 {
        return Ok(Overlap::None);
    }
    let size_rest = rest.iter().try_fold(Int::ONE, |acc, m| acc.mul(m.0))?;
    Ok(match cosize_b.value() <= size_rest.value() {
        true => Overlap::None,
        false => Overlap::PastWeakComplement,
    })
}

/// The layout `(A, A* ∘ B)` of a block and its arrangement.
fn pair(block: ModeRef<'_>, arrangement: ModeRef<'_>) -> Layout {
    let mut p = LayoutBuilder::new();
    p.open();
    p.push_ref(block);
    p.push_ref(arrangement);
    p.close();
    owned(p.built_since(0))
}

/// The post-condition of the product that C++ can break: when `A` and `B` are injective, the
/// copies of `A` are disjoint, so the product is injective. Where [`overlap_risk`] finds no
/// risk it holds by construction. A negative stride makes C++ evaluate `A*` at negative offsets:
/// it returns `(_2,(_2,(_1,_2))):(_9,(_6,(_-36,_-3)))` for
/// `logical_product(_2:_9,(_2,(_1,_2)):(_6,(_-11,_-3)))`, which maps two coordinates to 6. A
/// tiler reaching past a weak complement that ends in a gap-filling mode extends that mode into
/// `A`: `logical_product((_2,_2,_2):(_1,_3,_13), _3:_1)` is `((_2,_2,_2),_3):((_1,_3,_13),_6)`
/// in C++, mapping two coordinates to 13. Checked element by element, up to
/// [`BRUTE_FORCE_LIMIT`].
fn check_disjoint_copies(
    block: ModeRef<'_>,
    b: ModeRef<'_>,
    arrangement: ModeRef<'_>,
    overlap: Overlap,
) -> Result<()> {
    let (hint, what, why) = match overlap {
        Overlap::None => return Ok(()),
        Overlap::NegativeStride => (
            "give the tiler non-negative strides (the copies of A are disjoint then)",
            "elements to verify (the tiler has a negative stride)",
            "the negative strides of B lay copies of A over each other",
        ),
        Overlap::PastWeakComplement => (
            "a tiler of cosize at most size(complement(A, size(A)·cosize(B))) keeps the copies apart, as do strides of A that are multiples of the previous stride times its extent",
            "elements to verify (the tiler reaches past the complement of A)",
            "B reaches past the complement of A, whose last mode extended runs into A",
        ),
    };
    let (p, a, b) = (pair(block, arrangement), owned(block), &owned(b));
    let sizes = [a.size()?.value(), b.size()?.value(), p.size()?.value()];
    if sizes.contains(&0) {
        return Ok(()); // an empty product has no two coordinates to collide
    }
    limits::check(
        "logical_product",
        what,
        sizes.into_iter().max().unwrap_or(0),
        "BRUTE_FORCE_LIMIT",
        BRUTE_FORCE_LIMIT,
        hint,
    )?;
    if repeated_offset(&a)?.is_some() || repeated_offset(b)?.is_some() {
        return Ok(()); // copies of a non-injective A or B overlap in any case
    }
    match repeated_offset(&p)? {
        None => Ok(()),
        Some(x) => Err(LayoutError::Postcondition {
            op: "logical_product",
            detail: format!("C++ would return {p}, which maps two coordinates to the offset {x} though {a} and {b} are injective: {why}"),
            hint,
        }),
    }
}

/// `zipped_product(A, B)`: `((A modes...), (B arrangement modes..., extra modes...))`.
///
/// # Errors
/// As [`logical_product`] and [`tile_unzip`](crate::tile_unzip).
///
/// # Examples
/// ```
/// use cute_layout::{zipped_product, Layout, Tiler};
/// let a: Layout = "(_2,_5):(_5,_1)".parse().unwrap();
/// let b: Tiler = "<_3:_1,_4:_1>".parse().unwrap();
/// assert_eq!(zipped_product(&a, &b).unwrap().to_string(), "((_2,_5),(_3,_4)):((_5,_1),(_1,_5))");
/// ```
pub fn zipped_product(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    zipped_product_traced(block, tiler, &mut NoTrace)
}

/// [`zipped_product`], reporting the logical product and the regrouping to `tr`.
pub fn zipped_product_traced(block: &Layout, tiler: &Tiler, tr: &mut impl Trace) -> Result<Layout> {
    LayoutBuilder::build(|out| {
        zipped_product_into(block.as_mode_ref(), tiler, Splat::Neither, out, tr)
    })
}

/// [`zipped_product`] of a borrowed block, its halves splatted as `how` says (the tiled and
/// flat products), appended to `out` as one mode; the result is traced as the zipped product.
///
/// CuTe's `tile_unzip(logical_product(A, B), B)`, written in place: the tile of each
/// `(tile, rest)` pair of the logical product is the block's mode itself, so the tiles are
/// `A`'s modes along the tiler and only the rests are computed, at their places in the
/// result.
fn zipped_product_into<T: Trace>(
    block: ModeRef<'_>,
    tiler: &Tiler,
    how: Splat,
    out: &mut LayoutBuilder,
    tr: &mut T,
) -> Result<()> {
    let start = out.len();
    let mut pairs = true;
    out.open();
    out.mode_splatted(how.tiles(), |out| {
        pairs = tiles_into(block, tiler, out);
        Ok(())
    })?;
    out.mode_splatted(how.rests(), |out| {
        logical_product_into::<true, T>(block, tiler, out, tr)
    })?;
    out.close();
    if !pairs {
        check_pairs(block, tiler)?;
    }
    tr.step(|| Event::Zipped {
        family: Family::Product,
        result: owned(out.built_since(start)),
    });
    Ok(())
}

/// The tiles half of the zipped product of `block` by `tiler`: the block itself under a layout
/// or an integer, in the tiler's hierarchy; under `_`, mode 0 of the mode kept whole. Whether
/// every mode under `_` is a `(tile, rest)` pair (where one is not, [`check_pairs`] gives the
/// error, after the products' errors).
fn tiles_into(block: ModeRef<'_>, tiler: &Tiler, out: &mut LayoutBuilder) -> bool {
    match tiler {
        Tiler::Tuple(ts) => {
            out.open();
            // (the tilers first: `zip` stops at them without taking a mode of the block)
            let pairs = ts
                .iter()
                .zip(sub_modes(block))
                .fold(true, |pairs, (t, m)| tiles_into(m, t, out) && pairs);
            out.close();
            pairs
        }
        Tiler::Underscore => match mode_at(block, 0) {
            Ok(tile) if is_pair(block) => {
                out.push_ref(tile);
                true
            }
            _ => false,
        },
        Tiler::Layout(_) | Tiler::Int(_) => {
            out.push_ref(block);
            true
        }
    }
}

/// [`tile_unzip`](crate::tile_unzip)'s check of the logical product by `tiler`: a mode that a
/// `_` keeps whole must be a `(tile, rest)` pair (the other modes are pairs by construction).
///
/// # Errors
/// [`LayoutError::RankMismatch`], for the first `_` over a mode that is no pair.
fn check_pairs(block: ModeRef<'_>, tiler: &Tiler) -> Result<()> {
    match tiler {
        Tiler::Tuple(ts) => ts
            .iter()
            .zip(sub_modes(block))
            .try_for_each(|(t, m)| check_pairs(m, t)),
        Tiler::Underscore => check_pair(block, tiler),
        Tiler::Layout(_) | Tiler::Int(_) => Ok(()),
    }
}

/// `tiled_product(A, B)`: `((A modes...), B0, B1, ...)`.
///
/// # Errors
/// As [`zipped_product`].
///
/// # Examples
/// ```
/// use cute_layout::{tiled_product, Layout, Tiler};
/// let a: Layout = "(_2,_5):(_5,_1)".parse().unwrap();
/// let b: Tiler = "<_3:_1,_4:_1>".parse().unwrap();
/// assert_eq!(tiled_product(&a, &b).unwrap().to_string(), "((_2,_5),_3,_4):((_5,_1),_1,_5)");
/// ```
pub fn tiled_product(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    LayoutBuilder::build(|out| {
        zipped_product_into(block.as_mode_ref(), tiler, Splat::Rest, out, &mut NoTrace)
    })
}

/// `flat_product(A, B)`: `(A modes..., B modes...)`.
///
/// # Errors
/// As [`zipped_product`].
///
/// # Examples
/// ```
/// use cute_layout::{flat_product, Layout, Tiler};
/// let a: Layout = "(_2,_5):(_5,_1)".parse().unwrap();
/// let b: Tiler = "<_3:_1,_4:_1>".parse().unwrap();
/// assert_eq!(flat_product(&a, &b).unwrap().to_string(), "(_2,_5,_3,_4):(_5,_1,_1,_5)");
/// ```
pub fn flat_product(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    LayoutBuilder::build(|out| {
        zipped_product_into(block.as_mode_ref(), tiler, Splat::Both, out, &mut NoTrace)
    })
}

/// The product of `A` and `B` padded to a common rank `R`, written to `out`: its two modes
/// are the padded `A` and the arrangement `A* ∘ B`, returned borrowed. An operand already of
/// rank `R` is used where it lies (padding copies it).
fn padded_product<'o>(
    block: &Layout,
    tiler: &Layout,
    out: &'o mut LayoutBuilder,
    tr: &mut impl Trace,
) -> Result<[ModeRef<'o>; 2]> {
    let r = block.rank().max(tiler.rank());
    let padded = |l: &Layout| (l.rank() < r).then(|| l.append_to_rank(r)).transpose();
    let (padded_a, padded_b) = (padded(block)?, padded(tiler)?);
    let (a, b) = (
        padded_a.as_ref().unwrap_or(block).as_mode_ref(),
        padded_b.as_ref().unwrap_or(tiler).as_mode_ref(),
    );
    tr.step(|| Event::PadToRank {
        rank: r,
        a: owned(a),
        b: owned(b),
    });
    layout_product_into(a, b, out, tr)?;
    let p = out.built_since(0);
    Ok([mode_at(p, 0)?, mode_at(p, 1)?])
}

/// `blocked_product(A, B)`: `A` repeated as blocks arranged by `B`, mode `i` of the result
/// being `(Aᵢ, Bᵢ)` (both padded with `_1:_0` to the same rank). Not coalesced.
///
/// Post-condition: `rank(result) == max(rank(A), rank(B))`.
///
/// # Errors
/// As [`logical_product`]; [`LayoutError::RankMismatch`] where CuTe's `zip` rejects the ranks.
///
/// # Examples
/// ```
/// use cute_layout::{blocked_product, Layout};
/// let a: Layout = "(_2,_5):(_5,_1)".parse().unwrap();
/// let b: Layout = "(_3,_4):(_1,_3)".parse().unwrap();
/// assert_eq!(blocked_product(&a, &b).unwrap().to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
/// ```
pub fn blocked_product(block: &Layout, tiler: &Layout) -> Result<Layout> {
    blocked_product_traced(block, tiler, &mut NoTrace)
}

/// [`blocked_product`], reporting the padded logical product and the zip to `tr`.
pub fn blocked_product_traced(
    block: &Layout,
    tiler: &Layout,
    tr: &mut impl Trace,
) -> Result<Layout> {
    zipped_padded_product(block, tiler, Interleave::Blocked, tr)
}

/// The padded product of `block` and `tiler` with its two modes zipped mode by mode, in the
/// order `how` says; the zip is reported to `tr`.
fn zipped_padded_product(
    block: &Layout,
    tiler: &Layout,
    how: Interleave,
    tr: &mut impl Trace,
) -> Result<Layout> {
    let mut p = LayoutBuilder::new();
    let [blocks, arrangement] = padded_product(block, tiler, &mut p, tr)?;
    let (op, modes) = match how {
        Interleave::Blocked => ("blocked_product", [blocks, arrangement]),
        Interleave::Raked => ("raked_product", [arrangement, blocks]),
    };
    let r = Layout::zip_refs(&modes).map_err(|e| e.within(op))?;
    tr.step(|| Event::ZipModes {
        how,
        result: r.clone(),
    });
    Ok(r)
}

/// `raked_product(A, B)`: like [`blocked_product`] but interleaved: mode `i` is `(Bᵢ, Aᵢ)`.
///
/// # Errors
/// As [`blocked_product`].
///
/// # Examples
/// ```
/// use cute_layout::{raked_product, Layout};
/// let a: Layout = "(_2,_5):(_5,_1)".parse().unwrap();
/// let b: Layout = "(_3,_4):(_1,_3)".parse().unwrap();
/// assert_eq!(raked_product(&a, &b).unwrap().to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
/// ```
pub fn raked_product(block: &Layout, tiler: &Layout) -> Result<Layout> {
    raked_product_traced(block, tiler, &mut NoTrace)
}

/// [`raked_product`], reporting the padded logical product and the zip to `tr`.
pub fn raked_product_traced(block: &Layout, tiler: &Layout, tr: &mut impl Trace) -> Result<Layout> {
    zipped_padded_product(block, tiler, Interleave::Raked, tr)
}

/// `tile_to_shape(block, target, order)`: repeats `block` (a blocked product) until it has the
/// target shape; the copies are ordered by `order` (column-major when `None`).
///
/// Post-condition: `compatible(target, shape(result))`.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] if the block has more modes than the target;
/// [`LayoutError::Divisibility`] if the block's mode sizes do not divide the target's.
///
/// # Examples
/// ```
/// use cute_layout::{tile_to_shape, Layout, IntTuple};
/// let b: Layout = "(_2,_3):(_1,_2)".parse().unwrap();
/// let t: IntTuple = "(_6,_9)".parse().unwrap();
/// assert_eq!(tile_to_shape(&b, &t, None).unwrap().to_string(), "((_2,_3),(_3,_3)):((_1,_6),(_2,_18))");
/// let o: IntTuple = "(_2,_1)".parse().unwrap();
/// assert_eq!(tile_to_shape(&b, &t, Some(&o)).unwrap().to_string(), "((_2,_3),(_3,_3)):((_1,_18),(_2,_6))");
/// ```
pub fn tile_to_shape(
    block: &Layout,
    target: &IntTuple,
    order: Option<&IntTuple>,
) -> Result<Layout> {
    tile_to_shape_traced(block, target, order, &mut NoTrace)
}

/// [`tile_to_shape`], reporting the padding, the arrangement of the blocks and the product.
pub fn tile_to_shape_traced(
    block: &Layout,
    target: &IntTuple,
    order: Option<&IntTuple>,
    tr: &mut impl Trace,
) -> Result<Layout> {
    let r = target.rank();
    if block.rank() > r {
        return Err(LayoutError::InvalidArgument {
            op: "tile_to_shape",
            detail: format!(
                "{block} has rank {} but the target shape {target} has rank {r}",
                block.rank()
            ),
            hint: "Rank of layout must be <= rank of target shape",
        });
    }
    let padded = block.append_to_rank(r)?;
    let block_shape = padded.shape().product_each()?;
    let target_shape = target.product_each()?;
    for (i, (t, b)) in target_shape.leaves().zip(block_shape.leaves()).enumerate() {
        if b.value() == 0 || t.value().wrapping_rem(b.value()) != 0 {
            return Err(LayoutError::Divisibility {
                op: "tile_to_shape",
                mode: format!("mode {i}"),
                condition: "block shape divides the target shape",
                detail: format!(
                    "the block's mode {i} has size {b}, which does not divide the target's {t}"
                ),
                hint: "choose a target shape that is a multiple of the block's shape in every mode",
            });
        }
    }
    let product_shape = target_shape.ceil_div(&block_shape)?;
    let arrangement = match order {
        Some(o) => Layout::ordered(&product_shape, o)?,
        None => Layout::column_major(&product_shape)?,
    };
    tr.step(|| Event::TileToShape {
        rank: r,
        padded: padded.clone(),
        target: target_shape.clone(),
        block: block_shape.clone(),
        blocks: product_shape.clone(),
        ordered: order.is_some(),
        arrangement: arrangement.clone(),
    });
    tr.enter(|| Event::BlockedProductOf {
        block: padded.clone(),
        arrangement: arrangement.clone(),
    });
    let result = blocked_product_traced(&padded, &arrangement, tr);
    tr.leave();
    result
}

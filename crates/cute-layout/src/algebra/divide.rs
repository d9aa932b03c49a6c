//! The divides: `logical_divide` and its zipped, tiled and flat arrangements.

use super::coalesce::{coalesced_is_x, coalesced_modes, modes_to_layout};
use super::complement::{complement_modes, Sense};
use super::composition::{composition_into, Lhs, Rhs};
use super::transform::transform_layout_into;
use super::{check_extents, Modes, NoTrace, Trace};
use crate::error::{LayoutError, Result, Warning};
use crate::int::Int;
use crate::layout::{mode_at, mode_leaves, sub_modes, Layout, LayoutBuilder, ModeRef};
use crate::print::Sink;
use crate::tiler::Tiler;
use crate::trace::{owned, Event, Family};
use crate::tree::print_layout_to;
use crate::tuple::{product, IntTuple};
use smallvec::SmallVec;
use std::fmt::Write as _;

/// `logical_divide(L, T)`: splits `L` into tiles of `T` and the arrangement of those tiles,
/// `L ∘ (T, complement(T, shape(coalesce(L))))`, a rank-2 layout `(tile, rest)`. A tuple tiler
/// divides mode by mode (extra modes of `L` are kept), `_` leaves a mode alone.
///
/// Post-conditions: rank 2 for a layout tiler; `compatible(T, layout<0>(result))`; the tiles
/// cover `L`: every offset in `[0, size(L))` is an offset of `(T, T*)`, `T*` the complement.
///
/// # Errors
/// As [`complement`](super::complement::complement) and [`composition`](super::composition::composition); [`LayoutError::TooManyTilerModes`];
/// [`LayoutError::InvalidArgument`] for a negative extent in `L` or `T`;
/// [`LayoutError::Postcondition`] when the tiles miss an offset of `L`, as an interleaved
/// tiler can: C++ returns `((_8,_2),_3):((_9,_3),_1)` for `logical_divide(_7:_1,(_8,_2):(_9,_3))`,
/// whose tiles never reach offset 6 of `L`.
///
/// # Examples
/// ```
/// use cute_layout::{logical_divide, Layout, Tiler};
/// let l: Layout = "(4,2,3):(2,1,8)".parse().unwrap();
/// let t: Tiler = "4:2".parse().unwrap();
/// assert_eq!(logical_divide(&l, &t).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
/// let l: Layout = "(_9,(_4,_8)):(_59,(_13,_1))".parse().unwrap();
/// let t: Tiler = "<_3:_3,(_2,_4):(_1,_8)>".parse().unwrap();
/// assert_eq!(
///     logical_divide(&l, &t).unwrap().to_string(),
///     "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))"
/// );
/// ```
pub fn logical_divide(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    logical_divide_traced(layout, tiler, &mut NoTrace)
}
/// [`logical_divide`], reporting the complement, the concatenation and the composition to `tr`.
pub fn logical_divide_traced(
    layout: &Layout,
    tiler: &Tiler,
    tr: &mut impl Trace,
) -> Result<Layout> {
    LayoutBuilder::build(|out| logical_divide_into(layout.as_mode_ref(), tiler, out, tr))
}

/// [`logical_divide`] of a borrowed layout, appending the result to `out` as one mode.
fn logical_divide_into<T: Trace>(
    layout: ModeRef<'_>,
    tiler: &Tiler,
    out: &mut LayoutBuilder,
    tr: &mut T,
) -> Result<()> {
    match (tiler, tiler.as_divisor()) {
        (_, Some(t)) => {
            let t = t.as_ref();
            let (mut coalesced, mut rest) = (Modes::new(), Modes::new());
            tiles_of(layout, t, &mut coalesced, &mut rest, tr)?;
            // (T, T*), composed where its parts lie
            let joined = Rhs::Joined(t.as_mode_ref(), &rest);
            tr.step(|| Event::DivideConcat {
                joined: joined.to_layout(),
            });
            tr.enter(|| Event::DivideCompose {
                layout: owned(layout),
                joined: joined.to_layout(),
            });
            let start = out.len();
            let lhs = coalesced_is_x(layout).then_some(&coalesced);
            composition_into(Lhs::Layout(layout, lhs), joined, out, tr)
                .map_err(|e| e.within("logical_divide"))?;
            tr.leave();
            tr.step(|| Event::Divided {
                layout: owned(layout),
                tiler: t.clone(),
                result: owned(out.built_since(start)),
            });
            Ok(())
        }
        (Tiler::Tuple(ts), None) => transform_layout_into(
            "logical_divide",
            layout,
            ts,
            true,
            out,
            tr,
            logical_divide_into,
        ),
        (_, None) => {
            tr.step(|| Event::TilerKept {
                layout: owned(layout),
            });
            out.push_ref(layout);
            Ok(())
        }
    }
}

/// The tiles of `layout` by the layout tiler `t`, what `logical_divide` composes `layout` with:
/// the modes of `coalesce(layout)` to `coalesced` (the shape the complement fills, and
/// `coalesce_x(layout)` for the composition) and those of the rest `T* = complement(T,
/// shape(coalesce(layout)))` to `rest`. The divide's size is `size(T) · size(T*)`, known
/// before its composition runs.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for a negative extent; the errors of the complement;
/// [`LayoutError::Postcondition`] when `(T, T*)` misses an offset of `layout`.
fn tiles_of<T: Trace>(
    layout: ModeRef<'_>,
    t: &Layout,
    coalesced: &mut Modes,
    rest: &mut Modes,
    tr: &mut T,
) -> Result<()> {
    check_extents("logical_divide", "the layout", layout)?;
    check_extents("logical_divide", "the tiler", t.as_mode_ref())?;
    // coalesce(A), once: its shape is the complement's cotarget, and its modes are
    // coalesce_x(A), which the composition needs, unless A ends in an extent-1 mode.
    coalesced_modes(mode_leaves(layout), coalesced)?;
    let shape = shape_of(coalesced);
    tr.enter(|| Event::DivideComplement {
        tiler: t.clone(),
        shape: shape.clone(),
    });
    let covered = complement_modes(t.as_mode_ref(), shape.as_ref(), Sense::Strong, rest, tr)
        .map_err(|e| e.within("logical_divide"))?
        .tiles;
    tr.leave();
    tr.step(|| Event::DivideRest {
        rest: modes_to_layout(rest),
    });
    if !covered {
        check_tiles_cover(t, rest, product(shape.as_ref())?)?;
    }
    Ok(())
}

/// Checks that `(T, rest)` reaches every offset in `[0, n)`: taken by increasing stride (the
/// complement has already refused overlapping strides), the modes reach `[0, span)` as long as
/// each stride is at most the span of the smaller ones, and `span` must reach `n`.
///
/// # Errors
/// [`LayoutError::Postcondition`] naming the first offset missed.
fn check_tiles_cover(t: &Layout, rest: &Modes, n: Int) -> Result<()> {
    // T's leaves as they are: stride-0 and extent-1 modes never move the span (they are skipped,
    // as filtering would drop them), and merging neighbours `s0:d0, s1:s0·d0` (coalescing) does
    // not change it either; room for 8 leaves of T and the 9 modes of their complement.
    let mut modes: SmallVec<[(Int, Int); 24]> = SmallVec::new();
    modes.extend(t.leaves().filter(|(s, d)| s.value() != 1 && d.value() != 0));
    modes.extend_from_slice(rest);
    modes.sort_by_key(|(_, d)| d.value());
    let mut span: i64 = 1;
    for (s, d) in &modes {
        if d.value() > span {
            break;
        }
        span = d.value().saturating_mul(s.value()).max(span);
    }
    if span >= n.value() {
        return Ok(());
    }
    Err(LayoutError::Postcondition {
        op: "logical_divide",
        detail: format!(
            "the tiles (T, T*) = ({t}, {}) never reach offset {span} of the layout, whose size is {n}",
            modes_to_layout(rest)
        ),
        hint: "use a tiler whose modes, sorted by stride, tile a contiguous range (each stride the span of the smaller ones)",
    })
}

/// `shape(coalesce(A))` from the modes of `coalesce(A)`.
fn shape_of(coalesced: &Modes) -> IntTuple {
    match coalesced.as_slice() {
        [(s, _)] => IntTuple::int(*s),
        modes => IntTuple::from_leaves(modes.iter().map(|m| m.0)),
    }
}

/// Gathers the `(tile, rest)` pairs found at the leaves of the tiler into
/// `((tiles...), (rests..., extra modes...))` (CuTe's `tile_unzip` / `zip2_by`).
///
/// # Errors
/// [`LayoutError::RankMismatch`] when a mode under a tiler leaf is not a `(tile, rest)` pair.
///
/// ```
/// use cute_layout::{logical_divide, tile_unzip, Layout, Tiler};
/// let l: Layout = "(8,6,5):(1,8,48)".parse().unwrap();
/// let t: Tiler = "(_4,_3)".parse().unwrap();
/// let d = logical_divide(&l, &t).unwrap();
/// assert_eq!(tile_unzip(&d, &t).unwrap().to_string(), "((_4,_3),(2,2,5)):((1,8),(4,24,48))");
/// ```
pub fn tile_unzip(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    LayoutBuilder::build(|out| tile_unzip_into(layout.as_mode_ref(), tiler, Splat::Neither, out))
}

/// [`tile_unzip`] of a borrowed layout, its two halves splatted as `how` says, appended to
/// `out` as one mode. (Under a tiler that is no tuple, `whole` is itself the pair.)
fn tile_unzip_into(
    whole: ModeRef<'_>,
    tiler: &Tiler,
    how: Splat,
    out: &mut LayoutBuilder,
) -> Result<()> {
    out.open();
    out.mode_splatted(how.tiles(), |out| {
        unzip_half(whole, tiler, Half::Tiles, out)
    })?;
    out.mode_splatted(how.rests(), |out| {
        unzip_half(whole, tiler, Half::Rests, out)
    })?;
    out.close();
    Ok(())
}

/// Which half of a `(tile, rest)` pair [`unzip_half`] gathers.
#[derive(Clone, Copy, PartialEq)]
enum Half {
    Tiles = 0,
    Rests = 1,
}

/// Pushes one half of [`tile_unzip`]: under a tuple tiler, the tuple of the halves found under
/// its elements (the rests followed by the modes beyond the tiler); under any other tiler, that
/// half of the `(tile, rest)` pair.
fn unzip_half(layout: ModeRef<'_>, tiler: &Tiler, half: Half, b: &mut LayoutBuilder) -> Result<()> {
    let (s, d) = layout;
    match tiler {
        Tiler::Tuple(ts) => {
            if s.is_leaf() || s.rank() < ts.len() {
                return Err(LayoutError::RankMismatch {
                    op: "tile_unzip",
                    detail: format!("{s}:{d} has fewer modes than the tiler {tiler}"),
                    hint: "the tiler may not have more modes than the layout",
                });
            }
            b.open();
            let mut modes = sub_modes(layout);
            // (the tilers first: `zip` stops at them without taking a mode from `modes`)
            for (t, m) in ts.iter().zip(modes.by_ref()) {
                unzip_half(m, t, half, b)?;
            }
            if half == Half::Rests {
                modes.for_each(|m| b.push_ref(m));
            }
            b.close();
        }
        _ => {
            check_pair(layout, tiler)?;
            b.push_ref(mode_at(layout, half as usize)?);
        }
    }
    Ok(())
}

/// Whether `m` is a `(tile, rest)` pair: a tuple of rank 2.
pub(crate) fn is_pair((s, _): ModeRef<'_>) -> bool {
    !s.is_leaf() && s.rank() == 2
}

/// Under a tiler leaf, the layout must be a `(tile, rest)` pair.
pub(crate) fn check_pair((s, d): ModeRef<'_>, tiler: &Tiler) -> Result<()> {
    let is_pair = is_pair((s, d));
    if !is_pair && matches!(tiler, Tiler::Underscore) {
        // C++ does not compile this either (tile_unzip: "Mismatched ranks"); a mode of rank 2
        // under `_` is taken as a pair, as C++'s zip2_by takes it
        return Err(LayoutError::RankMismatch {
            op: "tile_unzip",
            detail: format!(
                "the mode {s}:{d} under `_` is kept whole, not split into a (tile, rest) pair, so it cannot be regrouped into the tiles and rests"
            ),
            hint: "use logical_divide / logical_product, or write the mode's size as its tiler (N:1 for a mode of size N) instead of `_`",
        });
    }
    if !is_pair {
        return Err(LayoutError::RankMismatch {
            op: "tile_unzip",
            detail: format!("{s}:{d} under the tiler leaf {tiler} is not a (tile, rest) pair"),
            hint: "`_` in a tuple tiler only works for logical_divide and logical_product",
        });
    }
    Ok(())
}

/// `zipped_divide(L, T)`: `((tiles...), (rests..., extra modes...))`.
///
/// Invariant: `layout<0>(zipped_divide(L, T)) == composition(L, T)`.
///
/// # Errors
/// As [`logical_divide`] and [`tile_unzip`].
///
/// # Examples
/// ```
/// use cute_layout::{zipped_divide, Layout, Tiler};
/// let l: Layout = "(_9,(_4,_8)):(_59,(_13,_1))".parse().unwrap();
/// let t: Tiler = "<_3:_3,(_2,_4):(_1,_8)>".parse().unwrap();
/// assert_eq!(
///     zipped_divide(&l, &t).unwrap().to_string(),
///     "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))"
/// );
/// ```
pub fn zipped_divide(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    zipped_divide_traced(layout, tiler, &mut NoTrace)
}

/// [`zipped_divide`], reporting the logical divide and the regrouping to `tr`.
pub fn zipped_divide_traced(layout: &Layout, tiler: &Tiler, tr: &mut impl Trace) -> Result<Layout> {
    LayoutBuilder::build(|out| {
        zipped_divide_into(layout.as_mode_ref(), tiler, Splat::Neither, out, tr)
    })
}

/// [`zipped_divide`] of a borrowed layout, its halves splatted as `how` says (the tiled and
/// flat divides), appended to `out` as one mode; the result is traced as the zipped divide.
fn zipped_divide_into<T: Trace>(
    layout: ModeRef<'_>,
    tiler: &Tiler,
    how: Splat,
    out: &mut LayoutBuilder,
    tr: &mut T,
) -> Result<()> {
    let mut pairs = LayoutBuilder::new();
    logical_divide_into(layout, tiler, &mut pairs, tr)?;
    let start = out.len();
    tile_unzip_into(pairs.built_since(0), tiler, how, out)?;
    tr.step(|| Event::Zipped {
        family: Family::Divide,
        result: owned(out.built_since(start)),
    });
    Ok(())
}

/// How the two halves of a zipped result `((T0, T1, ...), (R0, R1, ...))` are written.
#[derive(Clone, Copy)]
pub enum Splat {
    /// `((T0, T1, ...), (R0, R1, ...))`: neither splatted (the zipped form).
    Neither,
    /// `((T0, T1, ...), R0, R1, ...)`: mode 1 splatted (CuTe's `result(_, repeat<R1>(_))`).
    Rest,
    /// `(T0, T1, ..., R0, R1, ...)`: both modes splatted.
    Both,
}

impl Splat {
    /// Whether the tiles (mode 0) are splatted.
    pub(crate) fn tiles(self) -> bool {
        matches!(self, Splat::Both)
    }

    /// Whether the rests (mode 1) are splatted.
    pub(crate) fn rests(self) -> bool {
        !matches!(self, Splat::Neither)
    }
}

/// The zipped result `zipped` flattened as `how` says.
pub fn splat_zipped(zipped: &Layout, how: Splat) -> Result<Layout> {
    let zipped = zipped.as_mode_ref();
    LayoutBuilder::build(|out| {
        out.open();
        out.mode_splatted(how.tiles(), |out| {
            out.push_ref(mode_at(zipped, 0)?);
            Ok(())
        })?;
        out.mode_splatted(how.rests(), |out| {
            out.push_ref(mode_at(zipped, 1)?);
            Ok(())
        })?;
        out.close();
        Ok(())
    })
}

/// `tiled_divide(L, T)`: `((tiles...), rest0, rest1, ..., extra modes...)`.
///
/// # Errors
/// As [`zipped_divide`].
///
/// # Examples
/// ```
/// use cute_layout::{tiled_divide, Layout, Tiler};
/// let l: Layout = "(8,6,5):(1,8,48)".parse().unwrap();
/// let t: Tiler = "(_4,_3)".parse().unwrap();
/// assert_eq!(tiled_divide(&l, &t).unwrap().to_string(), "((_4,_3),2,2,5):((1,8),4,24,48)");
/// ```
pub fn tiled_divide(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    LayoutBuilder::build(|out| {
        zipped_divide_into(layout.as_mode_ref(), tiler, Splat::Rest, out, &mut NoTrace)
    })
}

/// `flat_divide(L, T)`: `(tiles..., rests..., extra modes...)`.
///
/// # Errors
/// As [`zipped_divide`].
///
/// # Examples
/// ```
/// use cute_layout::{flat_divide, Layout, Tiler};
/// let l: Layout = "(8,6,5):(1,8,48)".parse().unwrap();
/// let t: Tiler = "(_4,_3)".parse().unwrap();
/// assert_eq!(flat_divide(&l, &t).unwrap().to_string(), "(_4,_3,2,2,5):(1,8,4,24,48)");
/// ```
pub fn flat_divide(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    LayoutBuilder::build(|out| {
        zipped_divide_into(layout.as_mode_ref(), tiler, Splat::Both, out, &mut NoTrace)
    })
}

/// The warnings of dividing `layout` by `tiler` unevenly: for each mode (each layout or integer
/// tiler, matched to its mode as the divide matches it) whose tiles cover more elements than
/// the mode has, one [`Warning`] naming the mode, the tile, the sizes and what it means: the
/// last tile reads past the layout, so code that walks every tile needs predication (bounds
/// checks on the elements it touches). The divide itself is valid (CuTe gives the same result).
///
/// The divide is not computed: its size is `size(T) · size(T*)`, `T*` the complement of `T`
/// in the mode's coalesced shape, known before the composition of `logical_divide` runs. So a
/// divide that fails only in its composition is still warned about here, and the divide
/// itself gives the error: `logical_divide((2,4):(3,1), 3:3)` has 3 tiles of 3 covering 9
/// elements of 8, and its composition violates the stride divisibility condition.
///
/// # Errors
/// The errors of [`logical_divide`] on a mode that come before its composition: a negative
/// extent, those of the complement, tiles that miss an offset.
///
/// # Examples
/// ```
/// use cute_layout::algebra::divide::uneven_tiles;
/// use cute_layout::{Layout, Tiler};
/// let l: Layout = "10:1".parse()?;
/// let w = uneven_tiles("logical_divide", &l, &"4".parse::<Tiler>()?)?;
/// assert!(w[0].message.contains("3 tiles of 4 cover 12 elements, the layout has 10"));
/// assert!(uneven_tiles("logical_divide", &"16:1".parse()?, &"4:1".parse()?)?.is_empty());
/// let (l, t) = ("(2,4):(3,1)".parse()?, "3:3".parse()?);
/// assert!(uneven_tiles("logical_divide", &l, &t)?[0].message.contains("3 tiles of 3 cover 9"));
/// assert!(cute_layout::logical_divide(&l, &t).is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn uneven_tiles(op: &'static str, layout: &Layout, tiler: &Tiler) -> Result<Vec<Warning>> {
    let mut out = Vec::new();
    uneven_into(op, layout.as_mode_ref(), tiler, &mut Vec::new(), &mut out)?;
    Ok(out)
}

/// [`uneven_tiles`] of the (sub-)layout at `path`: a layout or integer tiler's tiles cover
/// `size(T) · size(T*)` elements ([`tiles_of`]), the size of the divide, without composing.
fn uneven_into(
    op: &'static str,
    layout: ModeRef<'_>,
    tiler: &Tiler,
    path: &mut Vec<usize>,
    out: &mut Vec<Warning>,
) -> Result<()> {
    match (tiler, tiler.as_divisor()) {
        (Tiler::Tuple(ts), _) => {
            for (i, (t, mode)) in ts.iter().zip(sub_modes(layout)).enumerate() {
                path.push(i);
                uneven_into(op, mode, t, path, out)?;
                path.pop();
            }
        }
        (_, Some(t)) => {
            let (mut coalesced, mut rest) = (Modes::new(), Modes::new());
            tiles_of(layout, &t, &mut coalesced, &mut rest, &mut NoTrace)?;
            let tile = t.size()?;
            let covered = rest.iter().try_fold(tile, |n, &(s, _)| n.mul(s))?;
            let n = product(layout.0)?;
            if covered.value() > n.value() {
                out.push(uneven_warning(op, layout, tiler, path, (tile, n, covered)));
            }
        }
        (_, None) => {}
    }
    Ok(())
}

/// The warning of tiles of `tile` elements that cover `covered` elements of a mode of `n`.
///
/// The text is appended piece by piece (integers and the layout through [`Sink`], only the
/// tiler through its `Display`): `cute eval` prints one for every uneven divide it evaluates,
/// and `format!` spent several times as many instructions on it.
#[cold]
fn uneven_warning(
    op: &'static str,
    (shape, stride): ModeRef<'_>,
    tiler: &Tiler,
    path: &[usize],
    (tile, n, covered): (Int, Int, Int),
) -> Warning {
    let (tile, n, covered) = (tile.value(), n.value(), covered.value());
    let tiles = if tile > 0 { covered / tile } else { 0 };
    let mut m = String::with_capacity(384);
    let int = |m: &mut String, v: i64| m.int(v, false).expect("a String takes any text");
    m.push_str("the tile ");
    write!(m, "{tiler}").expect("a String takes any text");
    m.push_str(" does not divide ");
    if !path.is_empty() {
        m.push_str("mode ");
        for (k, &i) in path.iter().enumerate() {
            if k > 0 {
                m.push(',');
            }
            m.push_str(itoa::Buffer::new().format(i));
        }
        m.push_str(" (");
    }
    print_layout_to(&mut m, shape.nodes, stride.nodes).expect("a String takes any text");
    if !path.is_empty() {
        m.push(')');
    }
    m.push_str(": ");
    int(&mut m, tiles);
    m.push_str(" tiles of ");
    int(&mut m, tile);
    m.push_str(" cover ");
    int(&mut m, covered);
    m.push_str(" elements, the layout has ");
    int(&mut m, n);
    m.push_str("; ");
    int(&mut m, covered - n);
    m.push_str(
        " of them lie past its end (the last tile reads past the layout), so code that walks \
         every tile needs predication (guard each access, e.g. with an identity tensor of the \
         shape)",
    );
    Warning { op, message: m }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::coalesce::{coalesce_x, coalesced_is_x, coalesced_modes_are_x};
    use proptest::prelude::*;

    /// A flat layout of 1 to 4 modes with small extents and strides (stride 0 included).
    fn flat_layout() -> impl Strategy<Value = Layout> {
        prop::collection::vec((1i64..6, 0i64..40), 1..5).prop_map(|modes| {
            let modes: Vec<(Int, Int)> = modes
                .into_iter()
                .map(|(s, d)| (Int::dynamic(s), Int::dynamic(d)))
                .collect();
            Layout::from_flat_modes(&modes, false)
        })
    }

    proptest! {
        /// Where the complement proves `(T, T*)` compact and large enough, the divides skip
        /// `check_tiles_cover`: it must then pass (the skip never hides a missed offset).
        #[test]
        fn proved_cover_passes_the_check(t in flat_layout(), n in 0i64..300) {
            let cotarget = IntTuple::int(Int::dynamic(n));
            let mut rest = Modes::new();
            let fill = complement_modes(t.as_mode_ref(), cotarget.as_ref(), Sense::Strong, &mut rest, &mut NoTrace);
            if fill.is_ok_and(|f| f.tiles) {
                prop_assert!(check_tiles_cover(&t, &rest, Int::dynamic(n)).is_ok());
            }
        }

        /// The coalesced modes stand in for `coalesce_x` exactly where the divides and the
        /// products use them so.
        #[test]
        fn coalesced_modes_stand_in_for_coalesce_x(a in flat_layout()) {
            let (mut coalesced, mut x) = (Modes::new(), Modes::new());
            coalesced_modes(mode_leaves(a.as_mode_ref()), &mut coalesced).unwrap();
            coalesce_x(a.as_mode_ref(), &mut x).unwrap();
            if coalesced_is_x(a.as_mode_ref()) {
                prop_assert_eq!(&coalesced, &x);
            }
            if coalesced_modes_are_x(&coalesced) {
                let again = Layout::from_flat_modes(&coalesced, false);
                let mut x_again = Modes::new();
                coalesce_x(again.as_mode_ref(), &mut x_again).unwrap();
                prop_assert_eq!(&coalesced, &x_again);
            }
        }
    }
}

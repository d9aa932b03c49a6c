//! Derivation traces as data: the steps an operation reports, as typed [`Event`]s.
//!
//! The algebra (and the partitions that `explain` derives) reports each step of a derivation
//! through a `Trace` sink as an [`Event`] carrying the layouts, integers, tuples and operation
//! names involved, never text. The public operations run with `NoTrace`, whose methods are
//! empty and never call the closure that would build the event, so an operation without a sink
//! costs what it would cost with no tracing at all (no allocation, no formatting).
//! `cute_tools::explain` runs the same code with a `Recorder` and renders the events: as
//! the text `cute explain` prints (the `Display` of [`Event`], in `explain/text.rs`), or as JSON
//! (`Explanation::to_json`), which the Python module and the web API reuse. A front end of its
//! own reads [`Event::kind`] and [`Event::fields`].
//!
//! This module sits just above the layouts (it imports `int`, `tuple`, `coord`, `layout`,
//! `tiler` and the symbolic values, `symbolic::{int, layout}`, only), so that the algebra and
//! everything above it can report steps.

use crate::coord::Coord;
use crate::int::Int;
use crate::layout::{Layout, ModeRef};
use crate::symbolic::{Assumption, SymInt, SymLayout};
use crate::tiler::Tiler;
use crate::tuple::IntTuple;

/// One flat mode `extent:stride`.
pub type Mode = (Int, Int);

/// One flat mode `extent:stride` of symbolic integers.
pub type SymMode = (SymInt, SymInt);

/// Which family a zipped arrangement belongs to: the tiles and rests of a divide, or the
/// blocks and arrangements of a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `zipped_divide`: `((tiles...), (rests...))`.
    Divide,
    /// `zipped_product`: `((A...), (B...))`.
    Product,
}

/// How `tiled_*` and `flat_*` unpack the zipped form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unpack {
    /// `tiled_*`: the rests are unpacked, `((tiles...), rests...)`.
    Rests,
    /// `flat_*`: both are unpacked, `(tiles..., rests...)`.
    Both,
}

/// Which mode of the padded product comes first in each zipped mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interleave {
    /// Mode `i` is `(Aᵢ, (A* ∘ B)ᵢ)`: `blocked_product`.
    Blocked,
    /// Mode `i` is `((A* ∘ B)ᵢ, Aᵢ)`: `raked_product`.
    Raked,
}

/// Which inverse a sorted-by-stride step starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inverse {
    /// `right_inverse`: follow the chain of strides from `cur = 1`.
    Right,
    /// `left_inverse`: emit extents from stride 0 with span 1.
    Left,
}

/// One step of a derivation. Events marked *(heading)* open a nested derivation (a
/// composition inside a divide); the steps up to the matching close are one level deeper.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each variant's doc names its fields
#[allow(clippy::large_enum_variant)] // built only when a derivation is recorded
pub enum Event {
    // ---- shared by every operation ----
    /// The operation has no step-by-step derivation: it was evaluated directly.
    NoDerivation { op: &'static str },
    /// A tuple tiler: `op` is applied mode by mode to `layout` (CuTe's `transform_layout`).
    ByMode { op: &'static str, layout: Layout },
    /// *(heading)* Mode `index` of a by-mode application: `op(layout, tiler)`.
    ModeOf {
        index: usize,
        op: &'static str,
        layout: Layout,
        tiler: Tiler,
    },
    /// A `_` tiler keeps `layout` as it is.
    TilerKept { layout: Layout },

    // ---- coalesce ----
    /// The flattened layout, whose modes are scanned from the right.
    Flatten { layout: Layout },
    /// An extent-1 mode vanishes.
    DropExtentOne { mode: Mode },
    /// The extent-1 mode on the right is replaced by `kept`.
    ReplaceExtentOne { dropped: Mode, kept: Mode },
    /// `mode` and `next` merge into `merged`, since `s·d` of `mode` is the stride of `next`.
    Merge {
        mode: Mode,
        next: Mode,
        merged: Mode,
    },
    /// `mode` stays before `next`: `s·d` of `mode` is not the stride of `next`.
    KeepBefore { mode: Mode, next: Mode },

    // ---- complement ----
    /// `filter(layout) = filtered`.
    Filter { layout: Layout, filtered: Layout },
    /// Nothing is left after filtering: the complement is all of `size(cotarget) = size`.
    ComplementAll { cotarget: IntTuple, size: Int },
    /// The filtered modes sorted by stride; the complement starts with `cur = 1`.
    SortedByStride { modes: Vec<Mode> },
    /// The gap below `mode`'s stride is filled with `extent : cur` (then `cur = d·s`).
    FillGap { mode: Mode, cur: Int, extent: Int },
    /// The complement repeats up to the cotarget: `ceil_div(cotarget, cur) = rest : stride`.
    Repeat {
        cotarget: IntTuple,
        cur: Int,
        rest: Int,
        stride: Int,
    },
    /// The modes emitted, `modes`, coalesce into `result`.
    Coalesced { modes: Layout, result: Layout },

    // ---- composition ----
    /// `A` coalesced, keeping its values past the end: its flat modes.
    CoalesceA { a: Layout, modes: Vec<Mode> },
    /// The composition distributes over the modes of `b`.
    Distribute { b: Layout },
    /// *(heading)* `A ∘ mode`, one leaf of `B`.
    ComposeLeaf { mode: Mode },
    /// A stride-0 leaf of `B` composes to itself.
    StrideZero { mode: Mode },
    /// `A` has a single mode of stride `stride`: `s:(d·stride) = s:result`.
    SingleMode {
        mode: Mode,
        stride: Int,
        result: Int,
    },
    /// shape_div: mode `a` (extent:stride) of `A` is skipped by the stride `stride`; the stride
    /// left is `left`.
    ShapeDivSkip { a: Mode, stride: Int, left: Int },
    /// shape_div: mode `a` of `A` by `stride` leaves `left`; shape_mod keeps `keep` of the
    /// `needed` elements still needed.
    ShapeDivKeep {
        a: Mode,
        stride: Int,
        left: Int,
        keep: Int,
        needed: Int,
    },
    /// The last mode of `A` (of stride `stride`, extended as needed) takes the `remaining`
    /// elements at stride `step·stride`.
    LastMode {
        stride: Int,
        remaining: Int,
        step: Int,
    },
    /// The composition with one leaf of `B` is `result`.
    Composed { result: Layout },
    /// The images of `B`'s modes may carry across a mode of `A`: checked element by element.
    MayCarry,
    /// The leaves' results reassembled with `B`'s hierarchy.
    Reassembled { result: Layout },

    // ---- logical_divide ----
    /// *(heading)* `B* = complement(tiler, shape)`, `shape` that of `coalesce(A)`.
    DivideComplement { tiler: Layout, shape: IntTuple },
    /// The complement `B*`.
    DivideRest { rest: Layout },
    /// The concatenation `(B, B*)`.
    DivideConcat { joined: Layout },
    /// *(heading)* `A ∘ (B, B*)`.
    DivideCompose { layout: Layout, joined: Layout },
    /// `logical_divide(layout, tiler) = result`.
    Divided {
        layout: Layout,
        tiler: Layout,
        result: Layout,
    },
    /// The logical divide or product regrouped into its zipped form.
    Zipped { family: Family, result: Layout },
    /// The zipped form unpacked by `tiled_*` or `flat_*`.
    Unpacked { how: Unpack, result: Layout },

    // ---- logical_product, blocked/raked_product, tile_to_shape ----
    /// *(heading)* `A* = complement(block, size(A)·cosize(B) = cotarget)`.
    ProductComplement { block: Layout, cotarget: Int },
    /// The complement `A*`.
    ProductRest { rest: Layout },
    /// *(heading)* `A* ∘ B`.
    ProductCompose { rest: Layout, tiler: Layout },
    /// The arrangement `A* ∘ B`.
    Arranged { result: Layout },
    /// The concatenation `(A, A* ∘ B)`.
    ProductConcat { result: Layout },
    /// Both padded to rank `rank`.
    PadToRank { rank: usize, a: Layout, b: Layout },
    /// The padded product's modes zipped mode by mode.
    ZipModes { how: Interleave, result: Layout },
    /// `tile_to_shape`: the block padded to `rank`, the blocks needed per mode
    /// `ceil_div(target, block) = blocks`, arranged column-major or in the given order.
    TileToShape {
        rank: usize,
        padded: Layout,
        target: IntTuple,
        block: IntTuple,
        blocks: IntTuple,
        ordered: bool,
        arrangement: Layout,
    },
    /// *(heading)* `blocked_product(block, arrangement)`.
    BlockedProductOf { block: Layout, arrangement: Layout },

    // ---- right_inverse, left_inverse ----
    /// `coalesce(layout)` sorted by stride, each mode `(extent, stride, position)` at its
    /// position in the domain.
    InverseSorted {
        inverse: Inverse,
        layout: Layout,
        modes: Vec<(Int, Int, Int)>,
    },
    /// right_inverse: `mode`'s stride is `cur`, so `extent:position` is taken; `cur` becomes
    /// `next`.
    InverseTake {
        mode: Mode,
        position: Int,
        next: Int,
    },
    /// right_inverse: `mode`'s stride is not `cur`, skipped.
    InverseSkip { mode: Mode, cur: Int },
    /// right_inverse: the modes taken, coalesced.
    InverseTaken { result: Layout },
    /// left_inverse: a stride-0 mode is skipped.
    InverseSkipZero { mode: Mode },
    /// left_inverse: `mode` emits `d / span = extent` at `stride`; the next stride is its
    /// `position`.
    InverseEmit {
        mode: Mode,
        span: Int,
        extent: Int,
        stride: Int,
        position: Int,
    },
    /// left_inverse: the last `extent` closes the layout at `stride`.
    InverseClose { extent: Int, stride: Int },
    /// left_inverse: the modes emitted, coalesced.
    InverseEmitted { result: Layout },

    // ---- local_tile, local_partition ----
    /// `local_tile(T, tiler, coord)` is the inner partition.
    LocalTile,
    /// *(heading)* `zipped_divide(layout, tiler)`.
    ZippedDivideOf { layout: Layout, tiler: Tiler },
    /// The slice `(_, coord)` of `zipped`: the `tile` at `offset`.
    TileAt {
        coord: Coord,
        zipped: Layout,
        tile: Layout,
        offset: Int,
    },
    /// `local_partition`: the tiler `product_each(shape(thr))`, and `thread`'s coordinate.
    ThreadAt {
        thr: Layout,
        tiler: Tiler,
        thread: i64,
        coord: IntTuple,
    },
    /// The slice `(coord, _)` of `zipped`: `thread`'s elements `part` at `offset`.
    ThreadSlice {
        coord: Coord,
        zipped: Layout,
        thread: i64,
        part: Layout,
        offset: Int,
    },

    // ---- symbolic extents (`crate::symbolic::algebra`: the same steps over `SymInt`) ----
    /// A condition the operation needed and could not decide, assumed from here on.
    Assumed { assumption: Assumption },
    /// *(heading)* Mode `index` of a by-mode application: `op(layout, ...)`.
    SymModeOf {
        index: usize,
        op: &'static str,
        layout: SymLayout,
    },
    /// coalesce: the flat modes of `layout`, scanned from the left.
    SymFlatten { layout: SymLayout },
    /// coalesce: `mode` and `next` merge into `merged`, since `s·d` of `mode` is `next`'s
    /// stride for every value of the symbols.
    SymMerge {
        mode: SymMode,
        next: SymMode,
        merged: SymMode,
    },
    /// coalesce: `mode` stays before `next` (`s·d` of `mode` differs from `next`'s stride for
    /// every value of the symbols).
    SymKeepBefore { mode: SymMode, next: SymMode },
    /// complement: the modes (extent 1 and stride 0 dropped) sorted by stride, every
    /// comparison decided.
    SymSortedByStride { modes: Vec<SymMode> },
    /// complement: the gap below `mode`'s stride is filled with `extent : cur`.
    SymFillGap {
        mode: SymMode,
        cur: SymInt,
        extent: SymInt,
    },
    /// complement: the rest up to the cotarget, `ceil_div(cotarget, cur) = rest : cur`.
    SymRepeat {
        cotarget: SymInt,
        cur: SymInt,
        rest: SymInt,
    },
    /// *(heading)* composition: `A ∘ mode`, one leaf of `B`.
    SymComposeLeaf { a: SymLayout, mode: SymMode },
    /// composition: `A` has a single mode of stride `stride`: `s:(d·stride) = s:result`.
    SymSingleMode {
        mode: SymMode,
        stride: SymInt,
        result: SymInt,
    },
    /// composition: shape_div of `A`'s mode `a` by the stride `stride` keeps `kept` of its
    /// extent; the stride left is `left`.
    SymShapeDiv {
        a: SymMode,
        stride: SymInt,
        kept: SymInt,
        left: SymInt,
    },
    /// composition: shape_min takes `taken` of the extent `extent`, for the `needed` elements
    /// still needed.
    SymShapeMin {
        extent: SymInt,
        needed: SymInt,
        taken: SymInt,
    },
    /// The composition with one leaf of `B` (or the operation's result) is `result`.
    SymComposed { result: SymLayout },
    /// *(heading)* `B* = complement(tiler, size)`, `size` that of the layout divided.
    SymDivideComplement { tiler: SymLayout, size: SymInt },
    /// *(heading)* `A ∘ (B, B*)`.
    SymDivideCompose {
        layout: SymLayout,
        joined: SymLayout,
    },
    /// *(heading)* `A* = complement(block, size(A)·cosize(B) = cotarget)`.
    SymProductComplement { block: SymLayout, cotarget: SymInt },
    /// *(heading)* `A* ∘ B`.
    SymProductCompose { rest: SymLayout, tiler: SymLayout },
    /// The inverses: `coalesce(layout)`'s modes sorted by stride, each
    /// `(extent, stride, position)`.
    SymInverseSorted {
        inverse: Inverse,
        layout: SymLayout,
        modes: Vec<(SymInt, SymInt, SymInt)>,
    },
    /// right_inverse: `mode`'s stride is `cur`, so `extent:position` is taken; `cur` becomes
    /// `next`.
    SymInverseTake {
        mode: SymMode,
        position: SymInt,
        next: SymInt,
    },
    /// right_inverse: `mode`'s stride is not `cur` for any value of the symbols, skipped.
    SymInverseSkip { mode: SymMode, cur: SymInt },
    /// left_inverse: `mode` emits `d / span = extent` at `stride`; the next stride is its
    /// `position`.
    SymInverseEmit {
        mode: SymMode,
        span: SymInt,
        extent: SymInt,
        stride: SymInt,
    },
    /// left_inverse: the last `extent` closes the layout at `stride`.
    SymInverseClose { extent: SymInt, stride: SymInt },

    // ---- F2 strides (`crate::f2`) ----
    /// *(heading)* `op` on an F2 layout runs the integer algebra on `encoded`, the layout of
    /// its flat modes' coordinates (mode `k`'s stride the `k`-th basis direction, encoded as
    /// an integer).
    F2Domain { op: &'static str, encoded: Layout },
    /// The integer result `encoded` read back: each stride `m·E<k>` becomes `m ⊗ d_k` (the
    /// carry-less product with mode `k`'s F2 stride), the steps through each mode checked to
    /// add without carry.
    F2ReadBack { encoded: Layout },
}

/// One field of an [`Event`], for front ends that render events their own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field<'a> {
    /// An integer of the algebra (static or dynamic).
    Int(Int),
    /// A count or an index (a rank, a mode index, a thread index).
    Number(i64),
    /// A truth value.
    Bool(bool),
    /// An operation name or a variant name (`"divide"`, `"raked"`).
    Name(&'static str),
    /// A layout.
    Layout(&'a Layout),
    /// An int-tuple.
    Tuple(&'a IntTuple),
    /// A tiler.
    Tiler(&'a Tiler),
    /// A coordinate.
    Coord(&'a Coord),
    /// One flat mode `extent:stride`.
    Mode(Mode),
    /// Flat modes.
    Modes(&'a [Mode]),
    /// Flat modes with their positions in the domain, `(extent, stride, position)`.
    Placed(&'a [(Int, Int, Int)]),
    /// A symbolic integer (`M/128`).
    SymInt(&'a SymInt),
    /// A symbolic layout (`(M,N):(1,M)`).
    SymLayout(&'a SymLayout),
    /// One flat mode of symbolic integers.
    SymMode(&'a SymMode),
    /// Flat modes of symbolic integers.
    SymModes(&'a [SymMode]),
    /// Flat modes of symbolic integers with their positions, `(extent, stride, position)`.
    SymPlaced(&'a [(SymInt, SymInt, SymInt)]),
    /// An assumption on the symbols (`128 | M`).
    Assumption(&'a Assumption),
}

macro_rules! field_from {
    ($($t:ty => |$x:ident| $e:expr;)*) => {
        $(impl<'a> From<&'a $t> for Field<'a> {
            fn from($x: &'a $t) -> Field<'a> {
                $e
            }
        })*
    };
}

field_from! {
    Int => |x| Field::Int(*x);
    usize => |x| Field::Number(i64::try_from(*x).unwrap_or(i64::MAX));
    i64 => |x| Field::Number(*x);
    bool => |x| Field::Bool(*x);
    &'static str => |x| Field::Name(x);
    Layout => |x| Field::Layout(x);
    IntTuple => |x| Field::Tuple(x);
    Tiler => |x| Field::Tiler(x);
    Coord => |x| Field::Coord(x);
    Mode => |x| Field::Mode(*x);
    Vec<Mode> => |x| Field::Modes(x);
    Vec<(Int, Int, Int)> => |x| Field::Placed(x);
    SymInt => |x| Field::SymInt(x);
    SymLayout => |x| Field::SymLayout(x);
    SymMode => |x| Field::SymMode(x);
    Vec<SymMode> => |x| Field::SymModes(x);
    Vec<(SymInt, SymInt, SymInt)> => |x| Field::SymPlaced(x);
    Assumption => |x| Field::Assumption(x);
    Family => |x| Field::Name(match x { Family::Divide => "divide", Family::Product => "product" });
    Unpack => |x| Field::Name(match x { Unpack::Rests => "rests", Unpack::Both => "both" });
    Interleave => |x| Field::Name(match x { Interleave::Blocked => "blocked", Interleave::Raked => "raked" });
    Inverse => |x| Field::Name(match x { Inverse::Right => "right", Inverse::Left => "left" });
}

/// `(kind, [(name, field)...])` of an event, every field of the variant in order.
macro_rules! parts {
    ($kind:literal $(, $f:ident)*) => {
        ($kind, vec![$((stringify!($f), Field::from($f))),*])
    };
}

impl Event {
    /// The event's kind, in snake case (`"merge"`, `"shape_div_keep"`).
    ///
    /// ```
    /// use cute_layout::trace::Event;
    /// assert_eq!(Event::MayCarry.kind(), "may_carry");
    /// ```
    pub fn kind(&self) -> &'static str {
        self.parts().0
    }

    /// The event's fields by name, in declaration order.
    ///
    /// ```
    /// use cute_layout::trace::{Event, Field};
    /// use cute_layout::Int;
    /// let e = Event::InverseClose { extent: Int::new(4, true), stride: Int::new(2, true) };
    /// assert_eq!(e.fields()[1], ("stride", Field::Int(Int::new(2, true))));
    /// ```
    pub fn fields(&self) -> Vec<(&'static str, Field<'_>)> {
        self.parts().1
    }

    fn parts(&self) -> (&'static str, Vec<(&'static str, Field<'_>)>) {
        use Event::*;
        match self {
            NoDerivation { op } => parts!("no_derivation", op),
            ByMode { op, layout } => parts!("by_mode", op, layout),
            ModeOf {
                index,
                op,
                layout,
                tiler,
            } => parts!("mode_of", index, op, layout, tiler),
            TilerKept { layout } => parts!("tiler_kept", layout),
            Flatten { layout } => parts!("flatten", layout),
            DropExtentOne { mode } => parts!("drop_extent_one", mode),
            ReplaceExtentOne { dropped, kept } => parts!("replace_extent_one", dropped, kept),
            Merge { mode, next, merged } => parts!("merge", mode, next, merged),
            KeepBefore { mode, next } => parts!("keep_before", mode, next),
            Filter { layout, filtered } => parts!("filter", layout, filtered),
            ComplementAll { cotarget, size } => parts!("complement_all", cotarget, size),
            SortedByStride { modes } => parts!("sorted_by_stride", modes),
            FillGap { mode, cur, extent } => parts!("fill_gap", mode, cur, extent),
            Repeat {
                cotarget,
                cur,
                rest,
                stride,
            } => {
                parts!("repeat", cotarget, cur, rest, stride)
            }
            Coalesced { modes, result } => parts!("coalesced", modes, result),
            CoalesceA { a, modes } => parts!("coalesce_a", a, modes),
            Distribute { b } => parts!("distribute", b),
            ComposeLeaf { mode } => parts!("compose_leaf", mode),
            StrideZero { mode } => parts!("stride_zero", mode),
            SingleMode {
                mode,
                stride,
                result,
            } => parts!("single_mode", mode, stride, result),
            ShapeDivSkip { a, stride, left } => parts!("shape_div_skip", a, stride, left),
            ShapeDivKeep {
                a,
                stride,
                left,
                keep,
                needed,
            } => {
                parts!("shape_div_keep", a, stride, left, keep, needed)
            }
            LastMode {
                stride,
                remaining,
                step,
            } => parts!("last_mode", stride, remaining, step),
            Composed { result } => parts!("composed", result),
            MayCarry => parts!("may_carry"),
            Reassembled { result } => parts!("reassembled", result),
            DivideComplement { tiler, shape } => parts!("divide_complement", tiler, shape),
            DivideRest { rest } => parts!("divide_rest", rest),
            DivideConcat { joined } => parts!("divide_concat", joined),
            DivideCompose { layout, joined } => parts!("divide_compose", layout, joined),
            Divided {
                layout,
                tiler,
                result,
            } => parts!("divided", layout, tiler, result),
            Zipped { family, result } => parts!("zipped", family, result),
            Unpacked { how, result } => parts!("unpacked", how, result),
            ProductComplement { block, cotarget } => {
                parts!("product_complement", block, cotarget)
            }
            ProductRest { rest } => parts!("product_rest", rest),
            ProductCompose { rest, tiler } => parts!("product_compose", rest, tiler),
            Arranged { result } => parts!("arranged", result),
            ProductConcat { result } => parts!("product_concat", result),
            PadToRank { rank, a, b } => parts!("pad_to_rank", rank, a, b),
            ZipModes { how, result } => parts!("zip_modes", how, result),
            TileToShape {
                rank,
                padded,
                target,
                block,
                blocks,
                ordered,
                arrangement,
            } => {
                parts!(
                    "tile_to_shape",
                    rank,
                    padded,
                    target,
                    block,
                    blocks,
                    ordered,
                    arrangement
                )
            }
            BlockedProductOf { block, arrangement } => {
                parts!("blocked_product_of", block, arrangement)
            }
            InverseSorted {
                inverse,
                layout,
                modes,
            } => {
                parts!("inverse_sorted", inverse, layout, modes)
            }
            InverseTake {
                mode,
                position,
                next,
            } => parts!("inverse_take", mode, position, next),
            InverseSkip { mode, cur } => parts!("inverse_skip", mode, cur),
            InverseTaken { result } => parts!("inverse_taken", result),
            InverseSkipZero { mode } => parts!("inverse_skip_zero", mode),
            InverseEmit {
                mode,
                span,
                extent,
                stride,
                position,
            } => {
                parts!("inverse_emit", mode, span, extent, stride, position)
            }
            InverseClose { extent, stride } => parts!("inverse_close", extent, stride),
            InverseEmitted { result } => parts!("inverse_emitted", result),
            LocalTile => parts!("local_tile"),
            ZippedDivideOf { layout, tiler } => parts!("zipped_divide_of", layout, tiler),
            TileAt {
                coord,
                zipped,
                tile,
                offset,
            } => {
                parts!("tile_at", coord, zipped, tile, offset)
            }
            ThreadAt {
                thr,
                tiler,
                thread,
                coord,
            } => {
                parts!("thread_at", thr, tiler, thread, coord)
            }
            ThreadSlice {
                coord,
                zipped,
                thread,
                part,
                offset,
            } => {
                parts!("thread_slice", coord, zipped, thread, part, offset)
            }
            Assumed { assumption } => parts!("assumed", assumption),
            SymModeOf { index, op, layout } => parts!("sym_mode_of", index, op, layout),
            SymFlatten { layout } => parts!("sym_flatten", layout),
            SymMerge { mode, next, merged } => parts!("sym_merge", mode, next, merged),
            SymKeepBefore { mode, next } => parts!("sym_keep_before", mode, next),
            SymSortedByStride { modes } => parts!("sym_sorted_by_stride", modes),
            SymFillGap { mode, cur, extent } => parts!("sym_fill_gap", mode, cur, extent),
            SymRepeat {
                cotarget,
                cur,
                rest,
            } => parts!("sym_repeat", cotarget, cur, rest),
            SymComposeLeaf { a, mode } => parts!("sym_compose_leaf", a, mode),
            SymSingleMode {
                mode,
                stride,
                result,
            } => parts!("sym_single_mode", mode, stride, result),
            SymShapeDiv {
                a,
                stride,
                kept,
                left,
            } => parts!("sym_shape_div", a, stride, kept, left),
            SymShapeMin {
                extent,
                needed,
                taken,
            } => parts!("sym_shape_min", extent, needed, taken),
            SymComposed { result } => parts!("sym_composed", result),
            SymDivideComplement { tiler, size } => parts!("sym_divide_complement", tiler, size),
            SymDivideCompose { layout, joined } => parts!("sym_divide_compose", layout, joined),
            SymProductComplement { block, cotarget } => {
                parts!("sym_product_complement", block, cotarget)
            }
            SymProductCompose { rest, tiler } => parts!("sym_product_compose", rest, tiler),
            SymInverseSorted {
                inverse,
                layout,
                modes,
            } => parts!("sym_inverse_sorted", inverse, layout, modes),
            SymInverseTake {
                mode,
                position,
                next,
            } => parts!("sym_inverse_take", mode, position, next),
            SymInverseSkip { mode, cur } => parts!("sym_inverse_skip", mode, cur),
            SymInverseEmit {
                mode,
                span,
                extent,
                stride,
            } => parts!("sym_inverse_emit", mode, span, extent, stride),
            SymInverseClose { extent, stride } => parts!("sym_inverse_close", extent, stride),
            F2Domain { op, encoded } => parts!("f2_domain", op, encoded),
            F2ReadBack { encoded } => parts!("f2_read_back", encoded),
        }
    }
}

/// A borrowed layout (or mode), owned for an event.
#[inline]
pub(crate) fn owned(m: ModeRef<'_>) -> Layout {
    Layout::from_refs(m.0, m.1)
}

/// The sink through which an operation reports the steps of its derivation.
///
/// The public operations run with [`NoTrace`], whose methods are empty and never call their
/// closures, so tracing costs nothing (no event built, no allocation) unless it is asked for.
pub trait Trace {
    /// Whether the sink records steps: where a step needs data the operation does not otherwise
    /// keep, it collects it only then (for [`NoTrace`], `false` at compile time).
    const RECORDS: bool;
    /// Records one step; `f` is only called by a recording sink.
    fn step(&mut self, f: impl FnOnce() -> Event);
    /// Opens a nested derivation headed by `f()` (e.g. a composition inside a divide).
    fn enter(&mut self, f: impl FnOnce() -> Event);
    /// Closes the innermost nested derivation.
    fn leave(&mut self);
}

/// The sink that records nothing, used by the public operations.
pub struct NoTrace;

impl Trace for NoTrace {
    const RECORDS: bool = false;
    #[inline(always)]
    fn step(&mut self, _: impl FnOnce() -> Event) {}
    #[inline(always)]
    fn enter(&mut self, _: impl FnOnce() -> Event) {}
    #[inline(always)]
    fn leave(&mut self) {}
}

/// One step of a derivation, at a nesting depth (0 for the outermost operation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// How deeply the step is nested (a composition inside a divide is one level deeper).
    pub depth: usize,
    /// What happened, as data.
    pub event: Event,
}

/// The sink that records every step, with its depth.
#[derive(Default)]
pub struct Recorder {
    depth: usize,
    /// The steps recorded, in the order reported.
    pub steps: Vec<Step>,
}

impl Trace for Recorder {
    const RECORDS: bool = true;
    fn step(&mut self, f: impl FnOnce() -> Event) {
        self.steps.push(Step {
            depth: self.depth,
            event: f(),
        });
    }
    fn enter(&mut self, f: impl FnOnce() -> Event) {
        self.step(f);
        self.depth += 1;
    }
    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
}

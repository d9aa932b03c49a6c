//! The text renderer of derivations: each [`Event`] as one line in CuTe notation, and an
//! [`Explanation`] as `cute explain` prints it.

use super::Explanation;
use cute_layout::int::Int;
use cute_layout::layout::Layout;
use cute_layout::trace::{Event, Family, Interleave, Inverse, Mode, Unpack};
use std::fmt::{self, Display, Formatter};

impl Display for Explanation {
    /// The expression, the steps indented by depth, and a last line `= RESULT` or
    /// `error: ...`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.expr)?;
        for s in &self.steps {
            writeln!(
                f,
                "{:width$}{}",
                "",
                Line(&s.event),
                width = 2 * (s.depth + 1)
            )?;
        }
        match &self.result {
            Ok(v) => writeln!(f, "= {v}"),
            Err(e) => writeln!(f, "error: {e}"),
        }
    }
}

/// `s:d`.
struct M(Mode);

impl Display for M {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.0 .0, self.0 .1)
    }
}

/// Items separated by `", "`.
struct List<I>(I);

impl<I: Clone + IntoIterator<Item = T>, T: Display> Display for List<I> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (i, x) in self.0.clone().into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            x.fmt(f)?;
        }
        Ok(())
    }
}

/// `(A o s0:d0, (A o s1:d1, ...))`: a composition distributed over the leaves of `b`.
struct Distributed<'a>(&'a Layout);

impl Display for Distributed<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0.rank() {
            _ if self.0.shape().is_leaf() => write!(f, "A o {}", self.0),
            n => {
                f.write_str("(")?;
                for i in 0..n {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    let mode = self.0.mode(i).map_err(|_| fmt::Error)?;
                    Distributed(&mode).fmt(f)?;
                }
                f.write_str(")")
            }
        }
    }
}

/// `|x|` as the derivation writes it: `x` itself when it is not negative.
fn abs_text(x: Int) -> String {
    if x.value() < 0 {
        format!("|{x}|")
    } else {
        x.to_string()
    }
}

/// The text of `ceil_div(|n|, |m|)` (shape_div's quotient): `n/m` when `m` divides `n`.
fn ceil_div_text(n: Int, m: Int) -> String {
    let (tn, tm) = (abs_text(n), abs_text(m));
    if m.value() != 0 && n.value() % m.value() == 0 {
        format!("{tn}/{tm}")
    } else {
        format!("ceil_div({tn}, {tm})")
    }
}

/// The text of `signum(n) * ceil_div(|n|, m)` for `m > 0` (the stride shape_div leaves):
/// `n/m` when `m` divides `n`.
fn signed_ceil_div_text(n: Int, m: Int) -> String {
    if m.value() != 0 && n.value() % m.value() == 0 {
        format!("{n}/{m}")
    } else if n.value() < 0 {
        format!("-{}", ceil_div_text(n, m))
    } else {
        ceil_div_text(n, m)
    }
}

/// `a*b` of two integers' values, as the derivation shows a product it has not taken yet.
fn times(a: Int, b: Int) -> i64 {
    a.value().saturating_mul(b.value())
}

/// A step of a derivation as one line of text, in CuTe notation: what `cute explain` prints
/// for an [`Event`] (the event is the library's data; its text is this crate's).
///
/// ```
/// use cute_tools::explain::{explain, Line};
/// let e = explain("coalesce((2,2):(1,2))")?;
/// assert!(e.to_string().contains(&Line(&e.steps[0].event).to_string()));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Line<'a>(pub &'a Event);

impl Display for Line<'_> {
    /// The step as one line in CuTe notation (`merge 2:1 and 2:4 into 4:1 (since 2*1 = 2)`):
    /// one arm per event, in the order of [`Event`]'s declaration (a table, so not split).
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        use Event::*;
        match self.0 {
            NoDerivation { op } => {
                write!(f, "(no step-by-step derivation for {op}; evaluated directly)")
            }
            ByMode { op, layout } => write!(f, "apply {op} mode by mode to {layout}"),
            ModeOf { index, op, layout, tiler } => write!(f, "mode {index}: {op}({layout}, {tiler}):"),
            TilerKept { layout } => write!(f, "tiler _: {layout} is kept"),
            Flatten { layout } => write!(f, "flatten: {layout}, scanned from the right"),
            DropExtentOne { mode } => write!(f, "drop {} (extent 1)", M(*mode)),
            ReplaceExtentOne { dropped, kept } => {
                write!(f, "drop {} (extent 1), keep {}", M(*dropped), M(*kept))
            }
            Merge { mode: (s, d), next, merged } => write!(
                f,
                "merge {s}:{d} and {} into {} (since {s}*{d} = {})",
                M(*next),
                M(*merged),
                next.1
            ),
            KeepBefore { mode: (s, d), next } => {
                write!(f, "keep {s}:{d} before {} ({s}*{d} != {})", M(*next), next.1)
            }
            Filter { layout, filtered } => write!(f, "filter({layout}) = {filtered}"),
            ComplementAll { cotarget, size } => write!(
                f,
                "nothing left after filtering: the complement is all of size({cotarget}) = {size}"
            ),
            SortedByStride { modes } => write!(
                f,
                "modes sorted by stride: {}; start with cur = 1",
                List(modes.iter().map(|m| M(*m)))
            ),
            FillGap { mode: (s, d), cur, extent } => write!(
                f,
                "mode {s}:{d}: fill the gap below stride {d} with {d}/{cur} = {extent} : {cur}, then cur = {d}*{s} = {}",
                times(*d, *s)
            ),
            Repeat { cotarget, cur, rest, stride } => write!(
                f,
                "repeat up to the cotarget: ceil_div({cotarget}, {cur}) = {rest} : {stride}"
            ),
            Coalesced { modes, result } => write!(f, "coalesce({modes}) = {result}"),
            CoalesceA { a, modes } => write!(
                f,
                "A = {a} coalesced (keeping A(i) past the end): modes {}",
                List(modes.iter().map(|m| M(*m)))
            ),
            Distribute { b } => {
                write!(f, "distribute over B's modes: A o {b} = {}", Distributed(b))
            }
            ComposeLeaf { mode } => write!(f, "A o {}:", M(*mode)),
            StrideZero { mode } => write!(f, "stride 0: = {}", M(*mode)),
            SingleMode { mode: (s, d), stride: e, result } => write!(
                f,
                "A has the single mode of stride {e}: = {s}:({d}*{e}) = {s}:{result}"
            ),
            ShapeDivSkip { a: (a, e), stride, left } => write!(
                f,
                "shape_div: mode {a}:{e} of A by {stride}: stride {} >= extent {a}, skip the mode; stride left {} = {left}",
                abs_text(*stride),
                signed_ceil_div_text(*stride, *a)
            ),
            ShapeDivKeep { a: (a, e), stride, left, keep, needed } => write!(
                f,
                "shape_div: mode {a}:{e} of A by {stride} leaves {} = {left} at stride {stride}*{e} = {}; shape_mod: keep {keep} of the {needed} still needed",
                ceil_div_text(*a, *stride),
                times(*stride, *e)
            ),
            LastMode { stride, remaining, step } => write!(
                f,
                "last mode of A (stride {stride}, extended as needed): the remaining {remaining} at stride {step}*{stride} = {}",
                times(*step, *stride)
            ),
            Composed { result } => write!(f, "= {result}"),
            MayCarry => f.write_str(
                "images of B's modes may carry across a mode of A: check R(i) = A(B(i)) for every i",
            ),
            Reassembled { result } => write!(f, "reassemble with B's hierarchy: {result}"),
            DivideComplement { tiler, shape } => write!(
                f,
                "B* = complement(B, shape(coalesce(A))) = complement({tiler}, {shape}):"
            ),
            DivideRest { rest } => write!(f, "B* = {rest}"),
            DivideConcat { joined } => write!(f, "concatenate (B, B*) = {joined}"),
            DivideCompose { layout, joined } => write!(f, "A o (B, B*) = {layout} o {joined}:"),
            Divided { layout, tiler, result } => {
                write!(f, "logical_divide({layout}, {tiler}) = {result}")
            }
            Zipped { family: Family::Divide, result } => write!(
                f,
                "gather the tiles and the rests, ((tiles...), (rests...)): {result}"
            ),
            Zipped { family: Family::Product, result } => write!(
                f,
                "gather the blocks and the arrangements, ((A...), (B...)): {result}"
            ),
            Unpacked { how: Unpack::Rests, result } => {
                write!(f, "unpack the rests, ((tiles...), rests...): {result}")
            }
            Unpacked { how: Unpack::Both, result } => {
                write!(f, "unpack both, (tiles..., rests...): {result}")
            }
            ProductComplement { block, cotarget } => write!(
                f,
                "A* = complement(A, size(A)*cosize(B)) = complement({block}, {cotarget}):"
            ),
            ProductRest { rest } => write!(f, "A* = {rest}"),
            ProductCompose { rest, tiler } => write!(f, "A* o B = {rest} o {tiler}:"),
            Arranged { result } => write!(f, "A* o B = {result}"),
            ProductConcat { result } => write!(f, "concatenate (A, A* o B) = {result}"),
            PadToRank { rank, a, b } => write!(f, "pad both to rank {rank}: A = {a}, B = {b}"),
            ZipModes { how, result } => {
                let mode_i = match how {
                    Interleave::Blocked => "(A_i, (A* o B)_i)",
                    Interleave::Raked => "((A* o B)_i, A_i)",
                };
                write!(f, "zip like modes, mode i = {mode_i}: {result}")
            }
            TileToShape { rank, padded, target, block, blocks, ordered, arrangement } => write!(
                f,
                "pad the block to rank {rank}: {padded}; blocks needed per mode: ceil_div({target}, {block}) = {blocks}, arranged {}: {arrangement}",
                if *ordered { "in the given order" } else { "column-major" }
            ),
            BlockedProductOf { block, arrangement } => {
                write!(f, "blocked_product({block}, {arrangement}):")
            }
            InverseSorted { inverse, layout, modes } => write!(
                f,
                "coalesce({layout}) sorted by stride, each mode at its position in the domain: {}; {}",
                List(modes.iter().map(|&(s, d, p)| format!("{s}:{d} at {p}"))),
                match inverse {
                    Inverse::Right => "start with cur = 1",
                    Inverse::Left => "start at stride 0 with span 1",
                }
            ),
            InverseTake { mode: (s, d), position, next } => write!(
                f,
                "{s}:{d}: stride {d} = cur, take {s}:{position}; cur = {s}*{d} = {next}"
            ),
            InverseSkip { mode: (s, d), cur } => {
                write!(f, "{s}:{d}: stride {d} != cur = {cur}, skip")
            }
            InverseTaken { result } => write!(f, "coalesce the modes taken: {result}"),
            InverseSkipZero { mode } => write!(f, "{}: stride 0, skip", M(*mode)),
            InverseEmit { mode: (s, d), span, extent, stride, position } => write!(
                f,
                "{s}:{d}: emit {d}/{span} = {extent} at stride {stride}; the next stride is its position {position}"
            ),
            InverseClose { extent, stride } => {
                write!(f, "close with the last extent {extent} at stride {stride}")
            }
            InverseEmitted { result } => write!(f, "coalesce the modes emitted: {result}"),
            LocalTile => f.write_str(
                "local_tile(T, tiler, coord) = inner_partition: the tile at coord of zipped_divide(T, tiler)",
            ),
            ZippedDivideOf { layout, tiler } => write!(f, "zipped_divide({layout}, {tiler}):"),
            TileAt { coord, zipped, tile, offset } => write!(
                f,
                "slice (_, {coord}) of {zipped}: the tile {tile} at offset {offset}"
            ),
            ThreadAt { thr, tiler, thread, coord } => write!(
                f,
                "tiler = product_each(shape({thr})) = {tiler}; thread {thread} sits at {coord} of {thr}"
            ),
            ThreadSlice { coord, zipped, thread, part, offset } => write!(
                f,
                "slice ({coord}, _) of {zipped}: thread {thread}'s elements {part} at offset {offset}"
            ),
            Assumed { assumption } => write!(f, "assume {assumption} (undecided for the symbols' values)"),
            SymModeOf { index, op, layout } => write!(f, "mode {index}: {op} of {layout}:"),
            SymFlatten { layout } => write!(f, "flatten: {layout}, scanned from the left"),
            SymMerge { mode: (s, d), next: (s1, d1), merged: (sm, dm) } => write!(
                f,
                "merge {s}:{d} and {s1}:{d1} into {sm}:{dm} (since {s}*{d} = {d1} for every value of the symbols)"
            ),
            SymKeepBefore { mode: (s, d), next: (s1, d1) } => write!(
                f,
                "keep {s}:{d} before {s1}:{d1} ({s}*{d} != {d1} for every value of the symbols)"
            ),
            SymSortedByStride { modes } => write!(
                f,
                "the modes sorted by stride (extent 1 and stride 0 dropped): {}; cur = 1",
                List(modes.iter().map(|(s, d)| format!("{s}:{d}")))
            ),
            SymFillGap { mode: (s, d), cur, extent } => write!(
                f,
                "{s}:{d}: fill the gap below stride {d} with {d}/{cur} = {extent} : {cur}; cur = {s}*{d}"
            ),
            SymRepeat { cotarget, cur, rest } => write!(
                f,
                "repeat up to the cotarget: ceil_div({cotarget}, {cur}) = {rest} : {cur}"
            ),
            SymComposeLeaf { a, mode: (s, d) } => write!(f, "{a} o {s}:{d}:"),
            SymSingleMode { mode: (s, d), stride, result } => write!(
                f,
                "A has a single mode of stride {stride}: {s}:({d}*{stride}) = {s}:{result}"
            ),
            SymShapeDiv { a: (s, d), stride, kept, left } => write!(
                f,
                "shape_div: the mode {s}:{d} by the stride {stride} keeps {kept}; the stride left is {left}"
            ),
            SymShapeMin { extent, needed, taken } => write!(
                f,
                "shape_min({extent}, {needed}) = {taken} of the {needed} elements still needed"
            ),
            SymComposed { result } => write!(f, "= {result}"),
            SymDivideComplement { tiler, size } => {
                write!(f, "B* = complement({tiler}, {size}):")
            }
            SymDivideCompose { layout, joined } => write!(f, "{layout} o {joined}:"),
            SymProductComplement { block, cotarget } => {
                write!(f, "A* = complement({block}, size(A)*cosize(B) = {cotarget}):")
            }
            SymProductCompose { rest, tiler } => write!(f, "A* o B = {rest} o {tiler}:"),
            SymInverseSorted { inverse, layout, modes } => write!(
                f,
                "coalesce({layout}) sorted by stride, each mode at its position in the domain: {}; {}",
                List(modes.iter().map(|(s, d, p)| format!("{s}:{d} at {p}"))),
                match inverse {
                    Inverse::Right => "start with cur = 1",
                    Inverse::Left => "start at stride 0 with span 1",
                }
            ),
            SymInverseTake { mode: (s, d), position, next } => write!(
                f,
                "{s}:{d}: stride {d} = cur, take {s}:{position}; cur = {s}*{d} = {next}"
            ),
            SymInverseSkip { mode: (s, d), cur } => {
                write!(f, "{s}:{d}: stride {d} != cur = {cur} for every value of the symbols, skip")
            }
            SymInverseEmit { mode: (s, d), span, extent, stride } => write!(
                f,
                "{s}:{d}: emit {d}/{span} = {extent} at stride {stride}; the next stride is its position"
            ),
            SymInverseClose { extent, stride } => {
                write!(f, "close with the last extent {extent} at stride {stride}")
            }
            F2Domain { op, encoded } => write!(
                f,
                "{op} on the F2 layout's domain: the integer algebra on {encoded}, the layout of its flat modes' coordinates (mode k's stride the k-th basis direction, encoded):"
            ),
            F2ReadBack { encoded } => write!(
                f,
                "read {encoded} back: each stride m*E<k> becomes m (x) d_k, the carry-less product with mode k's F2 stride (the steps through each mode add without carry)"
            ),
        }
    }
}

//! CuTe's `transform_layout`: an operation applied mode by mode along a tuple tiler, the
//! by-mode arm shared by composition, the divides and the products.

use super::Trace;
use crate::error::{LayoutError, Result};
use crate::layout::{sub_modes, LayoutBuilder, ModeRef};
use crate::tiler::Tiler;
use crate::trace::{owned, Event};

/// Applies `f` to mode `i` of `layout` and tiler element `i` for every element of a tuple
/// tiler, appending the tuple of the results (and, with `keep_extra`, the layout's modes beyond
/// the tiler) to `out` (`transform_layout` in CuTe); each mode is traced.
///
/// # Errors
/// [`LayoutError::TooManyTilerModes`]; the error of `f`, naming the mode.
pub(crate) fn transform_layout_into<T: Trace>(
    op: &'static str,
    layout: ModeRef<'_>,
    tilers: &[Tiler],
    keep_extra: bool,
    out: &mut LayoutBuilder,
    tr: &mut T,
    f: fn(ModeRef<'_>, &Tiler, &mut LayoutBuilder, &mut T) -> Result<()>,
) -> Result<()> {
    tr.step(|| Event::ByMode {
        op,
        layout: owned(layout),
    });
    let rank = layout.0.rank();
    if tilers.len() > rank {
        return Err(LayoutError::TooManyTilerModes {
            op,
            tiler_rank: tilers.len(),
            layout_rank: rank,
        });
    }
    out.open();
    let mut modes = sub_modes(layout);
    // (the tilers first: `zip` stops at them without taking a mode from `modes`, whose modes
    // beyond the tiler are then the extra ones)
    for (i, (t, m)) in tilers.iter().zip(modes.by_ref()).enumerate() {
        tr.enter(|| Event::ModeOf {
            index: i,
            op,
            layout: owned(m),
            tiler: t.clone(),
        });
        f(m, t, out, tr).map_err(|e| e.within(format!("{op}, mode {i}")))?;
        tr.leave();
    }
    if keep_extra {
        modes.for_each(|m| out.push_ref(m));
    }
    out.close();
    Ok(())
}

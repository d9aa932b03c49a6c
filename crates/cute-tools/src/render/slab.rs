//! The one way every renderer cuts a layout into rank-2 tables: [`slabs`].

use cute_layout::coord::idx2crd;
use cute_layout::error::Result;
use cute_layout::int::Int;
use cute_layout::layout::Layout;
use cute_layout::tuple::IntTuple;

/// One rank-2 table of a layout: the elements `start..start + rows * cols` of its
/// colexicographic order, element `start + m + rows * n` in row `m`, column `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slab {
    /// `(_,_,k...)` for the slabs of a layout of rank > 2, `None` for the only table of a
    /// layout of rank <= 2.
    pub heading: Option<String>,
    /// The 1-D index of the slab's cell `(0, 0)`.
    pub start: usize,
    /// The size of mode 0 (1 for a rank-1 layout drawn as a row).
    pub rows: usize,
    /// The size of mode 1 (for rank 1: the size, or 1 when drawn as a column).
    pub cols: usize,
}

/// The rank-2 tables of `layout`, as `show`, `svg`/`png` and `latex` all draw it: one table
/// for rank <= 2 (rank 1 as one row when `rank1_as_row`, else one column, as CuTe pads it with
/// `_1:_0`), and for rank > 2 one slab over modes 0 and 1 per coordinate `k` of the other
/// modes (colexicographic), headed `(_,_,k)`.
///
/// # Errors
/// Errors of [`idx2crd`] (none for a valid layout).
///
/// # Examples
/// ```
/// use cute_tools::render::slabs;
/// let l = "(2,3,(2,2)):(1,2,(6,12))".parse().unwrap();
/// let s = slabs(&l, true).unwrap();
/// assert_eq!(s.len(), 4);
/// assert_eq!((s[3].start, s[3].rows, s[3].cols), (18, 2, 3));
/// assert_eq!(s[3].heading.as_deref(), Some("(_,_,(1,1))"));
/// ```
pub fn slabs(layout: &Layout, rank1_as_row: bool) -> Result<Vec<Slab>> {
    let n = layout.size()?.value().max(0) as usize;
    let one = |rows, cols| {
        vec![Slab {
            heading: None,
            start: 0,
            rows,
            cols,
        }]
    };
    if layout.rank() <= 1 {
        return Ok(if rank1_as_row { one(1, n) } else { one(n, 1) });
    }
    let rows = layout.mode(0)?.size()?.value().max(0) as usize;
    if layout.rank() == 2 {
        return Ok(one(rows, n.checked_div(rows).unwrap_or(0)));
    }
    let cols = layout.mode(1)?.size()?.value().max(0) as usize;
    let slab = rows * cols;
    if slab == 0 {
        return Ok(one(rows, cols));
    }
    let rest = Layout::concat(layout.modes().skip(2))?;
    let rest_shape = rest.shape().with_static(false);
    (0..n / slab)
        .map(|k| {
            let c = idx2crd(&IntTuple::int(Int::dynamic(k as i64)), &rest_shape)?.to_string();
            let inner = if rest.rank() == 1 && !c.starts_with('(') {
                c
            } else {
                c[1..c.len() - 1].to_string()
            };
            Ok(Slab {
                heading: Some(format!("(_,_,{inner})")),
                start: k * slab,
                rows,
                cols,
            })
        })
        .collect()
}

//! The options every renderer takes: what cells show, how they are colored, what is
//! highlighted.

use cute_layout::coord::{Coord, CoordLeaf};
use cute_layout::error::{LayoutError, Result};
use cute_layout::int::Int;
use cute_layout::tree::TreeRef;
use std::str::FromStr;

/// What a picture shows in its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Label {
    /// The offset `L(m, n)` (CuTe's pictures).
    #[default]
    Offset,
    /// The natural coordinate of the cell, e.g. `((1,0),2)`.
    Coord,
}

/// How a picture colors its cells. A plain layout is read as a (thread, value) layout: the
/// thread of a cell is its index into mode 0, the value its index into the other modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Coloring {
    /// By offset, CuTe's eight greys cycled by `offset % 8`.
    #[default]
    Offset,
    /// By tile (needs a [`super::Subject`] with [`super::TileModes`]): the first tile grey,
    /// the others in twelve light colors.
    Tile,
    /// By thread (the index into mode 0).
    Thread,
    /// By value (the index into the other modes).
    Value,
    /// By shared-memory bank: `offset * elem_bytes / 4 mod 32`.
    Bank,
    /// By warp: the 1-D index (the thread of a TV layout) divided by 32.
    Warp,
    /// By shared-memory phase: the thread (index into mode 0) within its warp, divided by the
    /// lanes one phase serves, `128 / max(4, access bytes)` (8 for 128-bit accesses, 16 for
    /// 64-bit, 32 otherwise; see [`crate::analysis::Instruction::lanes_per_phase`]).
    Phase,
}

impl Coloring {
    /// Every coloring, in the order front ends list them (the playground's menu).
    pub const ALL: [Coloring; 7] = [
        Coloring::Offset,
        Coloring::Tile,
        Coloring::Thread,
        Coloring::Value,
        Coloring::Bank,
        Coloring::Warp,
        Coloring::Phase,
    ];

    /// The name the command line (`--color NAME`) and the playground use.
    ///
    /// ```
    /// use cute_tools::render::Coloring;
    /// assert_eq!(Coloring::Bank.name(), "bank");
    /// assert!(Coloring::ALL.iter().all(|c| c.name().parse::<Coloring>() == Ok(*c)));
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Coloring::Offset => "offset",
            Coloring::Tile => "tile",
            Coloring::Thread => "thread",
            Coloring::Value => "value",
            Coloring::Bank => "bank",
            Coloring::Warp => "warp",
            Coloring::Phase => "phase",
        }
    }
}

impl FromStr for Coloring {
    type Err = LayoutError;

    /// A coloring by its [`Coloring::name`].
    ///
    /// ```
    /// use cute_tools::render::Coloring;
    /// assert_eq!("warp".parse::<Coloring>().unwrap(), Coloring::Warp);
    /// assert!("rainbow".parse::<Coloring>().unwrap_err().to_string().contains("rainbow"));
    /// ```
    fn from_str(s: &str) -> Result<Self> {
        Coloring::ALL
            .into_iter()
            .find(|c| c.name() == s.trim())
            .ok_or_else(|| LayoutError::InvalidArgument {
                op: "color",
                detail: format!("unknown coloring `{}`", cute_layout::limits::echo(s)),
                hint: "color by offset, tile, thread, value, bank or warp",
            })
    }
}

/// Which cells a picture highlights (the others are dimmed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Highlight {
    /// `thread:T`: the cells of thread `T` (the index into mode 0).
    Thread(i64),
    /// `value:V`: the cells of value `V` (the index into the other modes).
    Value(i64),
    /// `tile:K`: the cells of tile `K` (pictures with tiles).
    Tile(i64),
    /// A coordinate with `_`, e.g. `(_,3)`: the cells it slices.
    Slice(Coord),
}

impl FromStr for Highlight {
    type Err = LayoutError;

    /// `thread:T`, `value:V`, `tile:K`, or a coordinate such as `(_,3)` or `(1,(_,2))`.
    ///
    /// ```
    /// use cute_tools::render::Highlight;
    /// assert_eq!("thread:3".parse::<Highlight>().unwrap(), Highlight::Thread(3));
    /// assert!(matches!("(_,3)".parse::<Highlight>().unwrap(), Highlight::Slice(_)));
    /// assert!("warp:1".parse::<Highlight>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self> {
        let s = s.trim();
        let number = |k: &str| {
            k.trim()
                .parse::<i64>()
                .map_err(|_| LayoutError::InvalidArgument {
                    op: "highlight",
                    detail: format!(
                        "`{}`: `{}` is not an integer",
                        cute_layout::limits::echo(s),
                        cute_layout::limits::echo(k)
                    ),
                    hint: "write thread:T, value:V, tile:K or a coordinate such as (_,3)",
                })
        };
        match s.split_once(':') {
            Some(("thread", k)) => Ok(Highlight::Thread(number(k)?)),
            Some(("value", k)) => Ok(Highlight::Value(number(k)?)),
            Some(("tile", k)) => Ok(Highlight::Tile(number(k)?)),
            Some((what, _)) => Err(LayoutError::InvalidArgument {
                op: "highlight",
                detail: format!(
                    "`{}`: unknown kind `{}`",
                    cute_layout::limits::echo(s),
                    cute_layout::limits::echo(what)
                ),
                hint: "write thread:T, value:V, tile:K or a coordinate such as (_,3)",
            }),
            None => Ok(Highlight::Slice(s.parse()?)),
        }
    }
}

/// The options of every renderer (`grid`, `svg`/`png`, `latex`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// What the cells show.
    pub label: Label,
    /// How the cells are colored.
    pub coloring: Coloring,
    /// The cells to highlight, if any.
    pub highlight: Option<Highlight>,
    /// The element size in bytes, for [`Coloring::Bank`].
    pub elem_bytes: i64,
    /// The bytes one thread accesses at once, for [`Coloring::Phase`] (0: one element).
    pub access_bytes: i64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            label: Label::Offset,
            coloring: Coloring::Offset,
            highlight: None,
            elem_bytes: 4,
            access_bytes: 0,
        }
    }
}

/// What a renderer knows of one cell, to color and highlight it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellInfo {
    /// The 1-D index into the layout's domain.
    pub(crate) index: i64,
    /// The offset `L(index)`.
    pub(crate) offset: i64,
    /// The index into mode 0 and into the other modes.
    pub(crate) thread: i64,
    pub(crate) value: i64,
    /// The tile number, in pictures with tiles.
    pub(crate) tile: Option<i64>,
}

impl Options {
    /// The class of a cell under [`Options::coloring`] (the tile for `Tile`, `None` for
    /// `Offset`).
    pub(crate) fn class(&self, c: &CellInfo) -> Option<i64> {
        match self.coloring {
            Coloring::Offset => None,
            Coloring::Tile => c.tile,
            Coloring::Thread => Some(c.thread),
            Coloring::Value => Some(c.value),
            Coloring::Bank => Some(self.bank(c.offset)),
            Coloring::Warp => Some(c.index.div_euclid(32)),
            Coloring::Phase => {
                let bytes = if self.access_bytes > 0 {
                    self.access_bytes
                } else {
                    self.elem_bytes
                };
                Some(c.thread.rem_euclid(32) / (128 / bytes.clamp(4, 128)))
            }
        }
    }

    /// The shared-memory bank of `offset` (32 banks of 4 bytes): `offset * elem_bytes / 4 mod
    /// 32`.
    ///
    /// ```
    /// use cute_tools::render::Options;
    /// let o = Options { elem_bytes: 2, ..Options::default() };
    /// assert_eq!((o.bank(3), o.bank(64)), (1, 0));
    /// ```
    pub fn bank(&self, offset: i64) -> i64 {
        offset
            .saturating_mul(self.elem_bytes)
            .div_euclid(4)
            .rem_euclid(32)
    }

    /// Whether a cell is highlighted (`None`: nothing is highlighted). `shape` is the shape of
    /// the layout the cell belongs to.
    pub(crate) fn highlighted(&self, c: &CellInfo, shape: TreeRef<'_, Int>) -> Option<bool> {
        Some(match self.highlight.as_ref()? {
            Highlight::Thread(t) => c.thread == *t,
            Highlight::Value(v) => c.value == *v,
            Highlight::Tile(k) => c.tile == Some(*k),
            Highlight::Slice(coord) => slices(coord.as_ref(), shape, c.index),
        })
    }
}

/// Whether the element `index` of a layout of shape `shape` lies in the slice `coord`: `_`
/// takes every coordinate of its mode, an integer the one 1-D coordinate of its mode.
fn slices(coord: TreeRef<'_, CoordLeaf>, shape: TreeRef<'_, Int>, index: i64) -> bool {
    match coord.as_leaf() {
        Some(CoordLeaf::Underscore) => true,
        Some(CoordLeaf::Index(k)) => index == k.value(),
        None if shape.is_leaf() || shape.rank() != coord.rank() => false,
        None => {
            let mut rest = index;
            let last = shape.rank() - 1;
            shape
                .modes()
                .zip(coord.modes())
                .enumerate()
                .all(|(i, (s, c))| {
                    let size = s
                        .leaves()
                        .fold(1i64, |p, x| p.saturating_mul(x.value()))
                        .max(1);
                    let digit = if i == last { rest } else { rest % size };
                    rest /= size;
                    slices(c, s, digit)
                })
        }
    }
}

/// Checks that a slice highlight fits a layout of `shape` (same rank at every tuple).
pub(crate) fn check_highlight(opts: &Options, shape: TreeRef<'_, Int>) -> Result<()> {
    fn fits(c: TreeRef<'_, CoordLeaf>, s: TreeRef<'_, Int>) -> bool {
        c.is_leaf()
            || (!s.is_leaf()
                && s.rank() == c.rank()
                && s.modes().zip(c.modes()).all(|(s, c)| fits(c, s)))
    }
    match &opts.highlight {
        Some(Highlight::Slice(c)) if !fits(c.as_ref(), shape) => {
            Err(LayoutError::InvalidArgument {
                op: "highlight",
                detail: format!("the slice {c} does not match the shape {shape}"),
                hint: "give one entry per mode, e.g. (_,3) for a rank-2 layout",
            })
        }
        _ => Ok(()),
    }
}

/// Fails for options a TV picture cannot take: tile coloring or a `tile:K` highlight (a TV
/// layout has no tiles).
pub(crate) fn check_tv_options(
    layout_tv: &cute_layout::layout::Layout,
    options: &Options,
) -> Result<()> {
    if options.coloring == Coloring::Tile || matches!(options.highlight, Some(Highlight::Tile(_))) {
        return Err(LayoutError::InvalidArgument {
            op: "render",
            detail: format!("the TV layout {layout_tv} has no tiles"),
            hint: "color a TV layout by thread, value, warp or bank",
        });
    }
    Ok(())
}

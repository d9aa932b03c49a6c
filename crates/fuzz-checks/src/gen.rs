//! Structure-aware inputs: small layouts, tilers and coordinates drawn from fuzzer bytes, as
//! CuTe-notation text (so every input also goes through the one parser).

use arbitrary::{Arbitrary, Result, Unstructured};
use cute_layout::{Layout, Tiler};
use std::fmt;

/// Values outside the small range, drawn now and then: zero, negative, and near the limits.
const WILD: &[i64] = &[
    0,
    -1,
    -3,
    1 << 12,
    1 << 31,
    (1 << 62) + 1,
    i64::MAX,
    i64::MIN,
];

/// How static tags are given to a generated literal.
#[derive(Clone, Copy, Debug, Arbitrary)]
enum Tags {
    Dynamic,
    Static,
    Mixed,
}

/// One integer: mostly in `lo..=hi`, sometimes a [`WILD`] value.
fn int(u: &mut Unstructured<'_>, lo: i64, hi: i64, tags: Tags) -> Result<String> {
    let v = if u.ratio(1, 24)? {
        *u.choose(WILD)?
    } else {
        u.int_in_range(lo..=hi)?
    };
    let tag = match tags {
        Tags::Dynamic => false,
        Tags::Static => true,
        Tags::Mixed => u.arbitrary()?,
    };
    Ok(format!("{}{v}", if tag { "_" } else { "" }))
}

/// A shape and a congruent stride, depth at most 2 and at most 6 leaves.
fn tree(
    u: &mut Unstructured<'_>,
    depth: usize,
    leaves: &mut usize,
    tags: Tags,
) -> Result<(String, String)> {
    if depth >= 2 || *leaves >= 6 || u.ratio(1, 2)? {
        *leaves += 1;
        return Ok((int(u, 1, 8, tags)?, int(u, -4, 24, tags)?));
    }
    let rank = u.int_in_range(1..=3)?;
    let (mut s, mut d) = (Vec::new(), Vec::new());
    for _ in 0..rank {
        let (a, b) = tree(u, depth + 1, leaves, tags)?;
        s.push(a);
        d.push(b);
    }
    Ok((format!("({})", s.join(",")), format!("({})", d.join(","))))
}

/// A small layout, as text and parsed.
#[derive(Clone)]
pub struct SmallLayout {
    /// Its CuTe notation.
    pub text: String,
    /// The layout, or `None` where the parser refuses the text (the shape and stride trees are
    /// always congruent, but a wild value may be refused).
    pub layout: Option<Layout>,
}

impl<'a> Arbitrary<'a> for SmallLayout {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let tags = u.arbitrary()?;
        let (s, d) = tree(u, 0, &mut 0, tags)?;
        let text = format!("{s}:{d}");
        let layout = text.parse().ok();
        Ok(SmallLayout { text, layout })
    }
}

impl fmt::Debug for SmallLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A small tiler: a layout, a shape, or a by-mode tuple of both.
#[derive(Clone)]
pub struct SmallTiler {
    /// Its CuTe notation.
    pub text: String,
    /// The tiler, if the text parses.
    pub tiler: Option<Tiler>,
}

impl<'a> Arbitrary<'a> for SmallTiler {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let tags = u.arbitrary()?;
        let text = match u.int_in_range(0..=2)? {
            0 => SmallLayout::arbitrary(u)?.text,
            1 => {
                let (s, _) = tree(u, 1, &mut 0, tags)?;
                s
            }
            _ => {
                let rank = u.int_in_range(1..=3)?;
                let mut modes = Vec::new();
                for _ in 0..rank {
                    modes.push(if u.arbitrary()? {
                        let (s, d) = tree(u, 1, &mut 0, tags)?;
                        format!("{s}:{d}")
                    } else {
                        int(u, 1, 8, tags)?
                    });
                }
                format!("<{}>", modes.join(","))
            }
        };
        let tiler = text.parse().ok();
        Ok(SmallTiler { text, tiler })
    }
}

impl fmt::Debug for SmallTiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A small coordinate or int-tuple (possibly with `_`), as text.
#[derive(Clone)]
pub struct SmallCoord(pub String);

impl<'a> Arbitrary<'a> for SmallCoord {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        fn coord(u: &mut Unstructured<'_>, depth: usize) -> Result<String> {
            if depth >= 2 || u.ratio(1, 2)? {
                return if u.ratio(1, 5)? {
                    Ok("_".into())
                } else {
                    int(u, -1, 9, Tags::Mixed)
                };
            }
            let rank = u.int_in_range(1..=3)?;
            let parts = (0..rank)
                .map(|_| coord(u, depth + 1))
                .collect::<Result<Vec<_>>>()?;
            Ok(format!("({})", parts.join(",")))
        }
        Ok(SmallCoord(coord(u, 0)?))
    }
}

impl fmt::Debug for SmallCoord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A swizzle `Sw<B,M,S>` with small parameters (sometimes invalid ones).
#[derive(Clone)]
pub struct SmallSwizzle(pub String);

impl<'a> Arbitrary<'a> for SmallSwizzle {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let b = u.int_in_range(-1..=5)?;
        let m = u.int_in_range(-1..=5)?;
        let s = u.int_in_range(-6..=6)?;
        Ok(SmallSwizzle(format!("Sw<{b},{m},{s}>")))
    }
}

impl fmt::Debug for SmallSwizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One argument of any kind `cute eval` accepts.
#[derive(Clone, Debug, Arbitrary)]
pub enum SmallArg {
    /// A layout.
    Layout(SmallLayout),
    /// A tiler.
    Tiler(SmallTiler),
    /// A coordinate or int-tuple.
    Coord(SmallCoord),
    /// A small integer.
    Int(i8),
    /// A swizzle.
    Swizzle(SmallSwizzle),
    /// A swizzled layout `Sw<B,M,S> o OFFSET o L`.
    Composed(SmallSwizzle, u8, SmallLayout),
}

impl fmt::Display for SmallArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmallArg::Layout(l) => f.write_str(&l.text),
            SmallArg::Tiler(t) => f.write_str(&t.text),
            SmallArg::Coord(c) => f.write_str(&c.0),
            SmallArg::Int(i) => write!(f, "{i}"),
            SmallArg::Swizzle(s) => f.write_str(&s.0),
            SmallArg::Composed(s, o, l) => write!(f, "{} o {o} o {}", s.0, l.text),
        }
    }
}

//! Swizzles and composed layouts in text: `Sw<B,M,S>`, `Sw<B,M,S> o OFFSET o LAYOUT` and
//! `A o OFFSET o LAYOUT` with a layout `A`.

use super::Parser;
use crate::error::{LayoutError, Result};
use crate::swizzle::{AnyLayout, ComposedLayout, Outer, Swizzle};
use std::str::FromStr;

/// A swizzle literal or a composed layout, as parsed by [`parse_swizzled`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Swizzled {
    /// `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// `Sw<B,M,S> o OFFSET o LAYOUT` or `A o OFFSET o LAYOUT` with a layout `A`.
    Composed(Box<ComposedLayout>),
}

/// Parses `Sw<B,M,S>` (or `Swizzle<B,M,S>`, `Swizzle<B,M,S>{}`) optionally followed by ` o OFFSET o LAYOUT`, or a composed layout with a
/// layout as its outer function, `A o OFFSET o LAYOUT`.
///
/// # Errors
/// [`LayoutError::Parse`]; the errors of [`Swizzle::new`].
pub(crate) fn parse_swizzled(p: &mut Parser<'_>) -> Result<Swizzled> {
    let at = p.pos();
    if p.peek() != Some(b'S') {
        let a = p.layout()?;
        let cl = parse_composed_tail(p, Outer::from(a))?;
        return Ok(Swizzled::Composed(Box::new(cl)));
    }
    // CuTe notation `Sw<B,M,S>`, or C++'s `Swizzle<B,M,S>` (with an optional `{}`)
    if !matches!(p.ident()?, "Sw" | "Swizzle") {
        return Err(p.error("`Sw<B,M,S>`"));
    }
    p.expect(b'<')?;
    let mut v = [0i64; 3];
    for (k, x) in v.iter_mut().enumerate() {
        if k > 0 {
            p.expect(b',')?;
        }
        let t = p.int_tuple()?;
        *x = t.as_leaf().ok_or_else(|| p.error("an integer"))?.value();
    }
    p.expect(b'>')?;
    p.optional_braces()?;
    let sw = Swizzle::new(v[0], v[1], v[2]).map_err(|e| e.within(format!("at byte {at}")))?;
    if p.peek() != Some(b'o') {
        return Ok(Swizzled::Swizzle(sw));
    }
    let cl = parse_composed_tail(p, Outer::Swizzle(sw))?;
    Ok(Swizzled::Composed(Box::new(cl)))
}

/// Parses the ` o OFFSET o LAYOUT` (or ` o LAYOUT`, offset `_0`, as C++'s
/// `composition(Swizzle, Layout)`) that follows the outer function `outer` of a composed layout.
///
/// # Errors
/// [`LayoutError::Parse`].
pub(crate) fn parse_composed_tail(p: &mut Parser<'_>, outer: Outer) -> Result<ComposedLayout> {
    if p.peek() != Some(b'o') || p.ident()? != "o" {
        return Err(p.error("` o OFFSET o LAYOUT`"));
    }
    let at = p.pos();
    let first = p.int_tuple()?;
    if p.peek() != Some(b'o') {
        // `A o LAYOUT`: C++'s `composition(Swizzle, Layout)`, offset `_0`
        p.pos = at;
        let layout = p.layout()?;
        return Ok(ComposedLayout::with_outer(
            outer,
            crate::int::Int::fixed(0),
            layout,
        ));
    }
    let off = first
        .as_leaf()
        .ok_or_else(|| p.error("an integer offset"))?;
    if p.ident()? != "o" {
        return Err(p.error("`o`"));
    }
    let layout = p.layout()?;
    Ok(ComposedLayout::with_outer(outer, off, layout))
}

fn parse_all<T>(s: &str, f: impl FnOnce(Swizzled) -> Option<T>, what: &str) -> Result<T> {
    let mut p = Parser::new(s);
    let v = parse_swizzled(&mut p)?;
    p.end()?;
    f(v).ok_or_else(|| LayoutError::parse(s, s.len(), what))
}

impl FromStr for Swizzle {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(
            s,
            |v| match v {
                Swizzled::Swizzle(sw) => Some(sw),
                Swizzled::Composed(_) => None,
            },
            "a bare swizzle `Sw<B,M,S>`",
        )
    }
}

impl FromStr for ComposedLayout {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        parse_all(
            s,
            |v| match v {
                Swizzled::Composed(c) => Some(*c),
                Swizzled::Swizzle(_) => None,
            },
            "` o OFFSET o LAYOUT`",
        )
    }
}

impl FromStr for AnyLayout {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        if s.trim_start().starts_with("Sw") {
            return Ok(AnyLayout::Composed(s.parse()?));
        }
        let mut p = Parser::new(s);
        let a = p.layout()?;
        let l = if p.peek() == Some(b'o') {
            AnyLayout::Composed(parse_composed_tail(&mut p, Outer::from(a))?)
        } else {
            AnyLayout::Layout(a)
        };
        p.end()?;
        Ok(l)
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_composed_tail, parse_swizzled, Swizzled};
    use crate::notation::Parser;
    use crate::swizzle::Outer;
    use crate::Layout;

    #[test]
    fn a_swizzle_or_a_layout_followed_by_a_tail_is_a_composed_layout() {
        let mut p = Parser::new("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
        assert!(matches!(
            parse_swizzled(&mut p).unwrap(),
            Swizzled::Composed(_)
        ));
        let mut p = Parser::new("(_4,_2):(_2,_1) o _0 o _8:_1");
        assert!(matches!(
            parse_swizzled(&mut p).unwrap(),
            Swizzled::Composed(_)
        ));
    }

    #[test]
    fn a_tail_without_an_offset_has_offset_static_zero() {
        let mut p = Parser::new(" o 2 o _8:_1");
        let a = Outer::from("(_4,_2):(_2,_1)".parse::<Layout>().unwrap());
        let cl = parse_composed_tail(&mut p, a).unwrap();
        assert_eq!(cl.to_string(), "(_4,_2):(_2,_1) o 2 o _8:_1");
        let mut p = Parser::new(" o (8,8):(8,1)");
        let sw = Outer::Swizzle("Sw<3,4,3>".parse().unwrap());
        let cl = parse_composed_tail(&mut p, sw).unwrap();
        assert_eq!(cl.to_string(), "Sw<3,4,3> o _0 o (8,8):(8,1)");
    }
}

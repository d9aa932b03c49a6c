//! The notation parser, every value kind: whatever parses prints to text that parses back to
//! the same value and prints the same again (the printer and the parser agree).

use crate::Check;
use cute_layout::category::{NestedMorphism, TupleMorphism};
use cute_layout::{AnyLayout, ComposedLayout, Coord, IntTuple, Layout, Swizzle, Tiler};
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// The check of the `notation` target: the input, as text, through every kind's parser.
pub fn check(data: &[u8]) -> Check {
    let Ok(s) = std::str::from_utf8(data) else {
        return Ok(());
    };
    roundtrip::<IntTuple>("int-tuple", s)?;
    roundtrip::<Coord>("coordinate", s)?;
    roundtrip::<Layout>("layout", s)?;
    roundtrip::<Tiler>("tiler", s)?;
    roundtrip::<Swizzle>("swizzle", s)?;
    roundtrip::<ComposedLayout>("composed layout", s)?;
    roundtrip::<AnyLayout>("any layout", s)?;
    roundtrip::<NestedMorphism>("nested morphism", s)?;
    roundtrip::<TupleMorphism>("tuple morphism", s)?;
    // Any value's literal: parsing must not panic.
    let _ = s.parse::<cute_layout::value::Value>();
    Ok(())
}

/// If `s` parses as a `T`, its printed text parses back to the same value and prints the same.
fn roundtrip<T>(kind: &str, s: &str) -> Check
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    let Ok(v) = s.parse::<T>() else {
        return Ok(());
    };
    let printed = v.to_string();
    match printed.parse::<T>() {
        Ok(w) if w == v && w.to_string() == printed => Ok(()),
        Ok(w) => Err(format!(
            "{kind}: {s:?} parses to {v:?}, printed {printed:?}, which parses to {w:?} (printed {:?})",
            w.to_string()
        )),
        Err(e) => Err(format!(
            "{kind}: {s:?} parses, but its printed form {printed:?} does not: {e}"
        )),
    }
}

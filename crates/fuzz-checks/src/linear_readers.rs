//! The readers of the whitepaper's F2 strides and of Triton's linear layouts: whatever parses
//! prints to text that parses back to the same value (as the `notation` target checks for the
//! other kinds), and what it means holds:
//! - an F2 layout equals, at every index, the swizzled layout `to_swizzled` converts it to;
//! - a linear layout's inverse (where it is invertible) undoes it on every input;
//! - a Triton layout converts to a linear layout over a small shape, or refuses by a value.

use crate::Check;
use cute_layout::f2::F2Layout;
use cute_layout::linear::triton::TritonLayout;
use cute_layout::linear::LinearLayout;
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// The most indices or inputs a case checks one by one.
const CASE_LIMIT: i64 = 1 << 12;

/// The check of the `linear_readers` target: the input, as text, through the three readers.
pub fn check(data: &[u8]) -> Check {
    let Ok(s) = std::str::from_utf8(data) else {
        return Ok(());
    };
    if let Some(f) = roundtrip::<F2Layout>("F2 layout", s)? {
        f2_is_its_swizzle(s, &f)?;
    }
    if let Some(l) = roundtrip::<LinearLayout>("linear layout", s)? {
        inverse_undoes(s, &l)?;
    }
    if let Some(t) = roundtrip::<TritonLayout>("Triton layout", s)? {
        for shape in [[4u64, 4], [16, 16], [64, 32]] {
            // a value or a refusal; a panic is the failure
            let _ = t.to_linear_layout(&shape);
        }
    }
    Ok(())
}

/// If `s` parses as a `T`, its printed text parses back to the same value and prints the same.
fn roundtrip<T>(kind: &str, s: &str) -> Result<Option<T>, String>
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    let Ok(v) = s.parse::<T>() else {
        return Ok(None);
    };
    let printed = v.to_string();
    match printed.parse::<T>() {
        Ok(w) if w == v && w.to_string() == printed => Ok(Some(v)),
        Ok(w) => Err(format!(
            "{kind}: {s:?} parses to {v:?}, printed {printed:?}, which parses to {w:?}"
        )),
        Err(e) => Err(format!(
            "{kind}: {s:?} parses, but its printed form {printed:?} does not: {e}"
        )),
    }
}

/// `to_swizzled(F)`, where it converts, has F's offset at every index.
fn f2_is_its_swizzle(s: &str, f: &F2Layout) -> Check {
    let Ok(n) = f.size().map(|n| n.value()) else {
        return Ok(());
    };
    if n > CASE_LIMIT {
        return Ok(());
    }
    let Ok(sw) = f.to_swizzled() else {
        return Ok(());
    };
    for i in 0..n {
        let (Ok(a), Ok(b)) = (f.eval(i), sw.eval(i)) else {
            continue;
        };
        if a != b {
            return Err(format!(
                "{s:?}: F2 offset {a} at index {i}, but its swizzled form {sw} gives {b}"
            ));
        }
    }
    Ok(())
}

/// Where `L` is invertible, `invert(L)(L(x)) = x` for every input `x`, both read flat (inputs
/// minor to major, the first output dimension in the lowest bits).
fn inverse_undoes(s: &str, l: &LinearLayout) -> Check {
    if !l.is_invertible() || l.total_in_bits() > 12 {
        return Ok(());
    }
    let inv = l
        .invert()
        .map_err(|e| format!("{s:?} is invertible but invert refuses it: {e}"))?;
    let (f, g) = (l.flat_bases(), inv.flat_bases());
    let flat = |bases: &[u64], x: u64| {
        (0..bases.len())
            .filter(|b| x >> b & 1 == 1)
            .fold(0, |acc, b| acc ^ bases[b])
    };
    for x in 0..1u64 << f.len() {
        let back = flat(&g, flat(&f, x));
        if back != x {
            return Err(format!("{s:?}: invert({l}) maps L({x}) back to {back}"));
        }
    }
    Ok(())
}

//! The reader of symbolic extents (`(M,N):(1,M)`, `M/128`, `M=256`): whatever parses prints to
//! text that parses back to the same value, and what it means holds:
//! - its assumptions are those of its leaves, and at values that meet them every leaf is an
//!   integer (substitution succeeds);
//! - the operations on it (`size`, `cosize`, `coalesce`, `complement`, `logical_divide` by a
//!   tile) return a value or a refusal, and where one succeeds at values that meet its
//!   assumptions, its substituted result is what the integer algebra gives there.

use crate::Check;
use cute_layout::symbolic::{self as sym, Assumptions, SymLayout, SymTiler, SymValue, Symbolic};
use std::collections::BTreeMap;

/// The values each symbol is given, one set at a time.
const VALUES: [i64; 4] = [1, 2, 128, 384];

/// The check of the `symbolic` target: the input, as text, through the symbolic reader.
pub fn check(data: &[u8]) -> Check {
    let Ok(s) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let Ok(v) = s.parse::<Symbolic>() else {
        return Ok(());
    };
    let printed = v.value.to_string();
    match printed.parse::<Symbolic>() {
        Ok(w) if w.value == v.value && w.value.to_string() == printed => {}
        Ok(w) => {
            return Err(format!(
                "{s:?} parses to {v:?}, printed {printed:?}, which parses to {w:?}"
            ))
        }
        Err(e) => {
            return Err(format!(
                "{s:?} parses, but its printed form {printed:?} does not: {e}"
            ))
        }
    }
    let symbols = v.symbols();
    if symbols.len() > 4 {
        return Ok(());
    }
    for &x in &VALUES {
        let at: BTreeMap<String, i64> = symbols.iter().map(|s| (s.clone(), x)).collect();
        if v.assumptions.hold(&at) == Ok(true) && !matches!(v.value, SymValue::Binding(..)) {
            match v.subs(&at) {
                Ok(_) | Err(cute_layout::LayoutError::Overflow { .. }) => {}
                Err(e) => return Err(format!("{s:?} at {at:?} meets {}, but: {e}", v.assumptions)),
            }
        }
    }
    if let SymValue::Layout(l) = &v.value {
        operations(s, l, &v.assumptions, &symbols)?;
    }
    Ok(())
}

/// The operations on a symbolic layout, each checked against the integer algebra where it
/// succeeds.
fn operations(s: &str, l: &SymLayout, read: &Assumptions, symbols: &[String]) -> Check {
    let _ = (sym::size(l), sym::cosize(l));
    let tile = SymTiler::from_tuple(&"(2,4)".parse().expect("a tuple"));
    type Op =
        fn(&SymLayout, &SymTiler, &mut Assumptions) -> Result<SymLayout, cute_layout::LayoutError>;
    let ops: [(&str, Op); 3] = [
        ("coalesce", |l, _, a| sym::coalesce(l, a)),
        ("logical_divide", |l, t, a| sym::logical_divide(l, t, a)),
        ("complement", |l, _, a| {
            sym::complement(l, &sym::cosize(l)?, a)
        }),
    ];
    for (name, op) in ops {
        let mut assumed = read.clone();
        let Ok(r) = op(l, &tile, &mut assumed) else {
            continue;
        };
        for &x in &VALUES {
            let at: BTreeMap<String, i64> = symbols.iter().map(|s| (s.clone(), x)).collect();
            if assumed.hold(&at) != Ok(true) {
                continue;
            }
            let (Ok(got), Ok(il)) = (r.eval(&at), l.eval(&at)) else {
                continue;
            };
            let expected = match name {
                "coalesce" => cute_layout::coalesce(&il),
                "logical_divide" => {
                    cute_layout::logical_divide(&il, &"(2,4)".parse().expect("a tiler"))
                }
                _ => il
                    .cosize()
                    .and_then(|n| cute_layout::complement(&il, &cute_layout::IntTuple::leaf(n))),
            };
            let Ok(expected) = expected else { continue };
            // as functions: the static tags of a symbolic result may differ where a symbol is 1
            let (Ok(n), Ok(m)) = (got.size(), expected.size()) else {
                continue;
            };
            let differs = n.value() != m.value()
                || (0..n.value().min(64)).any(|i| got.eval(i).ok() != expected.eval(i).ok());
            if differs {
                return Err(format!(
                    "{name}({s}) = {r} assuming {assumed}; at {at:?} that is {got}, the integer algebra gives {expected}"
                ));
            }
        }
    }
    Ok(())
}

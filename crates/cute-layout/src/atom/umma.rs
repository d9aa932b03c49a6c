//! SM100 UMMA (`tcgen05.mma`) atoms whose traits are plain layouts (`mma_traits_sm100.hpp`):
//! the dense `TF32`, `F16BF16` and `S8` operations, A from shared memory (`_SS`) or tensor
//! memory (`_TS`), on one CTA or a pair (`_2x1SM`).
//!
//! C++ names them by template arguments, `SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,
//! UMMA::Major::K,UMMA::Major::MN>` (A, B and C types, `M`, `N`, A's and B's majorness), so
//! they are built by rule from a name rather than listed: `K` is 256 bits of A's type; one CTA
//! is one "thread" holding the whole tile, `(_1,(M,K)):(_0,(_1,M))`; a CTA pair is two, each
//! holding half of M (of N for B), `(_2,(M/2,K)):(M/2,(_1,M))`. The C++ `static_assert`s on
//! the types, `M`, `N` and the majorness of a tensor-memory A are errors here. The scaled,
//! sparse, block-scaled and `F8F6F4` forms (other template parameters, or traits that are not
//! plain types) are not covered. A few of each family are listed by [`umma_names`] (and so by
//! `cute atoms` and checked against C++); every other valid name is accepted by [`umma_atom`].

use super::{MmaAtom, MmaTypes, ValueType};
use crate::error::{LayoutError, Result};
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// A UMMA family: its tag in the name, the A/B types it takes, and its accumulator types.
struct Family {
    tag: &'static str,
    ab: &'static [(&'static str, ValueType)],
    c: &'static [(&'static str, ValueType)],
}

const FAMILIES: [Family; 3] = [
    Family {
        tag: "TF32",
        ab: &[("tfloat32_t", ValueType::TFloat32)],
        c: &[("float", ValueType::Float)],
    },
    Family {
        tag: "F16BF16",
        ab: &[
            ("half_t", ValueType::Half),
            ("bfloat16_t", ValueType::BFloat16),
        ],
        c: &[("float", ValueType::Float), ("half_t", ValueType::Half)],
    },
    Family {
        tag: "S8",
        ab: &[("int8_t", ValueType::Int8), ("uint8_t", ValueType::UInt8)],
        c: &[("int32_t", ValueType::Int32)],
    },
];

/// One UMMA operation, decoded from its name: what its layouts depend on.
struct Umma {
    pair: bool,
    types: MmaTypes,
    m: i64,
    n: i64,
}

/// The UMMA operations listed in the catalogue: per family, source of A and CTA count, the
/// smallest and largest `N` for each `M`, K-major and MN-major operands (A K-major when it is
/// in tensor memory), and a few type combinations.
pub(super) fn umma_names() -> Vec<String> {
    let mut out = Vec::new();
    for family in &FAMILIES {
        for (pair, src) in [(false, "SS"), (false, "TS"), (true, "SS"), (true, "TS")] {
            let cta = if pair { "_2x1SM" } else { "" };
            for (a, b, c) in listed_types(family) {
                for m in if pair { [128, 256] } else { [64, 128] } {
                    let n_min = (8..=256)
                        .step_by(8)
                        .find(|&n| n_rule(family.tag, pair, src == "TS", m, n).is_ok())
                        .unwrap_or(256);
                    for n in [n_min, 256] {
                        for (ma, mb) in [("K", "K"), (if src == "TS" { "K" } else { "MN" }, "MN")] {
                            out.push(format!(
                                "SM100_MMA_{}{cta}_{src}<{a},{b},{c},{m},{n},UMMA::Major::{ma},UMMA::Major::{mb}>",
                                family.tag
                            ));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The type triples listed for a family: every A type with itself and the first accumulator,
/// and the first A type with every other accumulator.
fn listed_types(f: &Family) -> Vec<(&str, &str, &str)> {
    let mut out: Vec<_> = f.ab.iter().map(|(t, _)| (*t, *t, f.c[0].0)).collect();
    out.extend(f.c[1..].iter().map(|(c, _)| (f.ab[0].0, f.ab[0].0, *c)));
    out
}

/// Whether `name` is spelled as a UMMA operation of the covered families (whatever its
/// arguments).
pub(super) fn is_umma_name(name: &str) -> bool {
    split_name(name).is_some()
}

/// The atom of a UMMA operation named as the catalogue spells it (types as CuTe names them,
/// `UMMA::Major::K`/`MN`), or `None` if `name` is not a covered UMMA name.
pub(super) fn umma_atom(name: &str) -> Option<Result<MmaAtom>> {
    let (family, pair, tmem_a, args) = split_name(name)?;
    Some(decode(family, pair, tmem_a, &args, name).and_then(|u| u.atom(name)))
}

/// `SM100_MMA_<TAG>[_2x1SM]_<SS|TS><ARGS>` → the family, pair, A in tensor memory, arguments.
fn split_name(name: &str) -> Option<(&'static Family, bool, bool, Vec<&str>)> {
    let rest = name.strip_prefix("SM100_MMA_")?;
    let (head, args) = rest.split_once('<')?;
    let args = args.strip_suffix('>')?;
    let (tag, src) = head.rsplit_once('_')?;
    let tmem_a = match src {
        "SS" => false,
        "TS" => true,
        _ => return None,
    };
    let (tag, pair) = match tag.strip_suffix("_2x1SM") {
        Some(t) => (t, true),
        None => (tag, false),
    };
    let family = FAMILIES.iter().find(|f| f.tag == tag)?;
    Some((family, pair, tmem_a, args.split(',').collect()))
}

fn decode(family: &Family, pair: bool, tmem_a: bool, args: &[&str], name: &str) -> Result<Umma> {
    let [a, b, c, m, n, major_a, major_b] = args else {
        return Err(bad(
            name,
            format!("{} template arguments", args.len()),
            "write <A,B,C,M,N,UMMA::Major::A,UMMA::Major::B> (the defaulted negation and saturation arguments are not read)",
        ));
    };
    let ty = |t: &str, allowed: &[(&str, ValueType)], what: &str| {
        allowed
            .iter()
            .find(|(n, _)| *n == t)
            .map(|(_, v)| *v)
            .ok_or_else(|| {
                bad(
                    name,
                    format!("{what} type `{t}` is not one of {}", list(allowed)),
                    TYPES_HINT,
                )
            })
    };
    let (ta, tb, tc) = (
        ty(a, family.ab, "A")?,
        ty(b, family.ab, "B")?,
        ty(c, family.c, "C")?,
    );
    if family.tag != "S8" && ta != tb {
        return Err(bad(name, format!("A is `{a}` and B `{b}`"), TYPES_HINT));
    }
    let int = |s: &str| {
        s.parse::<i64>().map_err(|_| {
            bad(
                name,
                format!("`{s}` is not an integer"),
                "M and N are integers",
            )
        })
    };
    let (m, n) = (int(m)?, int(n)?);
    let majors = [*major_a, *major_b].map(|x| x.strip_prefix("UMMA::Major::"));
    let [Some(major_a @ ("K" | "MN")), Some("K" | "MN")] = majors else {
        return Err(bad(
            name,
            format!("majors `{major_a}`, `{major_b}`"),
            "majorness is UMMA::Major::K or UMMA::Major::MN",
        ));
    };
    n_rule(family.tag, pair, tmem_a, m, n)
        .map_err(|cond| bad(name, format!("M = {m}, N = {n}"), cond))?;
    if tmem_a && major_a != "K" {
        return Err(bad(
            name,
            "A in tensor memory is MN-major".into(),
            "A from TMEM can't be transposed: UMMA::Major::K",
        ));
    }
    let types = MmaTypes {
        d: tc,
        a: ta,
        b: tb,
        c: tc,
    };
    Ok(Umma { pair, types, m, n })
}

const TYPES_HINT: &str = "TF32 takes tfloat32_t -> float; F16BF16 half_t or bfloat16_t (A = B) -> float or half_t; S8 int8_t or uint8_t -> int32_t";

fn list(allowed: &[(&str, ValueType)]) -> String {
    allowed
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// C++'s `static_assert`s on `M` and `N` (`mma_sm100_umma.hpp`); the violated condition.
fn n_rule(
    tag: &str,
    pair: bool,
    tmem_a: bool,
    m: i64,
    n: i64,
) -> std::result::Result<(), &'static str> {
    let steps = |step: i64, lo: i64| n % step == 0 && (lo..=256).contains(&n);
    match (pair, tag, tmem_a) {
        (false, _, _) if m != 64 && m != 128 => Err("M is 64 or 128 for 1 CTA cluster MMA"),
        (true, _, _) if m != 128 && m != 256 => Err("M is 128 or 256 for 2 CTA cluster MMA"),
        (false, "S8", _) if !(n == 8 || steps(16, 16)) => Err("N is 8 or a multiple of 16 between 16 and 256"),
        (false, "S8", _) => Ok(()),
        (false, _, true) if !(m == 64 && steps(8, 8) || m == 128 && steps(16, 16)) => {
            Err("N is a multiple of 8 between 8 and 256 for M=64, or of 16 between 16 and 256 for M=128")
        }
        (false, _, _) if !steps(8, 8) => Err("N is a multiple of 8 between 8 and 256"),
        (true, "S8", _) | (true, _, true) if !steps(32, 32) => Err("N is a multiple of 32 between 32 and 256"),
        (true, _, _) if !steps(16, 16) => Err("N is a multiple of 16 between 16 and 256"),
        _ => Ok(()),
    }
}

impl Umma {
    fn atom(&self, name: &str) -> Result<MmaAtom> {
        let k = 256 / self.types.a.bits();
        let (m, n) = (self.m, self.n);
        let (thr_id, a, b, c) = if self.pair {
            let (hm, hn) = (m / 2, n / 2);
            (
                "_2:_1".to_string(),
                format!("(_2,(_{hm},_{k})):(_{hm},(_1,_{m}))"),
                format!("(_2,(_{hn},_{k})):(_{hn},(_1,_{n}))"),
                format!("(_2,(_{hm},_{n})):(_{hm},(_1,_{m}))"),
            )
        } else {
            (
                "_1:_0".to_string(),
                format!("(_1,(_{m},_{k})):(_0,(_1,_{m}))"),
                format!("(_1,(_{n},_{k})):(_0,(_1,_{n}))"),
                format!("(_1,(_{m},_{n})):(_0,(_1,_{m}))"),
            )
        };
        Ok(MmaAtom {
            name: name.to_string(),
            types: self.types,
            shape_mnk: format!("(_{m},_{n},_{k})").parse::<IntTuple>()?,
            thr_id: thr_id.parse::<Layout>()?,
            layout_a: a.parse()?,
            layout_b: b.parse()?,
            layout_c: c.parse()?,
        })
    }
}

fn bad(name: &str, detail: String, hint: &'static str) -> LayoutError {
    LayoutError::InvalidArgument {
        op: "MMA_Atom",
        detail: format!("`{name}`: {detail}"),
        hint,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_names_build() {
        let names = umma_names();
        assert!(names.len() > 100);
        for n in &names {
            assert!(umma_atom(n).expect("a UMMA name").is_ok(), "{n}");
        }
    }

    #[test]
    fn pair_layouts_split_m_and_n() {
        let atom = umma_atom(
            "SM100_MMA_S8_2x1SM_TS<uint8_t,int8_t,int32_t,128,32,UMMA::Major::K,UMMA::Major::MN>",
        )
        .expect("a UMMA name")
        .expect("valid");
        assert_eq!(atom.shape_mnk.to_string(), "(_128,_32,_32)");
        assert_eq!(atom.layout_b.to_string(), "(_2,(_16,_32)):(_16,(_1,_32))");
    }

    #[test]
    fn static_asserts_are_errors() {
        for bad in [
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,96,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,12,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_F16BF16_TS<half_t,half_t,float,128,8,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_F16BF16_TS<half_t,half_t,float,128,64,UMMA::Major::MN,UMMA::Major::K>",
            "SM100_MMA_F16BF16_SS<half_t,bfloat16_t,float,128,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_S8_2x1SM_SS<int8_t,int8_t,int32_t,128,48,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_TF32_SS<float,float,float,128,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::K>",
        ] {
            assert!(umma_atom(bad).expect("a UMMA name").is_err(), "{bad}");
        }
        assert!(umma_atom("SM100_MMA_F8F6F4_SS<x>").is_none());
    }
}

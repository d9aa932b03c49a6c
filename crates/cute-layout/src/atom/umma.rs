//! SM100 UMMA (`tcgen05.mma`) atoms and SM103's `MXF4_ULTRA`, built by rule from their
//! template arguments (`mma_traits_sm100.hpp`, `mma_sm100_umma.hpp`, CUTLASS 4.2).
//!
//! Every UMMA of the 4.2 headers has plain layouts, printed host-only by
//! `print(MMA_Atom<...>{})`: one CTA is one "thread" holding the whole tile,
//! `(_1,(M,K)):(_0,(_1,M))`; a CTA pair (`_2x1SM`) is two, each holding half of M (of N for
//! B), `(_2,(M/2,K)):(M/2,(_1,M))`. Only `K` depends on the kind of instruction: 256 bits of
//! A's type for `TF32`, `F16BF16` and `S8`; 32 for `F8F6F4` and `MXF8F6F4` (any type of at most
//! 8 bits), 64 for `MXF4`, 96 for SM103 `MXF4_ULTRA`; twice that for the `_SPARSE` forms (whose
//! metadata operand `E` is not part of the printed atom). The `_SCALED` forms take an extra
//! `ScaleC`, the block-scaled ones (`MX...`) a scale-factor type and, for the 4-bit ones, the
//! scale vector size `VS`; neither changes a layout.
//!
//! C++ names them by template arguments, `SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,
//! UMMA::Major::K,UMMA::Major::MN>`; `SM100_MMA_F8F6F4_SS` and `_2x1SM_SS` are plain structs
//! whose traits take the arguments, `MMA_Traits<SM100_MMA_F8F6F4_SS,A,B,C,C<M>,C<N>,
//! integral_constant<UMMA::Major,..>,..,integral_constant<UMMA::ScaleIn,..>,..>` (their
//! short spelling `SM100_MMA_F8F6F4_SS<A,B,C,M,N,MA,MB>` is read as that). What C++ refuses
//! at compile time is an error here: the `static_assert`s on `M`, `N`, `VS`, the majorness
//! and the operand widths, and the types `to_UMMAFormat`, `to_CFormat` and `to_ScaleFormat`
//! do not know. C++ accepts more than the hardware runs (`half_t` A with `bfloat16_t` B, an
//! `int32_t` accumulator for `TF32`, any `M` for `MXF4NVF4_2x1SM_SS_SPARSE`); so does this
//! module, except that a `_2x1SM` `M` below 2 (a zero or negative extent) is refused. A few
//! names of each operation are listed by [`umma_names`] (and so by `cute atoms` and checked
//! against C++); every other valid name is accepted by [`umma_atom`].

use super::{MmaAtom, MmaTypes, ValueType};
use crate::error::{LayoutError, Result};
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// The kind of instruction (`tcgen05.mma .kind::`), named as in the operation's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Tf32,
    F16Bf16,
    S8,
    F8F6F4,
    MxF8F6F4,
    MxF4,
    MxF4NvF4,
    /// SM103's `MXF4_ULTRA` (`SM103::SM103_MXF4_ULTRA_SS_VS`).
    Mxf4Ultra,
}

const KINDS: [Kind; 8] = [
    Kind::Tf32,
    Kind::F16Bf16,
    Kind::S8,
    Kind::F8F6F4,
    Kind::MxF8F6F4,
    Kind::MxF4,
    Kind::MxF4NvF4,
    Kind::Mxf4Ultra,
];

/// Plain, `_SCALED` (an extra `ScaleC`) or `_SPARSE` (twice K).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Variant {
    Dense,
    Scaled,
    Sparse,
}

/// A UMMA operation: kind, CTA pair, A in tensor memory (`_TS`) or shared memory (`_SS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Op {
    kind: Kind,
    pair: bool,
    tmem_a: bool,
    variant: Variant,
}

/// The types `to_UMMAFormat` knows (`mma_sm100_desc.hpp`): UMMA's operand types.
const OPERAND_TYPES: [ValueType; 10] = {
    use ValueType::*;
    [
        Half, BFloat16, TFloat32, UInt8, Int8, E4M3, E5M2, E2M3, E3M2, E2M1,
    ]
};
/// The accumulator types `to_CFormat` knows.
const ACC_TYPES: [ValueType; 3] = [ValueType::Half, ValueType::Float, ValueType::Int32];
/// The scale-factor types `to_ScaleFormat` knows.
const SF_TYPES: [ValueType; 2] = [ValueType::UE4M3, ValueType::UE8M0];

impl Kind {
    fn tag(self) -> &'static str {
        match self {
            Kind::Tf32 => "TF32",
            Kind::F16Bf16 => "F16BF16",
            Kind::S8 => "S8",
            Kind::F8F6F4 => "F8F6F4",
            Kind::MxF8F6F4 => "MXF8F6F4",
            Kind::MxF4 => "MXF4",
            Kind::MxF4NvF4 => "MXF4NVF4",
            Kind::Mxf4Ultra => "MXF4_ULTRA",
        }
    }

    /// Block-scaled: a scale-factor type after C (and no `to_CFormat` check on C).
    fn block_scaled(self) -> bool {
        matches!(
            self,
            Kind::MxF8F6F4 | Kind::MxF4 | Kind::MxF4NvF4 | Kind::Mxf4Ultra
        )
    }

    /// A scale vector size `VS` after N.
    fn has_vs(self) -> bool {
        matches!(self, Kind::MxF4 | Kind::MxF4NvF4 | Kind::Mxf4Ultra)
    }

    /// The traits' `static_assert` on `sizeof_bits` of A and B: the condition, or `None`.
    fn width_rule(self, a: i64, b: i64) -> Option<std::result::Result<(), &'static str>> {
        let ok = |c: bool, msg| Some(if c { Ok(()) } else { Err(msg) });
        match self {
            Kind::Tf32 => ok(a == 32 && b == 32, "A and B are 32-bit types"),
            Kind::F16Bf16 => ok(a == 16 && b == 16, "A and B are 16-bit types"),
            Kind::S8 => ok(a == 8 && b == 8, "A and B are 8-bit types"),
            Kind::F8F6F4 | Kind::MxF8F6F4 => ok(a <= 8 && b <= 8, "A and B have at most 8 bits"),
            Kind::MxF4 | Kind::MxF4NvF4 => ok(a == 4 && b == 4, "A and B are 4-bit types"),
            Kind::Mxf4Ultra => None,
        }
    }

    /// `K` of the dense instruction: 256 bits of A for the kinds whose types have one
    /// width; a constant for the others.
    fn dense_k(self, a_bits: i64) -> i64 {
        match self {
            Kind::Tf32 | Kind::F16Bf16 | Kind::S8 => 256 / a_bits,
            Kind::F8F6F4 | Kind::MxF8F6F4 => 32,
            Kind::MxF4 | Kind::MxF4NvF4 => 64,
            Kind::Mxf4Ultra => 96,
        }
    }

    /// The operation names C++ declares for this kind: (A in tensor memory, variant).
    fn forms(self) -> &'static [(bool, Variant)] {
        use Variant::*;
        match self {
            Kind::Tf32 | Kind::S8 | Kind::F8F6F4 => {
                &[(false, Dense), (true, Dense), (false, Sparse)]
            }
            Kind::F16Bf16 => &[
                (false, Dense),
                (true, Dense),
                (false, Scaled),
                (true, Scaled),
                (false, Sparse),
            ],
            Kind::MxF8F6F4 => &[(false, Dense), (false, Sparse)],
            Kind::MxF4 | Kind::Mxf4Ultra => &[(false, Dense)],
            Kind::MxF4NvF4 => &[(false, Sparse)],
        }
    }
}

impl Op {
    /// Every operation of the headers.
    fn all() -> impl Iterator<Item = Op> {
        KINDS.into_iter().flat_map(|kind| {
            kind.forms().iter().flat_map(move |&(tmem_a, variant)| {
                [false, true].map(|pair| Op {
                    kind,
                    pair,
                    tmem_a,
                    variant,
                })
            })
        })
    }

    /// The name of the operation (its C++ struct), e.g. `SM100_MMA_F16BF16_2x1SM_TS_SCALED`.
    fn struct_name(self) -> String {
        let cta = if self.pair { "_2x1SM" } else { "" };
        if self.kind == Kind::Mxf4Ultra {
            return format!("SM103::SM103_MXF4_ULTRA{cta}_SS_VS");
        }
        let src = if self.tmem_a { "TS" } else { "SS" };
        let suffix = match self.variant {
            Variant::Dense => "",
            Variant::Scaled => "_SCALED",
            Variant::Sparse => "_SPARSE",
        };
        format!("SM100_MMA_{}{cta}_{src}{suffix}", self.kind.tag())
    }

    /// `SM100_MMA_F8F6F4_SS` and its pair are plain structs: the arguments go to `MMA_Traits`.
    fn traits_form(self) -> bool {
        self.kind == Kind::F8F6F4 && !self.tmem_a && self.variant == Variant::Dense
    }

    /// The defaulted arguments after the majors (and `ScaleC`), as C++ declares them.
    fn tail(self) -> &'static [Tail] {
        if self.tmem_a {
            &[Tail::ScaleIn, Tail::ScaleIn, Tail::Saturate]
        } else if self.kind == Kind::S8 {
            &[Tail::Saturate]
        } else {
            &[Tail::ScaleIn, Tail::ScaleIn]
        }
    }

    /// The template parameters, as the error for a wrong count spells them.
    fn signature(self) -> String {
        let mut p = vec!["A", "B", "C"];
        p.extend(self.kind.block_scaled().then_some("SF"));
        p.extend(["M", "N"]);
        p.extend(self.kind.has_vs().then_some("VS"));
        p.extend(["UMMA::Major::A", "UMMA::Major::B"]);
        p.extend((self.variant == Variant::Scaled).then_some("ScaleC"));
        let tail: Vec<&str> = self.tail().iter().map(|t| t.param()).collect();
        if self.traits_form() {
            p.extend(&tail);
            return format!("<{}>", p.join(","));
        }
        format!("<{}[,{}]>", p.join(","), tail.join(","))
    }
}

/// A defaulted trailing argument: `UMMA::ScaleIn` (negate A or B) or `UMMA::Saturate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tail {
    ScaleIn,
    Saturate,
}

impl Tail {
    fn param(self) -> &'static str {
        match self {
            Tail::ScaleIn => "UMMA::ScaleIn",
            Tail::Saturate => "UMMA::Saturate",
        }
    }

    fn values(self) -> [&'static str; 2] {
        match self {
            Tail::ScaleIn => ["UMMA::ScaleIn::One", "UMMA::ScaleIn::Neg"],
            Tail::Saturate => ["UMMA::Saturate::False", "UMMA::Saturate::True"],
        }
    }
}

/// One UMMA, decoded from its name.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Umma {
    op: Op,
    a: ValueType,
    b: ValueType,
    c: ValueType,
    sf: Option<ValueType>,
    m: i64,
    n: i64,
    vs: Option<i64>,
    major_a: Major,
    major_b: Major,
    scale_c: Option<u32>,
    /// The trailing arguments given (canonical spelling).
    tail: Vec<&'static str>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Major {
    K,
    Mn,
}

impl Major {
    fn name(self) -> &'static str {
        match self {
            Major::K => "UMMA::Major::K",
            Major::Mn => "UMMA::Major::MN",
        }
    }
}

/// The UMMA operations listed in the catalogue: for each operation, a few type combinations,
/// the smallest and largest valid `M`, the smallest valid and the largest `N`, K-major and
/// MN-major operands (as far as the operation allows them).
pub(super) fn umma_names() -> Vec<String> {
    let mut out = Vec::new();
    for op in Op::all() {
        for proto in listed(op) {
            let candidates = if op.pair { [128, 256] } else { [64, 128] };
            let ms = candidates.into_iter().filter(|&m| m_rule(op, m).is_ok());
            for m in ms {
                for (ma, mb) in [(Major::K, Major::K), (Major::Mn, Major::Mn)] {
                    let ma = if op.tmem_a { Major::K } else { ma };
                    let u = Umma {
                        m,
                        major_a: ma,
                        major_b: mb,
                        ..proto.clone()
                    };
                    let valid = |n| Umma { n, ..u.clone() }.check().is_ok();
                    let Some(n_min) = (8..=256).step_by(8).find(|&n| valid(n)) else {
                        continue;
                    };
                    for n in [n_min, 256] {
                        let name = Umma { n, ..u.clone() }.cpp_name();
                        if !out.contains(&name) {
                            out.push(name);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The type combinations listed for an operation (M, N and majors to be filled in).
fn listed(op: Op) -> Vec<Umma> {
    use ValueType::*;
    let proto = |a, b, c, sf: Option<ValueType>, vs: Option<i64>| Umma {
        op,
        a,
        b,
        c,
        sf,
        m: 128,
        n: 128,
        vs,
        major_a: Major::K,
        major_b: Major::K,
        scale_c: (op.variant == Variant::Scaled).then_some(1),
        // MMA_Traits<SM100_MMA_F8F6F4_SS,...> spells its negations; the others default them.
        tail: if op.traits_form() {
            vec![Tail::ScaleIn.values()[0]; 2]
        } else {
            Vec::new()
        },
    };
    match op.kind {
        Kind::Tf32 => vec![proto(TFloat32, TFloat32, Float, None, None)],
        Kind::F16Bf16 if op.variant != Variant::Dense => vec![proto(Half, Half, Float, None, None)],
        Kind::F16Bf16 => vec![
            proto(Half, Half, Float, None, None),
            proto(BFloat16, BFloat16, Float, None, None),
            proto(Half, Half, Half, None, None),
        ],
        Kind::S8 => vec![
            proto(Int8, Int8, Int32, None, None),
            proto(UInt8, UInt8, Int32, None, None),
        ],
        Kind::F8F6F4 => vec![
            proto(E4M3, E4M3, Float, None, None),
            proto(E2M3, E2M1, Half, None, None),
        ],
        Kind::MxF8F6F4 => vec![
            proto(E4M3, E5M2, Float, Some(UE8M0), None),
            proto(E3M2, E2M1, Float, Some(UE8M0), None),
        ],
        Kind::MxF4 | Kind::Mxf4Ultra => vec![
            proto(E2M1, E2M1, Float, Some(UE8M0), Some(32)),
            proto(E2M1, E2M1, Float, Some(UE4M3), Some(16)),
        ],
        Kind::MxF4NvF4 => vec![
            proto(E2M1, E2M1, Float, Some(UE8M0), Some(64)),
            proto(E2M1, E2M1, Float, Some(UE4M3), Some(32)),
        ],
    }
}

/// Whether `name` is spelled as a UMMA operation (whatever its arguments).
pub(super) fn is_umma_name(name: &str) -> bool {
    split_name(name).is_some()
}

/// The atom of a UMMA operation named as the catalogue spells it (types as CuTe names them,
/// `UMMA::Major::K`/`MN`, no spaces), or `None` if `name` is not a UMMA name. The atom's name
/// is C++'s spelling (`MMA_Traits<...>` for `F8F6F4_SS`).
pub(super) fn umma_atom(name: &str) -> Option<Result<MmaAtom>> {
    let (op, args) = split_name(name)?;
    Some(
        decode(op, &args, name)
            .and_then(|u| u.check().map_err(|(d, h)| bad(name, d, h)).map(|()| u))
            .and_then(|u| u.atom()),
    )
}

/// A UMMA name → its operation and template arguments (`C<M>` and `integral_constant<T,V>`
/// of the `MMA_Traits` form unwrapped).
fn split_name(name: &str) -> Option<(Op, Vec<&str>)> {
    let (head, args) = name.split_once('<')?;
    let args = args.strip_suffix('>')?;
    if head == "MMA_Traits" {
        let mut args = split_top(args);
        let op = Op::all().find(|op| op.traits_form() && op.struct_name() == args[0])?;
        args.remove(0);
        return Some((op, args.into_iter().map(unwrap_constant).collect()));
    }
    let op = Op::all().find(|&op| op.struct_name() == head)?;
    Some((op, split_top(args)))
}

/// `C<128>` → `128`; `integral_constant<UMMA::Major,UMMA::Major::K>` → `UMMA::Major::K`.
fn unwrap_constant(arg: &str) -> &str {
    if let Some(v) = arg.strip_prefix("C<").and_then(|r| r.strip_suffix('>')) {
        return v;
    }
    arg.strip_prefix("integral_constant<")
        .and_then(|r| r.strip_suffix('>'))
        .and_then(|r| r.split_once(','))
        .map_or(arg, |(_, v)| v)
}

/// Splits at the commas outside angle brackets.
fn split_top(s: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// Reads the arguments in C++'s order: types, `M`, `N`, `VS`, majors, `ScaleC`, the tail.
fn decode(op: Op, args: &[&str], name: &str) -> Result<Umma> {
    let tail = op.tail();
    let fixed = 7
        + usize::from(op.kind.block_scaled())
        + usize::from(op.kind.has_vs())
        + usize::from(op.variant == Variant::Scaled);
    let spelled_as_traits = name.starts_with("MMA_Traits<");
    let min = if spelled_as_traits {
        fixed + tail.len()
    } else {
        fixed
    };
    if args.len() < min || args.len() > fixed + tail.len() {
        let detail = format!(
            "{} template arguments; {} takes {}",
            args.len(),
            op.struct_name(),
            op.signature()
        );
        return Err(bad(name, detail, "write the arguments in C++'s order"));
    }
    let mut it = args.iter().copied();
    let mut next = || it.next().unwrap_or_default();
    let ty = |t: &str, what: &str| {
        ValueType::from_name(t).ok_or_else(|| {
            bad(
                name,
                format!("{what} type `{t}` is not a CuTe type name"),
                TYPES_HINT,
            )
        })
    };
    let (a, b, c) = (ty(next(), "A")?, ty(next(), "B")?, ty(next(), "C")?);
    let sf = if op.kind.block_scaled() {
        Some(ty(next(), "scale factor")?)
    } else {
        None
    };
    let (m, n) = (int(next(), name)?, int(next(), name)?);
    let vs = if op.kind.has_vs() {
        Some(int(next(), name)?)
    } else {
        None
    };
    let (major_a, major_b) = (major(next(), name)?, major(next(), name)?);
    let scale_c = match op.variant {
        Variant::Scaled => Some(scale(next(), name)?),
        _ => None,
    };
    let mut given: Vec<&'static str> = args[fixed..]
        .iter()
        .zip(tail)
        .map(|(v, t)| {
            t.values().into_iter().find(|x| x == v).ok_or_else(|| {
                bad(
                    name,
                    format!("`{v}` is not a {}", t.param()),
                    "write UMMA::ScaleIn::One/Neg, UMMA::Saturate::False/True",
                )
            })
        })
        .collect::<Result<_>>()?;
    if op.traits_form() {
        // MMA_Traits has no defaults: the short spelling's missing arguments are C++'s
        // defaults of the other operations.
        given.extend(tail[given.len()..].iter().map(|t| t.values()[0]));
    }
    let tail = given;
    Ok(Umma {
        op,
        a,
        b,
        c,
        sf,
        m,
        n,
        vs,
        major_a,
        major_b,
        scale_c,
        tail,
    })
}

const TYPES_HINT: &str = "types as CuTe names them: A and B one of half_t, bfloat16_t, tfloat32_t, int8_t, uint8_t, float_e4m3_t, float_e5m2_t, float_e2m3_t, float_e3m2_t, float_e2m1_t (the width the operation takes); C half_t, float or int32_t; a scale factor float_ue8m0_t or float_ue4m3_t";

/// A template argument `int` (C++'s `M`, `N`, `VS` are `int`s).
fn int(s: &str, name: &str) -> Result<i64> {
    s.parse::<i32>().map(i64::from).map_err(|_| {
        bad(
            name,
            format!("`{s}` is not an int"),
            "M, N and VS are integers (C++ `int`)",
        )
    })
}

fn scale(s: &str, name: &str) -> Result<u32> {
    s.parse::<u32>().map_err(|_| {
        bad(
            name,
            format!("ScaleC `{s}` is not a uint32_t"),
            "ScaleC is an integer from 0 to 4294967295",
        )
    })
}

fn major(s: &str, name: &str) -> Result<Major> {
    match s {
        "UMMA::Major::K" => Ok(Major::K),
        "UMMA::Major::MN" => Ok(Major::Mn),
        _ => Err(bad(
            name,
            format!("major `{s}`"),
            "majorness is UMMA::Major::K or UMMA::Major::MN",
        )),
    }
}

/// `Err((detail, hint))` names the `static_assert` C++ would fail.
type Check = std::result::Result<(), (String, &'static str)>;

impl Umma {
    /// C++'s compile-time checks, in the order of the headers.
    fn check(&self) -> Check {
        self.check_types()?;
        m_rule(self.op, self.m).map_err(|c| (format!("M = {}", self.m), c))?;
        n_rule(self.op, self.m, self.major_b, self.n)
            .map_err(|c| (format!("M = {}, N = {}", self.m, self.n), c))?;
        self.check_vs()?;
        if self.op.tmem_a && self.major_a != Major::K {
            return Err((
                "A in tensor memory is MN-major".into(),
                "A from TMEM can't be transposed: UMMA::Major::K",
            ));
        }
        if self.op.kind == Kind::Mxf4Ultra && (self.major_a, self.major_b) != (Major::K, Major::K) {
            return Err((
                "an MN-major operand".into(),
                "This MMA does not support transpose: A and B are UMMA::Major::K",
            ));
        }
        Ok(())
    }

    /// The operand widths (traits), `to_UMMAFormat`, `to_CFormat`, `to_ScaleFormat`, and
    /// `SM100_MMA_S8_SS`'s int32_t result.
    fn check_types(&self) -> Check {
        let kind = self.op.kind;
        for (what, t) in [("A", self.a), ("B", self.b)] {
            if !OPERAND_TYPES.contains(&t) {
                return Err((
                    format!("{what} is `{}`, unknown to to_UMMAFormat", t.name()),
                    TYPES_HINT,
                ));
            }
        }
        if let Some(Err(cond)) = kind.width_rule(self.a.bits(), self.b.bits()) {
            let detail = format!(
                "A is `{}` ({} bits), B `{}` ({} bits)",
                self.a.name(),
                self.a.bits(),
                self.b.name(),
                self.b.bits()
            );
            return Err((detail, cond));
        }
        if !kind.block_scaled() && !ACC_TYPES.contains(&self.c) {
            return Err((
                format!("C is `{}`, unknown to to_CFormat", self.c.name()),
                "C is half_t, float or int32_t",
            ));
        }
        if kind == Kind::S8 && !self.op.tmem_a && !self.op.pair && self.c != ValueType::Int32 {
            return Err((
                format!("C is `{}`", self.c.name()),
                "the result type of SM100_MMA_S8_SS can only be int32_t",
            ));
        }
        match self.sf {
            Some(sf) if !SF_TYPES.contains(&sf) => Err((
                format!(
                    "the scale factor is `{}`, unknown to to_ScaleFormat",
                    sf.name()
                ),
                "the scale factor is float_ue8m0_t or float_ue4m3_t",
            )),
            _ => Ok(()),
        }
    }

    /// The scale vector size: two values; the larger ("2x mode") only with `float_e2m1_t`
    /// operands (A only for SM103) and `float_ue8m0_t` scale factors.
    fn check_vs(&self) -> Check {
        let Some(vs) = self.vs else { return Ok(()) };
        let low = if self.op.kind == Kind::MxF4NvF4 {
            32
        } else {
            16
        };
        let e2m1 = self.a == ValueType::E2M1
            && (self.b == ValueType::E2M1 || self.op.kind == Kind::Mxf4Ultra);
        let two_x = e2m1 && self.sf == Some(ValueType::UE8M0);
        if vs == low || vs == 2 * low && two_x {
            return Ok(());
        }
        let hint = match (low, self.op.kind) {
            (32, _) => "VS is 32, or 64 with float_e2m1_t A and B and float_ue8m0_t scale factors",
            (_, Kind::Mxf4Ultra) => {
                "VS is 16, or 32 with float_e2m1_t A and float_ue8m0_t scale factors"
            }
            _ => "VS is 16, or 32 with float_e2m1_t A and B and float_ue8m0_t scale factors",
        };
        Err((format!("VS = {vs}"), hint))
    }

    /// C++'s spelling of the operation.
    fn cpp_name(&self) -> String {
        let mut args = vec![
            self.a.name().to_string(),
            self.b.name().to_string(),
            self.c.name().to_string(),
        ];
        args.extend(self.sf.map(|t| t.name().to_string()));
        let (m, n) = (self.m.to_string(), self.n.to_string());
        let traits = self.op.traits_form();
        let constant = |ty: &str, v: &str| format!("integral_constant<{ty},{v}>");
        if traits {
            args.extend([format!("C<{m}>"), format!("C<{n}>")]);
        } else {
            args.extend([m, n]);
        }
        args.extend(self.vs.map(|v| v.to_string()));
        for major in [self.major_a, self.major_b] {
            args.push(if traits {
                constant("UMMA::Major", major.name())
            } else {
                major.name().to_string()
            });
        }
        args.extend(self.scale_c.map(|s| s.to_string()));
        for (v, t) in self.tail.iter().zip(self.op.tail()) {
            args.push(if traits {
                constant(t.param(), v)
            } else {
                v.to_string()
            });
        }
        if traits {
            return format!("MMA_Traits<{},{}>", self.op.struct_name(), args.join(","));
        }
        format!("{}<{}>", self.op.struct_name(), args.join(","))
    }

    fn atom(&self) -> Result<MmaAtom> {
        let sparse = if self.op.variant == Variant::Sparse {
            2
        } else {
            1
        };
        let k = self.op.kind.dense_k(self.a.bits()) * sparse;
        let (m, n) = (self.m, self.n);
        let (thr_id, a, b, c) = if self.op.pair {
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
        let types = MmaTypes {
            d: self.c,
            a: self.a,
            b: self.b,
            c: self.c,
        };
        Ok(MmaAtom {
            name: self.cpp_name(),
            types,
            shape_mnk: format!("(_{m},_{n},_{k})").parse::<IntTuple>()?,
            thr_id: thr_id.parse::<Layout>()?,
            layout_a: a.parse()?,
            layout_b: b.parse()?,
            layout_c: c.parse()?,
        })
    }
}

/// C++'s `static_assert` on `M`; the violated condition.
fn m_rule(op: Op, m: i64) -> std::result::Result<(), &'static str> {
    let one_size = matches!(
        op.kind,
        Kind::MxF8F6F4 | Kind::MxF4 | Kind::MxF4NvF4 | Kind::Mxf4Ultra
    );
    match (op.pair, op.kind) {
        (false, _) if one_size => (m == 128)
            .then_some(())
            .ok_or("M is 128 for 1 CTA cluster MMA"),
        (false, _) => (m == 64 || m == 128)
            .then_some(())
            .ok_or("M is 64 or 128 for 1 CTA cluster MMA"),
        (true, Kind::MxF8F6F4) => (m == 256)
            .then_some(())
            .ok_or("M is 256 for this 2 CTA cluster MMA"),
        // No static_assert on M in C++; M/2 is an extent.
        (true, Kind::MxF4NvF4) => (m >= 2)
            .then_some(())
            .ok_or("M/2 is an extent, at least 1 (C++ does not check M here)"),
        (true, _) => (m == 128 || m == 256)
            .then_some(())
            .ok_or("M is 128 or 256 for 2 CTA cluster MMA"),
    }
}

/// `N` a multiple of `step` between `step` and 256.
fn steps(n: i64, step: i64) -> bool {
    n % step == 0 && (step..=256).contains(&n)
}

/// C++'s `static_assert` on `N`; the violated condition.
fn n_rule(op: Op, m: i64, major_b: Major, n: i64) -> std::result::Result<(), &'static str> {
    use Kind::*;
    let sparse = op.variant == Variant::Sparse;
    let (ok, cond) = match (op.pair, op.kind) {
        (false, S8) => (n == 8 || steps(n, 16), "N is 8 or a multiple of 16 between 16 and 256"),
        (false, F8F6F4) if !op.tmem_a && !sparse => match major_b {
            Major::K => (steps(n, 8), "N is a multiple of 8 between 8 and 256 when B is K-major"),
            Major::Mn => (steps(n, 16), "N is a multiple of 16 between 16 and 256 when B is MN-major"),
        },
        (false, _) if op.tmem_a || op.kind == F8F6F4 => (
            m == 64 && steps(n, 8) || m == 128 && steps(n, 16),
            "N is a multiple of 8 between 8 and 256 for M=64, or of 16 between 16 and 256 for M=128",
        ),
        (false, Mxf4Ultra) => (steps(n, 16), "N is a multiple of 16 between 16 and 256"),
        (false, _) => (steps(n, 8), "N is a multiple of 8 between 8 and 256"),
        (true, F8F6F4) if !op.tmem_a && !sparse => match major_b {
            Major::K => (steps(n, 16), "N is a multiple of 16 between 16 and 256 when B is K-major"),
            Major::Mn => (steps(n, 32), "N is a multiple of 32 between 32 and 256 when B is MN-major"),
        },
        (true, S8 | F8F6F4) => (steps(n, 32), "N is a multiple of 32 between 32 and 256"),
        (true, _) if op.tmem_a => (steps(n, 32), "N is a multiple of 32 between 32 and 256"),
        (true, _) => (steps(n, 16), "N is a multiple of 16 between 16 and 256"),
    };
    ok.then_some(()).ok_or(cond)
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

    fn atom(name: &str) -> Result<MmaAtom> {
        umma_atom(name).expect("a UMMA name")
    }

    #[test]
    fn listed_names_build_and_round_trip() {
        let names = umma_names();
        assert!(names.len() > 300, "{}", names.len());
        for n in &names {
            assert_eq!(&atom(n).unwrap_or_else(|e| panic!("{n}: {e}")).name, n);
        }
        for op in Op::all() {
            let s = op.struct_name();
            assert!(
                names
                    .iter()
                    .any(|n| n.starts_with(&s) || n.starts_with(&format!("MMA_Traits<{s},"))),
                "{s}"
            );
        }
    }

    #[test]
    fn pair_layouts_split_m_and_n() -> Result<()> {
        let atom = atom(
            "SM100_MMA_S8_2x1SM_TS<uint8_t,int8_t,int32_t,128,32,UMMA::Major::K,UMMA::Major::MN>",
        )?;
        assert_eq!(atom.shape_mnk.to_string(), "(_128,_32,_32)");
        assert_eq!(atom.layout_b.to_string(), "(_2,(_16,_32)):(_16,(_1,_32))");
        Ok(())
    }

    #[test]
    fn k_by_kind_and_sparsity() -> Result<()> {
        for (name, k) in [
            ("SM100_MMA_TF32_SS_SPARSE<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::K,UMMA::Major::K>", 16),
            ("SM100_MMA_F8F6F4_SS_SPARSE<float_e2m1_t,float_e4m3_t,float,128,64,UMMA::Major::K,UMMA::Major::K>", 64),
            ("SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,64,32,UMMA::Major::K,UMMA::Major::K>", 64),
            ("SM100_MMA_MXF4NVF4_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,32,UMMA::Major::K,UMMA::Major::K>", 128),
            ("SM103::SM103_MXF4_ULTRA_SS_VS<half_t,half_t,float,float_ue8m0_t,128,64,16,UMMA::Major::K,UMMA::Major::K>", 96),
        ] {
            assert_eq!(atom(name)?.shape_mnk.to_string(), format!("(_128,_64,_{k})"), "{name}");
        }
        Ok(())
    }

    #[test]
    fn f8f6f4_ss_short_spelling_is_the_traits_form() -> Result<()> {
        let short = atom("SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e4m3_t,float,128,64,UMMA::Major::K,UMMA::Major::MN>")?;
        assert_eq!(
            short.name,
            "MMA_Traits<SM100_MMA_F8F6F4_SS,float_e4m3_t,float_e4m3_t,float,C<128>,C<64>,integral_constant<UMMA::Major,UMMA::Major::K>,integral_constant<UMMA::Major,UMMA::Major::MN>,integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>,integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>>"
        );
        assert_eq!(atom(&short.name)?, short);
        Ok(())
    }

    /// Each fails to compile against CUTLASS 4.2 (tried with g++ when this was written), but
    /// `M = 0` of `MXF4NVF4_2x1SM_SS_SPARSE`, which C++ accepts (see the module docs).
    #[test]
    fn static_asserts_are_errors() {
        for bad in [
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,96,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,12,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_F16BF16_TS<half_t,half_t,float,128,8,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_F16BF16_TS<half_t,half_t,float,128,64,UMMA::Major::MN,UMMA::Major::K>",
            "SM100_MMA_F16BF16_SS<half_t,half_t,double,128,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_S8_2x1SM_SS<int8_t,int8_t,int32_t,128,48,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_S8_SS<int8_t,int8_t,float,128,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_TF32_SS<float,float,float,128,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::K>",
            "SM100_MMA_F16BF16_SS_SCALED<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K,-1>",
            "MMA_Traits<SM100_MMA_F8F6F4_SS,float_e4m3_t,float_e4m3_t,float,C<128>,C<8>,integral_constant<UMMA::Major,UMMA::Major::K>,integral_constant<UMMA::Major,UMMA::Major::MN>,integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>,integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>>",
            "MMA_Traits<SM100_MMA_F8F6F4_SS,float_e4m3_t,float_e4m3_t,float,C<128>,C<64>,integral_constant<UMMA::Major,UMMA::Major::K>,integral_constant<UMMA::Major,UMMA::Major::K>>",
            "SM100_MMA_MXF8F6F4_2x1SM_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,128,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,32,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float,128,64,16,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_MXF4NVF4_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,16,UMMA::Major::K,UMMA::Major::K>",
            "SM103::SM103_MXF4_ULTRA_SS_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,64,64,UMMA::Major::K,UMMA::Major::K>",
            "SM103::SM103_MXF4_ULTRA_SS_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,64,16,UMMA::Major::MN,UMMA::Major::K>",
            "SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,0,64,32,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K,UMMA::Saturate::True>",
        ] {
            assert!(atom(bad).is_err(), "{bad}");
        }
        assert!(umma_atom("SM100_MMA_F4_SS<x>").is_none());
    }

    #[test]
    fn what_cpp_accepts_is_accepted() {
        // Each is also a case of bench/atoms/cases.txt, which C++ compiles and prints.
        for ok in [
            "SM100_MMA_F16BF16_SS<half_t,bfloat16_t,float,128,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,int32_t,128,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_S8_TS<int8_t,int8_t,float,128,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_S8_SS<float_e4m3_t,int8_t,int32_t,128,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_MXF8F6F4_SS<float_e4m3_t,float_e4m3_t,double,float_ue8m0_t,128,64,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,96,64,32,UMMA::Major::K,UMMA::Major::K>",
            "SM100_MMA_F16BF16_SS_SCALED<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K,4294967295>",
            "SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,64,UMMA::Major::K,UMMA::Major::K,UMMA::Saturate::True>",
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K,UMMA::ScaleIn::Neg,UMMA::ScaleIn::One>",
            "SM103::SM103_MXF4_ULTRA_SS_VS<float_e2m1_t,float_e4m3_t,float,float_ue8m0_t,128,64,32,UMMA::Major::K,UMMA::Major::K>",
        ] {
            assert!(atom(ok).is_ok(), "{ok}: {:?}", atom(ok).err());
        }
    }
}

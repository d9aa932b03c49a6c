//! Atoms as text: their names as C++ spells them (with shorter aliases), CuTe's element type
//! names, and `print(MMA_Atom)`, `print(Copy_Atom)`, `print(TiledMMA)`, `print(TiledCopy)` and
//! the GMMA shared-memory layout atoms byte for byte as CuTe C++ prints them.

use super::swizzle::{parse_swizzled, Swizzled};
use super::Parser;
use crate::atom::{
    copy_op, gmma_layout_atom, is_mma_atom, make_copy_atom, make_tiled_copy, make_tiled_copy_tiler,
    make_tiled_mma, make_tma_atom, make_tma_copy, mma_atom, tma_operation, CopyAtom, GmmaSwizzle,
    Major, MmaAtom, Permutation, SmemLayout, TiledCopy, TiledMma, TmaOp, ValueType,
};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::AnyLayout;
use crate::tiler::Tiler;
use crate::value::Value;
use std::fmt::{self, Write};

/// Other spellings of CuTe's type names ([`ValueType::name`] is the one `print` and the
/// catalogue use).
const TYPE_ALIASES: &[(ValueType, &[&str])] = &[
    (ValueType::Half, &["cutlass::half_t", "half", "f16"]),
    (ValueType::BFloat16, &["cutlass::bfloat16_t", "bf16"]),
    (ValueType::TFloat32, &["cutlass::tfloat32_t", "tf32"]),
    (ValueType::Float, &["f32"]),
    (ValueType::Double, &["f64"]),
    (ValueType::E4M3, &["cutlass::float_e4m3_t", "e4m3"]),
    (ValueType::E5M2, &["cutlass::float_e5m2_t", "e5m2"]),
    (ValueType::E2M3, &["cutlass::float_e2m3_t", "e2m3"]),
    (ValueType::E3M2, &["cutlass::float_e3m2_t", "e3m2"]),
    (ValueType::E2M1, &["cutlass::float_e2m1_t", "e2m1"]),
    (ValueType::UE8M0, &["cutlass::float_ue8m0_t", "ue8m0"]),
    (ValueType::UE4M3, &["cutlass::float_ue4m3_t", "ue4m3"]),
    (ValueType::Int4, &["cutlass::int4b_t"]),
    (ValueType::UInt4, &["cutlass::uint4b_t"]),
    (ValueType::UInt1, &["cutlass::uint1b_t", "uint1_t"]),
    (ValueType::Int32, &["int"]),
    (ValueType::UInt128, &["cute::uint128_t"]),
    (ValueType::ComplexDouble, &["cutlass::complex<double>"]),
];

/// The C++ name of an element type ([`ValueType::name`]).
///
/// ```
/// use cute_layout::{atom::ValueType, notation::atom::value_type_name};
/// assert_eq!(value_type_name(ValueType::BFloat16), "bfloat16_t");
/// ```
pub fn value_type_name(t: ValueType) -> &'static str {
    t.name()
}

/// An element type from its C++ name (`half_t`, `cutlass::half_t`, `float`, `uint128_t`, ...).
///
/// # Errors
/// [`LayoutError::InvalidArgument`] for an unknown name.
///
/// ```
/// use cute_layout::{atom::ValueType, notation::atom::parse_value_type};
/// assert_eq!(parse_value_type("cutlass::half_t")?, ValueType::Half);
/// assert_eq!(parse_value_type("cute::half_t")?, ValueType::Half);
/// assert_eq!(parse_value_type("cutlass::float_e2m1_t")?, ValueType::E2M1);
/// assert!(parse_value_type("quarter_t").is_err());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn parse_value_type(name: &str) -> Result<ValueType> {
    let name = name.trim();
    // `cute::half_t` as well as `cutlass::half_t` (CuTe re-exports CUTLASS's number types)
    let bare = name
        .strip_prefix("cute::")
        .or_else(|| name.strip_prefix("cutlass::"))
        .unwrap_or(name);
    ValueType::from_name(name)
        .or_else(|| ValueType::from_name(bare))
        .or_else(|| {
            TYPE_ALIASES
                .iter()
                .find(|(_, names)| names.contains(&name) || names.contains(&bare))
                .map(|(v, _)| *v)
        })
        .ok_or_else(|| LayoutError::InvalidArgument {
            op: "value type",
            detail: format!("unknown type `{}`", crate::limits::echo(name)),
            hint: "use a CuTe type name: half_t, bfloat16_t, tfloat32_t, float, double, float_e4m3_t, float_e5m2_t, float_e2m1_t, float_ue8m0_t, int8_t, uint8_t, ..., uint128_t",
        })
}

/// The catalogue's spelling of an atom name written by a user: spaces and a leading `cute::`
/// dropped; for SM100 UMMA and SM103 (also spelled `MMA_Traits<...>`, and `SM103_...` for
/// `SM103::SM103_...`), every `cute::`/`cutlass::` dropped, the types as CuTe names them and
/// the majors as `UMMA::Major::K`/`MN`; for GMMA, `SM90_64xNxK_...` read as `SM90::GMMA::MMA_64xNxK_...`, majors written
/// `<K,MN>` as `<GMMA::Major::K,GMMA::Major::MN>`, and `<>` added to the `_TN` forms of the
/// floating-point types (the integer ones are not templates).
///
/// ```
/// use cute_layout::notation::atom::canonical_atom_name;
/// assert_eq!(
///     canonical_atom_name("SM90_64x128x16_F32F16F16_SS<K, MN>"),
///     "SM90::GMMA::MMA_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>"
/// );
/// assert_eq!(
///     canonical_atom_name("SM90_64x64x32_F32E4M3E4M3_SS_TN"),
///     "SM90::GMMA::MMA_64x64x32_F32E4M3E4M3_SS_TN<>"
/// );
/// assert_eq!(canonical_atom_name(" cute::SM75_U32x4_LDSM_N "), "SM75_U32x4_LDSM_N");
/// assert_eq!(
///     canonical_atom_name("SM100_MMA_F16BF16_SS<cutlass::half_t, half_t, float, 128, 64, K, UMMA::Major::MN>"),
///     "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::MN>"
/// );
/// assert_eq!(
///     canonical_atom_name("cute::MMA_Traits<cute::SM100_MMA_F8F6F4_SS, cutlass::float_e4m3_t, \
///         cutlass::float_e4m3_t, float, cute::C<128>, cute::C<64>, \
///         cute::integral_constant<cute::UMMA::Major, cute::UMMA::Major::K>, \
///         cute::integral_constant<cute::UMMA::Major, K>, \
///         cute::integral_constant<cute::UMMA::ScaleIn, cute::UMMA::ScaleIn::One>, \
///         cute::integral_constant<cute::UMMA::ScaleIn, cute::UMMA::ScaleIn::One>>"),
///     "MMA_Traits<SM100_MMA_F8F6F4_SS,float_e4m3_t,float_e4m3_t,float,C<128>,C<64>,\
///      integral_constant<UMMA::Major,UMMA::Major::K>,integral_constant<UMMA::Major,UMMA::Major::K>,\
///      integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>,integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>>"
/// );
/// assert_eq!(
///     canonical_atom_name("SM103_MXF4_ULTRA_SS_VS<e2m1, e2m1, float, ue8m0, 128, 64, 32, K, K>"),
///     "SM103::SM103_MXF4_ULTRA_SS_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,64,32,UMMA::Major::K,UMMA::Major::K>"
/// );
/// ```
pub fn canonical_atom_name(name: &str) -> String {
    let mut s: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(rest) = s.strip_prefix("cute::") {
        s = rest.to_string();
    }
    if s.contains("cute::") && !s.starts_with("MMA_Traits<") {
        // `UniversalCopy<cute::uint128_t>`, `SM90_64x64x16_F16F16F16_SS<cute::GMMA::Major::K,..>`
        s = s.replace("cute::", "");
    }
    if s.starts_with("SM100_MMA_") || s.starts_with("MMA_Traits<") {
        return canonical_umma_name(&s);
    }
    if let Some(rest) = s.strip_prefix("SM103_") {
        return canonical_umma_name(&format!("SM103::SM103_{rest}"));
    }
    if s.starts_with("SM103::") {
        return canonical_umma_name(&s);
    }
    let gmma = if let Some(rest) = s.strip_prefix("SM90_64x") {
        format!("SM90::GMMA::MMA_64x{rest}")
    } else if let Some(rest) = s.strip_prefix("GMMA::MMA_64x") {
        format!("SM90::GMMA::MMA_64x{rest}")
    } else if s.starts_with("SM90::GMMA::MMA_64x") {
        s.clone()
    } else {
        return s;
    };
    let (base, args) = match gmma.find('<') {
        Some(i) => (gmma[..i].to_string(), gmma[i..].to_string()),
        None => (gmma, String::new()),
    };
    if base.contains("_TN") {
        // The integer GMMAs are plain structs; the others take defaulted scale parameters.
        return if base.contains("_S32") {
            base
        } else {
            format!("{base}<>")
        };
    }
    let majors: Vec<String> = args
        .trim_start_matches('<')
        .trim_end_matches('>')
        .split(',')
        .filter(|m| !m.is_empty())
        .map(|m| {
            let m = m.rsplit("::").next().unwrap_or(m);
            format!("GMMA::Major::{m}")
        })
        .collect();
    format!("{base}<{}>", majors.join(","))
}

/// A UMMA name as the catalogue spells it: `cute::` and `cutlass::` dropped, CuTe's name of
/// each type (`cutlass::half_t` → `half_t`), majors `K`/`MN` as `UMMA::Major::K`/`MN`, also
/// inside `integral_constant<UMMA::Major,..>` (the `MMA_Traits` spelling of `F8F6F4_SS`).
fn canonical_umma_name(s: &str) -> String {
    let s = s.replace("cute::", "").replace("cutlass::", "");
    match s.split_once('<') {
        Some((base, args)) => match args.strip_suffix('>') {
            Some(args) => {
                let args: Vec<String> = top_level_split(args)
                    .into_iter()
                    .map(canonical_umma_arg)
                    .collect();
                format!("{base}<{}>", args.join(","))
            }
            None => s.clone(),
        },
        None => s.clone(),
    }
}

/// One template argument of a UMMA name, as [`canonical_umma_name`] writes it.
fn canonical_umma_arg(a: &str) -> String {
    if let Ok(t) = parse_value_type(a) {
        return t.name().to_string();
    }
    if a.starts_with("integral_constant<") {
        return canonical_umma_name(a);
    }
    match a.rsplit("::").next() {
        Some(m @ ("K" | "MN")) => format!("UMMA::Major::{m}"),
        _ => a.to_string(),
    }
}

/// `UniversalFMA<D[,A[,B[,C]]]>` (C++'s defaults `A = D`, `B = A`, `C = D`): one thread's
/// scalar `D = A * B + C`, `Shape_MNK` `(_1,_1,_1)`, every layout `(_1,_1):(_0,_0)` (as C++'s
/// `MMA_Traits<UniversalFMA<..>>` prints them); named with its four types. `None` for another
/// name.
///
/// ```
/// use cute_layout::notation::Parser;
/// let v = Parser::new("UniversalFMA<float,float,float>{}").literal()?;
/// assert_eq!(v.to_string(), "UniversalFMA<float,float,float,float>");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
fn universal_fma(name: &str) -> Option<Result<MmaAtom>> {
    let args = name.strip_prefix("UniversalFMA<")?.strip_suffix('>')?;
    let build = || -> Result<MmaAtom> {
        let given: Vec<ValueType> = top_level_split(args)
            .into_iter()
            .map(parse_value_type)
            .collect::<Result<_>>()?;
        let (d, a, b, c) =
            match given[..] {
                [d] => (d, d, d, d),
                [d, a] => (d, a, a, d),
                [d, a, b] => (d, a, b, d),
                [d, a, b, c] => (d, a, b, c),
                _ => return Err(LayoutError::InvalidArgument {
                    op: "UniversalFMA",
                    detail: format!("{} template arguments, not 1 to 4", given.len()),
                    hint: "write UniversalFMA<D,A,B,C>, e.g. UniversalFMA<float,float,float,float>",
                }),
            };
        let one = |stride: Int| Layout::leaf(Int::ONE, stride);
        let unit = Layout::from_congruent(
            crate::tuple::IntTuple::from_leaves([Int::ONE, Int::ONE]),
            crate::tuple::IntTuple::from_leaves([Int::ZERO, Int::ZERO]),
        );
        Ok(MmaAtom {
            name: format!(
                "UniversalFMA<{},{},{},{}>",
                d.name(),
                a.name(),
                b.name(),
                c.name()
            ),
            types: crate::atom::MmaTypes { d, a, b, c },
            shape_mnk: crate::tuple::IntTuple::from_leaves([Int::ONE; 3]),
            thr_id: one(Int::ZERO),
            layout_a: unit.clone(),
            layout_b: unit.clone(),
            layout_c: unit,
        })
    };
    Some(build())
}

/// The copy operations whose template argument is the type copied: `UniversalCopy<S>`,
/// `SM80_CP_ASYNC_CACHEALWAYS<S>`, ... (C++ takes any `S` of the widths each allows).
const TYPED_COPIES: [&str; 5] = [
    "UniversalCopy",
    "SM80_CP_ASYNC_CACHEALWAYS",
    "SM80_CP_ASYNC_CACHEALWAYS_ZFILL",
    "SM80_CP_ASYNC_CACHEGLOBAL",
    "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL",
];

/// A copy operation of [`TYPED_COPIES`] over an element type that is not an unsigned integer
/// (`UniversalCopy<half_t>`, `SM80_CP_ASYNC_CACHEALWAYS<float>`): the copy of the same
/// operation over `uintN_t` of the same width, under its own name. `None` for another name,
/// or a width the operation does not take.
fn typed_copy(name: &str) -> Option<Result<crate::atom::CopyOp>> {
    let (op, t) = name.strip_suffix('>')?.split_once('<')?;
    if !TYPED_COPIES.contains(&op) {
        return None;
    }
    let t = parse_value_type(t).ok()?;
    let uint = format!("{op}<uint{}_t>", t.bits());
    copy_op(&uint).ok()?;
    Some(copy_op(&uint).map(|c| crate::atom::CopyOp {
        name: format!("{op}<{}>", t.name()),
        ..c
    }))
}

/// The error of a GMMA name (as [`canonical_atom_name`] spells it) whose major arguments
/// are missing or are not two (`SM90_64x128x16_F32F16F16_SS` for
/// `SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>`); `None` for any other name.
fn gmma_without_majors(name: &str) -> Option<LayoutError> {
    let (base, args) = name.split_once('<').unwrap_or((name, ""));
    if !base.starts_with("SM90::GMMA::MMA_64x") {
        return None;
    }
    let majors = args.trim_end_matches('>');
    let given = majors.split(',').filter(|m| !m.is_empty()).count();
    let full = format!("{base}<GMMA::Major::K,GMMA::Major::K>");
    if given == 2 || !is_mma_atom(&full) {
        return None;
    }
    let short = base.replacen("SM90::GMMA::MMA_", "SM90_", 1);
    Some(LayoutError::InvalidArgument {
        op: "atom",
        detail: format!(
            "`{short}` is missing the major arguments: the GMMA takes the majors of A and B, \
             {} given",
            if given == 0 { "none".to_string() } else { given.to_string() }
        ),
        hint: "write NAME<GMMA::Major::K,GMMA::Major::K> (each K or MN: the mode of A and of B \
               contiguous in shared memory), e.g. SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>{}",
    })
}

/// `print(MMA_Atom<NAME>{})` as CuTe C++ prints it.
///
/// ```
/// let atom = cute_layout::atom::mma_atom("SM80_16x8x8_F32F16F16F32_TN")?;
/// assert_eq!(
///     cute_layout::notation::atom::mma_atom_text(&atom),
///     "MMA_Atom\n  ThrID:      _32:_1\n  Shape_MNK:  (_16,_8,_8)\n  \
///      LayoutA_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n  \
///      LayoutB_TV: ((_4,_8),_2):((_16,_1),_8)\n  \
///      LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n"
/// );
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn mma_atom_text(atom: &MmaAtom) -> String {
    let mut s = String::from("MMA_Atom\n");
    let _ = writeln!(s, "  ThrID:      {}", atom.thr_id);
    let _ = writeln!(s, "  Shape_MNK:  {}", atom.shape_mnk);
    let _ = writeln!(s, "  LayoutA_TV: {}", atom.layout_a);
    let _ = writeln!(s, "  LayoutB_TV: {}", atom.layout_b);
    let _ = writeln!(s, "  LayoutC_TV: {}", atom.layout_c);
    s
}

/// `print(Copy_Atom<NAME, T>{})` as CuTe C++ prints it.
///
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, ValueType};
/// let atom = make_copy_atom(&copy_op("UniversalCopy<uint32_t>")?, ValueType::Half)?;
/// assert_eq!(
///     cute_layout::notation::atom::copy_atom_text(&atom),
///     "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_2):(_0,_1)\n  \
///      ValLayoutDst: (_1,_2):(_0,_1)\n  ValLayoutRef: (_1,_2):(_0,_1)\n  ValueType:    16b\n"
/// );
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn copy_atom_text(atom: &CopyAtom) -> String {
    let mut s = String::from("Copy_Atom\n");
    let _ = writeln!(s, "  ThrID:        {}", atom.op.thr_id);
    let _ = writeln!(s, "  ValLayoutSrc: {}", atom.src);
    let _ = writeln!(s, "  ValLayoutDst: {}", atom.dst);
    let _ = writeln!(s, "  ValLayoutRef: {}", atom.reference);
    let _ = writeln!(s, "  ValueType:    {}b", atom.value_type.bits());
    s
}

/// `print(make_tiled_mma(...))` as CuTe C++ prints it.
///
/// ```
/// use cute_layout::atom::{make_tiled_mma, mma_atom};
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F32F16F16F32_TN")?, &"(_2,_2,_1)".parse()?, &[])?;
/// let text = cute_layout::notation::atom::tiled_mma_text(&mma);
/// assert!(text.starts_with("TiledMMA\n  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)\n  PermutationMNK: (_,_,_)\nMMA_Atom\n"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tiled_mma_text(mma: &TiledMma) -> String {
    let mut s = String::from("TiledMMA\n");
    let _ = writeln!(s, "  ThrLayoutVMNK:  {}", mma.thr_layout_vmnk);
    let _ = writeln!(s, "  PermutationMNK: {}", PermutationMnk(&mma.permutation));
    s.push_str(&mma_atom_text(&mma.atom));
    s
}

/// A `PermutationMNK` written as C++ prints a `Tile`: `(_32,_,(_4,_8):(_8,_1))`, each mode
/// `_`, an extent or a layout (a bare mode is read as a one-mode tuple).
///
/// # Errors
/// [`LayoutError::Parse`] from the mode that does not parse.
///
/// ```
/// use cute_layout::{atom::Permutation, notation::atom::parse_permutation};
/// let p = parse_permutation("(_32,_,(_4,_8):(_8,_1))")?;
/// assert_eq!(p.len(), 3);
/// assert!(matches!(p[1], Permutation::Underscore));
/// assert!(matches!(p[2], Permutation::Layout(_)));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn parse_permutation(text: &str) -> Result<Vec<Permutation>> {
    let t = text.trim();
    let inner = match t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        Some(inner) if is_one_group(t) => inner,
        _ => t,
    };
    top_level_split(inner)
        .into_iter()
        .map(|m| {
            let m = m.trim();
            if m == "_" {
                Ok(Permutation::Underscore)
            } else if m.contains(':') {
                Ok(Permutation::Layout(m.parse::<Layout>()?))
            } else {
                let n: crate::tuple::IntTuple = m.parse()?;
                match n.as_leaf() {
                    Some(n) => Ok(Permutation::Size(n)),
                    None => Ok(Permutation::Layout(Layout::column_major(&n)?)),
                }
            }
        })
        .collect()
}

/// Whether `t` is one parenthesised group: the `(` it starts with closes at its last character
/// (`(_32,_)` and `((_4,_8):(_8,_1))` are; the layout `(_4,_8):(_8,_1)` is not).
fn is_one_group(t: &str) -> bool {
    let mut depth = 0usize;
    for (i, c) in t.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return c == ')' && i + 1 == t.len();
        }
    }
    false
}

/// Splits at the commas outside parentheses.
fn top_level_split(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0i32, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '(' | '<' => depth += 1,
            ')' | '>' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

/// `print(make_tiled_copy(...))` as CuTe C++ prints it.
///
/// ```
/// use cute_layout::atom::{copy_op, make_copy_atom, make_tiled_copy, ValueType};
/// let atom = make_copy_atom(&copy_op("UniversalCopy<uint128_t>")?, ValueType::Half)?;
/// let tc = make_tiled_copy(&atom, &"(_32,_4):(_4,_1)".parse()?, &"(_1,_8)".parse()?)?;
/// let text = cute_layout::notation::atom::tiled_copy_text(&tc);
/// assert!(text.starts_with("TiledCopy\n  Tiler_MN:       (_32,_32)\n"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn tiled_copy_text(tc: &TiledCopy) -> String {
    let mut s = String::from("TiledCopy\n");
    let _ = writeln!(s, "  Tiler_MN:       {}", TileText(&tc.tiler_mn));
    let _ = writeln!(s, "  TiledLayout_TV: {}", tc.layout_tv);
    s.push_str(&copy_atom_text(&tc.atom));
    s
}

/// A request whose name is a literal as `cute eval` prints it (`Copy_Atom<...>`,
/// `TiledCopy<...>`, `TiledMMA<...>`): that value, a TMA atom with `--get S|D` as the tiled copy
/// of `make_tma_copy`; `None` for a name.
fn atom_literal_object(req: &AtomRequest<'_>) -> Result<Option<AtomObject>> {
    let text = req.name.trim();
    if !["Copy_Atom<", "TiledCopy<", "TiledMMA<"]
        .iter()
        .any(|h| text.starts_with(h))
    {
        return Ok(None);
    }
    let mut p = Parser::new(text);
    let v = p.atom_literal()?;
    p.end()?;
    Ok(Some(match v {
        Value::CopyAtom(a) if a.tma.is_some() && req.query.is_some() => {
            AtomObject::TiledCopy(make_tma_copy(&a)?)
        }
        v => return Ok(AtomObject::of(&v)),
    }))
}

/// What `cute atom` is asked to print.
#[derive(Clone, Copy, Debug, Default)]
pub struct AtomRequest<'a> {
    /// The operation's name (C++ spelling or an alias, see [`canonical_atom_name`]).
    pub name: &'a str,
    /// For a copy operation: the element type `T` of `Copy_Atom<OP, T>`.
    pub value_type: Option<&'a str>,
    /// The thread layout: of atoms for `make_tiled_mma`, of threads for `make_tiled_copy`.
    pub layout: Option<&'a str>,
    /// For a tiled copy: the value layout of `make_tiled_copy`.
    pub val_layout: Option<&'a str>,
    /// For a tiled MMA: `PermutationMNK`, see [`parse_permutation`].
    pub permutation: Option<&'a str>,
    /// For a shared-memory layout atom: `tile_to_shape` it to this shape.
    pub shape: Option<&'a str>,
    /// Print one layout of the tiled MMA (`A`, `B`, `C`: `get_layout{A,B,C}_TV()`;
    /// `tile_size`: `tile_shape(mma)`) or tiled copy (`S`, `D`: `get_layout{S,D}_TV()`).
    pub query: Option<&'a str>,
}

/// What an [`AtomRequest`] names, built: a shared-memory layout atom (tiled to a shape), an MMA
/// atom, a tiled MMA, a copy atom or a tiled copy.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // built once per request and matched at once
pub enum AtomObject {
    /// `GMMA::Layout_..._Atom<T>`, or `tile_to_shape` of it.
    Smem(SmemLayout),
    /// `MMA_Atom<NAME>`.
    Mma(MmaAtom),
    /// `make_tiled_mma(NAME{}, LAYOUT, PERMUTATION)`.
    TiledMma(TiledMma),
    /// `Copy_Atom<NAME, T>`.
    Copy(CopyAtom),
    /// `make_tiled_copy(Copy_Atom<NAME, T>{}, LAYOUT, VAL_LAYOUT)`.
    TiledCopy(TiledCopy),
}

impl AtomObject {
    /// The atom object `value` is (an MMA atom, a copy atom, a tiled MMA or a tiled copy, as
    /// `cute eval` yields them); `None` for any other value.
    ///
    /// ```
    /// use cute_layout::{notation::atom::AtomObject, value::Value};
    /// let v: Value = "SM80_16x8x8_F32F16F16F32_TN".parse()?;
    /// assert!(matches!(AtomObject::of(&v), Some(AtomObject::Mma(_))));
    /// assert!(AtomObject::of(&"(4,8):(1,4)".parse()?).is_none());
    /// # Ok::<(), cute_layout::LayoutError>(())
    /// ```
    pub fn of(value: &Value) -> Option<AtomObject> {
        Some(match value {
            Value::MmaAtom(a) => AtomObject::Mma((**a).clone()),
            Value::CopyAtom(a) => AtomObject::Copy((**a).clone()),
            Value::TiledMma(m) => AtomObject::TiledMma((**m).clone()),
            Value::TiledCopy(c) => AtomObject::TiledCopy((**c).clone()),
            _ => return None,
        })
    }
}

/// Builds what the request names: a tiled MMA when a layout, a permutation or a query is
/// given (the thread layout defaulting to `_1:_0`), likewise a tiled copy (both layouts
/// defaulting to `_1:_0`), else the atom itself.
///
/// # Errors
/// An unknown name or type, a copy operation without a type, arguments that do not parse, and
/// the errors of the tiled constructions.
///
/// ```
/// use cute_layout::notation::atom::{resolve_atom, AtomObject, AtomRequest};
/// let req = AtomRequest { name: "SM80_16x8x8_F32F16F16F32_TN", layout: Some("(_2,_1,_1)"), ..Default::default() };
/// assert!(matches!(resolve_atom(&req)?, AtomObject::TiledMma(_)));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn resolve_atom(req: &AtomRequest<'_>) -> Result<AtomObject> {
    if let Some(object) = atom_literal_object(req)? {
        return Ok(object);
    }
    let name = canonical_atom_name(req.name);
    if let Some(atom) = parse_gmma_layout_atom(&name) {
        return Ok(AtomObject::Smem(match req.shape {
            Some(shape) => atom?.tile_to_shape(&shape.parse()?, None)?,
            None => atom?,
        }));
    }
    let layout = req.layout.map(str::parse::<Layout>).transpose()?;
    let unit = || Layout::leaf(Int::ONE, Int::ZERO);
    let fma = universal_fma(&name);
    if is_mma_atom(&name) || fma.is_some() {
        let atom = fma.unwrap_or_else(|| mma_atom(&name))?;
        if layout.is_none() && req.permutation.is_none() && req.query.is_none() {
            return Ok(AtomObject::Mma(atom));
        }
        let perm = req.permutation.map(parse_permutation).transpose()?;
        let thr = layout.unwrap_or_else(unit);
        let mma = make_tiled_mma(&atom, &thr, perm.as_deref().unwrap_or(&[]))?;
        return Ok(AtomObject::TiledMma(mma));
    }
    let op = copy_op(&name)
        .or_else(|e| typed_copy(&name).unwrap_or(Err(e)))
        .map_err(|_| LayoutError::InvalidArgument {
            op: "cute atom",
            detail: format!("unknown atom `{}`", crate::limits::echo(&name)),
            hint: "`cute atoms` lists the MMA and copy operations",
        })?;
    let t = req.value_type.ok_or_else(|| LayoutError::InvalidArgument {
        op: "Copy_Atom",
        detail: format!("`{name}` is a copy operation: Copy_Atom<OP, T> needs the element type T"),
        hint: "add --type T, e.g. --type half_t",
    })?;
    let atom = make_copy_atom(&op, parse_value_type(t)?)?;
    if layout.is_none() && req.val_layout.is_none() && req.query.is_none() {
        return Ok(AtomObject::Copy(atom));
    }
    let val = req.val_layout.map(str::parse::<Layout>).transpose()?;
    let (thr, val) = (layout.unwrap_or_else(unit), val.unwrap_or_else(unit));
    Ok(AtomObject::TiledCopy(make_tiled_copy(&atom, &thr, &val)?))
}

/// What CuTe C++ prints for the request (one line more, a newline, for the layouts C++
/// prints without one): `print(MMA_Atom<NAME>{})`, `print(GMMA::Layout_K_SW128_Atom<T>{})` or
/// `print(tile_to_shape(GMMA::Layout_..._Atom<T>{}, SHAPE))`,
/// `print(Copy_Atom<NAME, T>{})`, `print(make_tiled_mma(NAME{}, LAYOUT, PERMUTATION))` or
/// `print(make_tiled_copy(Copy_Atom<NAME, T>{}, LAYOUT, VAL_LAYOUT))`.
///
/// # Errors
/// As [`resolve_atom`]; a query that does not fit the object.
///
/// ```
/// use cute_layout::notation::atom::{atom_text, AtomRequest};
/// let text = atom_text(&AtomRequest {
///     name: "SM80_16x8x16_F32F16F16F32_TN",
///     layout: Some("(_2,_2,_1)"),
///     ..Default::default()
/// })?;
/// assert!(text.contains("ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)"));
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn atom_text(req: &AtomRequest<'_>) -> Result<String> {
    match resolve_atom(req)? {
        AtomObject::Smem(atom) => Ok(format!("{}\n", smem_layout_text(&atom))),
        AtomObject::Mma(atom) => Ok(mma_atom_text(&atom)),
        AtomObject::TiledMma(mma) => tiled_mma_query(&mma, req.query),
        AtomObject::Copy(atom) => Ok(copy_atom_text(&atom)),
        AtomObject::TiledCopy(tc) => tiled_copy_query(&tc, req.query),
    }
}

/// A tiled MMA, or one of its layouts: `A`, `B`, `C` (`get_layout{A,B,C}_TV`), `tile_size`.
fn tiled_mma_query(mma: &TiledMma, query: Option<&str>) -> Result<String> {
    Ok(match query {
        None => tiled_mma_text(mma),
        Some("A") => format!("{}\n", mma.get_layout_a_tv()?),
        Some("B") => format!("{}\n", mma.get_layout_b_tv()?),
        Some("C") => format!("{}\n", mma.get_layout_c_tv()?),
        Some("tile_size") => format!("{}\n", mma.tile_size()?),
        Some(q) => return Err(bad_query(q, "A, B, C or tile_size for a tiled MMA")),
    })
}

/// A tiled copy, or one of its layouts: `S`, `D` (`get_layout{S,D}_TV`).
fn tiled_copy_query(tc: &TiledCopy, query: Option<&str>) -> Result<String> {
    Ok(match query {
        None => tiled_copy_text(tc),
        Some("S") => format!("{}\n", tc.get_layout_s_tv()?),
        Some("D") => format!("{}\n", tc.get_layout_d_tv()?),
        Some(q) => return Err(bad_query(q, "S or D for a tiled copy")),
    })
}

fn bad_query(q: &str, hint: &'static str) -> LayoutError {
    LayoutError::InvalidArgument {
        op: "cute atom",
        detail: format!("unknown layout `{}`", crate::limits::echo(q)),
        hint,
    }
}

/// The GMMA shared-memory atoms, with `T` for the element type.
pub const GMMA_LAYOUT_ATOMS: [&str; 8] = [
    "GMMA::Layout_K_INTER_Atom<T>",
    "GMMA::Layout_K_SW32_Atom<T>",
    "GMMA::Layout_K_SW64_Atom<T>",
    "GMMA::Layout_K_SW128_Atom<T>",
    "GMMA::Layout_MN_INTER_Atom<T>",
    "GMMA::Layout_MN_SW32_Atom<T>",
    "GMMA::Layout_MN_SW64_Atom<T>",
    "GMMA::Layout_MN_SW128_Atom<T>",
];

/// `GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>` (with or without `cute::`, `SM90::`,
/// `GMMA::`): `None` for any other name, else the atom or the error of its type.
///
/// ```
/// use cute_layout::notation::atom::parse_gmma_layout_atom;
/// let a = parse_gmma_layout_atom("GMMA::Layout_MN_SW32_Atom<half_t>").unwrap()?;
/// assert_eq!(a.layout.to_string(), "(_16,_8):(_1,_16)");
/// assert!(parse_gmma_layout_atom("SM75_U32x4_LDSM_N").is_none());
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn parse_gmma_layout_atom(name: &str) -> Option<Result<SmemLayout>> {
    let mut s = name.trim();
    for prefix in ["cute::", "SM90::", "GMMA::"] {
        s = s.strip_prefix(prefix).unwrap_or(s);
    }
    let rest = s.strip_prefix("Layout_")?;
    let (major, rest) = if let Some(r) = rest.strip_prefix("MN_") {
        (Major::MN, r)
    } else {
        (Major::K, rest.strip_prefix("K_")?)
    };
    let (sw, rest) = rest.split_once("_Atom<")?;
    let sw = match sw {
        "INTER" => GmmaSwizzle::Inter,
        "SW32" => GmmaSwizzle::Sw32,
        "SW64" => GmmaSwizzle::Sw64,
        "SW128" => GmmaSwizzle::Sw128,
        _ => return None,
    };
    let t = rest.strip_suffix('>')?;
    Some(parse_value_type(t).and_then(|t| gmma_layout_atom(major, sw, t)))
}

/// A shared-memory layout as C++ prints it: `Sw<3,4,3> o smem_ptr[16b](unset) o L`.
///
/// ```
/// use cute_layout::atom::{gmma_layout_atom, GmmaSwizzle, Major, ValueType};
/// let a = gmma_layout_atom(Major::K, GmmaSwizzle::Sw128, ValueType::Half)?;
/// assert_eq!(
///     cute_layout::notation::atom::smem_layout_text(&a),
///     "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
/// );
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn smem_layout_text(l: &SmemLayout) -> String {
    format!(
        "{} o smem_ptr[{}b](unset) o {}",
        l.swizzle, l.value_bits, l.layout
    )
}

/// `PermutationMNK` as C++ prints the `Tile`: `(_,_32:_1,_)`.
struct PermutationMnk<'a>(&'a [Permutation; 3]);

impl fmt::Display for PermutationMnk<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match p {
                Permutation::Underscore => f.write_str("_")?,
                Permutation::Size(n) => write!(f, "{n}")?,
                Permutation::Layout(l) => write!(f, "{l}")?,
            }
        }
        f.write_str(")")
    }
}

/// An MMA atom on one line (what `cute eval` prints): its C++ name,
/// `SM80_16x8x16_F32F16F16F32_TN`.
impl fmt::Display for MmaAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| f.write_str(&self.name))
    }
}

/// A copy atom on one line: C++'s type, `Copy_Atom<SM75_U32x4_LDSM_N,half_t>`; a TMA atom
/// with the arguments of `make_tma_atom` after the type,
/// `Copy_Atom<SM90_TMA_LOAD,half_t,GMEM,SMEM,CTA_TILER,CLUSTER_SIZE>` (it reads back).
impl fmt::Display for CopyAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            let t = value_type_name(self.value_type);
            write!(f, "Copy_Atom<{},{t}", self.op.name)?;
            if let Some(a) = &self.tma {
                let tiler = shape_text(&a.cta_tiler).unwrap_or_else(|| a.cta_tiler.to_string());
                write!(f, ",{},{},{tiler},{}", a.gmem, a.smem, a.num_multicast)?;
            }
            f.write_str(">")
        })
    }
}

/// A tiler of integers as the shape C++ passes (`(_128,_64)`); `None` for another tiler.
fn shape_text(t: &Tiler) -> Option<String> {
    match t {
        Tiler::Int(n) => Some(n.to_string()),
        Tiler::Tuple(v) => {
            let modes: Option<Vec<String>> = v.iter().map(shape_text).collect();
            Some(format!("({})", modes?.join(",")))
        }
        Tiler::Layout(_) | Tiler::Underscore => None,
    }
}

/// A tiler as C++ prints a `Tile`: `(_32,_32)`, `(_4:_1,_16:_2)` (each mode an integer, a
/// layout, `_` or a tuple of them).
struct TileText<'a>(&'a Tiler);

impl fmt::Display for TileText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Tiler::Int(n) => write!(f, "{n}"),
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::Underscore => f.write_str("_"),
            Tiler::Tuple(v) => {
                f.write_str("(")?;
                for (i, t) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}", TileText(t))?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A tiled MMA on one line: C++'s template arguments in CuTe notation,
/// `TiledMMA<ATOM,AtomLayoutMNK,PermutationMNK>`.
impl fmt::Display for TiledMma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            let perm = PermutationMnk(&self.permutation);
            write!(f, "TiledMMA<{},{},{perm}>", self.atom, self.thr_layout_mnk)
        })
    }
}

/// A tiled copy on one line: C++'s template arguments in CuTe notation,
/// `TiledCopy<Copy_Atom<OP,T>,LayoutCopy_TV,ShapeTiler_MN>`.
impl fmt::Display for TiledCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::print::padded(f, fmt::Alignment::Left, |f| {
            write!(
                f,
                "TiledCopy<{},{},{}>",
                self.atom,
                self.layout_tv,
                TileText(&self.tiler_mn)
            )
        })
    }
}

/// What an atom literal is expected to be.
const ATOM_LITERAL: &str =
    "an MMA atom, `Copy_Atom<OP,T>`, `TiledMMA<ATOM,LAYOUT,PERM>` or `TiledCopy<ATOM,TV,TILER>`";

impl<'a> Parser<'a> {
    /// An atom as a literal, as `cute eval` prints it: an MMA atom by name (C++'s spelling or
    /// an alias of [`canonical_atom_name`], or `MMA_Atom<NAME>`), `Copy_Atom<OP,T>`,
    /// `TiledMMA<ATOM,AtomLayoutMNK[,PermutationMNK]>` or
    /// `TiledCopy<Copy_Atom<OP,T>,LayoutCopy_TV,ShapeTiler_MN>`.
    ///
    /// # Errors
    /// [`LayoutError::Parse`]; an unknown name or type; a copy operation without its type;
    /// the errors of `make_tiled_mma` and of the tiled copy's checks.
    pub(crate) fn atom_literal(&mut self) -> Result<Value> {
        self.skip_ws();
        let start = self.pos;
        let head = self.qualified_name();
        let head = head.strip_prefix("cute::").unwrap_or(head);
        let v = match head {
            "TiledMMA" => Value::TiledMma(Box::new(self.tiled_mma_args()?)),
            "TiledCopy" => Value::TiledCopy(Box::new(self.tiled_copy_args()?)),
            "Copy_Atom" => Value::CopyAtom(Box::new(self.copy_atom_args()?)),
            "" => return Err(self.error(ATOM_LITERAL)),
            _ => {
                self.pos = start;
                Value::MmaAtom(Box::new(self.mma_atom_name()?))
            }
        };
        // C++ passes an atom as a value, `SM80_16x8x16_F32F16F16F32_TN{}`, `Copy_Atom<..>{}`
        self.optional_braces()?;
        Ok(v)
    }

    /// A GMMA shared-memory layout atom as a value, `GMMA::Layout_K_SW128_Atom<half_t>{}`
    /// (with or without `cute::`, `SM90::`, `GMMA::`): the composed layout of the same function
    /// on element offsets, [`SmemLayout::element_layout`] (`Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`
    /// for 16-bit elements; C++ keeps the swizzle on byte addresses and prints
    /// `Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)`, which `cute atom NAME` prints).
    ///
    /// # Errors
    /// [`LayoutError::Parse`] for a name that is not one of [`GMMA_LAYOUT_ATOMS`]; an unknown
    /// element type; elements narrower than a byte (no element-offset form).
    pub(crate) fn smem_atom_literal(&mut self) -> Result<Value> {
        self.skip_ws();
        let at = self.pos;
        let text = self.type_name()?;
        let Some(atom) = parse_gmma_layout_atom(text) else {
            self.pos = at;
            return Err(self.error(
                "a GMMA shared-memory layout atom: GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>",
            ));
        };
        self.optional_braces()?;
        let composed = atom?
            .element_layout()
            .map_err(|e| e.within(format!("{text} as a value")))?;
        Ok(Value::Composed(Box::new(composed)))
    }

    /// `[A-Za-z0-9_:]*` at the position.
    fn qualified_name(&mut self) -> &'a str {
        let start = self.pos;
        self.pos += self.input.as_bytes()[start..]
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_' || b == b':')
            .count();
        &self.input[start..self.pos]
    }

    /// A C++ type name: a qualified name and its template arguments `<...>`, if any.
    fn type_name(&mut self) -> Result<&'a str> {
        self.skip_ws();
        let start = self.pos;
        if self.qualified_name().is_empty() {
            return Err(self.error(ATOM_LITERAL));
        }
        if self.peek() == Some(b'<') {
            let mut depth = 0usize;
            for (i, b) in self.input.as_bytes()[self.pos..].iter().enumerate() {
                match b {
                    b'<' => depth += 1,
                    b'>' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    self.pos += i + 1;
                    return Ok(&self.input[start..self.pos]);
                }
            }
            return Err(self.error("'>'"));
        }
        Ok(&self.input[start..self.pos])
    }

    /// An MMA atom: `NAME` or `MMA_Atom<NAME>`; a copy operation is refused (it needs a type).
    fn mma_atom_name(&mut self) -> Result<MmaAtom> {
        let at = self.pos;
        let text = self.type_name()?;
        let name = canonical_atom_name(text);
        let name = match name.strip_prefix("MMA_Atom<") {
            Some(inner) => canonical_atom_name(inner.strip_suffix('>').unwrap_or(inner)),
            None => name,
        };
        if is_mma_atom(&name) {
            return mma_atom(&name);
        }
        if let Some(atom) = universal_fma(&name) {
            return atom;
        }
        if let Some(e) = gmma_without_majors(&name) {
            self.pos = at;
            return Err(e);
        }
        if copy_op(&name).is_ok() {
            return Err(LayoutError::InvalidArgument {
                op: "Copy_Atom",
                detail: format!(
                    "`{name}` is a copy operation: Copy_Atom<OP,T> needs the element type T"
                ),
                hint: "write Copy_Atom<OP,T>, e.g. Copy_Atom<SM75_U32x4_LDSM_N,half_t>",
            });
        }
        self.pos = at;
        Err(LayoutError::InvalidArgument {
            op: "atom",
            detail: format!("unknown atom `{}`", crate::limits::echo(text)),
            hint: "`cute atoms` lists the MMA and copy operations and the shared-memory layout \
                   atoms; each is read here as C++ writes it: NAME{}, MMA_Atom<NAME>{}, \
                   Copy_Atom<OP,T>{}, GMMA::Layout_K_SW128_Atom<T>{}",
        })
    }

    /// `<OP,T>` of `Copy_Atom<OP,T>`, or `<TMA_OP,T,GMEM,SMEM,CTA_TILER[,CLUSTER_SIZE]>` (the
    /// arguments of `make_tma_atom`) for `SM90_TMA_LOAD`, `SM90_TMA_LOAD_MULTICAST`,
    /// `SM90_TMA_STORE`; `<TMA_OP,T>` alone is the operation without its box
    /// ([`crate::atom::tma_operation`], the first argument of `make_tma_atom`).
    fn copy_atom_args(&mut self) -> Result<CopyAtom> {
        self.expect(b'<')?;
        let name = canonical_atom_name(self.type_name()?);
        self.expect(b',')?;
        let t = parse_value_type(self.type_name()?)?;
        if name.starts_with("SM90_TMA_") {
            return self.tma_atom_args(TmaOp::from_name(&name)?, t);
        }
        let op = copy_op(&name).or_else(|e| typed_copy(&name).unwrap_or(Err(e)))?;
        self.expect(b'>')?;
        make_copy_atom(&op, t)
    }

    /// `,GMEM,SMEM,CTA_TILER[,CLUSTER_SIZE]>` of a TMA atom literal: `make_tma_atom`'s arguments.
    fn tma_atom_args(&mut self, op: TmaOp, t: ValueType) -> Result<CopyAtom> {
        let what = "`Copy_Atom<SM90_TMA_LOAD,T,GMEM,SMEM,CTA_TILER[,CLUSTER_SIZE]>`";
        if self.accept(b'>') {
            return tma_operation(op, t);
        }
        self.expect(b',')?;
        let gmem = self.layout()?;
        self.expect(b',')?;
        self.skip_ws();
        let smem = if self.peek() == Some(b'S') {
            match parse_swizzled(self)? {
                Swizzled::Composed(c) => AnyLayout::Composed(*c),
                Swizzled::Swizzle(_) => return Err(self.error(what)),
            }
        } else {
            AnyLayout::Layout(self.layout()?)
        };
        self.expect(b',')?;
        let tiler = self.tiler()?;
        let n = if self.accept(b',') {
            let n = self.int_tuple()?;
            n.as_leaf()
                .ok_or_else(|| self.error("an integer cluster size"))?
        } else {
            Int::ONE
        };
        self.expect(b'>')?;
        make_tma_atom(op, t, &gmem, &smem, &tiler, n)
    }

    /// A copy atom argument of `TiledCopy<...>`: `Copy_Atom<OP,T>`.
    fn copy_atom(&mut self) -> Result<CopyAtom> {
        match self.atom_literal()? {
            Value::CopyAtom(c) => Ok(*c),
            _ => Err(self.error("`Copy_Atom<OP,T>`")),
        }
    }

    /// `<ATOM,AtomLayoutMNK[,PermutationMNK]>` of `TiledMMA<...>`.
    fn tiled_mma_args(&mut self) -> Result<TiledMma> {
        self.expect(b'<')?;
        let atom = self.mma_atom_name()?;
        self.expect(b',')?;
        let layout = self.layout()?;
        let perm = if self.accept(b',') {
            parse_permutation(self.template_arg()?)?
        } else {
            Vec::new()
        };
        self.expect(b'>')?;
        make_tiled_mma(&atom, &layout, &perm)
    }

    /// `<Copy_Atom<OP,T>,LayoutCopy_TV,ShapeTiler_MN>` of `TiledCopy<...>`.
    fn tiled_copy_args(&mut self) -> Result<TiledCopy> {
        self.expect(b'<')?;
        let atom = self.copy_atom()?;
        self.expect(b',')?;
        let layout_tv = self.tv_argument()?;
        self.expect(b',')?;
        let tiler = self.printed_tile()?;
        self.expect(b'>')?;
        make_tiled_copy_tiler(&atom, layout_tv, tiler)
    }

    /// A layout in CuTe notation or as a C++ type (`Layout<Shape<_32,_8>,Stride<_8,_1>>`).
    fn tv_argument(&mut self) -> Result<Layout> {
        if !matches!(self.peek(), Some(b'L' | b'c')) {
            return self.layout();
        }
        let at = self.pos;
        match self.spelled_literal()? {
            Value::Layout(l) => Ok(std::sync::Arc::unwrap_or_clone(l)),
            _ => Err(LayoutError::parse(self.input, at, "a layout")),
        }
    }

    /// `Tiler_MN` of a `TiledCopy<...>` literal: as C++ prints it, `(_32,_32)` or
    /// `(_4:_1,_16:_2)` (modes integers, layouts or tuples of them), a CuTe tiler `<...>`, or
    /// the C++ type `Tile<Layout<_4,_1>,Layout<_16,_2>>`.
    fn printed_tile(&mut self) -> Result<Tiler> {
        let (start, depth) = (self.pos, self.depth);
        if self.peek() == Some(b'T') {
            return self.cpp_tile();
        }
        if self.peek() != Some(b'(') {
            return self.tiler();
        }
        if let Ok(t) = self.tiler() {
            if matches!(self.peek(), Some(b',' | b'>')) {
                return Ok(t);
            }
        }
        (self.pos, self.depth) = (start, depth);
        self.expect(b'(')?;
        self.depth += 1;
        if self.depth > crate::tree::MAX_DEPTH {
            return Err(self.too_deep());
        }
        let mut modes = vec![self.printed_tile()?];
        while self.accept(b',') {
            modes.push(self.printed_tile()?);
        }
        self.expect(b')')?;
        self.depth -= 1;
        Ok(Tiler::Tuple(modes))
    }

    /// The text up to the next `,` or `>` outside parentheses and angle brackets.
    fn template_arg(&mut self) -> Result<&'a str> {
        let start = self.pos;
        let mut depth = 0usize;
        for (i, b) in self.input.as_bytes()[start..].iter().enumerate() {
            match b {
                b'(' | b'<' => depth += 1,
                b')' if depth > 0 => depth -= 1,
                b',' | b'>' if depth == 0 => {
                    self.pos = start + i;
                    return Ok(&self.input[start..self.pos]);
                }
                b'>' => depth -= 1,
                _ => {}
            }
        }
        Err(self.error("'>'"))
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::Parser;
    use crate::value::Kind;

    #[test]
    fn at_scope_is_an_atom_a_type_or_a_static_integer_not_a_call() {
        assert!(Parser::new("cute::SM61_DP4A").at_scope());
        assert!(Parser::new("cute::_8{}").at_scope());
        assert!(!Parser::new("size(4)").at_scope());
        assert!(!Parser::new("cute::make_layout(4)").at_scope());
    }

    #[test]
    fn atom_literals_are_read_and_printed_as_cpp_prints_them() -> crate::error::Result<()> {
        let v = Parser::new("TiledMMA<SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)>").atom_literal()?;
        assert_eq!(v.kind(), Kind::TiledMma);
        assert_eq!(
            v.to_string(),
            "TiledMMA<SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1):(_1,_2,_0),(_,_,_)>"
        );
        let c = Parser::new("Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>").atom_literal()?;
        assert_eq!(c.to_string(), "Copy_Atom<SM75_U32x4_LDSM_N,half_t>");
        Ok(())
    }

    #[test]
    fn a_gmma_smem_atom_is_its_element_offset_composed_layout() -> crate::error::Result<()> {
        let v = Parser::new("GMMA::Layout_K_SW128_Atom<half_t>{}").smem_atom_literal()?;
        assert_eq!(v.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
        Ok(())
    }
}

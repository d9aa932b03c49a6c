//! The text forms of Triton's linear layouts ([`LinearLayout`]), read and written here.
//!
//! - the compact form, this crate's `Display`: `register=[[0,1],[8,0]] lane=[[0,2]] ->
//!   dim0=16 dim1=8` (without `-> ...`, the outputs are `dim0`, `dim1`, ... with sizes inferred
//!   as Triton infers them, and the layout must be surjective);
//! - MLIR's attribute, as `#ttg.linear<{register = [[0, 1]], lane = [...], warp = [], block =
//!   []}>` prints it ([`mlir`]);
//! - Triton's `LinearLayout::toString()` ([`triton_string`]): ` - register=1 -> (0, 1)` lines
//!   and `where out dims are: [dim0 (size 16), dim1 (size 8)]`;
//! - JSON ([`json`]): `{"bases": {"register": [[0,1]]}, "out_dims": {"dim0": 16}}`; Gluon's
//!   `DistributedLinearLayout` / `SharedLinearLayout` fields (`reg_bases`, `lane_bases`,
//!   `warp_bases`, `block_bases`, `offset_bases`, `shape`) are read too.
//!
//! ```
//! use cute_layout::linear::LinearLayout;
//! use cute_layout::notation::linear::{json, mlir, parse_linear, triton_string};
//! let l: LinearLayout = "register=[[0,1]] lane=[[1,0]] -> dim0=2 dim1=2".parse()?;
//! assert_eq!(mlir(&l), "#ttg.linear<{register = [[0, 1]], lane = [[1, 0]]}>");
//! assert_eq!(json(&l), r#"{"bases": {"register": [[0, 1]], "lane": [[1, 0]]}, "out_dims": {"dim0": 2, "dim1": 2}}"#);
//! for text in [mlir(&l), json(&l), triton_string(&l)] {
//!     assert_eq!(parse_linear(&text)?, l);
//! }
//! # Ok::<(), cute_layout::LayoutError>(())
//! ```

use crate::error::{LayoutError, Result};
use crate::linear::triton::{
    cga_from_split_params, BlockedLayout, DotOperandLayout, NvidiaMmaLayout, NvmmaSharedLayout,
    SwizzledSharedLayout, TritonLayout,
};
use crate::linear::{InDim, LinearLayout, OutDim};
use crate::notation::Parser;
use crate::value::Value;

fn list<T>(items: impl IntoIterator<Item = T>, sep: &str, f: impl Fn(T) -> String) -> String {
    items.into_iter().map(f).collect::<Vec<_>>().join(sep)
}

fn bases_text(bases: &[Vec<u64>], sep: &str) -> String {
    let one = |b: &Vec<u64>| format!("[{}]", list(b, sep, |x| x.to_string()));
    format!("[{}]", list(bases, sep, one))
}

/// The compact form `register=[[0,1],[2,0]] lane=[..] -> dim0=4 dim1=2` (`Display`).
pub fn compact(l: &LinearLayout) -> String {
    let ins = list(l.in_dims(), " ", |(n, b)| {
        format!("{n}={}", bases_text(b, ","))
    });
    let outs = list(l.out_dims(), " ", |(n, s)| format!("{n}={s}"));
    match (ins.is_empty(), outs.is_empty()) {
        (true, true) => "->".to_string(),
        (true, false) => format!("-> {outs}"),
        (false, true) => format!("{ins} ->"),
        (false, false) => format!("{ins} -> {outs}"),
    }
}

/// MLIR's `#ttg.linear<{register = [[0, 1]], lane = [...]}>` (the sizes are implied: Triton
/// reads them from the tensor's shape).
pub fn mlir(l: &LinearLayout) -> String {
    let ins = list(l.in_dims(), ", ", |(n, b)| {
        format!("{n} = {}", bases_text(b, ", "))
    });
    format!("#ttg.linear<{{{ins}}}>")
}

/// JSON: `{"bases": {"register": [[0, 1]]}, "out_dims": {"dim0": 2}}`, in dimension order.
pub fn json(l: &LinearLayout) -> String {
    let ins = list(l.in_dims(), ", ", |(n, b)| {
        format!("\"{n}\": {}", bases_text(b, ", "))
    });
    let outs = list(l.out_dims(), ", ", |(n, s)| format!("\"{n}\": {s}"));
    format!("{{\"bases\": {{{ins}}}, \"out_dims\": {{{outs}}}}}")
}

/// Triton's `LinearLayout::toString()`, exactly: a leading newline, one ` - ` item per input
/// dimension, and `where out dims are: [dim0 (size 4), ...]`.
pub fn triton_string(l: &LinearLayout) -> String {
    let outs = format!(
        "[{}]",
        list(l.out_dims(), ", ", |(n, s)| format!("{n} (size {s})"))
    );
    if l.in_dims().is_empty() {
        return if l.out_dims().is_empty() {
            "\n(empty layout)".to_string()
        } else {
            format!("\n(empty layout with out-dims {outs})")
        };
    }
    let mut ret = "\n".to_string();
    for (name, bases) in l.in_dims() {
        if bases.is_empty() {
            ret += &format!(" - {name} is a size 1 dimension\n");
            continue;
        }
        let lines = bases.iter().enumerate().map(|(i, b)| {
            format!(
                "{name}={} -> ({})",
                1u64 << i,
                list(b, ", ", |x| x.to_string())
            )
        });
        ret += &format!(" - {}\n", lines.collect::<Vec<_>>().join("\n   "));
    }
    ret + "where out dims are: " + &outs
}

/// A parsed value: a number, a list or a map (names and JSON strings as keys).
enum Item {
    Num(u64),
    List(Vec<Item>),
    Map(Vec<(String, Item)>),
    /// A bare name (`true`, `false`).
    Name(String),
    /// A named attribute or call: `#ttg.blocked<{..}>`, `BlockedLayout(..)`.
    Attr(String, Vec<(String, Item)>),
}

fn number(p: &mut Parser) -> Result<u64> {
    p.peek();
    let rest = &p.input().as_bytes()[p.pos()..];
    let n = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let text = &p.input()[p.pos()..p.pos() + n];
    let v = text
        .parse::<u64>()
        .map_err(|_| p.error("a non-negative integer"))?;
    p.skip(n);
    Ok(v)
}

fn key(p: &mut Parser) -> Result<String> {
    if p.accept(b'"') {
        let start = p.pos();
        let len = p.input()[start..]
            .find('"')
            .ok_or_else(|| p.error("'\"'"))?;
        p.skip(len + 1);
        return Ok(p.input()[start..start + len].to_string());
    }
    Ok(p.ident()?.to_string())
}

fn item(p: &mut Parser) -> Result<Item> {
    match p.peek() {
        Some(b'[') => {
            p.skip(1);
            let mut items = Vec::new();
            if !p.accept(b']') {
                loop {
                    items.push(item(p)?);
                    if p.accept(b']') {
                        break;
                    }
                    p.expect(b',')?;
                }
            }
            Ok(Item::List(items))
        }
        Some(b'{') => {
            p.skip(1);
            let m = pairs(p, b'}')?;
            p.expect(b'}')?;
            Ok(Item::Map(m))
        }
        Some(b'#') => {
            let (name, fields) = attribute(p)?;
            Ok(Item::Attr(name, fields))
        }
        Some(c) if c.is_ascii_alphabetic() => {
            let name = p.ident()?.to_string();
            if p.accept(b'(') {
                let fields = pairs(p, b')')?;
                p.expect(b')')?;
                return Ok(Item::Attr(name, fields));
            }
            Ok(Item::Name(name))
        }
        _ => Ok(Item::Num(number(p)?)),
    }
}

/// `#ttg.name<{key = value, ...}>`: the name and the fields.
fn attribute(p: &mut Parser) -> Result<(String, Vec<(String, Item)>)> {
    p.expect(b'#')?;
    let start = p.pos();
    let n = p.input()[start..]
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'.')
        .count();
    p.skip(n);
    let name = p.input()[start..start + n].to_string();
    p.expect(b'<')?;
    p.expect(b'{')?;
    let fields = pairs(p, b'}')?;
    p.expect(b'}')?;
    p.expect(b'>')?;
    Ok((name, fields))
}

/// `key (=|:) item` pairs separated by commas or spaces, up to `close` (not consumed) or `->`.
fn pairs(p: &mut Parser, close: u8) -> Result<Vec<(String, Item)>> {
    let mut out = Vec::new();
    while p.peek().is_some_and(|c| c != close) && !p.at("->") {
        let k = key(p)?;
        if !p.accept(b'=') {
            p.expect(b':')?;
        }
        out.push((k, item(p)?));
        p.accept(b',');
    }
    Ok(out)
}

fn bases_of(p: &Parser, name: &str, it: &Item) -> Result<Vec<Vec<u64>>> {
    let bad = || {
        LayoutError::parse(
            p.input(),
            p.pos(),
            format!("a list of basis vectors (lists of integers) for '{name}'"),
        )
    };
    let Item::List(bases) = it else {
        return Err(bad());
    };
    bases
        .iter()
        .map(|b| match b {
            Item::List(xs) => xs
                .iter()
                .map(|x| match x {
                    Item::Num(v) => Ok(*v),
                    _ => Err(bad()),
                })
                .collect(),
            _ => Err(bad()),
        })
        .collect()
}

fn default_out_names(ins: &[InDim]) -> Vec<String> {
    let n = ins
        .iter()
        .flat_map(|(_, b)| b.first().map(Vec::len))
        .next()
        .unwrap_or(0);
    (0..n).map(|i| format!("dim{i}")).collect()
}

fn with_names(ins: Vec<InDim>, names: &[String]) -> Result<LinearLayout> {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    LinearLayout::with_out_names(ins, &names)
}

/// Gluon's `DistributedLinearLayout` / `SharedLinearLayout` fields: `reg_bases` is
/// `register`, `shape` gives the sizes of `dim0`, `dim1`, ...
fn from_gluon_fields(p: &Parser, m: &[(String, Item)]) -> Result<LinearLayout> {
    let mut ins = Vec::new();
    let mut outs: Option<Vec<OutDim>> = None;
    for (k, v) in m {
        if k == "shape" {
            let Item::List(xs) = v else {
                return Err(p.error("a shape list"));
            };
            let sizes = xs.iter().enumerate().map(|(i, x)| match x {
                Item::Num(s) => Ok((format!("dim{i}"), *s)),
                _ => Err(p.error("an integer size")),
            });
            outs = Some(sizes.collect::<Result<_>>()?);
        } else if let Some(dim) = k.strip_suffix("_bases") {
            let name = if dim == "reg" { "register" } else { dim };
            ins.push((name.to_string(), bases_of(p, k, v)?));
        }
    }
    match outs {
        Some(outs) => LinearLayout::new(ins, outs),
        None => {
            let names = default_out_names(&ins);
            with_names(ins, &names)
        }
    }
}

/// Reads a linear layout in any of the forms of this module (the form is told by its start).
///
/// # Errors
/// [`LayoutError::Parse`] with the position; [`LayoutError::InvalidArgument`] when the bases
/// break the invariants of [`LinearLayout::new`].
///
/// ```
/// use cute_layout::notation::linear::parse_linear;
/// let l = parse_linear("#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>")?;
/// assert_eq!(l.out_dims(), &[("dim0".to_string(), 16), ("dim1".to_string(), 8)]);
/// assert!(parse_linear("register=[[0,1],[2]]").is_err()); // bases of different lengths
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn parse_linear(text: &str) -> Result<LinearLayout> {
    let trimmed = text.trim_start();
    if trimmed.starts_with("- ") || trimmed.starts_with("(empty layout") {
        return parse_triton_string(text);
    }
    let mut p = Parser::new(text);
    if trimmed.starts_with("DistributedLinearLayout(") || trimmed.starts_with("SharedLinearLayout(")
    {
        let Item::Attr(_, fields) = item(&mut p)? else {
            return Err(p.error("Gluon's linear layout"));
        };
        p.end()?;
        return from_gluon_fields(&p, &fields);
    }
    let mlir = p.at("#ttg.linear<");
    if mlir {
        p.skip("#ttg.linear<".len());
    }
    let braced = p.accept(b'{');
    let m = pairs(&mut p, b'}')?;
    if braced {
        p.expect(b'}')?;
    }
    if mlir {
        p.expect(b'>')?;
    }
    if m.iter().any(|(k, _)| k == "bases") {
        p.end()?;
        return from_json_fields(&p, &m);
    }
    if m.iter().any(|(k, _)| k.ends_with("_bases")) {
        p.end()?;
        return from_gluon_fields(&p, &m);
    }
    let ins = m
        .iter()
        .map(|(k, v)| Ok((k.clone(), bases_of(&p, k, v)?)))
        .collect::<Result<Vec<InDim>>>()?;
    if p.at("->") {
        p.skip(2);
        let outs = pairs(&mut p, 0)?
            .into_iter()
            .map(|(k, v)| match v {
                Item::Num(s) => Ok((k, s)),
                _ => Err(p.error("an output size")),
            })
            .collect::<Result<Vec<OutDim>>>()?;
        p.end()?;
        return LinearLayout::new(ins, outs);
    }
    p.end()?;
    let names = default_out_names(&ins);
    with_names(ins, &names)
}

fn from_json_fields(p: &Parser, m: &[(String, Item)]) -> Result<LinearLayout> {
    let mut ins = Vec::new();
    let mut outs = None;
    for (k, v) in m {
        match (k.as_str(), v) {
            ("bases", Item::Map(b)) => {
                for (n, bases) in b {
                    ins.push((n.clone(), bases_of(p, n, bases)?));
                }
            }
            ("out_dims", Item::Map(o)) => {
                let sizes = o.iter().map(|(n, s)| match s {
                    Item::Num(s) => Ok((n.clone(), *s)),
                    _ => Err(p.error("an output size")),
                });
                outs = Some(sizes.collect::<Result<Vec<OutDim>>>()?);
            }
            _ => return Err(p.error("\"bases\": {..} and \"out_dims\": {..}")),
        }
    }
    match outs {
        Some(outs) => LinearLayout::new(ins, outs),
        None => {
            let names = default_out_names(&ins);
            with_names(ins, &names)
        }
    }
}

/// Reads Triton's `toString()` form back.
fn parse_triton_string(text: &str) -> Result<LinearLayout> {
    let err = |line: &str, what: &str| {
        let pos = text.find(line).unwrap_or(0);
        LayoutError::parse(text, pos, what)
    };
    let mut ins: Vec<InDim> = Vec::new();
    let mut outs: Vec<OutDim> = Vec::new();
    for raw in text.lines() {
        let line = raw.trim();
        if line.is_empty() || line == "(empty layout)" {
            continue;
        }
        let out_list = line
            .strip_prefix("where out dims are: ")
            .or_else(|| line.strip_prefix("(empty layout with out-dims "));
        if let Some(rest) = out_list {
            let rest = rest.trim_end_matches(')').trim_start_matches('[');
            let rest = rest.trim_end_matches(']');
            for part in rest.split("), ").filter(|s| !s.is_empty()) {
                let (name, size) = part
                    .trim_end_matches(')')
                    .split_once(" (size ")
                    .ok_or_else(|| err(line, "`name (size N)`"))?;
                let size = size.parse().map_err(|_| err(line, "an integer size"))?;
                outs.push((name.to_string(), size));
            }
            continue;
        }
        let line = line.strip_prefix("- ").unwrap_or(line);
        if let Some(name) = line.strip_suffix(" is a size 1 dimension") {
            ins.push((name.to_string(), vec![]));
            continue;
        }
        let (lhs, rhs) = line
            .split_once(" -> ")
            .ok_or_else(|| err(line, "`name=2^i -> (b0, b1, ...)`"))?;
        let (name, _) = lhs.split_once('=').ok_or_else(|| err(line, "`name=2^i`"))?;
        let basis = rhs
            .trim_start_matches('(')
            .trim_end_matches(')')
            .split(", ")
            .filter(|s| !s.is_empty())
            .map(|x| {
                x.parse::<u64>()
                    .map_err(|_| err(line, "an integer component"))
            })
            .collect::<Result<Vec<u64>>>()?;
        match ins.last_mut() {
            Some((n, bases)) if n == name => bases.push(basis),
            _ => ins.push((name.to_string(), vec![basis])),
        }
    }
    LinearLayout::new(ins, outs)
}

fn field<'i>(p: &Parser, fields: &'i [(String, Item)], names: &[&str]) -> Result<&'i Item> {
    fields
        .iter()
        .find(|(k, _)| names.contains(&k.as_str()))
        .map(|(_, v)| v)
        .ok_or_else(|| p.error(&format!("the field `{}`", names[0])))
}

fn num_field(p: &Parser, fields: &[(String, Item)], names: &[&str]) -> Result<u64> {
    match field(p, fields, names)? {
        Item::Num(v) => Ok(*v),
        _ => Err(p.error(&format!("an integer `{}`", names[0]))),
    }
}

fn list_field(p: &Parser, fields: &[(String, Item)], names: &[&str]) -> Result<Vec<u64>> {
    match field(p, fields, names)? {
        Item::List(xs) => xs
            .iter()
            .map(|x| match x {
                Item::Num(v) => Ok(*v),
                _ => Err(p.error("an integer")),
            })
            .collect(),
        _ => Err(p.error(&format!("a list `{}`", names[0]))),
    }
}

fn bool_field(p: &Parser, fields: &[(String, Item)], names: &[&str]) -> Result<bool> {
    match fields.iter().find(|(k, _)| names.contains(&k.as_str())) {
        None => Ok(false),
        Some((_, Item::Name(n))) if n == "true" || n == "True" => Ok(true),
        Some((_, Item::Name(n))) if n == "false" || n == "False" => Ok(false),
        Some((_, Item::Num(v))) => Ok(*v != 0),
        _ => Err(p.error(&format!("true or false for `{}`", names[0]))),
    }
}

fn order_field(p: &Parser, fields: &[(String, Item)]) -> Result<Vec<usize>> {
    Ok(list_field(p, fields, &["order"])?
        .into_iter()
        .map(|x| x as usize)
        .collect())
}

/// The CGA layout of a named layout: MLIR's `CGALayout = [[..]]` or Gluon's `cga_layout=[..]`
/// (its bases), older Triton's `CTAsPerCGA`, `CTASplitNum`, `CTAOrder` (converted as Triton's
/// `fromSplitParams` does), or none (one CTA).
fn cga_field(p: &Parser, fields: &[(String, Item)]) -> Result<Vec<Vec<u64>>> {
    if let Some((_, it)) = fields
        .iter()
        .find(|(k, _)| k == "CGALayout" || k == "cga_layout")
    {
        return bases_of(p, "CGALayout", it);
    }
    if !fields.iter().any(|(k, _)| k == "CTAsPerCGA") {
        return Ok(vec![]);
    }
    let ctas = list_field(p, fields, &["CTAsPerCGA"])?;
    let split = list_field(p, fields, &["CTASplitNum"])?;
    let order: Vec<usize> = list_field(p, fields, &["CTAOrder"])?
        .into_iter()
        .map(|x| x as usize)
        .collect();
    cga_from_split_params(&ctas, &split, &order)
}

fn mma_of(p: &Parser, fields: &[(String, Item)]) -> Result<NvidiaMmaLayout> {
    let (major, minor) = match fields.iter().find(|(k, _)| k == "version") {
        Some(_) => {
            let v = list_field(p, fields, &["version"])?;
            (
                v.first().copied().unwrap_or(0),
                v.get(1).copied().unwrap_or(0),
            )
        }
        None => (
            num_field(p, fields, &["versionMajor"])?,
            num_field(p, fields, &["versionMinor"]).unwrap_or(0),
        ),
    };
    Ok(NvidiaMmaLayout {
        version_major: major,
        version_minor: minor,
        warps_per_cta: list_field(p, fields, &["warpsPerCTA", "warps_per_cta"])?,
        instr_shape: list_field(p, fields, &["instrShape", "instr_shape"])?,
        cga_layout: cga_field(p, fields)?,
    })
}

fn triton_layout_of(p: &Parser, name: &str, fields: &[(String, Item)]) -> Result<TritonLayout> {
    let name = name
        .trim_start_matches("ttg.")
        .trim_start_matches("triton_gpu.");
    match name {
        "blocked" | "BlockedLayout" => {
            Ok(TritonLayout::Blocked(BlockedLayout {
                size_per_thread: list_field(p, fields, &["sizePerThread", "size_per_thread"])?,
                threads_per_warp: list_field(p, fields, &["threadsPerWarp", "threads_per_warp"])?,
                warps_per_cta: list_field(p, fields, &["warpsPerCTA", "warps_per_cta"])?,
                order: order_field(p, fields)?,
                cga_layout: cga_field(p, fields)?,
            }))
        }
        "nvidia_mma" | "NVMMADistributedLayout" => Ok(TritonLayout::NvidiaMma(mma_of(p, fields)?)),
        "dot_op" | "DotOperandLayout" => {
            let parent = match field(p, fields, &["parent"])? {
                Item::Attr(n, f) => match triton_layout_of(p, n, f)? {
                    TritonLayout::NvidiaMma(m) => m,
                    _ => return Err(p.error("an nvidia_mma parent")),
                },
                _ => return Err(p.error("a parent layout")),
            };
            Ok(TritonLayout::DotOperand(DotOperandLayout {
                op_idx: num_field(p, fields, &["opIdx", "operand_index"])?,
                parent,
                k_width: num_field(p, fields, &["kWidth", "k_width"])?,
            }))
        }
        "nvmma_shared" | "NVMMASharedLayout" => {
            Ok(TritonLayout::NvmmaShared(NvmmaSharedLayout {
                swizzling_byte_width: num_field(p, fields, &["swizzlingByteWidth", "swizzle_byte_width"])?,
                transposed: bool_field(p, fields, &["transposed"])?,
                element_bit_width: num_field(p, fields, &["elementBitWidth", "element_bitwidth"])?,
                cga_layout: cga_field(p, fields)?,
            }))
        }
        "swizzled_shared" | "SwizzledSharedLayout" => {
            Ok(TritonLayout::SwizzledShared(SwizzledSharedLayout {
                vec: num_field(p, fields, &["vec"])?,
                per_phase: num_field(p, fields, &["perPhase", "per_phase"])?,
                max_phase: num_field(p, fields, &["maxPhase", "max_phase"])?,
                order: order_field(p, fields)?,
                cga_layout: cga_field(p, fields)?,
            }))
        }
        "linear" => {
            let ins = fields
                .iter()
                .map(|(k, v)| Ok((k.clone(), bases_of(p, k, v)?)))
                .collect::<Result<Vec<InDim>>>()?;
            let names = default_out_names(&ins);
            Ok(TritonLayout::Linear(with_names(ins, &names)?))
        }
        _ => Err(LayoutError::parse(p.input(), 0, "a Triton layout: #ttg.blocked, #ttg.nvidia_mma, #ttg.dot_op, #ttg.nvmma_shared, #ttg.swizzled_shared or #ttg.linear (or Gluon's class names)")),
    }
}

/// Reads one of Triton's layouts as Triton's MLIR prints it (`#ttg.blocked<{sizePerThread =
/// [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>`, `#ttg.nvidia_mma`,
/// `#ttg.dot_op`, `#ttg.nvmma_shared`, `#ttg.swizzled_shared`, `#ttg.linear`) or as Gluon's
/// Python prints it (`BlockedLayout(size_per_thread=[1, 4], ...)`, ...).
///
/// # Errors
/// [`LayoutError::Parse`] with the position.
///
/// ```
/// use cute_layout::notation::linear::parse_triton_layout;
/// let a = parse_triton_layout("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>")?;
/// let b = parse_triton_layout("SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0], cga_layout=[])")?;
/// assert_eq!(a, b);
/// assert_eq!(a.to_string(), "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>");
/// # Ok::<(), cute_layout::LayoutError>(())
/// ```
pub fn parse_triton_layout(text: &str) -> Result<TritonLayout> {
    let mut p = Parser::new(text);
    let (name, fields) = match item(&mut p)? {
        Item::Attr(n, f) => (n, f),
        _ => return Err(p.error("a Triton layout such as #ttg.blocked<{...}>")),
    };
    p.end()?;
    triton_layout_of(&p, &name, &fields)
}

fn ints(xs: &[u64]) -> String {
    format!("[{}]", list(xs, ", ", |x| x.to_string()))
}

/// `, CGALayout = [[..], ..]` for several CTAs, nothing for one (as Triton prints it).
fn cga_text(cga: &[Vec<u64>]) -> String {
    if cga.is_empty() {
        return String::new();
    }
    format!(", CGALayout = [{}]", list(cga, ", ", |b| ints(b)))
}

fn mma_text(m: &NvidiaMmaLayout) -> String {
    format!(
        "#ttg.nvidia_mma<{{versionMajor = {}, versionMinor = {}, warpsPerCTA = {}{}, instrShape = {}}}>",
        m.version_major,
        m.version_minor,
        ints(&m.warps_per_cta),
        cga_text(&m.cga_layout),
        ints(&m.instr_shape)
    )
}

/// A Triton layout as Triton's MLIR prints it (the CGA layout as `CGALayout = [[..]]`, left out
/// for one CTA).
pub(crate) fn triton_layout_text(t: &TritonLayout) -> String {
    let order = |o: &[usize]| ints(&o.iter().map(|&x| x as u64).collect::<Vec<_>>());
    match t {
        TritonLayout::Blocked(b) => format!(
            "#ttg.blocked<{{sizePerThread = {}, threadsPerWarp = {}, warpsPerCTA = {}, order = {}{}}}>",
            ints(&b.size_per_thread),
            ints(&b.threads_per_warp),
            ints(&b.warps_per_cta),
            order(&b.order),
            cga_text(&b.cga_layout)
        ),
        TritonLayout::NvidiaMma(m) => mma_text(m),
        TritonLayout::DotOperand(d) => format!(
            "#ttg.dot_op<{{opIdx = {}, parent = {}, kWidth = {}}}>",
            d.op_idx,
            mma_text(&d.parent),
            d.k_width
        ),
        TritonLayout::NvmmaShared(s) => format!(
            "#ttg.nvmma_shared<{{swizzlingByteWidth = {}, transposed = {}, elementBitWidth = {}{}}}>",
            s.swizzling_byte_width,
            s.transposed,
            s.element_bit_width,
            cga_text(&s.cga_layout)
        ),
        TritonLayout::SwizzledShared(s) => format!(
            "#ttg.swizzled_shared<{{vec = {}, perPhase = {}, maxPhase = {}, order = {}{}}}>",
            s.vec,
            s.per_phase,
            s.max_phase,
            order(&s.order),
            cga_text(&s.cga_layout)
        ),
        TritonLayout::Linear(l) => mlir(l),
    }
}

/// A Triton layout literal of `cute eval` at the parser's position: `#ttg.linear<{...}>` is a
/// [`Value::Linear`], the other `#ttg.` layouts are [`Value::Triton`].
pub(crate) fn triton_literal(p: &mut Parser) -> Result<Value> {
    let start = p.pos;
    let (name, fields) = attribute(p)?;
    let mut sub = Parser::new(p.input());
    sub.pos = start;
    Ok(match triton_layout_of(&sub, &name, &fields)? {
        TritonLayout::Linear(l) => Value::Linear(Box::new(l)),
        t => Value::Triton(Box::new(t)),
    })
}

impl std::fmt::Display for LinearLayout {
    /// The compact form `register=[[0,1],[2,0]] lane=[..] -> dim0=4 dim1=2` ([`compact`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(&compact(self))
    }
}

impl std::str::FromStr for LinearLayout {
    type Err = LayoutError;
    /// Any of the forms of this module ([`parse_linear`]).
    fn from_str(s: &str) -> Result<LinearLayout> {
        parse_linear(s)
    }
}

impl std::str::FromStr for TritonLayout {
    type Err = LayoutError;
    /// Triton's MLIR form or Gluon's Python form ([`parse_triton_layout`]).
    fn from_str(s: &str) -> Result<TritonLayout> {
        parse_triton_layout(s)
    }
}

impl std::fmt::Display for TritonLayout {
    /// Triton's MLIR attribute form (`#ttg.blocked<{...}>`, ...).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(&triton_layout_text(self))
    }
}

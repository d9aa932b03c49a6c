//! Every case of `bench/tma/expected.txt` (what CuTe C++ prints, produced by
//! `bench/tma/check.sh`) recomputed with the library and compared byte for byte; the TMA
//! cases also through the registry, as `cute eval` computes them.

use crate::common;
use cute_layout::atom::{
    construct_tma_gbasis, get_tma_tensor, make_tma_atom, make_tma_copy, tma_cta_v_map,
    tma_partition, CopyAtom, TmaOp,
};
use cute_layout::basis::{compose_basis, BasisLayout};
use cute_layout::notation::atom::{copy_atom_text, parse_value_type, tiled_copy_text};
use cute_layout::value::Value;
use cute_layout::{coalesce_256, AnyLayout, Int, Layout, LayoutError, Tensor};
use cute_tools::eval::eval;

const EXPECTED: &str = include_str!("../../../../bench/tma/expected.txt");

fn line(x: impl std::fmt::Display) -> String {
    format!("{x}\n")
}

fn run(case: &str) -> Result<String, LayoutError> {
    let w: Vec<&str> = case.split(' ').collect();
    Ok(match w.as_slice() {
        ["coalesce_256", l] => line(coalesce_256(&l.parse()?)?),
        ["coalesce_basis", b] => line(b.parse::<BasisLayout>()?.coalesce()?),
        ["compose_basis", l, b] => line(compose_basis(&l.parse()?, &b.parse()?)?),
        ["gbasis", t, g, s, tiler] => {
            let bits = parse_value_type(t)?.bits();
            let gmem: Layout = g.parse()?;
            let v = tma_cta_v_map(&gmem, &tiler.parse()?)?;
            let smem = s.parse::<AnyLayout>()?;
            line(construct_tma_gbasis(&gmem, bits, smem.inner(), &v, bits)?)
        }
        ["tma_atom", op, t, g, s, tiler, rest @ ..] => {
            copy_atom_text(&atom(op, t, g, s, tiler, rest.first().unwrap_or(&"1"))?)
        }
        ["tma_copy", op, t, g, s, tiler, n] => {
            let tc = make_tma_copy(&atom(op, t, g, s, tiler, n)?)?;
            let (ls, ld) = (tc.get_layout_s_tv()?, tc.get_layout_d_tv()?);
            format!("{}{}{}", tiled_copy_text(&tc), line(ls), line(ld))
        }
        ["tma_tensor", op, t, g, s, tiler, n, shape] => line(get_tma_tensor(
            &atom(op, t, g, s, tiler, n)?,
            &shape.parse()?,
        )?),
        ["tma_partition", op, t, g, s, tiler, n, cta, cta_layout] => {
            let a = atom(op, t, g, s, tiler, n)?;
            let gmem: Layout = g.parse()?;
            let r = top_rank(tiler);
            let under = format!("({})", vec!["_"; r].join(","));
            let gt = get_tma_tensor(&a, gmem.shape())?
                .local_tile(&tiler.parse()?, &under.parse()?)?
                .map_layout(|l| l.group(0, r))?;
            let st = Tensor::new((), smem(s)?).map_layout(|l| l.group(0, r))?;
            let cta = Int::fixed(cta.parse().expect("cta index"));
            let p = tma_partition(&a, cta, &cta_layout.parse()?, st, gt)?;
            format!(
                "{}{}+{}\n",
                line(&p.gmem),
                line(p.smem.layout()),
                p.smem.offset()
            )
        }
        _ => panic!("unknown case {case}"),
    })
}

fn smem(s: &str) -> Result<AnyLayout, LayoutError> {
    s.replacen(">o", "> o _0 o ", 1).parse()
}

/// The number of top-level modes of a tuple `(a,(b,c))`.
fn top_rank(t: &str) -> usize {
    let mut depth = 0;
    let mut n = 1;
    for c in t.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 1 => n += 1,
            _ => {}
        }
    }
    n
}

fn atom(
    op: &str,
    t: &str,
    g: &str,
    s: &str,
    tiler: &str,
    n: &str,
) -> Result<CopyAtom, LayoutError> {
    make_tma_atom(
        TmaOp::from_name(op)?,
        parse_value_type(t)?,
        &g.parse()?,
        &smem(s)?,
        &tiler.parse()?,
        Int::fixed(n.parse().expect("multicast count")),
    )
}

#[test]
fn tma_cases_match_cpp() {
    let blocks = common::oracle_blocks(EXPECTED);
    assert!(blocks.len() >= 30, "the oracle file lost cases");
    common::check_oracle(&blocks, run);
}

/// The call `make_tma_atom(Copy_Atom<OP,T>,GMEM,SMEM,TILER,_N)` of `cute eval`.
fn atom_expr(
    op: &str,
    t: &str,
    g: &str,
    s: &str,
    tiler: &str,
    n: &str,
) -> Result<String, LayoutError> {
    Ok(format!(
        "make_tma_atom(Copy_Atom<{op},{t}>,{g},{},{tiler},_{n})",
        smem(s)?
    ))
}

/// A tensor value `L+OFFSET` as the oracle prints it: the layout, then `+OFFSET`.
fn tensor_lines(v: &Value) -> String {
    let text = v.to_string();
    let (l, off) = text.rsplit_once('+').expect("a tensor prints L+OFFSET");
    format!("{l}\n+{off}\n")
}

/// The same cases through the registry (`cute eval`'s path): `make_tma_atom`, `make_tma_copy`,
/// `get_layoutS_TV`, `get_tma_tensor`, `tma_partition`, `tma_partition_smem`.
fn run_eval(case: &str) -> Result<String, LayoutError> {
    let w: Vec<&str> = case.split(' ').collect();
    let atom_of = |w: &[&str]| atom_expr(w[1], w[2], w[3], w[4], w[5], w.get(6).unwrap_or(&"1"));
    Ok(match w.as_slice() {
        ["tma_atom", ..] => match eval(&atom_of(&w)?)? {
            Value::CopyAtom(a) => copy_atom_text(&a),
            v => panic!("make_tma_atom gave {v}"),
        },
        ["tma_copy", ..] => {
            let tc = atom_of(&w)?.replacen("make_tma_atom", "make_tma_copy", 1);
            let Value::TiledCopy(c) = eval(&tc)? else {
                panic!("make_tma_copy")
            };
            let ls = eval(&format!("get_layoutS_TV({tc})"))?;
            let ld = eval(&format!("get_layoutD_TV({tc})"))?;
            format!("{}{}{}", tiled_copy_text(&c), line(ls), line(ld))
        }
        ["tma_tensor", .., shape] => {
            line(eval(&format!("get_tma_tensor({},{shape})", atom_of(&w)?))?)
        }
        ["tma_partition", _, _, g, s, tiler, _, cta, cta_layout] => {
            let a = atom_of(&w)?;
            let r = top_rank(tiler);
            let gmem: Layout = g.parse()?;
            let st = Tensor::new((), smem(s)?).map_layout(|l| l.group(0, r))?;
            let under = vec!["_"; r].join(",");
            let gt = format!(
                "group(local_tile(get_tma_tensor({a},{}),{tiler},({under})),0,{r})",
                gmem.shape()
            );
            let args = format!("({a},_{cta},{cta_layout},{},{gt})", st.layout());
            let gp = eval(&format!("tma_partition{args}"))?;
            let sp = eval(&format!("tma_partition_smem{args}"))?;
            format!("{}{}", line(gp), tensor_lines(&sp))
        }
        _ => unreachable!("filtered"),
    })
}

#[test]
fn tma_cases_match_cpp_through_eval() {
    let blocks: Vec<_> = common::oracle_blocks(EXPECTED)
        .into_iter()
        .filter(|b| b.0.starts_with("tma_"))
        .collect();
    assert!(blocks.len() >= 30, "the oracle file lost TMA cases");
    common::check_oracle(&blocks, run_eval);
}

//! Every `print_latex` case of `bench/atoms/expected_latex.txt` (what CuTe C++ prints for
//! MMA atoms, tiled MMAs and tiled copies, produced by `bench/atoms/check.sh`) recomputed with
//! the library and compared byte for byte.

use crate::common;
use cute_layout::atom::{
    copy_op, make_copy_atom, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c, mma_atom,
};
use cute_layout::notation::atom::{parse_value_type, resolve_atom, AtomRequest};
use cute_layout::LayoutError;
use cute_tools::render::atom::{copy_figure, figure, latex_atom, mma_figure};

const EXPECTED: &str = include_str!("../../../../bench/atoms/expected_latex.txt");

/// The blocks `## CASE\n<output>` of the oracle file.
fn blocks() -> Vec<(&'static str, &'static str)> {
    common::oracle_blocks(EXPECTED)
}

/// What the library writes for one case (the syntax of bench/atoms/gen_cpp.py).
fn run(case: &str) -> Result<String, LayoutError> {
    let w: Vec<&str> = case.split_whitespace().collect();
    let req = common::atom_request;
    let fig = match (w[0], &w[1..]) {
        ("latex_mma_atom", [name]) => figure(&resolve_atom(&req(name, None, None, None, None))?)?,
        ("latex_mma", [name, lay, perm @ ..]) => figure(&resolve_atom(&req(
            name,
            None,
            Some(lay),
            None,
            perm.first().copied(),
        ))?)?,
        ("latex_copy", [op, t, thr, val]) => figure(&resolve_atom(&req(
            op,
            Some(t),
            Some(thr),
            Some(val),
            None,
        ))?)?,
        ("latex_copy_mma", [which, op, t, name, lay]) => {
            let atom = make_copy_atom(&copy_op(op)?, parse_value_type(t)?)?;
            let mma = cute_layout::atom::make_tiled_mma(&mma_atom(name)?, &lay.parse()?, &[])?;
            copy_figure(&match *which {
                "A" => make_tiled_copy_a(&atom, &mma)?,
                "B" => make_tiled_copy_b(&atom, &mma)?,
                _ => make_tiled_copy_c(&atom, &mma)?,
            })?
        }
        _ => panic!("unknown case `{case}` in expected_latex.txt"),
    };
    Ok(latex_atom(&fig))
}

#[test]
fn every_latex_case_is_byte_exact() {
    let blocks = blocks();
    assert!(blocks.len() >= 16, "only {} cases", blocks.len());
    common::check_oracle(&blocks, run);
}

/// The oracle covers an MMA atom, a tiled MMA with a permutation, an SM90 GMMA atom, SM75
/// LDSM and UniversalCopy tiled copies and the tiled copies of an MMA's operands.
#[test]
fn the_latex_oracle_covers_the_kinds() {
    let cases: Vec<&str> = blocks().iter().map(|b| b.0).collect();
    for needle in [
        "latex_mma_atom SM90::GMMA::",
        "latex_mma SM80_16x8x16_F32F16F16F32_TN (_2,_2,_1)",
        "latex_copy SM75_U32x4_LDSM_N",
        "latex_copy UniversalCopy<",
        "latex_copy_mma A ",
        "latex_copy_mma C ",
    ] {
        assert!(
            cases.iter().any(|c| c.starts_with(needle)),
            "no case `{needle}...`"
        );
    }
}

/// CuTe's own MMA panels, drawn for the tiled MMA directly, match `figure` of the request.
#[test]
fn mma_figure_is_figure_of_the_tiled_mma() {
    let obj = resolve_atom(&AtomRequest {
        name: "SM80_16x8x16_F32F16F16F32_TN",
        layout: Some("(_2,_2,_1)"),
        ..Default::default()
    })
    .unwrap();
    let cute_layout::notation::atom::AtomObject::TiledMma(mma) = &obj else {
        panic!("not a tiled MMA")
    };
    assert_eq!(figure(&obj).unwrap(), mma_figure(mma).unwrap());
}

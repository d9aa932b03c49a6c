//! Every atom case of `bench/atoms/expected.txt` (what CuTe C++ prints, produced by
//! `bench/atoms/check.sh`) recomputed with the library and compared byte for byte.

use crate::common;
use cute_layout::atom::{
    copy_op, copy_op_names, make_copy_atom, make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b,
    make_tiled_copy_c, make_tiled_mma, mma_atom, mma_atom_names, TiledCopy, TiledMma,
};
use cute_layout::atom::{gmma_canonical, gmma_descriptor, Major, SmemLayout};
use cute_layout::notation::atom::parse_gmma_layout_atom;
use cute_layout::notation::atom::{
    atom_text, parse_permutation, parse_value_type, tiled_copy_text, AtomRequest,
};
use cute_layout::{composition_tiler, make_identity_tensor, IntTuple, Layout, LayoutError, Tensor};

const EXPECTED: &str = include_str!("../../../../bench/atoms/expected.txt");
/// MMA names C++ refuses to compile (checked by `bench/atoms/check.sh`).
const REFUSED: &str = include_str!("../../../../bench/atoms/refused.txt");

type R<T> = Result<T, LayoutError>;

/// The blocks `## CASE\n<output>` of the oracle file.
fn blocks() -> Vec<(&'static str, &'static str)> {
    common::oracle_blocks(EXPECTED)
}

fn tiled_mma(name: &str, layout: &str, perm: Option<&&str>) -> R<TiledMma> {
    let perm = perm.map(|p| parse_permutation(p)).transpose()?;
    make_tiled_mma(
        &mma_atom(name)?,
        &layout.parse()?,
        perm.as_deref().unwrap_or(&[]),
    )
}

fn tiled_copy(op: &str, t: &str, thr: &str, val: &str) -> R<TiledCopy> {
    let atom = make_copy_atom(&copy_op(op)?, parse_value_type(t)?)?;
    make_tiled_copy(&atom, &thr.parse()?, &val.parse()?)
}

fn line(l: Layout) -> String {
    format!("{l}\n")
}

fn partitioned(t: Tensor<()>) -> String {
    format!("{} @ {}\n", t.layout(), t.offset())
}

/// A bare layout as a tensor (its partitions keep track of the offset).
fn over(layout: &str) -> R<Tensor<()>> {
    Ok(Tensor::new((), layout.parse::<Layout>()?))
}

/// `local_tile(tile_to_shape(ATOM, TILE), BLOCK, (0,0))`: one MMA's block of shared memory.
fn gmma_block(atom: &str, tile: &str, block: &str) -> R<SmemLayout> {
    let atom = parse_gmma_layout_atom(atom).expect("a GMMA layout atom")?;
    let tile = atom.tile_to_shape(&tile.parse()?, None)?;
    Ok(SmemLayout {
        layout: composition_tiler(&tile.layout, &block.parse()?)?,
        ..tile
    })
}

/// What the library prints for one case (the syntax of bench/atoms/gen_cpp.py).
fn run(case: &str) -> R<String> {
    let w: Vec<&str> = case.split_whitespace().collect();
    let req = common::atom_request;
    Ok(match (w[0], &w[1..]) {
        ("mma", [name]) => atom_text(&req(name, None, None, None, None))?,
        ("copy", [op, t]) => atom_text(&req(op, Some(t), None, None, None))?,
        ("tiled_mma", [name, lay, perm @ ..]) => {
            atom_text(&req(name, None, Some(lay), None, perm.first().copied()))?
        }
        ("layout_tv", [which, name, lay, perm @ ..]) => {
            let mma = tiled_mma(name, lay, perm.first())?;
            line(match *which {
                "A" => mma.get_layout_a_tv()?,
                "B" => mma.get_layout_b_tv()?,
                _ => mma.get_layout_c_tv()?,
            })
        }
        ("tile_shape", [name, lay, perm @ ..]) => {
            format!("{}\n", tiled_mma(name, lay, perm.first())?.tile_size()?)
        }
        ("partition", [which, name, lay, tensor, tid]) => {
            let mma = tiled_mma(name, lay, None)?;
            let (t, tid) = (over(tensor)?, tid.parse().unwrap());
            partitioned(match *which {
                "A" => mma.partition_a(t, tid)?,
                "B" => mma.partition_b(t, tid)?,
                _ => mma.partition_c(t, tid)?,
            })
        }
        ("partition_id", [which, name, lay, shape, tid]) => {
            let mma = tiled_mma(name, lay, None)?;
            let id = make_identity_tensor(&shape.parse::<IntTuple>()?)?;
            let tid = tid.parse().unwrap();
            let p = match *which {
                "A" => mma.partition_a(id, tid)?,
                "B" => mma.partition_b(id, tid)?,
                _ => mma.partition_c(id, tid)?,
            };
            format!("{p}\n")
        }
        ("copy_partition_id", [side, op, t, thr, val, shape, tid]) => {
            let tc = tiled_copy(op, t, thr, val)?;
            let id = make_identity_tensor(&shape.parse::<IntTuple>()?)?;
            let tid = tid.parse().unwrap();
            let p = match *side {
                "S" => tc.partition_s(id, tid)?,
                _ => tc.partition_d(id, tid)?,
            };
            format!("{p}\n")
        }
        ("retile", [which, op, t, name, lay, frag]) => {
            let atom = make_copy_atom(&copy_op(op)?, parse_value_type(t)?)?;
            let mma = tiled_mma(name, lay, None)?;
            let tc = match *which {
                "A" => make_tiled_copy_a(&atom, &mma)?,
                "B" => make_tiled_copy_b(&atom, &mma)?,
                _ => make_tiled_copy_c(&atom, &mma)?,
            };
            partitioned(tc.retile(over(frag)?)?)
        }
        ("tiled_copy", [op, t, thr, val]) => {
            atom_text(&req(op, Some(t), Some(thr), Some(val), None))?
        }
        ("copy_tv", [side, op, t, thr, val]) => {
            let tc = tiled_copy(op, t, thr, val)?;
            line(match *side {
                "S" => tc.get_layout_s_tv()?,
                _ => tc.get_layout_d_tv()?,
            })
        }
        ("tiled_copy_mma", [which, op, t, name, lay]) => {
            let atom = make_copy_atom(&copy_op(op)?, parse_value_type(t)?)?;
            let mma = tiled_mma(name, lay, None)?;
            tiled_copy_text(&match *which {
                "A" => make_tiled_copy_a(&atom, &mma)?,
                "B" => make_tiled_copy_b(&atom, &mma)?,
                _ => make_tiled_copy_c(&atom, &mma)?,
            })
        }
        ("copy_partition", [side, op, t, thr, val, tensor, tid]) => {
            let tc = tiled_copy(op, t, thr, val)?;
            let (l, tid) = (over(tensor)?, tid.parse().unwrap());
            partitioned(match *side {
                "S" => tc.partition_s(l, tid)?,
                _ => tc.partition_d(l, tid)?,
            })
        }
        ("gmma_desc", [major, atom, tile, block]) => {
            let block = gmma_block(atom, tile, block)?;
            let major = if *major == "K" { Major::K } else { Major::MN };
            let d = gmma_descriptor(&block, major)?;
            format!(
                "type={} sbo={} lbo={}\n",
                d.layout_type.layout_type(),
                d.stride_byte_offset,
                d.leading_byte_offset
            )
        }
        ("smem", [name]) => atom_text(&req(name, None, None, None, None))?,
        ("smem_tile", [name, shape]) => atom_text(&AtomRequest {
            shape: Some(shape),
            ..req(name, None, None, None, None)
        })?,
        // a `cute eval` expression: what `cute eval` prints
        ("eval", [expr]) => format!("{}\n", cute_tools::eval::eval(expr)?),
        _ => panic!("unknown case `{case}` in expected.txt"),
    })
}

#[test]
fn every_case_prints_as_cpp() {
    let blocks = blocks();
    assert!(
        blocks.len() > 1000,
        "expected.txt has only {} cases",
        blocks.len()
    );
    common::check_oracle(&blocks, run);
}

/// What C++ refuses at compile time is an error here too.
#[test]
fn what_cpp_refuses_is_an_error() {
    let names: Vec<&str> = REFUSED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert!(names.len() >= 20, "refused.txt has {} names", names.len());
    for name in names {
        assert!(
            mma_atom(name).is_err(),
            "{name} is accepted, C++ refuses it"
        );
    }
}

#[test]
fn every_catalogued_atom_is_checked_against_cpp() {
    let cases: Vec<&str> = blocks().iter().map(|b| b.0).collect();
    for name in mma_atom_names() {
        let case = format!("mma {name}");
        assert!(
            cases.contains(&case.as_str()),
            "{case} missing: rerun bench/atoms/check.sh --update"
        );
    }
    for op in copy_op_names() {
        let prefix = format!("copy {op} ");
        assert!(
            cases.iter().any(|c| c.starts_with(&prefix)),
            "copy {op} missing: rerun bench/atoms/check.sh --update"
        );
    }
}

#[test]
fn the_eval_cases_cover_every_atom_operation() {
    let evals: Vec<&str> = blocks()
        .iter()
        .filter_map(|b| b.0.strip_prefix("eval "))
        .collect();
    for op in cute_tools::registry::operations() {
        let atomic = op.params.iter().any(|p| {
            use cute_layout::value::Kind;
            p.kinds.iter().any(|k| {
                matches!(
                    k,
                    Kind::MmaAtom | Kind::CopyAtom | Kind::TiledMma | Kind::TiledCopy
                )
            })
        });
        let name = format!("{}(", op.name);
        // The swizzle solver takes a copy atom for its accesses but is no CuTe operation: C++
        // has nothing to print; tests/analysis/bank_conflicts.rs checks it against the analysis itself. The
        // TMA operations are checked against bench/tma's C++ oracle through the registry
        // (tests/oracles/tma.rs, `tma_cases_match_cpp_through_eval`).
        let tma = op.name.contains("tma");
        // `to_linear_layout` takes a tiled MMA or copy for its TV layout but is no CuTe
        // operation either: crates/cute-layout/tests/api/linear.rs checks it against Triton's `nvidia_mma`.
        if atomic && !["solve_swizzle", "to_linear_layout"].contains(&op.name) && !tma {
            assert!(
                evals.iter().any(|e| e.contains(&name)),
                "no `eval` case of bench/atoms/cases.txt calls {}",
                op.name
            );
        }
    }
}

/// `gmma_canonical` finds, for every `make_gmma_desc` case C++ accepted, the majorness the case
/// asked for and the descriptor C++ built.
#[test]
fn gmma_canonical_finds_the_majorness_cpp_was_given() {
    let mut n = 0;
    for (case, want) in blocks() {
        let w: Vec<&str> = case.split_whitespace().collect();
        let ["gmma_desc", major, atom, tile, block] = w[..] else {
            continue;
        };
        let (got_major, d) = gmma_canonical(&gmma_block(atom, tile, block).unwrap()).unwrap();
        assert_eq!(format!("{got_major:?}"), major, "{case}");
        let got = format!(
            "type={} sbo={} lbo={}\n",
            d.layout_type.layout_type(),
            d.stride_byte_offset,
            d.leading_byte_offset
        );
        assert_eq!(got, want, "{case}");
        n += 1;
    }
    assert!(n >= 10, "only {n} gmma_desc cases");
}

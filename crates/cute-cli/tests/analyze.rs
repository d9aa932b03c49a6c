//! `cute analyze`: hardware accesses by default, `--access-bits`, `--atom`, `--store`,
//! `--solve`, `--json`, `--cuda`, and `--color phase` pictures.

mod common;

use common::{cute, stdout_of as ok};

#[test]
fn the_default_is_the_widest_access() {
    // issue 13's example: the 16-byte vectorisable tile is read with 128-bit loads
    let tile = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)";
    let text = ok(&["analyze", tile, "--elem-bytes", "2", "--tv"]);
    assert!(
        text.contains(
            "access:        128-bit loads (ld.shared.v4.u32), 8 2-byte elements per access"
        ),
        "{text}"
    );
    assert!(
        text.contains("8 phases of 8 lanes, 8 wavefronts, 0 conflicts, worst 1-way"),
        "{text}"
    );
    // one access per element only when asked for
    let text = ok(&[
        "analyze",
        tile,
        "--elem-bytes",
        "2",
        "--tv",
        "--access-bits",
        "16",
    ]);
    assert!(text.contains("16-bit loads"), "{text}");
}

#[test]
fn atoms_stores_json_and_solutions() {
    let l = "(_8,_64):(_64,_1)";
    let text = ok(&[
        "analyze",
        l,
        "--elem-bytes",
        "2",
        "--atom",
        "SM90_U32x4_STSM_N",
    ]);
    assert!(
        text.contains("stmatrix .x4") && text.contains("56 conflicts, worst 8-way"),
        "{text}"
    );
    let json = ok(&[
        "analyze",
        l,
        "--elem-bytes",
        "2",
        "--access-bits",
        "64",
        "--store",
        "--json",
    ]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (j["access"]["bits"].as_i64(), j["access"]["store"].as_bool()),
        (Some(64), Some(true))
    );
    let text = ok(&[
        "analyze",
        l,
        "--elem-bytes",
        "2",
        "--atom",
        "SM75_U32x4_LDSM_N",
        "--solve",
    ]);
    assert!(
        text.contains("solution: Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"),
        "{text}"
    );
    assert!(
        text.contains("why M = 3") && text.contains("rejected: B = 2"),
        "{text}"
    );
    let json = ok(&["analyze", l, "--elem-bytes", "2", "--solve", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(j["swizzle"], "Sw<3,3,3>");
    let cu = ok(&[
        "analyze",
        l,
        "--elem-bytes",
        "2",
        "--atom",
        "SM75_U32x2_LDSM_N",
        "--cuda",
        "k",
    ]);
    assert!(
        cu.contains("ldmatrix.sync.aligned.m8n8.x2.shared.b16"),
        "{cu}"
    );
}

#[test]
fn refusals_name_the_problem() {
    let err = |args: &[&str]| {
        let out = cute(args);
        assert!(!out.status.success(), "{args:?} succeeded");
        String::from_utf8(out.stderr).unwrap()
    };
    let e = err(&["analyze", "_32:_2", "--access-bits", "64"]);
    assert!(e.contains("thread 0's values 0..1"), "{e}");
    let e = err(&["analyze", "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", "--solve"]);
    assert!(e.contains("swizzled already"), "{e}");
    let e = err(&["analyze", "_32:_1", "--atom", "SM75_U32x9_LDSM_N"]);
    assert!(e.contains("unknown operation"), "{e}");
    let e = err(&[
        "analyze",
        "_32:_1",
        "--access-bits",
        "64",
        "--atom",
        "SM75_U32x4_LDSM_N",
    ]);
    assert!(e.contains("cannot be used with"), "{e}");
}

#[test]
fn pictures_colour_by_phase() {
    let svg = ok(&[
        "svg",
        "(_32,_8):(_8,_1)",
        "--tv",
        "(_32,_8)",
        "--color",
        "phase",
        "--access-bits",
        "128",
    ]);
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
}

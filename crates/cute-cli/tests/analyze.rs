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

/// A tensor `L+o` is analysed at its real addresses, not as `L`: the offset moves the banks
/// and limits the vector width (one float past 16-byte alignment allows no 128-bit load).
#[test]
fn a_tensor_is_analysed_at_its_offset() {
    let plain = ok(&["analyze", "(_8,_8):(_8,_1)"]);
    let at4 = ok(&["analyze", "(_8,_8):(_8,_1)+4"]);
    assert_ne!(plain, at4);
    assert!(
        at4.starts_with("layout:        (_8,_8):(_8,_1)+4\n"),
        "{at4}"
    );
    assert!(
        at4.contains("128-bit loads")
            && at4.contains("bank 4 delivers 2 words (lane 0 @ byte 16, lane 4 @ byte 144)")
            && at4.contains(
                "offset:        4 elements = 16 bytes, aligned for accesses of up to 16 bytes"
            ),
        "{at4}"
    );
    let at1 = ok(&["analyze", "(_8,_8):(_8,_1)+1"]);
    assert!(
        at1.contains("32-bit loads (ld.shared.u32)")
            && at1.contains("2 instructions, 2 phases of 32 lanes, 4 wavefronts, 2 conflicts")
            && at1.contains("mode 1: _8 (4-byte)"),
        "{at1}"
    );
    // --tv and an atom: ldmatrix rows at 8 halves are 16-byte aligned, at 4 they are not
    let rows = |o: &str| {
        cute(&[
            "analyze",
            &format!("(_32,_8):(_8,_1)+{o}"),
            "--tv",
            "--elem-bytes",
            "2",
            "--atom",
            "SM75_U32x4_LDSM_N",
        ])
    };
    assert!(rows("8").status.success());
    let out = rows("4");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        !out.status.success() && err.contains("+4 does not allow"),
        "{err}"
    );
    let json = ok(&["analyze", "_32:_1+1", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (j["offset"].as_i64(), j["access"]["bits"].as_i64()),
        (Some(1), Some(32))
    );
    // the solver swizzles a layout at offset 0: a tensor is refused, not solved without it
    let out = cute(&[
        "analyze",
        "(_8,_64):(_64,_1)+8",
        "--elem-bytes",
        "2",
        "--solve",
    ]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        !out.status.success()
            && err.contains("analyze --solve")
            && err.contains("the tensor (_8,_64):(_64,_1)+8")
            && err.contains("hint: solve for the layout alone"),
        "{err}"
    );
}

/// Issue 28 / 29: the instruction count per warp, the lanes whose addresses are used and the
/// wavefronts per phase, in the report and the JSON; `.trans` in `--cuda`; the element size
/// taken from the type the expression names.
#[test]
fn instructions_per_warp_lanes_and_phases_are_reported() {
    let e = "composition((_16,_16):(_1,_64),get_layoutS_TV(make_tiled_copy_B(Copy_Atom<SM75_U16x4_LDSM_T,half_t>,make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))))";
    // no --elem-bytes: half_t gives 2
    let text = ok(&["analyze", e, "--tv", "--atom", "SM75_U16x4_LDSM_T"]);
    assert!(text.contains("8 2-byte elements per access"), "{text}");
    assert!(
        text.contains("instructions:  4 (1 per warp, 4 warps), addresses from lanes 0..15 of each"),
        "{text}"
    );
    assert!(
        text.contains("4 instructions, 8 phases of 8 lanes, 64 wavefronts, 56 conflicts"),
        "{text}"
    );
    assert!(
        text.contains("wavefronts per phase: instructions 0..3: 8+8"),
        "{text}"
    );
    let json = ok(&[
        "analyze",
        e,
        "--tv",
        "--atom",
        "SM75_U16x4_LDSM_T",
        "--json",
    ]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(j["elem_bytes"], 2);
    assert_eq!(j["access"]["instructions_per_warp"], 1);
    assert_eq!(j["access"]["warps"], 4);
    assert_eq!(j["access"]["address_lanes"], serde_json::json!([0, 15]));
    assert_eq!(j["access"]["trans"], true);
    assert_eq!(j["banks"]["phase_wavefronts"][3], serde_json::json!([8, 8]));
    let cu = ok(&[
        "analyze",
        e,
        "--tv",
        "--atom",
        "SM75_U16x4_LDSM_T",
        "--cuda",
        "b",
    ]);
    assert!(
        cu.contains("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16"),
        "{cu}"
    );
    // an explicit size wins; types of different sizes ask for one
    let tv = "get_layoutS_TV(make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>,(_32,_4):(_4,_1),(_1,_8)))";
    let text = ok(&["analyze", tv, "--tv"]);
    assert!(text.contains(" 2-byte element"), "{text}");
    let text = ok(&["analyze", tv, "--tv", "--elem-bytes", "4"]);
    assert!(text.contains(" 4-byte element"), "{text}");
    let f = "get_layoutS_TV(make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,float>,(_32,_4):(_4,_1),(_1,_4)))";
    let out = cute(&["analyze", &format!("composition({tv},{f})")]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--elem-bytes"));
    // broadcast of a 128-bit load
    let text = ok(&["analyze", "(_32,_4):(_0,_1)", "--tv"]);
    assert!(
        text.contains("2 phases of 8 lanes, 2 wavefronts, 0 conflicts"),
        "{text}"
    );
    assert!(
        text.contains("broadcast:     2 phases serve 16 lanes at once"),
        "{text}"
    );
}

/// `--color bank`: 32 banks, 32 different fills (banks 0, 12 and 24 differ).
#[test]
fn bank_colours_are_32_way() {
    let svg = ok(&["svg", "_32:_1", "--color", "bank", "--elem-bytes", "4"]);
    let mut fills: Vec<&str> = svg.split("fill=\"#").skip(1).map(|x| &x[..6]).collect();
    fills.sort_unstable();
    fills.dedup();
    assert!(fills.len() >= 32, "{} fills", fills.len());
}

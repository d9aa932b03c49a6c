//! The GPU check's generator (`bench/gpu/gen.sh`, which runs `cute analyze --cuda`) writes
//! well-formed CUDA: one kernel per case of `bench/gpu/cases.tsv`, each with its prediction and
//! a table of one address per lane and instruction. CI has no GPU and no nvcc; where `g++` is
//! present, each kernel must also pass `g++ -fsyntax-only` with `bench/gpu/shim.h`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn bench_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/gpu")
}

/// The numbers of a `// cute-predicted: NAME k=v ...` line.
fn predicted(cu: &str, name: &str) -> Vec<(String, i64)> {
    let line = cu
        .lines()
        .find(|l| l.starts_with(&format!("// cute-predicted: {name} ")))
        .unwrap_or_else(|| panic!("{name}: no prediction line"));
    line.split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .filter_map(|(k, v)| Some((k.to_string(), v.parse().ok()?)))
        .collect()
}

fn check_kernel(name: &str, cu: &str) {
    let p = predicted(cu, name);
    let get = |k: &str| p.iter().find(|x| x.0 == k).map(|x| x.1).unwrap();
    assert!(get("wavefronts") >= get("phases") && get("phases") >= get("instructions"));
    assert_eq!(
        get("conflicts"),
        get("wavefronts") - get("phases"),
        "{name}"
    );
    assert!(cu.contains(&format!(
        "extern \"C\" __global__ void {name}(unsigned *out)"
    )));
    assert_eq!(
        cu.matches('{').count(),
        cu.matches('}').count(),
        "{name}: braces"
    );
    // the table: 32 entries per instruction
    let table = cu
        .split_once(&format!("{name}_addr["))
        .and_then(|(_, rest)| rest.split_once("};"))
        .map(|(t, _)| t)
        .unwrap_or_else(|| panic!("{name}: no address table"));
    let (size, body) = table.split_once("] = {").unwrap();
    let entries = body.split(',').filter(|e| !e.trim().is_empty()).count() as i64;
    assert_eq!(
        size.parse::<i64>().unwrap(),
        32 * get("instructions").max(1)
    );
    assert_eq!(
        entries,
        32 * get("instructions").max(1),
        "{name}: table entries"
    );
    assert_eq!(cu.matches("asm volatile(").count(), 1, "{name}: one access");
}

#[test]
fn generated_kernels_are_well_formed() {
    let out = std::env::temp_dir().join(format!("cute-gpu-bench-{}", std::process::id()));
    let status = Command::new("bash")
        .arg(bench_dir().join("gen.sh"))
        .arg(&out)
        .env("CUTE", env!("CARGO_BIN_EXE_cute"))
        .status()
        .expect("bash runs gen.sh");
    assert!(status.success(), "gen.sh failed");
    let names = std::fs::read_to_string(out.join("cases.txt")).unwrap();
    let names: Vec<&str> = names.split_whitespace().collect();
    assert!(names.len() >= 20, "{} cases", names.len());
    let main = std::fs::read_to_string(out.join("main.cu")).unwrap();
    let gxx = Command::new("g++").arg("--version").output().is_ok();
    for name in &names {
        let path = out.join("cases").join(format!("{name}.cu"));
        let cu = std::fs::read_to_string(&path).unwrap();
        check_kernel(name, &cu);
        assert!(main.contains(&format!("#include \"cases/{name}.cu\"")));
        assert!(main.contains(&format!("    {name}<<<1, 32>>>(out);")));
        if gxx {
            let o = Command::new("g++")
                .args(["-std=c++17", "-fsyntax-only", "-include"])
                .arg(bench_dir().join("shim.h"))
                .args(["-x", "c++"])
                .arg(&path)
                .output()
                .unwrap();
            assert!(
                o.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
    }
    // the hand-written kernels (bench/gpu/handwritten.py, where python3 is present): one per
    // TV case, launched by main.cu, and valid C++ for the host compiler too
    let hand = std::fs::read_to_string(out.join("hand.txt")).unwrap_or_default();
    let hand: Vec<&str> = hand.split_whitespace().collect();
    let python = Command::new("python3").arg("--version").output().is_ok();
    if python {
        assert!(hand.len() >= 20, "{} hand-written kernels", hand.len());
    }
    for name in &hand {
        assert!(
            names.contains(name),
            "hand-written {name} has no generated case"
        );
        assert!(main.contains(&format!("    hand_{name}<<<1, 32>>>(out);")));
        let path = out.join("hand").join(format!("{name}.cu"));
        let cu = std::fs::read_to_string(&path).unwrap();
        assert!(cu.contains(&format!("// hand-written for case: {name}\n")));
        assert!(
            !cu.contains("cute-predicted"),
            "{name}: the hand path predicts nothing"
        );
        if gxx {
            let o = Command::new("g++")
                .args(["-std=c++17", "-fsyntax-only", "-include"])
                .arg(bench_dir().join("shim.h"))
                .args(["-x", "c++"])
                .arg(&path)
                .output()
                .unwrap();
            assert!(
                o.status.success(),
                "hand {name}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
    }
    // every kind of access the issue asks for is among the cases
    let all: String = names
        .iter()
        .map(|n| std::fs::read_to_string(out.join("cases").join(format!("{n}.cu"))).unwrap())
        .collect();
    for ptx in [
        "ld.shared.u32",
        "ld.shared.v2.u32",
        "ld.shared.v4.u32",
        "st.shared.u32",
        "st.shared.v2.u32",
        "st.shared.v4.u32",
        "ldmatrix.sync.aligned.m8n8.x1",
        "ldmatrix.sync.aligned.m8n8.x2",
        "ldmatrix.sync.aligned.m8n8.x4",
        "stmatrix.sync.aligned.m8n8.x4",
        "stmatrix.sync.aligned.m8n8.x2",
        "ldmatrix.sync.aligned.m8n8.x2.trans",
        "stmatrix.sync.aligned.m8n8.x4.trans",
        "__device__ const int ",
    ] {
        assert!(all.contains(ptx), "no case uses {ptx}");
    }
    let _ = std::fs::remove_dir_all(&out);
}

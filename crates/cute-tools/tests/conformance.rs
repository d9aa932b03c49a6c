//! The canonical conformance vectors, run through the expression evaluator exactly as
//! `score.py` runs `cute eval`: every record must pass structurally, with dynamic integers and
//! again with every integer static.
//!
//! The vectors are shipped in the repository (`tests/data/vectors.jsonl`, format in
//! `tests/data/FORMAT.md`), so a plain clone tests on its own; `.ci/run` checks that the copy is
//! byte-identical to the canonical `../shared/conformance/vectors.jsonl` where that exists.

use cute_layout::Layout;
use cute_tools::eval::{eval, Value};
use serde_json::Value as Json;
use std::path::PathBuf;

fn vectors_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/vectors.jsonl")
}

fn load() -> Vec<Json> {
    let path = vectors_path();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("the conformance vectors must be at {}: {e}", path.display()));
    let records: Vec<Json> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON record per line"))
        .collect();
    assert!(
        records.len() > 2000,
        "expected the full vector set, found {} records",
        records.len()
    );
    records
}

/// Writes every integer of a CuTe text with the static tag (`8` → `_8`, `-1` → `_-1`).
fn tag_static(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let bytes = text.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        let starts_number = (c.is_ascii_digit()
            || (c == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)))
            && (i == 0
                || !(bytes[i - 1].is_ascii_digit()
                    || bytes[i - 1] == b'_'
                    || bytes[i - 1] == b'-'));
        if starts_number {
            out.push('_');
        }
        out.push(c as char);
    }
    out
}

fn expr_line(rec: &Json, is_static: bool) -> String {
    let args: Vec<String> = rec["args"]
        .as_array()
        .expect("args")
        .iter()
        .map(|a| {
            let s = match a {
                Json::String(s) => s.replace(' ', ""),
                other => other.to_string(),
            };
            if is_static {
                tag_static(&s)
            } else {
                s
            }
        })
        .collect();
    format!("{}({})", rec["op"].as_str().expect("op"), args.join(","))
}

/// Shape text, and strides of the leaves whose extent is not 1.
fn structure(l: &Layout) -> (String, Vec<String>) {
    let strides = l
        .leaves()
        .filter(|(s, _)| s.value() != 1)
        .map(|(_, d)| d.to_string())
        .collect();
    (l.shape().to_string(), strides)
}

fn check(rec: &Json, is_static: bool) -> Result<(), String> {
    let line = expr_line(rec, is_static);
    let expect = &rec["expect"];
    let got = eval(&line);
    if expect.get("error").is_some() {
        return match got {
            Err(_) => Ok(()),
            Ok(v) => Err(format!("{line}: expected an error, got {v}")),
        };
    }
    let got = got.map_err(|e| format!("{line}: unexpected error: {e}"))?;
    let want_text = |key: &str| -> Option<String> {
        expect.get(key).map(|v| {
            let t = match v {
                Json::String(s) => s.clone(),
                other => other.to_string(),
            };
            if is_static {
                tag_static(&t)
            } else {
                t
            }
        })
    };
    let strip = |s: String| if is_static { s } else { s.replace('_', "") };
    if let Some(w) = want_text("int").or_else(|| want_text("inttuple")) {
        let g = strip(got.to_string());
        return if g == w.replace(' ', "") {
            Ok(())
        } else {
            Err(format!("{line}: got {g}, want {w}"))
        };
    }
    let Value::Layout(r) = got else {
        return Err(format!("{line}: expected a layout, got {got}"));
    };
    let want: Layout = want_text("layout")
        .expect("layout")
        .parse()
        .map_err(|e| format!("bad vector: {e}"))?;
    if rec.get("check").and_then(Json::as_str) == Some("left_inverse_property") {
        let arg = rec["args"][0].as_str().expect("layout arg");
        let l: Layout = (if is_static {
            tag_static(arg)
        } else {
            arg.to_string()
        })
        .parse()
        .expect("layout");
        let lv = l.offsets().expect("offsets");
        let injective = {
            let mut s = lv.clone();
            s.sort_unstable();
            s.dedup();
            s.len() == lv.len()
        };
        for (i, &li) in lv.iter().enumerate() {
            let back = r.eval(li).map_err(|e| e.to_string())?;
            if injective && back != i as i64 {
                return Err(format!("{line}: R(L({i})) = {back} != {i}"));
            }
            if l.eval(back).map_err(|e| e.to_string())? != li {
                return Err(format!("{line}: L(R(L({i}))) != L({i})"));
            }
        }
    } else {
        let (gs, ws) = (
            r.size().map_err(|e| e.to_string())?,
            want.size().map_err(|e| e.to_string())?,
        );
        if gs.value() != ws.value() {
            return Err(format!(
                "{line}: got {r} of size {gs}, want {want} of size {ws}"
            ));
        }
        if ws.value() <= 1 << 16
            && r.offsets().map_err(|e| e.to_string())?
                != want.offsets().map_err(|e| e.to_string())?
        {
            return Err(format!("{line}: got {r}, want {want} (values differ)"));
        }
    }
    let (g, w) = (structure(&r), structure(&want));
    let g = (strip(g.0), g.1.into_iter().map(strip).collect::<Vec<_>>());
    if g != w {
        return Err(format!("{line}: got {r}, want {want} (structure differs)"));
    }
    Ok(())
}

fn run(is_static: bool) {
    let records = load();
    let failures: Vec<String> = records
        .iter()
        .filter_map(|r| check(r, is_static).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} vectors fail{}:\n{}",
        failures.len(),
        records.len(),
        if is_static { " (static)" } else { "" },
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn conformance_vectors_dynamic() {
    run(false);
}

#[test]
fn conformance_vectors_static() {
    run(true);
}

#[test]
fn tag_static_matches_the_scorer() {
    assert_eq!(tag_static("(6,2):(8,-2)"), "(_6,_2):(_8,_-2)");
    assert_eq!(tag_static("<3:3,(_2,4):(1,8)>"), "<_3:_3,(_2,_4):(_1,_8)>");
}

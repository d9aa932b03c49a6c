//! Triton's named layouts against Triton 3.9.0's own linear layouts, recorded by
//! `bench/triton/cases.py` in `tests/data/triton_layouts.jsonl` (`TRITON_CASES` names another
//! file: `bench/triton/check.sh` runs this test on freshly drawn cases).

use cute_layout::linear::triton::TritonLayout;
use cute_layout::notation::linear::parse_linear;

fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let start = line.find(&format!("\"{key}\": "))? + key.len() + 4;
    let rest = &line[start..];
    if let Some(s) = rest.strip_prefix('"') {
        let end = s.find("\", \"").or_else(|| s.find("\"}"))?;
        Some(&s[..end])
    } else {
        let end = rest.find("], ").map(|e| e + 1).or_else(|| rest.find('}'))?;
        Some(&rest[..end])
    }
}

#[test]
fn triton_layouts_match_triton() {
    let path = std::env::var("TRITON_CASES").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/triton_layouts.jsonl"
        )
        .into()
    });
    let text = std::fs::read_to_string(&path).expect("the recorded Triton cases");
    let (mut checked, mut refused, mut failures) = (0, 0, Vec::new());
    for line in text.lines() {
        let layout_text = field(line, "layout").unwrap();
        let shape: Vec<u64> = field(line, "shape")
            .unwrap()
            .trim_matches(|c| c == '[' || c == ']')
            .split(", ")
            .map(|x| x.parse().unwrap())
            .collect();
        let layout: TritonLayout = layout_text
            .parse()
            .unwrap_or_else(|e| panic!("{layout_text}: {e}"));
        assert_eq!(layout.to_string(), layout_text, "printing");
        let ours = layout.to_linear_layout(&shape);
        match (field(line, "triton"), ours) {
            (Some(theirs), Ok(ours)) => {
                let theirs = parse_linear(theirs).unwrap_or_else(|e| panic!("{theirs}: {e}"));
                let sizes: Vec<u64> = ours.out_dims().iter().map(|o| o.1).collect();
                if ours.in_dims() != theirs.in_dims() || sizes != shape {
                    failures.push(format!(
                        "{layout_text} {shape:?}\n  ours   {ours}\n  Triton {theirs}"
                    ));
                }
                checked += 1;
            }
            (None, Err(_)) => refused += 1,
            (Some(theirs), Err(e)) => failures.push(format!(
                "{layout_text} {shape:?}: we refuse ({e}), Triton gives {theirs}"
            )),
            // Gluon's Python `SharedLinearLayout` cannot hold a one-element layout (no offset
            // bits); Triton's C++ conversion has no such case, and ours is that layout.
            (None, Ok(ours))
                if field(line, "error")
                    .is_some_and(|e| e.contains("offset_bases must not be empty"))
                    && ours.total_in_bits() == 0 =>
            {
                refused += 1
            }
            (None, Ok(ours)) => failures.push(format!(
                "{layout_text} {shape:?}: Triton refuses ({}), we give {ours}",
                field(line, "error").unwrap_or("?")
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        checked + refused + failures.len(),
        failures[..failures.len().min(12)].join("\n")
    );
    assert!(checked > 300, "only {checked} cases checked");
    eprintln!("{checked} layouts equal to Triton's, {refused} refused by both");
}

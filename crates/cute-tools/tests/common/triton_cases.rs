//! The check of Triton's recorded linear layouts (`bench/triton/cases.py`,
//! `bench/triton/cases_cga.py`): each case's layout text is read, printed back as it was
//! recorded, and turned into its linear layout over the recorded shape, which must equal
//! Triton's, or be refused where Triton refuses.

use cute_layout::linear::triton::TritonLayout;
use cute_layout::notation::linear::parse_linear;

pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
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

/// Checks every case of the JSON-lines file at `path`; returns the numbers of cases equal to
/// Triton's and refused by both.
pub fn check_triton_cases(path: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(path).expect("the recorded Triton cases");
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
            // Gluon's Python `SharedLinearLayout` cannot hold a layout without offset bits (one
            // element per CTA); Triton's C++ conversion has no such case, and ours is that
            // layout.
            (None, Ok(ours))
                if field(line, "error")
                    .is_some_and(|e| e.contains("offset_bases must not be empty"))
                    && ours.in_dim_size_log2("offset") == 0 =>
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
    eprintln!("{checked} layouts equal to Triton's, {refused} refused by both");
    (checked, refused)
}

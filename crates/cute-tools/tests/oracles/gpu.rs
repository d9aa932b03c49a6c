//! The model against every measurement recorded on a GPU: each measured row of
//! `bench/gpu/results/table.md` (H100, the cases of `bench/gpu/cases.tsv`) and the H200
//! measurements of issue 28 (`bench/gpu/results/h200-issue28.tsv`) must be predicted exactly,
//! wavefronts and conflicts. A change of the model that breaks one of them fails here.

use cute_layout::{AnyLayout, Int, Layout};
use cute_tools::analysis::{analyze_at, solve_swizzle, AccessSpec, Width};
use std::path::{Path, PathBuf};

fn bench() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/gpu")
}

/// `cute analyze LAYOUT --elem-bytes E FLAGS` through the library: (instructions, phases,
/// wavefronts, conflicts). `solve:L` is the solver's swizzle for `L`.
fn predict(layout: &str, elem: i64, flags: &str) -> (i64, i64, i64, i64) {
    let words: Vec<&str> = flags.split_whitespace().collect();
    let mut spec = AccessSpec::widest(elem);
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "--tv" => spec.tv = true,
            "--store" => spec.store = true,
            "--access-bits" => {
                i += 1;
                spec.width = Width::Bits(words[i].parse().unwrap());
            }
            "--atom" => {
                i += 1;
                spec.width = Width::Atom(words[i].to_string());
            }
            w => panic!("unknown flag {w}"),
        }
        i += 1;
    }
    let l: AnyLayout = match layout.strip_prefix("solve:") {
        Some(plain) => {
            let l: Layout = plain.parse().unwrap();
            solve_swizzle(&l, &spec).unwrap().swizzled()
        }
        None => layout.parse().unwrap(),
    };
    let b = analyze_at(&l, Int::ZERO, &spec).unwrap().banks;
    (b.instructions, b.phases, b.wavefronts, b.conflicts)
}

/// name -> (layout, elem bytes, flags) of a cases file.
fn cases(file: &str) -> Vec<(String, String, i64, String)> {
    std::fs::read_to_string(bench().join(file))
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].parse().unwrap(),
                f.get(3).unwrap_or(&"").to_string(),
            )
        })
        .collect()
}

/// Every measured row of a results table of `tabulate.py` (`| case | layout | elem | access |
/// instructions | executed | predicted wf | measured wf | predicted c | measured c | match |`),
/// a hand-written kernel `hand_NAME` held to the case `NAME`: the model's wavefronts and
/// conflicts must be the measured ones. Returns the rows checked.
fn check_table(file: &str) -> usize {
    let all = cases("cases.tsv");
    let table = std::fs::read_to_string(bench().join("results").join(file)).unwrap();
    let mut checked = 0;
    for row in table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| case"))
    {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (kernel, measured_wf, measured_c) = (cells[1], cells[8], cells[10]);
        let name = kernel.strip_prefix("hand_").unwrap_or(kernel);
        let (_, layout, elem, flags) = all
            .iter()
            .find(|c| c.0 == name)
            .unwrap_or_else(|| panic!("{file}: {kernel} measured but not in cases.tsv"));
        let (_, _, wf, c) = predict(layout, *elem, flags);
        assert_eq!(
            (wf, c),
            (measured_wf.parse().unwrap(), measured_c.parse().unwrap()),
            "{file}: {kernel}: {layout} --elem-bytes {elem} {flags}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn every_recorded_h100_measurement_is_predicted() {
    assert_eq!(check_table("table.md"), 41);
}

/// The H200 batches: 2026-12-01 (109 kernels) and 2026-12-02 (partial broadcasts, lanes two
/// apart, ldmatrix with repeated rows: the batch that moved the merge to whole instructions).
#[test]
fn every_recorded_h200_measurement_is_predicted() {
    assert_eq!(check_table("table-h200.md"), 109);
    assert!(check_table("table-h200-2.md") >= 173);
}

#[test]
fn every_h200_measurement_of_issue_28_is_predicted() {
    let text = std::fs::read_to_string(bench().join("results/h200-issue28.tsv")).unwrap();
    let mut checked = 0;
    for l in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        // name, layout, elem, flags, instructions, wavefronts, conflicts (measured)
        let f: Vec<&str> = l.split('\t').collect();
        let elem: i64 = f[2].parse().unwrap();
        let (ins, _, wf, c) = predict(f[1], elem, f[3]);
        let want: Vec<i64> = f[4..7].iter().map(|x| x.parse().unwrap()).collect();
        assert_eq!(vec![ins, wf, c], want, "{}: {}", f[0], f[1]);
        checked += 1;
    }
    assert!(checked >= 6, "{checked} rows");
}

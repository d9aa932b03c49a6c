//! PyCuTe v2 (NVlabs/CuTe, NVIDIA's reference implementation of the CuTe Whitepaper), run with
//! sympy from its public source outside this repository: symbolic extents
//! (`data/pycute2_symbolic.tsv`) and F2-stride operations (`data/pycute2_f2.tsv`). Each row is
//! `expression, our value, PyCuTe v2's value, agree | differ: reason`; the headers say how the two
//! printed forms were matched (PyCuTe v2 rounds symbolic quotients up and prints no assumption,
//! we print `M/128 ... assuming 128 | M`, compared by substituting values that satisfy the
//! assumptions). Every row, agreeing or a documented difference, pins our value.

use cute_tools::eval::eval;

struct Row {
    expr: &'static str,
    ours: &'static str,
    status: &'static str,
}

fn rows(text: &'static str) -> Vec<Row> {
    text.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 4, "four tab-separated fields: {line}");
            Row {
                expr: fields[0],
                ours: fields[1],
                status: fields[3],
            }
        })
        .collect()
}

fn check_rows(rows: &[Row]) {
    for row in rows {
        assert!(
            row.status == "agree" || row.status.starts_with("differ: "),
            "{}: status must be `agree` or `differ: reason`, got {:?}",
            row.expr,
            row.status
        );
        match (row.ours.strip_prefix("error: "), eval(row.expr)) {
            (Some(words), Err(e)) => assert!(
                e.to_string().contains(words),
                "{}: error {e} should mention {words:?}",
                row.expr
            ),
            (Some(words), Ok(v)) => panic!("{}: gave {v}, expected an error ({words})", row.expr),
            (None, Ok(v)) => assert_eq!(v.to_string(), row.ours, "{}", row.expr),
            (None, Err(e)) => panic!("{}: {e}", row.expr),
        }
    }
}

#[test]
fn symbolic_extents_match_pycute_v2() {
    let rows = rows(include_str!("../data/pycute2_symbolic.tsv"));
    assert!(rows.len() >= 30, "{} rows", rows.len());
    check_rows(&rows);
}

#[test]
fn f2_strides_match_pycute_v2() {
    let rows = rows(include_str!("../data/pycute2_f2.tsv"));
    assert_eq!(rows.len(), 23);
    check_rows(&rows);
}

/// The hand-traced `f2_ops.tsv` holds exactly the cases run in PyCuTe v2 here, with the same values.
#[test]
fn hand_traced_f2_cases_were_run() {
    let run = rows(include_str!("../data/pycute2_f2.tsv"));
    let traced: Vec<(&str, &str)> = include_str!("../data/f2_ops.tsv")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter_map(|line| line.split_once('\t'))
        .collect();
    assert_eq!(traced.len(), run.len());
    for ((expr, expected), row) in traced.iter().zip(&run) {
        assert_eq!((*expr, *expected), (row.expr, row.ours));
    }
}

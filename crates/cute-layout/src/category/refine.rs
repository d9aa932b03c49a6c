//! Refinements of nested tuples, relative modes and mutual refinements [P 2.2, 4.1.1].
//!
//! `X' ↠ X` (`X'` *refines* `X`) when `X` is an integer equal to `size(X')`, or both are tuples
//! of the same rank whose modes refine each other. The **relative mode** `mode_i(X', X)` is
//! what replaced the `i`-th entry of `X`. A **mutual refinement** of `(T, U)` is a pair
//! `T' ↠ T`, `U' ↠ U` with the flattening of `T'` a prefix of the flattening of `U'`: it is
//! what makes two layouts composable on morphisms.

use crate::int::Int;
use crate::tree::{Builder, TreeRef};
use crate::tuple::IntTuple;

fn size_of(t: TreeRef<'_, Int>) -> Option<i64> {
    t.leaves()
        .try_fold(1i64, |acc, x| acc.checked_mul(x.value()))
}

fn collect_modes(
    fine: TreeRef<'_, Int>,
    coarse: TreeRef<'_, Int>,
    out: &mut Vec<IntTuple>,
) -> bool {
    if let Some(x) = coarse.as_leaf() {
        if size_of(fine) != Some(x.value()) {
            return false;
        }
        out.push(fine.to_tree());
        return true;
    }
    if fine.is_leaf() || fine.rank() != coarse.rank() {
        return false;
    }
    fine.modes()
        .zip(coarse.modes())
        .all(|(a, b)| collect_modes(a, b, out))
}

/// The relative modes `mode_i(X', X)`, one per entry of `X`, or `None` unless `X' ↠ X`.
///
/// # Examples
/// ```
/// use cute_layout::category::relative_modes;
/// use cute_layout::IntTuple;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let m = relative_modes(&p("((2,2),(3,3),5)"), &p("(4,9,5)")).unwrap();
/// assert_eq!(m.iter().map(|x| x.to_string()).collect::<Vec<_>>(), ["(2,2)", "(3,3)", "5"]);
/// assert!(relative_modes(&p("(2,2)"), &p("(4)")).is_none());
/// ```
pub fn relative_modes(fine: &IntTuple, coarse: &IntTuple) -> Option<Vec<IntTuple>> {
    let mut out = Vec::new();
    collect_modes(fine.as_ref(), coarse.as_ref(), &mut out).then_some(out)
}

/// Whether `fine ↠ coarse`.
///
/// # Examples
/// ```
/// use cute_layout::category::refines;
/// use cute_layout::IntTuple;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert!(refines(&p("((2,2),(3,3),(5,5))"), &p("(4,9,25)")));
/// assert!(refines(&p("(2,2)"), &p("4")));
/// assert!(!refines(&p("4"), &p("(4)")));
/// ```
pub fn refines(fine: &IntTuple, coarse: &IntTuple) -> bool {
    relative_modes(fine, coarse).is_some()
}

/// `X` with its `i`-th leaf replaced by `parts[i]` (the operad substitution `(X1..Xm)_Q`).
pub(crate) fn substitute(x: &IntTuple, parts: &[IntTuple]) -> IntTuple {
    fn go(t: TreeRef<'_, Int>, parts: &mut std::slice::Iter<'_, IntTuple>, b: &mut Builder<Int>) {
        if t.is_leaf() {
            b.push(parts.next().expect("one part per leaf").as_ref());
        } else {
            b.open();
            for m in t.modes() {
                go(m, parts, b);
            }
            b.close();
        }
    }
    let mut b = Builder::new();
    go(x.as_ref(), &mut parts.iter(), &mut b);
    IntTuple { nodes: b.nodes }
}

/// A group of integers as a nested tuple: a bare integer for one element, else a flat tuple.
pub(crate) fn group(xs: &[i64]) -> IntTuple {
    match xs {
        [x] => IntTuple::leaf(Int::dynamic(*x)),
        _ => IntTuple::from_leaves(xs.iter().map(|&x| Int::dynamic(x))),
    }
}

/// A mutual refinement `(T', U')` of `(T, U)` by Algorithm 4.1.1, or `None` if there is none.
///
/// Scan the flattenings with two cursors: equal entries close both groups; if `t | u`, `t`
/// goes to both groups and `u ← u/t`; if `u | t`, `u` goes to both and `t ← t/u`; otherwise
/// there is no mutual refinement. When `T` is used up, the rest of `U` is appended. Whether one
/// exists depends only on the flattenings (3.2.5.20).
///
/// # Examples
/// ```
/// use cute_layout::category::mutual_refinement;
/// use cute_layout::IntTuple;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let (t, u) = mutual_refinement(&p("(6,6)"), &p("(12,3,6)")).unwrap();
/// assert_eq!((t.to_string(), u.to_string()), ("(6,(2,3))".into(), "((6,2),3,6)".into()));
/// let (t, u) = mutual_refinement(&p("(4,2,2,32)"), &p("(32,32)")).unwrap();
/// assert_eq!((t.to_string(), u.to_string()), ("(4,2,2,(2,16))".into(), "((4,2,2,2),(16,2))".into()));
/// assert!(mutual_refinement(&p("(8,8)"), &p("(3,8,8)")).is_none());
/// ```
pub fn mutual_refinement(t: &IntTuple, u: &IntTuple) -> Option<(IntTuple, IntTuple)> {
    let tf: Vec<i64> = t.leaves().map(Int::value).collect();
    let uf: Vec<i64> = u.leaves().map(Int::value).collect();
    if tf.iter().chain(&uf).any(|&x| x <= 0) {
        return None;
    }
    let mut tg: Vec<Vec<i64>> = vec![Vec::new(); tf.len()];
    let mut ug: Vec<Vec<i64>> = vec![Vec::new(); uf.len()];
    let (mut i, mut j) = (0usize, 0usize);
    let mut cur_t = tf.first().copied().unwrap_or(1);
    let mut cur_u = uf.first().copied().unwrap_or(1);
    while i < tf.len() {
        if j >= uf.len() {
            return None;
        }
        if cur_t == cur_u {
            tg[i].push(cur_t);
            ug[j].push(cur_u);
            i += 1;
            j += 1;
            cur_t = tf.get(i).copied().unwrap_or(1);
            cur_u = uf.get(j).copied().unwrap_or(1);
        } else if cur_u % cur_t == 0 {
            tg[i].push(cur_t);
            ug[j].push(cur_t);
            cur_u /= cur_t;
            i += 1;
            cur_t = tf.get(i).copied().unwrap_or(1);
        } else if cur_t % cur_u == 0 {
            tg[i].push(cur_u);
            ug[j].push(cur_u);
            cur_t /= cur_u;
            j += 1;
            cur_u = uf.get(j).copied().unwrap_or(1);
        } else {
            return None;
        }
    }
    if j < uf.len() && !ug[j].is_empty() {
        ug[j].push(cur_u);
        j += 1;
    }
    for k in j..uf.len() {
        ug[k].push(uf[k]);
    }
    let tp: Vec<IntTuple> = tg.iter().map(|g| group(g)).collect();
    let up: Vec<IntTuple> = ug.iter().map(|g| group(g)).collect();
    Some((substitute(t, &tp), substitute(u, &up)))
}

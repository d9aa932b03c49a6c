//! The budget of one expression: any expression evaluated under a small budget ends with a
//! value or an error, never a panic; once its work passes the budget it ends with the budget's
//! error (no operation swallows it and goes on), and its work stops at the bound: the work
//! metered never passes the budget by more than the one charge that was refused.

use crate::{structured, Check};
use arbitrary::Arbitrary;
use cute_layout::budget::{scope_with, spent, Budget};
use cute_tools::eval::eval;

/// An expression and a small budget.
#[derive(Arbitrary, Debug)]
pub struct Case {
    /// The budget, in work units (at most 65,535: a few thousand calls, or a small picture).
    pub units: u16,
    /// The expression.
    pub text: String,
}

/// The check of the `budget` target.
pub fn check(data: &[u8]) -> Check {
    structured(data, |c: Case| check_case(&c))
}

/// The check of one case.
pub fn check_case(c: &Case) -> Check {
    let units = u64::from(c.units);
    let (result, work) = scope_with(&Budget::work(units), || {
        let r = eval(&c.text);
        (r, spent())
    });
    let over = work > units;
    match result {
        Ok(v) if over => Err(format!(
            "{:?} under a budget of {units}: {work} units spent, yet the value {v}",
            c.text
        )),
        Err(e) if over && !e.to_string().contains("expression budget") => Err(format!(
            "{:?} under a budget of {units}: {work} units spent, and the error is not the budget's: {e}",
            c.text
        )),
        _ => Ok(()),
    }
}

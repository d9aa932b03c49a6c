//! The budget of one expression: a bound on the total work of one evaluation, across all its
//! calls.
//!
//! Each limit of [`crate::limits`] bounds one call; an expression may hold any number of calls,
//! each just under its limit. The budget bounds their sum. A meter is installed for one
//! evaluation ([`scope`]; the evaluator of `cute-tools`, `cute_tools::eval::eval`, installs one, and so do the `cute`
//! command, the playground and Python around each expression they evaluate), every registry call
//! and every element-by-element pass ticks it ([`charge`]: a limit checked by
//! [`crate::limits::check`] charges the number it checked), and the first charge past the budget
//! fails with an error naming [`MAX_WORK`] (or the budget set). The same meter carries an optional
//! deadline and a cancel flag, so that work already under way stops when its caller gives up
//! (the playground's time limit): long loops poll it ([`poll`]).
//!
//! A work unit is about one element visited (one offset evaluated, one cell drawn, one address
//! counted). Outside any scope, nothing is metered: a direct call of the algebra is bounded by
//! its own limits only.
//!
//! ```
//! use cute_layout::budget::{charge, scope_with, Budget, CALL_COST};
//! // a budget of 1000 units: each call costs CALL_COST, so a few calls fit, not thousands
//! let small = Budget::work(1000);
//! assert!(scope_with(&small, || charge(CALL_COST, "call")).is_ok());
//! let many = || (0..200).try_for_each(|_| charge(CALL_COST, "call"));
//! let e = scope_with(&small, many).unwrap_err();
//! assert!(e.to_string().contains("expression budget"), "{e}");
//! ```

use crate::error::{LayoutError, Result};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The default budget of one expression, in work units (2^26): about four times the largest
/// single limit ([`crate::limits::ANALYSIS_LIMIT`]), so that any one call within its own limit
/// fits, and a few such calls; a second or so of work at most.
pub const MAX_WORK: u64 = 1 << 26;

/// What one registry call costs (its argument checks and its result), whatever its work.
pub const CALL_COST: u64 = 16;

/// The budget every new scope starts with unless given one ([`set_default_work`]).
static DEFAULT_WORK: AtomicU64 = AtomicU64::new(MAX_WORK);

/// Sets the work budget of the scopes opened without one from now on (every thread): what
/// `cute --budget`, Python's `set_budget` and `cute serve --budget` set.
///
/// ```
/// use cute_layout::budget::{default_work, set_default_work, MAX_WORK};
/// set_default_work(MAX_WORK);
/// assert_eq!(default_work(), MAX_WORK);
/// ```
pub fn set_default_work(units: u64) {
    DEFAULT_WORK.store(units, Ordering::Relaxed);
}

/// The work budget of a scope opened without one ([`MAX_WORK`] unless set).
///
/// ```
/// assert!(cute_layout::budget::default_work() > 0);
/// ```
pub fn default_work() -> u64 {
    DEFAULT_WORK.load(Ordering::Relaxed)
}

/// The budget of one evaluation: its work units, and optionally a deadline and a cancel flag.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Work units, all calls together.
    pub work: u64,
    /// Work stops at the first poll past this instant.
    pub deadline: Option<Instant>,
    /// Work stops at the first poll once this is set (by another thread).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// A budget of `units` work units, without deadline or cancel flag.
    ///
    /// ```
    /// assert_eq!(cute_layout::budget::Budget::work(10).work, 10);
    /// ```
    pub fn work(units: u64) -> Budget {
        Budget {
            work: units,
            deadline: None,
            cancel: None,
        }
    }

    /// The default budget ([`default_work`]) with a time limit from now.
    ///
    /// ```
    /// use std::time::Duration;
    /// let b = cute_layout::budget::Budget::timed(Duration::from_secs(5));
    /// assert!(b.deadline.is_some());
    /// ```
    pub fn timed(limit: Duration) -> Budget {
        Budget {
            deadline: Instant::now().checked_add(limit),
            ..Budget::work(default_work())
        }
    }
}

/// The meter of the scope in force on this thread.
struct Meter {
    budget: Budget,
    spent: u64,
    /// `spent` at which the clock and the cancel flag are looked at next.
    next_poll: u64,
}

/// Work units between two looks at the clock (a clock read costs more than a tick).
const POLL_EVERY: u64 = 1 << 14;

thread_local! {
    static METER: RefCell<Option<Meter>> = const { RefCell::new(None) };
}

/// Runs `f` under the default budget ([`default_work`]), unless a scope is in force already on
/// this thread (then `f` shares it: the outermost scope is the expression's).
///
/// ```
/// use cute_layout::budget::{scope, spent};
/// assert_eq!(scope(|| cute_layout::budget::charge(16, "call").map(|()| spent())), Ok(16));
/// ```
pub fn scope<T>(f: impl FnOnce() -> T) -> T {
    if active() {
        return f();
    }
    scope_with(&Budget::work(default_work()), f)
}

/// Runs `f` under `budget`, replacing any scope in force for its duration (a front end that
/// sets its own budget for each expression).
///
/// ```
/// use cute_layout::budget::{charge, scope_with, Budget, CALL_COST};
/// let e = scope_with(&Budget::work(1), || charge(CALL_COST, "call")).unwrap_err();
/// assert!(e.to_string().contains("budget of 1 work units"));
/// ```
pub fn scope_with<T>(budget: &Budget, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<Meter>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            METER.with(|m| *m.borrow_mut() = outer);
        }
    }
    let meter = Meter {
        budget: budget.clone(),
        spent: 0,
        next_poll: POLL_EVERY,
    };
    let _restore = Restore(METER.with(|m| m.borrow_mut().replace(meter)));
    f()
}

/// Whether a scope is in force on this thread.
pub(crate) fn active() -> bool {
    METER.with(|m| m.borrow().is_some())
}

/// The work units spent so far in the scope in force (0 outside any).
///
/// ```
/// use cute_layout::budget::{scope, spent};
/// let n = scope(|| { cute_layout::budget::charge(16, "call").unwrap(); spent() });
/// assert!(n > 0);
/// ```
pub fn spent() -> u64 {
    METER.with(|m| m.borrow().as_ref().map_or(0, |m| m.spent))
}

/// Charges `units` of work for `what` to the scope in force; outside any scope, nothing.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] (operation `expression budget`) when the work would pass the
/// budget, or the scope's deadline has passed or its cancel flag is set.
///
/// ```
/// use cute_layout::budget::{charge, scope_with, Budget};
/// assert!(charge(1 << 40, "elements").is_ok()); // no scope: not metered
/// let e = scope_with(&Budget::work(100), || charge(101, "elements")).unwrap_err();
/// assert!(e.to_string().contains("101 work units (elements)"), "{e}");
/// ```
pub fn charge(units: u64, what: &str) -> Result<()> {
    METER.with(|m| {
        let mut m = m.borrow_mut();
        let Some(m) = m.as_mut() else { return Ok(()) };
        let after = m.spent.saturating_add(units);
        if after > m.budget.work {
            let e = over_budget(m, units, what);
            // a refused expression stays refused: later charges fail too
            m.spent = after;
            return Err(e);
        }
        m.spent = after;
        if after >= m.next_poll {
            m.next_poll = after.saturating_add(POLL_EVERY);
            check_time(m)?;
        }
        Ok(())
    })
}

/// Looks at the deadline and the cancel flag of the scope in force: what a long loop calls
/// between its steps, so that work already under way stops when its caller gives up.
///
/// # Errors
/// As [`charge`], for a deadline passed or a cancel flag set.
///
/// ```
/// use cute_layout::budget::{poll, scope_with, Budget};
/// use std::sync::{atomic::AtomicBool, Arc};
/// let stop = Arc::new(AtomicBool::new(true));
/// let b = Budget { cancel: Some(stop), ..Budget::work(100) };
/// assert!(scope_with(&b, poll).unwrap_err().to_string().contains("cancelled"));
/// ```
pub fn poll() -> Result<()> {
    METER.with(|m| match m.borrow().as_ref() {
        Some(m) => check_time(m),
        None => Ok(()),
    })
}

fn check_time(m: &Meter) -> Result<()> {
    if m.budget
        .cancel
        .as_ref()
        .is_some_and(|c| c.load(Ordering::Relaxed))
    {
        return Err(stopped(
            m,
            "cancelled by its caller (the time limit passed)",
        ));
    }
    if m.budget.deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(stopped(m, "stopped at its time limit"));
    }
    Ok(())
}

#[cold]
fn over_budget(m: &Meter, units: u64, what: &str) -> LayoutError {
    let name = if m.budget.work == MAX_WORK {
        " (MAX_WORK)"
    } else {
        ""
    };
    LayoutError::InvalidArgument {
        op: "expression budget",
        detail: format!(
            "the next step needs {units} work units ({what}), {} spent of the budget of {} work units{name}",
            m.spent, m.budget.work
        ),
        hint: "split the expression, work on a tile, or raise the budget (`cute --budget N`, Python `set_budget(N)`, `cute serve --budget N`)",
    }
}

#[cold]
fn stopped(m: &Meter, why: &str) -> LayoutError {
    LayoutError::InvalidArgument {
        op: "expression budget",
        detail: format!("the evaluation was {why} after {} work units", m.spent),
        hint: "evaluate a smaller expression, or a tile of the layout",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_scopes_share_the_outermost() {
        scope_with(&Budget::work(50), || {
            assert!(charge(30, "x").is_ok());
            scope(|| assert!(charge(30, "y").is_err()));
        });
        assert!(!active());
    }

    #[test]
    fn a_scope_is_active_inside_only() {
        assert!(!active());
        assert!(scope(active));
        assert!(!active());
    }

    #[test]
    fn a_scope_is_restored_after_a_panic_free_error() {
        let r: Result<()> = scope_with(&Budget::work(1), || charge(2, "x"));
        assert!(r.is_err());
        assert_eq!(spent(), 0);
    }

    #[test]
    fn deadline_stops_at_the_next_poll() {
        let b = Budget {
            deadline: Some(Instant::now()),
            ..Budget::work(u64::MAX)
        };
        let e = scope_with(&b, || (0..).try_for_each(|_| charge(POLL_EVERY, "loop")));
        assert!(e.unwrap_err().to_string().contains("time limit"));
    }
}

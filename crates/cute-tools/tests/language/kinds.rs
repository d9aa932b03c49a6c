//! The registry's invariant "kinds are checked once, before an operation runs": every entry,
//! called with an argument of a kind its parameter does not take, gives the kind error (naming
//! the operation, the argument and the value given), never a panic or the operation's own error.

use cute_layout::notation::Syntax;
use cute_layout::value::{Kind, Value};
use cute_tools::eval::{eval, prepare, Prepared};
use cute_tools::expr::parse;
use cute_tools::registry::{operations, Operation, Presence};
use std::collections::BTreeMap;

/// The arguments of an entry's example, as the evaluator passes them.
fn example_args(op: &Operation) -> Vec<Value> {
    match prepare(parse(op.example, Syntax::Cute)) {
        Ok((Prepared::Call(call), _)) => call.args.to_vec(),
        other => panic!("{}: the example is not a call: {other:?}", op.name),
    }
}

/// One value of each kind that an example takes or gives.
fn samples() -> BTreeMap<u8, Value> {
    let mut out = BTreeMap::new();
    for op in operations() {
        let given = example_args(op);
        let result = eval(op.example).expect(op.example);
        for v in given.into_iter().chain([result]) {
            out.entry(v.kind() as u8).or_insert(v);
        }
    }
    out
}

/// Whether argument `i` of `op` may be of `kind` as the registry documents it: a declared kind,
/// a composed layout forwarded to its inner layout, an identity tensor at the position of the
/// identity-tensor form, or a tensor at the position of the tensor form (replaced by its
/// layout before the check).
fn taken(op: &Operation, i: usize, kind: Kind) -> bool {
    let param = op.params.get(i).or_else(|| {
        op.params
            .last()
            .filter(|p| p.presence == Presence::Variadic)
    });
    let Some(param) = param else { return false };
    param.kinds.contains(&kind)
        || (kind == Kind::Composed && i == 0 && op.forwards_composed)
        || (kind.is_identity() && op.identity.is_some_and(|f| f.position == i))
        || (matches!(kind, Kind::Tensor | Kind::ComposedTensor) && op.tensor.position() == Some(i))
}

#[test]
fn samples_cover_the_kinds() {
    let kinds = samples();
    assert!(
        kinds.len() >= 18,
        "only {} kinds among the examples",
        kinds.len()
    );
}

#[test]
fn an_argument_of_a_kind_not_taken_gives_the_kind_error() {
    let samples = samples();
    let mut checked = 0;
    for op in operations() {
        let args = example_args(op);
        for i in 0..args.len() {
            // a symbolic value goes to the symbolic forms before the kind check, and they
            // check their arguments themselves (ARCHITECTURE.md, `registry/symbolic.rs`)
            let not_taken = |v: &&Value| !taken(op, i, v.kind()) && v.kind() != Kind::Symbolic;
            for wrong in samples.values().filter(not_taken) {
                let mut items = args.clone();
                items[i] = wrong.clone();
                if items.iter().any(|v| v.kind() == Kind::Symbolic) {
                    continue; // `subs` and the symbolic forms (above)
                }
                let e = op.call(items).expect_err(op.name).to_string();
                let named = format!("argument {} of {} must be", i + 1, op.name);
                assert!(
                    e.contains(&named) && e.contains(&wrong.describe()),
                    "{}: argument {} given {}: {e}",
                    op.example,
                    i + 1,
                    wrong.describe()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn too_few_or_too_many_arguments_give_the_arity_error_first() {
    for op in operations() {
        let (min, max) = op.arity();
        let args = example_args(op);
        // a wrong kind in the first argument does not hide a wrong count
        if max < usize::MAX {
            let too_many: Vec<Value> = vec![Value::Underscore; max + 1];
            let e = op.call(too_many).unwrap_err().to_string();
            assert!(
                e.contains(&format!("{} takes", op.name)),
                "{}: {e}",
                op.name
            );
        }
        if min > 0 {
            let too_few: Vec<Value> = args.into_iter().take(min - 1).collect();
            let e = op.call(too_few).unwrap_err().to_string();
            assert!(
                e.contains(&format!("{} takes", op.name)),
                "{}: {e}",
                op.name
            );
        }
    }
}

/// A symbolic layout, `(M,N):(1,M)`, and a binding, `M=256`.
fn symbolic_samples() -> [Value; 2] {
    [
        eval("(M,N):(1,M)").expect("a symbolic layout"),
        eval("M=256").expect("a binding"),
    ]
}

// The symbolic forms are taken before the kind check (registry/symbolic.rs); they check the
// count and the other arguments' kinds as the kind check does, with the same error.
#[test]
fn beside_a_symbolic_argument_a_kind_not_taken_gives_the_kind_error() {
    let samples = samples();
    let [sym, _] = symbolic_samples();
    let mut checked = 0;
    for op in operations().iter().filter(|op| op.name != "subs") {
        let args = example_args(op);
        for i in 0..args.len() {
            let mut with_symbol = args.clone();
            with_symbol[i] = sym.clone();
            for j in (0..args.len()).filter(|&j| j != i) {
                let not_taken = |v: &&Value| !taken(op, j, v.kind()) && v.kind() != Kind::Symbolic;
                for wrong in samples.values().filter(not_taken) {
                    let mut items = with_symbol.clone();
                    items[j] = wrong.clone();
                    let e = op.call(items).expect_err(op.name).to_string();
                    let named = format!("argument {} of {} must be", j + 1, op.name);
                    assert!(
                        e.contains(&named) && e.contains(&wrong.describe()),
                        "{}: argument {} symbolic, argument {} given {}: {e}",
                        op.example,
                        i + 1,
                        j + 1,
                        wrong.describe()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn a_symbolic_argument_a_form_cannot_take_gives_the_kind_error() {
    let [layout, binding] = symbolic_samples();
    let mut checked = 0;
    for op in operations().iter().filter(|op| op.name != "subs") {
        let args = example_args(op);
        for i in 0..args.len() {
            for sym in [&layout, &binding] {
                let mut items = args.clone();
                items[i] = sym.clone();
                let Err(e) = op.call(items) else { continue };
                let e = e.to_string();
                if e.contains("no symbolic form") {
                    continue;
                }
                // a refusal of the argument names it as the kind check does; any other is a
                // refusal of its value by the symbolic algebra (an undecidable condition)
                if e.contains("must be") {
                    let named = format!("argument {} of {} must be", i + 1, op.name);
                    assert!(
                        e.contains(&named) && e.contains(&sym.describe()),
                        "{}: argument {} given {}: {e}",
                        op.example,
                        i + 1,
                        sym.describe()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn with_a_symbolic_argument_a_wrong_count_gives_the_arity_error() {
    let [sym, _] = symbolic_samples();
    for op in operations().iter().filter(|op| op.name != "subs") {
        let (min, max) = op.arity();
        if max < usize::MAX {
            let e = op.call(vec![sym.clone(); max + 1]).unwrap_err().to_string();
            assert!(
                e.contains(&format!("{} takes", op.name)),
                "{}: {e}",
                op.name
            );
        }
        if min > 1 {
            let e = op.call(vec![sym.clone(); min - 1]).unwrap_err().to_string();
            assert!(
                e.contains(&format!("{} takes", op.name)),
                "{}: {e}",
                op.name
            );
        }
    }
    // where the symbolic form takes fewer arguments than the entry
    let coalesce = operations()
        .iter()
        .find(|op| op.name == "coalesce")
        .unwrap();
    let e = coalesce
        .call(vec![sym.clone(), eval("(2,2)").unwrap()])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("coalesce takes 1 argument(s) in its symbolic form, got 2"),
        "{e}"
    );
}

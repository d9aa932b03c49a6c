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

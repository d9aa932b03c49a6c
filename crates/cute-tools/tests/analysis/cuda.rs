//! The generated CUDA kernels and the JSON of the analysis (`analysis/cuda.rs`, `solve.rs`,
//! `expr.rs`, `json.rs`).

use cute_tools::eval::eval;

// From cargo mutants, a survivor in analysis/cuda.rs, solve.rs, expr.rs, json.rs (session 19) (docs/dev/mutation-testing.md).
/// Guards `layout_of`'s match guard (expr.rs 39: `true`/`false`/`delete !`/`&&`->`||`): a
/// malformed call (`foo(`) reports the expression evaluator's error, an input without a call
/// (`4:2+`) the layout parser's. (`foo(` kills `false` and `delete !`; `4:2+` kills `true` and
/// `&&`->`||`.)
#[test]
fn layout_of_picks_the_error_that_names_the_mistake() {
    use cute_layout::swizzle::AnyLayout;
    for (expr, from_eval) in [("foo(", true), ("x(", true), ("4:2+", false)] {
        let got = cute_tools::analyze::layout_of(expr)
            .unwrap_err()
            .to_string();
        let by_eval = eval(expr).unwrap_err().to_string();
        let by_parse = expr.parse::<AnyLayout>().unwrap_err().to_string();
        assert_ne!(
            by_eval, by_parse,
            "{expr}: the two errors must differ for the test to bite"
        );
        assert_eq!(got, if from_eval { by_eval } else { by_parse }, "{expr}");
    }
}

// From cargo mutants, a survivor in analysis/cuda.rs, solve.rs, expr.rs, json.rs (session 19) (docs/dev/mutation-testing.md).
/// Guards json.rs `string`'s control-character guard (13: `true`, `<`->`<=`): a space (0x20)
/// and ordinary characters are written as themselves, not as `\u00XX` (serde_json would decode
/// either spelling, so the raw text is compared).
#[test]
fn json_strings_keep_spaces_literal() {
    let r = cute_tools::analyze::analyze_expr("Sw<3,0,3> o _0 o _8:_8", 16, false).unwrap();
    let json = r.to_json();
    assert!(json.contains("\"Sw<3,0,3> o _0 o _8:_8\""), "{json}");
    assert!(!json.contains("\\u00"), "{json}");
}

// From cargo mutants, a survivor in analysis/cuda.rs, solve.rs, expr.rs, json.rs (session 19) (docs/dev/mutation-testing.md).
/// Guards cuda.rs `cuda_kernel`'s identifier check (33: `c == '_'`->`!=`): a kernel name may
/// start with `_` but not with a digit.
#[test]
fn cuda_kernel_names_are_c_identifiers() {
    use cute_tools::analysis::{cuda_kernel, plan, AccessSpec, Width};
    let p = plan(
        &"_32:_1".parse().unwrap(),
        &AccessSpec {
            elem_bytes: 4,
            tv: false,
            width: Width::Bits(32),
            store: false,
        },
    )
    .unwrap();
    assert!(cuda_kernel(&p, "_k", "").is_ok());
    assert!(cuda_kernel(&p, "1k", "").is_err());
    assert!(cuda_kernel(&p, "k1", "").is_ok());
}

// From cargo mutants, a survivor in analysis/cuda.rs, solve.rs, expr.rs, json.rs (session 19) (docs/dev/mutation-testing.md).
/// Guards `cuda_kernel`'s shared-memory size (76-77: `+`/`-`/`*`/`/`/`%` swaps): the highest
/// address plus the access width, rounded up to a multiple of 128 bytes. `_32:_1` of 4-byte
/// words ends at exactly 128 bytes, `_33:_1` at 132 (rounded to 256). Also guards 67
/// (`n == 0`->`!=`): a non-empty table has no `0` filler row.
#[test]
fn cuda_kernel_shared_memory_is_the_rounded_extent() {
    use cute_tools::analysis::{cuda_kernel, plan, AccessSpec, Width};
    for (layout, smem) in [("_32:_1", 128), ("_33:_1", 256), ("_64:_1", 256)] {
        let spec = AccessSpec {
            elem_bytes: 4,
            tv: false,
            width: Width::Bits(32),
            store: false,
        };
        let p = plan(&layout.parse().unwrap(), &spec).unwrap();
        let last = p.instructions.iter().flatten().max().unwrap() + 4;
        assert_eq!(
            (last + 127) / 128 * 128,
            smem,
            "{layout}: the expected size"
        );
        let cu = cuda_kernel(&p, "k", "").unwrap();
        assert!(cu.contains(&format!("smem[{smem}]")), "{layout}: {cu}");
        assert!(!cu.contains("\n    0\n"), "{layout}: {cu}");
    }
}

// From cargo mutants, a survivor in analysis/cuda.rs, solve.rs, expr.rs, json.rs (session 19) (docs/dev/mutation-testing.md).
/// Guards `access_asm` (116 `String::new()`/`"xyzzy"`, 118 `/`->`%`/`*`, 122 `==`->`!=`,
/// 131 `==`/`&&`/`!`): a 128-bit load names four registers in braces, a 32-bit load one
/// register without braces, a 16-bit load uses `"h"` and `unsigned short`.
#[test]
fn cuda_kernel_inline_ptx_names_the_registers() {
    use cute_tools::analysis::{cuda_kernel, plan, AccessSpec, Width};
    for (elem_bytes, bits, want, absent) in [
        (4, 128, "{%0, %1, %2, %3}, [%4]", "unsigned short"),
        (4, 32, " %0, [%1]", "{%0}"),
        (2, 16, "\"=h\"(r0)", "\"=r\""),
    ] {
        let spec = AccessSpec {
            elem_bytes,
            tv: false,
            width: Width::Bits(bits),
            store: false,
        };
        let p = plan(&"_128:_1".parse().unwrap(), &spec).unwrap();
        let cu = cuda_kernel(&p, "k", "").unwrap();
        assert!(cu.contains(want), "{bits}: {cu}");
        assert!(!cu.contains(absent), "{bits}: {cu}");
    }
}

//! Zero heap allocations per algebra operation for layouts of up to 8 leaves.
//!
//! A counting global allocator (std only) counts the allocations of the calling thread while
//! one operation runs on inputs built beforehand (tuple tilers hold a `Vec`, built before the
//! measurement). Shapes, strides and the algebra's scratch space live inline, so an ordinary
//! operation never touches the heap.

use cute_layout::*;
use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: the thread-local may already be gone while the thread shuts down.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: AllocLayout) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: AllocLayout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The number of allocations `f` makes on this thread (its result is dropped afterwards).
fn allocations<R>(f: impl FnOnce() -> R) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    let r = std::hint::black_box(f());
    let after = ALLOCATIONS.with(Cell::get);
    drop(r);
    after - before
}

fn l(s: &str) -> Layout {
    s.parse().expect("a layout")
}

fn t(s: &str) -> Tiler {
    s.parse().expect("a tiler")
}

fn p(s: &str) -> IntTuple {
    s.parse().expect("an int-tuple")
}

/// Asserts that `op` succeeds without allocating.
fn assert_no_alloc<R>(name: &str, op: impl FnOnce() -> Result<R, LayoutError>) {
    let mut ok = false;
    let n = allocations(|| ok = op().is_ok());
    assert!(ok, "{name} failed");
    assert_eq!(n, 0, "{name} allocated {n} times");
}

#[test]
fn the_counter_sees_allocations() {
    assert_eq!(allocations(|| vec![1u8]), 1);
    assert_eq!(allocations(|| Layout::trivial().to_string()), 1);
}

#[test]
fn algebra_operations_do_not_allocate() {
    // Inputs (up to 8 leaves), all built before measuring.
    let a = l("(6,2):(8,2)");
    let b = l("(4,3):(3,1)");
    let big = l("((4,4),(4,4)):((1,64),(4,256))");
    let big_tiler = l("(16,16):(16,1)");
    let strided = l("(2,4):(1,6)");
    let with_zeros = l("(_2,_3,_4):(_0,_1,_3)");
    let nested = l("(_2,(_1,_6)):(_1,(_6,_2))");
    let block = l("(_2,_5):(_5,_1)");
    let arrangement = l("(_3,_4):(_1,_3)");
    let divided = l("(_9,(_4,_8)):(_59,(_13,_1))");
    let one_d = l("(4,2,3):(2,1,8)");
    let deep = l("((2,(2,2)),(2,(2,2))):((1,(2,4)),(8,(16,32)))");
    let tile_layout = t("4:2");
    let tile_2d = t("<_3:_3,(_2,_4):(_1,_8)>");
    let tile_shape = t("(_3,_8)");
    let tile_deep = t("<(2,(2,1)):(1,(2,4)),(2,2):(1,2)>");
    let product_tiler = t("<_3:_5,_4:_6>");
    let product_layout = Tiler::Layout(l("_6:_1"));
    let cotarget = p("24");
    let coord = p("(1,(1,2))");
    let hier = l("(_3,(_2,_3)):(_3,(_12,_1))");
    let index = p("17");
    let shape = p("(3,(2,3))");

    assert_no_alloc("composition", || composition(&a, &b));
    assert_no_alloc("composition big", || composition(&big, &big_tiler));
    assert_no_alloc("composition_tiler tuple", || {
        composition_tiler(&divided, &tile_shape)
    });
    assert_no_alloc("complement", || complement(&strided, &cotarget));
    assert_no_alloc("complement_default", || complement_default(&block));
    assert_no_alloc("coalesce", || coalesce(&nested));
    assert_no_alloc("filter", || filter(&with_zeros));
    assert_no_alloc("right_inverse", || right_inverse(&block));
    assert_no_alloc("left_inverse", || left_inverse(&block));
    for (name, tiler, layout) in [
        ("layout 1-D", &tile_layout, &one_d),
        ("layout 2-D", &tile_2d, &divided),
        ("shape", &tile_shape, &divided),
        ("deep", &tile_deep, &deep),
    ] {
        assert_no_alloc(&format!("logical_divide {name}"), || {
            logical_divide(layout, tiler)
        });
        assert_no_alloc(&format!("zipped_divide {name}"), || {
            zipped_divide(layout, tiler)
        });
        assert_no_alloc(&format!("tiled_divide {name}"), || {
            tiled_divide(layout, tiler)
        });
        assert_no_alloc(&format!("flat_divide {name}"), || {
            flat_divide(layout, tiler)
        });
    }
    for (name, tiler) in [("tuple", &product_tiler), ("layout", &product_layout)] {
        assert_no_alloc(&format!("logical_product {name}"), || {
            logical_product(&block, tiler)
        });
        assert_no_alloc(&format!("zipped_product {name}"), || {
            zipped_product(&block, tiler)
        });
        assert_no_alloc(&format!("tiled_product {name}"), || {
            tiled_product(&block, tiler)
        });
        assert_no_alloc(&format!("flat_product {name}"), || {
            flat_product(&block, tiler)
        });
    }
    assert_no_alloc("blocked_product", || blocked_product(&block, &arrangement));
    assert_no_alloc("raked_product", || raked_product(&block, &arrangement));
    assert_no_alloc("eval", || one_d.eval(13));
    assert_no_alloc("call (crd2idx)", || hier.call(&coord));
    assert_no_alloc("crd2idx", || crd2idx(&coord, hier.shape(), hier.stride()));
    assert_no_alloc("idx2crd", || idx2crd(&index, &shape));
}

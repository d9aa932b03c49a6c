// strides too large for u32 coordinates to stay within i64: refused, not wrapped
fn main() {
    let _ = cute_layout_macros::layout!("(2,2):(1,4611686018427387904)");
}

// the syntax error of the notation, and an expression whose value is not a layout
fn main() {
    let _ = cute_layout_macros::layout!("(2,3):(1");
    let _ = cute_layout_macros::cute!("size((2,3):(1,2))");
}

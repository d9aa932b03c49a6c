// complement needs the layout's image to fit the cotarget: the library's error, at the literal
fn main() {
    let _ = cute_layout_macros::cute!("complement((2,2):(2,3),8)");
}

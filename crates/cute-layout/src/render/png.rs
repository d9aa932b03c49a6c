//! PNG images of the SVG pictures, rasterized in-process with `resvg` and an embedded font
//! (DejaVu Sans Mono, see `assets/DejaVu-LICENSE`), so the bytes do not depend on the machine.

use crate::error::{LayoutError, Result};

/// DejaVu Sans Mono, the only font the pictures use.
static FONT: &[u8] = include_bytes!("../../assets/DejaVuSansMono.ttf");

/// `png(svg)`: rasterizes an SVG picture from [`super::svg()`] at one pixel per SVG unit.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] if the SVG cannot be parsed or the image cannot be
/// allocated or encoded.
///
/// # Examples
/// ```
/// use cute_layout::{render, Layout};
/// let l: Layout = "(2,3):(3,1)".parse().unwrap();
/// let svg = render::svg(&l.into(), &render::Options::default()).unwrap();
/// let png = render::png(&svg).unwrap();
/// assert_eq!(&png[1..4], b"PNG");
/// ```
pub fn png(svg: &str) -> Result<Vec<u8>> {
    let fail = |detail: String| LayoutError::InvalidArgument {
        op: "png",
        detail,
        hint: "render an SVG produced by render::svg",
    };
    let mut opt = resvg::usvg::Options {
        font_family: super::svg::FONT_FAMILY.to_string(),
        ..Default::default()
    };
    let fonts = opt.fontdb_mut();
    fonts.load_font_data(FONT.to_vec());
    // Generic families (`monospace`, `sans-serif`, ...) resolve to the embedded font too.
    fonts.set_monospace_family(super::svg::FONT_FAMILY);
    fonts.set_sans_serif_family(super::svg::FONT_FAMILY);
    fonts.set_serif_family(super::svg::FONT_FAMILY);
    let tree =
        resvg::usvg::Tree::from_str(svg, &opt).map_err(|e| fail(format!("invalid SVG: {e}")))?;
    let size = tree.size().to_int_size();
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
            fail(format!(
                "cannot allocate a {}x{} image",
                size.width(),
                size.height()
            ))
        })?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| fail(format!("cannot encode PNG: {e}")))
}

//! PNG images of the SVG pictures, rasterized in-process with `resvg` and an embedded font
//! (DejaVu Sans Mono, see `assets/DejaVu-LICENSE`), so the bytes do not depend on the machine.

use cute_layout::error::{LayoutError, Result};
use cute_layout::limits::MAX_PNG_PIXELS;

/// DejaVu Sans Mono, the only font the pictures use.
static FONT: &[u8] = include_bytes!("../../assets/DejaVuSansMono.ttf");

/// `png(svg)`: rasterizes an SVG picture from [`super::svg()`] at one pixel per SVG unit.
///
/// # Errors
/// [`LayoutError::InvalidArgument`] if the SVG cannot be parsed or the image cannot be
/// allocated or encoded; for an image of more than [`MAX_PNG_PIXELS`] pixels, read from the
/// root element's `width` and `height` before the SVG is parsed (and checked again on the
/// parsed size before the image is allocated).
///
/// # Examples
/// ```
/// use cute_layout::Layout;
/// use cute_tools::render;
/// let l: Layout = "(2,3):(3,1)".parse().unwrap();
/// let svg = render::svg(&l.into(), &render::Options::default()).unwrap();
/// let png = render::png(&svg).unwrap();
/// assert_eq!(&png[1..4], b"PNG");
/// let huge = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"></svg>"#;
/// assert!(render::png(huge).unwrap_err().to_string().contains("MAX_PNG_PIXELS"));
/// ```
pub fn png(svg: &str) -> Result<Vec<u8>> {
    if let Some((w, h)) = root_size(svg) {
        check_pixels(w, h)?;
    }
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
    check_pixels(f64::from(size.width()), f64::from(size.height()))?;
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

/// Fails for an image of more than [`MAX_PNG_PIXELS`] pixels (or a size that is not a
/// non-negative number).
fn check_pixels(w: f64, h: f64) -> Result<()> {
    let pixels = w.max(0.0).ceil() * h.max(0.0).ceil();
    if w.is_finite() && h.is_finite() && pixels <= MAX_PNG_PIXELS as f64 {
        return cute_layout::budget::charge(pixels as u64, "pixels");
    }
    Err(LayoutError::InvalidArgument {
        op: "png",
        detail: format!("a {w}x{h} image has more than MAX_PNG_PIXELS = {MAX_PNG_PIXELS} pixels"),
        hint: "draw a tile of the layout, or write SVG instead of PNG",
    })
}

/// The `width` and `height` of the SVG's root element, as the pictures write them (plain
/// numbers), read without parsing the document; `None` where they are not found so.
fn root_size(svg: &str) -> Option<(f64, f64)> {
    let start = svg.find("<svg")?;
    let end = start + svg[start..].find('>')?;
    let tag = &svg[start..end];
    let attr = |name: &str| -> Option<f64> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        let len = tag[at..].find('"')?;
        tag[at..at + len].trim_end_matches("px").parse().ok()
    };
    Some((attr("width")?, attr("height")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_size_reads_the_pictures_header() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="34.5" viewBox="0 0 120 34.5">"#;
        assert_eq!(root_size(svg), Some((120.0, 34.5)));
        assert_eq!(root_size("<svg>"), None);
    }

    #[test]
    fn too_many_pixels_are_refused_before_parsing() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="4097" height="4096">"#;
        let e = png(svg).unwrap_err().to_string();
        assert!(e.contains("MAX_PNG_PIXELS"), "{e}");
        assert!(check_pixels(4096.0, 4096.0).is_ok());
        assert!(check_pixels(f64::NAN, 1.0).is_err());
    }
}

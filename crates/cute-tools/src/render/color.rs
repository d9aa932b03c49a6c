//! The palettes of the pictures, and the text color of a fill chosen for WCAG 2.x contrast.

/// An RGB color.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// Black.
pub const BLACK: Rgb = Rgb(0, 0, 0);
/// White.
pub const WHITE: Rgb = Rgb(255, 255, 255);

impl Rgb {
    /// The relative luminance of WCAG 2.x (sRGB channels linearised, weighted
    /// 0.2126, 0.7152, 0.0722).
    ///
    /// ```
    /// use cute_tools::render::color::{BLACK, WHITE};
    /// assert_eq!(BLACK.luminance(), 0.0);
    /// assert!((WHITE.luminance() - 1.0).abs() < 1e-9);
    /// ```
    pub fn luminance(self) -> f64 {
        let lin = |c: u8| {
            let c = c as f64 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.0) + 0.7152 * lin(self.1) + 0.0722 * lin(self.2)
    }

    /// The WCAG 2.x contrast ratio `(L1 + 0.05) / (L2 + 0.05)` of two colors, from 1 to 21.
    ///
    /// ```
    /// use cute_tools::render::color::{BLACK, WHITE};
    /// assert!((BLACK.contrast(WHITE) - 21.0).abs() < 1e-9);
    /// ```
    pub fn contrast(self, other: Rgb) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// The text color on this fill: black or white, whichever contrasts more (at least
    /// `sqrt(21) ≈ 4.58`, above WCAG AA's 4.5, for every fill).
    ///
    /// ```
    /// use cute_tools::render::color::{Rgb, BLACK, WHITE};
    /// assert_eq!(Rgb(76, 76, 76).ink(), WHITE);
    /// assert_eq!(Rgb(200, 200, 200).ink(), BLACK);
    /// ```
    pub fn ink(self) -> Rgb {
        if self.contrast(BLACK) >= self.contrast(WHITE) {
            BLACK
        } else {
            WHITE
        }
    }

    /// This color mixed with white, `keep` of it kept (0 to 1): dimmed cells.
    ///
    /// ```
    /// use cute_tools::render::color::{Rgb, WHITE};
    /// assert_eq!(Rgb(0, 0, 0).tint(0.0), WHITE);
    /// ```
    pub fn tint(self, keep: f64) -> Rgb {
        let mix = |c: u8| {
            (255.0 - (255.0 - c as f64) * keep)
                .round()
                .clamp(0.0, 255.0) as u8
        };
        Rgb(mix(self.0), mix(self.1), mix(self.2))
    }

    /// `#rrggbb`.
    ///
    /// ```
    /// use cute_tools::render::color::Rgb;
    /// assert_eq!(Rgb(255, 0, 16).hex(), "#ff0010");
    /// ```
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// CuTe's `TikZ_Color_BWx8` greys, as percent black, cycled by `offset % 8`.
pub(crate) const BWX8_PERCENT: [u8; 8] = [0, 40, 20, 60, 10, 50, 30, 70];

/// The grey of `p` percent black.
pub(crate) fn grey(p: u8) -> Rgb {
    let v = ((100 - p.min(100) as u32) * 255 / 100) as u8;
    Rgb(v, v, v)
}

/// The grey of an offset.
pub(crate) fn offset_color(offset: i64) -> Rgb {
    grey(BWX8_PERCENT[offset.rem_euclid(8) as usize])
}

/// Tile 0 is grey, as in CuTe's pictures; the others cycle through light colors. Also the
/// palette of threads, values, banks and warps.
pub(crate) const TILE_PALETTE: [Rgb; 12] = [
    Rgb(0xc8, 0xc8, 0xc8),
    Rgb(0x8d, 0xd3, 0xc7),
    Rgb(0xff, 0xff, 0xb3),
    Rgb(0xbe, 0xba, 0xda),
    Rgb(0xfb, 0x80, 0x72),
    Rgb(0x80, 0xb1, 0xd3),
    Rgb(0xfd, 0xb4, 0x62),
    Rgb(0xb3, 0xde, 0x69),
    Rgb(0xfc, 0xcd, 0xe5),
    Rgb(0xbc, 0x80, 0xbd),
    Rgb(0xcc, 0xeb, 0xc5),
    Rgb(0xff, 0xed, 0x6f),
];

/// The color of a tile (or a thread, value, bank or warp).
pub(crate) fn tile_color(tile: i64) -> Rgb {
    TILE_PALETTE[tile.rem_euclid(TILE_PALETTE.len() as i64) as usize]
}

/// The color of shared-memory bank `bank` (mod 32): 32 colors, one per bank, so that banks
/// 0, 12 and 24 (which the 12-color tile palette made alike) differ. The hue steps by
/// `7 · 360° / 32` from bank to bank (7 is prime to 32, so the 32 hues are distinct and
/// neighbouring banks are far apart on the wheel), and the lightness alternates between
/// two levels, both light enough for black text.
///
/// ```
/// use cute_tools::render::color::bank_color;
/// assert_ne!(bank_color(0), bank_color(12));
/// assert_ne!(bank_color(12), bank_color(24));
/// assert_eq!(bank_color(33), bank_color(1));
/// ```
pub fn bank_color(bank: i64) -> Rgb {
    let b = bank.rem_euclid(32);
    let hue = ((b * 7) % 32) as f64 * 360.0 / 32.0;
    let (sat, light) = if b % 2 == 0 {
        (0.85, 0.82)
    } else {
        (0.70, 0.70)
    };
    hsl(hue, sat, light)
}

/// The sRGB color of hue `h` degrees, saturation `s` and lightness `l` (0 to 1).
fn hsl(h: f64, s: f64, l: f64) -> Rgb {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let hp = h / 60.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as i64 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let to = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgb(to(r), to(g), to(b))
}

/// CuTe's `TikZ_Color_TV`: eight pastel colors cycled by thread.
pub(crate) const TV_PALETTE: [Rgb; 8] = [
    Rgb(175, 175, 255),
    Rgb(175, 255, 175),
    Rgb(255, 255, 175),
    Rgb(255, 175, 175),
    Rgb(210, 210, 255),
    Rgb(210, 255, 210),
    Rgb(255, 255, 210),
    Rgb(255, 210, 210),
];

/// How much of a dimmed cell's color is kept.
pub(crate) const DIM: f64 = 0.3;

/// Every fill a picture can use, by palette name: the palettes, their dimmed versions, white
/// (empty cells), and the boxes of the categorical diagrams.
///
/// ```
/// let all = cute_tools::render::color::palettes();
/// assert!(all.iter().any(|(name, _)| *name == "offset"));
/// ```
pub fn palettes() -> Vec<(&'static str, Vec<Rgb>)> {
    let greys: Vec<Rgb> = (0..=100).map(grey).collect();
    let base = [
        ("offset", BWX8_PERCENT.iter().map(|&p| grey(p)).collect()),
        ("greys", greys),
        ("tile", TILE_PALETTE.to_vec()),
        ("tv", TV_PALETTE.to_vec()),
        ("bank", (0..32).map(bank_color).collect()),
        ("white", vec![WHITE]),
    ];
    let mut out: Vec<(&'static str, Vec<Rgb>)> = base.to_vec();
    for (name, colors) in base {
        let dimmed = colors.iter().map(|c| c.tint(DIM)).collect();
        out.push((if name == "white" { name } else { "dimmed" }, dimmed));
    }
    let diagram = cute_layout::category::draw::FILLS.map(|[r, g, b]| Rgb(r, g, b));
    out.push(("diagram", diagram.to_vec()));
    out
}

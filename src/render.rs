//! Drawing positions for people: terminal diagrams, with or without colour, and SVG pictures.
//!
//! Every game explains its verdicts the same way (`--explain`, `--svg`); the pieces they
//! share live here: [`Style`] decides whether text is coloured, [`paint`] colours a piece of
//! text, and [`Svg`] builds a picture from shapes. The games' own modules (`hex::show`,
//! `gioco::show`, `go::show`, `cheesy::show`) decide what to draw.
//!
//! # Examples
//!
//! ```
//! use arbiter::render::{paint, Ink, Style, Svg};
//!
//! assert_eq!(paint("R", Ink::Red, Style { color: false }), "R");
//! assert_eq!(paint("R", Ink::Red, Style { color: true }), "\x1b[31mR\x1b[0m");
//! let mut svg = Svg::new(10.0, 10.0);
//! svg.circle(5.0, 5.0, 4.0, "#000000", None);
//! assert!(svg.finish().starts_with("<svg"));
//! ```

use std::fmt::Write;

/// How text output looks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Whether to colour with ANSI escape codes.
    pub color: bool,
}

/// The colours of terminal output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Red stones.
    Red,
    /// Blue stones.
    Blue,
    /// Highlights: chains, lines, the evidence.
    Highlight,
    /// Things that are there but do not matter here.
    Dim,
    /// Danger.
    Danger,
    /// Success.
    Good,
}

impl Ink {
    fn code(self) -> &'static str {
        match self {
            Ink::Red => "31",
            Ink::Blue => "34",
            Ink::Highlight => "1;33",
            Ink::Dim => "2",
            Ink::Danger => "35",
            Ink::Good => "1;32",
        }
    }
}

/// `text` in `ink` when the style is coloured, else `text` unchanged.
pub fn paint(text: &str, ink: Ink, style: Style) -> String {
    if style.color {
        format!("\x1b[{}m{text}\x1b[0m", ink.code())
    } else {
        text.to_string()
    }
}

/// An SVG picture under construction, in user units.
#[derive(Clone, Debug)]
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
}

impl Svg {
    /// An empty picture of the given size, on a white background.
    pub fn new(width: f64, height: f64) -> Self {
        let mut svg = Svg {
            width,
            height,
            body: String::new(),
        };
        svg.rect(0.0, 0.0, width, height, "#ffffff", None);
        svg
    }

    /// A rectangle; `stroke` is a colour and a width.
    pub fn rect(
        &mut self,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        fill: &str,
        stroke: Option<(&str, f64)>,
    ) {
        let _ = write!(
            self.body,
            r#"<rect x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" fill="{fill}"{}/>"#,
            stroke_attr(stroke)
        );
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str, stroke: Option<(&str, f64)>) {
        let _ = write!(
            self.body,
            r#"<circle cx="{cx:.2}" cy="{cy:.2}" r="{r:.2}" fill="{fill}"{}/>"#,
            stroke_attr(stroke)
        );
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: Option<(&str, f64)>) {
        let _ = write!(
            self.body,
            r#"<polygon points="{}" fill="{fill}"{}/>"#,
            point_list(points),
            stroke_attr(stroke)
        );
    }

    /// An open line through `points`.
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, width: f64) {
        let _ = write!(
            self.body,
            r#"<polyline points="{}" fill="none" stroke="{stroke}" stroke-width="{width:.2}" stroke-linecap="round" stroke-linejoin="round"/>"#,
            point_list(points)
        );
    }

    /// A line of text centred on (`x`, `y`).
    pub fn text(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        let _ = write!(
            self.body,
            r#"<text x="{x:.2}" y="{y:.2}" font-size="{size:.2}" font-family="sans-serif" text-anchor="middle" dominant-baseline="central" fill="{fill}">{}</text>"#,
            escape(text)
        );
    }

    /// The finished document.
    pub fn finish(self) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.2} {h:.2}">{}</svg>
"#,
            self.body,
            w = self.width,
            h = self.height
        )
    }
}

/// The corners of a hexagon with a vertex at the top, centred on (`cx`, `cy`).
pub fn hexagon(cx: f64, cy: f64, radius: f64) -> Vec<(f64, f64)> {
    (0..6)
        .map(|i| {
            let angle = std::f64::consts::PI / 3.0 * f64::from(i) - std::f64::consts::PI / 2.0;
            (cx + radius * angle.cos(), cy + radius * angle.sin())
        })
        .collect()
}

fn stroke_attr(stroke: Option<(&str, f64)>) -> String {
    stroke.map_or(String::new(), |(colour, width)| {
        format!(r#" stroke="{colour}" stroke-width="{width:.2}""#)
    })
}

fn point_list(points: &[(f64, f64)]) -> String {
    let list: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{x:.2},{y:.2}"))
        .collect();
    list.join(" ")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The orientation of a hexagonal board, for drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slant {
    /// Each row half a cell right of the one above (the Hex judge).
    Right,
    /// Each row half a cell left of the one above (Il Gioco dell'X).
    Left,
}

/// A hexagonal board as a slanted rhombus of text, `cell` giving each cell's (already
/// painted) one-character text. Rows are indented half a cell per row in `slant`'s direction.
pub fn hex_diagram(size: usize, slant: Slant, cell: impl Fn(usize, usize) -> String) -> String {
    let mut out = String::new();
    for row in 0..size {
        let indent = match slant {
            Slant::Right => row,
            Slant::Left => size - 1 - row,
        };
        out.push_str(&" ".repeat(indent + 2));
        let cells: Vec<String> = (0..size).map(|col| cell(row, col)).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// How one hexagon of a board picture looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexLook {
    /// Fill colour.
    pub fill: &'static str,
    /// Drawn with a thick highlight outline.
    pub outlined: bool,
    /// Marked with a dot in the middle.
    pub dotted: bool,
}

/// Radius of a hexagon in board pictures.
pub const HEX_RADIUS: f64 = 20.0;
const MARGIN: f64 = 30.0;
/// The outline colour of highlighted cells.
pub const HIGHLIGHT: &str = "#f5b700";

/// The centre of cell (`row`, `col`) of a hexagonal board picture.
pub fn hex_centre(size: usize, slant: Slant, row: usize, col: usize) -> (f64, f64) {
    let step = 3f64.sqrt() * HEX_RADIUS;
    let shift = match slant {
        Slant::Right => row as f64 / 2.0,
        Slant::Left => (size - 1 - row) as f64 / 2.0,
    };
    (
        MARGIN + step * (col as f64 + shift) + step / 2.0,
        MARGIN + HEX_RADIUS + 1.5 * HEX_RADIUS * row as f64,
    )
}

/// A hexagonal board picture: `look` gives each cell's look; `sides` colours the two pairs of
/// sides (top and bottom, left and right) to show who joins which.
pub fn hex_board_svg(
    size: usize,
    slant: Slant,
    sides: (&str, &str),
    look: impl Fn(usize, usize) -> HexLook,
) -> String {
    let step = 3f64.sqrt() * HEX_RADIUS;
    let width = 2.0 * MARGIN + step * (size as f64 * 1.5 + 0.5);
    let height = 2.0 * MARGIN + HEX_RADIUS * (1.5 * size as f64 + 0.5);
    let mut svg = Svg::new(width, height);
    // The sides: bands just outside the first and last rows and columns.
    let corner = |row: usize, col: usize| hex_centre(size, slant, row, col);
    let band = |svg: &mut Svg, from: (f64, f64), to: (f64, f64), dx: f64, dy: f64, colour: &str| {
        svg.polyline(
            &[(from.0 + dx, from.1 + dy), (to.0 + dx, to.1 + dy)],
            colour,
            6.0,
        );
    };
    let out = HEX_RADIUS * 1.3;
    band(
        &mut svg,
        corner(0, 0),
        corner(0, size - 1),
        0.0,
        -out,
        sides.0,
    );
    band(
        &mut svg,
        corner(size - 1, 0),
        corner(size - 1, size - 1),
        0.0,
        out,
        sides.0,
    );
    band(
        &mut svg,
        corner(0, 0),
        corner(size - 1, 0),
        -out,
        0.0,
        sides.1,
    );
    band(
        &mut svg,
        corner(0, size - 1),
        corner(size - 1, size - 1),
        out,
        0.0,
        sides.1,
    );
    for row in 0..size {
        for col in 0..size {
            let (cx, cy) = hex_centre(size, slant, row, col);
            let look = look(row, col);
            svg.polygon(
                &hexagon(cx, cy, HEX_RADIUS - 1.0),
                look.fill,
                Some(("#555555", 1.0)),
            );
            if look.outlined {
                svg.polygon(
                    &hexagon(cx, cy, HEX_RADIUS - 3.0),
                    "none",
                    Some((HIGHLIGHT, 3.0)),
                );
            }
            if look.dotted {
                svg.circle(cx, cy, HEX_RADIUS / 3.0, "#ffffff", Some(("#000000", 1.5)));
            }
        }
    }
    svg.finish()
}

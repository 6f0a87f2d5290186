//! Drawing positions for people: terminal diagrams, with or without colour, and SVG pictures.
//!
//! Every game explains its verdicts the same way (`--explain`, `--svg`); the pieces they
//! share live here: [`Style`] decides whether text is coloured, [`Mark`] is one coloured
//! character of a diagram, [`hex_diagram`] writes a hexagonal board row by row, and [`Svg`]
//! writes a picture shape by shape. Both stream to their writer, so a view of a big board
//! costs memory for one row, not for the whole picture. The games' own modules (`hex::show`,
//! `gioco::show`, `go::show`, `cheesy::show`) decide what to draw.
//!
//! # Examples
//!
//! ```
//! use arbiter::render::{paint, Ink, Style, Svg};
//!
//! assert_eq!(paint("R", Ink::Red, Style { color: false }), "R");
//! assert_eq!(paint("R", Ink::Red, Style { color: true }), "\x1b[31mR\x1b[0m");
//! let mut picture = Vec::new();
//! let mut svg = Svg::new(&mut picture, 10.0, 10.0);
//! svg.circle(5.0, 5.0, 4.0, "#000000", None);
//! svg.finish().unwrap();
//! assert!(picture.starts_with(b"<svg"));
//! ```

use std::fmt;
use std::io::{self, Write};

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
    /// No colour at all.
    Plain,
}

impl Ink {
    fn code(self) -> Option<&'static str> {
        match self {
            Ink::Red => Some("31"),
            Ink::Blue => Some("34"),
            Ink::Highlight => Some("1;33"),
            Ink::Dim => Some("2"),
            Ink::Danger => Some("35"),
            Ink::Good => Some("1;32"),
            Ink::Plain => None,
        }
    }
}

/// `text` in `ink` when the style is coloured, else `text` unchanged.
pub fn paint(text: &str, ink: Ink, style: Style) -> String {
    match ink.code().filter(|_| style.color) {
        Some(code) => format!("\x1b[{code}m{text}\x1b[0m"),
        None => text.to_string(),
    }
}

/// One character of a diagram in its ink.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The character.
    pub text: char,
    /// Its colour, when colours are on.
    pub ink: Ink,
}

impl Mark {
    /// A character in an ink.
    pub const fn new(text: char, ink: Ink) -> Self {
        Mark { text, ink }
    }

    /// Writes the mark in `style`.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write(self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        match self.ink.code().filter(|_| style.color) {
            Some(code) => write!(out, "\x1b[{code}m{}\x1b[0m", self.text),
            None => write!(out, "{}", self.text),
        }
    }
}

/// An SVG picture, written to its output shape by shape as it is drawn.
///
/// Writing errors are kept, not returned by every shape: the first one stops the writing and
/// comes back from [`Svg::finish`].
pub struct Svg<'w> {
    out: &'w mut dyn Write,
    error: Option<io::Error>,
}

impl<'w> Svg<'w> {
    /// Starts a picture of the given size, on a white background.
    pub fn new(out: &'w mut dyn Write, width: f64, height: f64) -> Self {
        let mut svg = Svg { out, error: None };
        svg.emit(format_args!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.2} {h:.2}">"#,
            w = width,
            h = height
        ));
        svg.rect(0.0, 0.0, width, height, "#ffffff", None);
        svg
    }

    fn emit(&mut self, args: fmt::Arguments<'_>) {
        if self.error.is_none()
            && let Err(error) = self.out.write_fmt(args)
        {
            self.error = Some(error);
        }
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
        self.emit(format_args!(
            r#"<rect x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" fill="{fill}"{}/>"#,
            StrokeAttr(stroke)
        ));
    }

    /// A rectangle filled with `fill` at `opacity` (0 to 1), without a stroke: a shade over
    /// what lies below.
    pub fn shade(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, opacity: f64) {
        self.emit(format_args!(
            r#"<rect x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" fill="{fill}" fill-opacity="{opacity:.2}"/>"#
        ));
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str, stroke: Option<(&str, f64)>) {
        self.emit(format_args!(
            r#"<circle cx="{cx:.2}" cy="{cy:.2}" r="{r:.2}" fill="{fill}"{}/>"#,
            StrokeAttr(stroke)
        ));
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: Option<(&str, f64)>) {
        self.emit(format_args!(
            r#"<polygon points="{}" fill="{fill}"{}/>"#,
            PointList(points),
            StrokeAttr(stroke)
        ));
    }

    /// An open line through `points`.
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, width: f64) {
        self.emit(format_args!(
            r#"<polyline points="{}" fill="none" stroke="{stroke}" stroke-width="{width:.2}" stroke-linecap="round" stroke-linejoin="round"/>"#,
            PointList(points)
        ));
    }

    /// A line of text centred on (`x`, `y`).
    pub fn text(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        self.emit(format_args!(
            r#"<text x="{x:.2}" y="{y:.2}" font-size="{size:.2}" font-family="sans-serif" text-anchor="middle" dominant-baseline="central" fill="{fill}">{}</text>"#,
            Escaped(text)
        ));
    }

    /// Starts a group of shapes drawn `dx` right and `dy` down of where they say, until
    /// [`end_group`](Self::end_group).
    pub fn group(&mut self, dx: f64, dy: f64) {
        self.emit(format_args!(
            r#"<g transform="translate({dx:.2} {dy:.2})">"#
        ));
    }

    /// Ends the group [`group`](Self::group) started.
    pub fn end_group(&mut self) {
        self.emit(format_args!("</g>"));
    }

    /// A line of text starting at (`x`, `y`), its baseline's middle at `y`.
    pub fn text_from(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        self.emit(format_args!(
            r#"<text x="{x:.2}" y="{y:.2}" font-size="{size:.2}" font-family="sans-serif" text-anchor="start" dominant-baseline="central" fill="{fill}">{}</text>"#,
            Escaped(text)
        ));
    }

    /// Ends the picture.
    ///
    /// # Errors
    /// The first writing error of the picture.
    pub fn finish(mut self) -> io::Result<()> {
        self.emit(format_args!("</svg>\n"));
        match self.error {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

/// The most cells a picture shows: past it a picture would be hundreds of megabytes that no
/// viewer opens, so it is refused with a clear message instead.
pub const MAX_PICTURE_CELLS: usize = 250_000;

/// Refuses a picture of a board of `cells` cells past [`MAX_PICTURE_CELLS`], before anything
/// is written.
///
/// # Errors
/// For a board too big to draw.
pub fn check_picture_size(cells: usize) -> io::Result<()> {
    if cells <= MAX_PICTURE_CELLS {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("the board has {cells} cells, more than the {MAX_PICTURE_CELLS} a picture shows"),
    ))
}

/// The corners of a hexagon with a vertex at the top, centred on (`cx`, `cy`).
pub fn hexagon(cx: f64, cy: f64, radius: f64) -> [(f64, f64); 6] {
    std::array::from_fn(|i| {
        let angle = std::f64::consts::PI / 3.0 * i as f64 - std::f64::consts::PI / 2.0;
        (cx + radius * angle.cos(), cy + radius * angle.sin())
    })
}

struct StrokeAttr<'a>(Option<(&'a str, f64)>);

impl fmt::Display for StrokeAttr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some((colour, width)) => write!(f, r#" stroke="{colour}" stroke-width="{width:.2}""#),
            None => Ok(()),
        }
    }
}

struct PointList<'a>(&'a [(f64, f64)]);

impl fmt::Display for PointList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (x, y)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{x:.2},{y:.2}")?;
        }
        Ok(())
    }
}

struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                _ => write!(f, "{c}")?,
            }
        }
        Ok(())
    }
}

/// The orientation of a hexagonal board, for drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slant {
    /// Each row half a cell right of the one above (the Hex judge).
    Right,
    /// Each row half a cell left of the one above (Il Gioco dell'X).
    Left,
}

/// The dimensions of a board: rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
}

impl Size {
    /// A square board.
    pub const fn square(side: usize) -> Self {
        Size {
            rows: side,
            cols: side,
        }
    }
}

/// Writes a hexagonal board as a slanted rhombus of text, `cell` giving each cell's mark.
/// Rows are indented half a cell per row in `slant`'s direction; `labels` adds column letters
/// above and row numbers to the left (the Hex players' cell names).
///
/// # Errors
/// When writing fails.
pub fn hex_diagram(
    out: &mut dyn Write,
    size: Size,
    slant: Slant,
    labels: Option<&dyn Fn(usize) -> String>,
    style: Style,
    cell: impl Fn(usize, usize) -> Mark,
) -> io::Result<()> {
    let margin = if labels.is_some() {
        size.rows.to_string().len() + 1
    } else {
        0
    };
    if let Some(column_name) = labels {
        let indent = match slant {
            Slant::Right => 0,
            Slant::Left => size.rows - 1,
        };
        write!(out, "{}", " ".repeat(margin + indent + 2))?;
        for col in 0..size.cols {
            let name = column_name(col);
            let name = if name.len() == 1 {
                name
            } else {
                "*".to_string()
            };
            write!(
                out,
                "{name}{}",
                if col + 1 < size.cols { " " } else { "\n" }
            )?;
        }
    }
    for row in 0..size.rows {
        let indent = match slant {
            Slant::Right => row,
            Slant::Left => size.rows - 1 - row,
        };
        if labels.is_some() {
            write!(out, "{:>width$} ", row + 1, width = margin - 1)?;
        }
        write!(out, "{}", " ".repeat(indent + 2))?;
        for col in 0..size.cols {
            if col > 0 {
                out.write_all(b" ")?;
            }
            cell(row, col).write(out, style)?;
        }
        out.write_all(b"\n")?;
    }
    Ok(())
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

/// The centre of cell (`row`, `col`) of a hexagonal board picture of `rows` rows.
pub fn hex_centre(rows: usize, slant: Slant, row: usize, col: usize) -> (f64, f64) {
    let step = 3f64.sqrt() * HEX_RADIUS;
    let shift = match slant {
        Slant::Right => row as f64 / 2.0,
        Slant::Left => (rows - 1 - row) as f64 / 2.0,
    };
    (
        MARGIN + step * (col as f64 + shift) + step / 2.0,
        MARGIN + HEX_RADIUS + 1.5 * HEX_RADIUS * row as f64,
    )
}

/// Labels along a hexagonal board picture's edges: a name for each column (drawn above and
/// below) and for each row (drawn left and right).
pub struct EdgeLabels<'a> {
    /// The name of a column, from 0.
    pub column: &'a dyn Fn(usize) -> String,
    /// The name of a row, from 0.
    pub row: &'a dyn Fn(usize) -> String,
}

/// Writes a hexagonal board picture: `look` gives each cell's look; `sides` colours the two
/// pairs of sides (top and bottom, left and right) to show who joins which; `labels` names
/// the columns and rows along the edges.
///
/// # Errors
/// When writing fails, or for a board too big to draw ([`check_picture_size`]).
pub fn hex_board_svg(
    out: &mut dyn Write,
    size: Size,
    slant: Slant,
    sides: (&str, &str),
    labels: Option<EdgeLabels<'_>>,
    look: impl Fn(usize, usize) -> HexLook,
) -> io::Result<()> {
    check_picture_size(size.rows * size.cols)?;
    let (rows, cols) = (size.rows, size.cols);
    let step = 3f64.sqrt() * HEX_RADIUS;
    let width = 2.0 * MARGIN + step * (cols as f64 + rows as f64 / 2.0 + 0.5);
    let height = 2.0 * MARGIN + HEX_RADIUS * (1.5 * rows as f64 + 0.5);
    let mut svg = Svg::new(out, width, height);
    // The sides: bands just outside the first and last rows and columns.
    let corner = |row: usize, col: usize| hex_centre(rows, slant, row, col);
    let out_by = HEX_RADIUS * 1.3;
    let bands = [
        (corner(0, 0), corner(0, cols - 1), (0.0, -out_by), sides.0),
        (
            corner(rows - 1, 0),
            corner(rows - 1, cols - 1),
            (0.0, out_by),
            sides.0,
        ),
        (corner(0, 0), corner(rows - 1, 0), (-out_by, 0.0), sides.1),
        (
            corner(0, cols - 1),
            corner(rows - 1, cols - 1),
            (out_by, 0.0),
            sides.1,
        ),
    ];
    for (from, to, (dx, dy), colour) in bands {
        svg.polyline(
            &[(from.0 + dx, from.1 + dy), (to.0 + dx, to.1 + dy)],
            colour,
            6.0,
        );
    }
    if let Some(labels) = labels {
        let text = HEX_RADIUS * 0.6;
        let gap = HEX_RADIUS * 2.0;
        for col in 0..cols {
            let name = (labels.column)(col);
            let (x, y) = corner(0, col);
            svg.text(x, y - gap, text, "#333333", &name);
            let (x, y) = corner(rows - 1, col);
            svg.text(x, y + gap, text, "#333333", &name);
        }
        for row in 0..rows {
            let name = (labels.row)(row);
            let (x, y) = corner(row, 0);
            svg.text(x - gap, y, text, "#333333", &name);
            let (x, y) = corner(row, cols - 1);
            svg.text(x + gap, y, text, "#333333", &name);
        }
    }
    for row in 0..rows {
        for col in 0..cols {
            let (cx, cy) = hex_centre(rows, slant, row, col);
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

//! The evidence shown to people and programs: `--explain` and `--format json` snapshots, and
//! SVG pictures rendered and checked pixel by pixel.

use crate::common;

use common::{data, run};
use resvg::{tiny_skia, usvg};

/// Renders an SVG document; panics if it does not parse.
fn render(svg: &str) -> tiny_skia::Pixmap {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("valid SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    if let Ok(dir) = std::env::var("ARBITER_SVG_PNG") {
        let _ = pixmap.save_png(format!("{dir}/{}.png", size.width()));
    }
    pixmap
}

/// A picture drawn by `draw` into memory.
fn picture(draw: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>) -> String {
    let mut svg = Vec::new();
    draw(&mut svg).expect("drawn");
    String::from_utf8(svg).expect("UTF-8")
}

/// The colour at a point, as `#rrggbb`.
fn colour_at(pixmap: &tiny_skia::Pixmap, x: f64, y: f64) -> String {
    let p = pixmap
        .pixel(x.round() as u32, y.round() as u32)
        .unwrap()
        .demultiply();
    format!("#{:02x}{:02x}{:02x}", p.red(), p.green(), p.blue())
}

#[test]
fn hex_pictures_show_stones_chain_and_last_stone() {
    use arbiter::hex::{Board, judge, show};
    use arbiter::render::{HEX_RADIUS, Slant, hex_centre};
    let board: Board = "RRB\nBBB\nBRR".parse().unwrap();
    let pixmap = render(&picture(|out| show::svg(&board, &judge(&board), out)));
    let centre = |r, c| hex_centre(3, Slant::Right, r, c);
    // A red stone off the chain: red in the middle.
    let (x, y) = centre(0, 0);
    assert_eq!(colour_at(&pixmap, x, y), show::RED);
    // A blue chain stone: blue inside, the highlight on its outline.
    let (x, y) = centre(1, 0);
    assert_eq!(colour_at(&pixmap, x, y), show::BLUE);
    assert_eq!(
        colour_at(&pixmap, x, y - (HEX_RADIUS - 3.0)),
        arbiter::render::HIGHLIGHT
    );
    // The last stone (1,1) carries a white dot.
    let (x, y) = centre(1, 1);
    assert_eq!(colour_at(&pixmap, x, y), "#ffffff");
}

#[test]
fn gioco_pictures_slant_the_other_way() {
    use arbiter::gioco::{Board, judge, show};
    use arbiter::render::{Slant, hex_centre};
    let board: Board = "bw\nwb".parse().unwrap();
    let pixmap = render(&picture(|out| show::svg(&board, &judge(&board), out)));
    let (x, y) = hex_centre(2, Slant::Left, 0, 0);
    assert_eq!(colour_at(&pixmap, x, y), show::BLACK);
    let (x, y) = hex_centre(2, Slant::Left, 1, 0);
    assert_eq!(colour_at(&pixmap, x, y), show::WHITE);
    // Row 1 sits half a cell left of row 0.
    assert!(hex_centre(2, Slant::Left, 1, 0).0 < hex_centre(2, Slant::Left, 0, 0).0);
}

#[test]
fn go_pictures_show_stones_and_territory() {
    use arbiter::go::{Position, show, territory};
    use arbiter::grid::Coord;
    let position: Position = "O..\n...\n..X".parse().unwrap();
    let pixmap = render(&picture(|out| {
        show::svg(&position, &territory(&position), out)
    }));
    let at = |row, col| show::point_centre(Coord { row, col });
    let (x, y) = at(0, 0);
    assert_eq!(colour_at(&pixmap, x, y), "#fafafa", "white stone");
    let (x, y) = at(2, 2);
    assert_eq!(colour_at(&pixmap, x, y), "#111111", "black stone");
    // The one region touches both colours: neutral, so its points show the bare board
    // (a little off the lines).
    let (x, y) = at(1, 1);
    assert_eq!(colour_at(&pixmap, x + 5.0, y + 5.0), show::BOARD);
    let position: Position = "X..\n...\n...".parse().unwrap();
    let pixmap = render(&picture(|out| {
        show::svg(&position, &territory(&position), out)
    }));
    let (x, y) = at(1, 1);
    assert_eq!(
        colour_at(&pixmap, x + 2.0, y + 2.0),
        "#111111",
        "black territory mark"
    );
}

#[test]
fn cheesy_pictures_show_fields_pieces_and_line() {
    use arbiter::cheesy::{Board, Position, Square, show, solve};
    let board: Board = "F..\n...\n..D".parse().unwrap();
    let (king, pawn) = (Square { x: 1, y: 1 }, Square { x: 2, y: 3 });
    let position = Position::new(board.clone(), king, pawn).unwrap();
    let outcome = solve(&position);
    let pixmap = render(&picture(|out| show::svg(&position, &outcome, out)));
    let at = |x, y| show::square_centre(&board, Square { x, y });
    let (x, y) = at(1, 3);
    assert_eq!(colour_at(&pixmap, x - 15.0, y - 15.0), show::FORBIDDEN);
    let (x, y) = at(3, 1);
    assert_eq!(colour_at(&pixmap, x - 15.0, y - 15.0), show::DANGEROUS);
    let (x, y) = at(1, 1);
    assert_eq!(colour_at(&pixmap, x + 10.0, y), show::KING);
    let (x, y) = at(2, 3);
    assert_eq!(colour_at(&pixmap, x, y + 5.0), show::PAWN);
    // The king blocks at (2,2): its line is drawn there.
    let (x, y) = at(2, 2);
    assert_eq!(colour_at(&pixmap, x, y), show::KING_PATH);
}

#[test]
fn svg_option_writes_one_file_per_case_named_after_the_input() {
    let dir = std::env::temp_dir().join(format!("arbiter-svg-{}", std::process::id()));
    let input = data("go", "sample.in");
    let output = run(
        &[
            "go",
            input.to_str().unwrap(),
            "--svg",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    assert!(output.status.success());
    assert_eq!(
        output.stdout, b"Draw\nWhite wins by 3\nBlack wins by 1\n",
        "the contest output stays"
    );
    for name in ["sample.svg", "sample-2.svg", "sample-3.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        render(&svg);
    }
    std::fs::remove_dir_all(dir).unwrap();
}

fn stdout(args: &[&str]) -> String {
    let output = run(args, b"");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn explanations_snapshots() {
    let file = |game, name| data(game, name).to_str().unwrap().to_string();
    for (game, name) in [
        ("hex", "hex_sample_ts1_input.txt"),
        ("gioco", "sample.in"),
        ("go", "sample.in"),
        ("cheesy", "sampledata_a.in"),
    ] {
        let text = stdout(&[game, &file(game, name), "--explain", "--color", "never"]);
        insta::assert_snapshot!(format!("explain_{game}"), text);
    }
    let text = stdout(&[
        "go",
        &file("go", "sample.in"),
        "--explain",
        "--rules",
        "area",
        "--komi",
        "6.5",
        "--color",
        "never",
    ]);
    insta::assert_snapshot!("explain_go_area", text);
}

#[test]
fn json_snapshots() {
    let file = |game, name| data(game, name).to_str().unwrap().to_string();
    for (game, name) in [
        ("hex", "hex_sample_ts1_input.txt"),
        ("gioco", "sample.in"),
        ("go", "sample.in"),
        ("cheesy", "sampledata_a.in"),
    ] {
        let text = stdout(&[game, &file(game, name), "--format", "json"]);
        for line in text.lines() {
            serde_json::from_str::<serde_json::Value>(line).expect("every line is a JSON object");
        }
        insta::assert_snapshot!(format!("json_{game}"), text);
    }
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let input = data("hex", "hex_sample_ts1_input.txt");
    let input = input.to_str().unwrap();
    assert!(stdout(&["hex", input, "--explain", "--color", "always"]).contains("\x1b["));
    assert!(!stdout(&["hex", input, "--explain", "--color", "never"]).contains("\x1b["));
    // Not a terminal: no colour by default.
    assert!(!stdout(&["hex", input, "--explain"]).contains("\x1b["));
}

#[test]
fn go_game_pictures_show_a_real_board_with_dead_stones_and_territory() {
    use arbiter::Game;
    use arbiter::go::{Go, Judgement, show};
    // White's area at the top holds a dead black stone on D8; Black owns the bottom.
    let record = b"(;SZ[9]KM[6.5]AW[ad][bd][cd][dd][ed][fd][gd][hd][id]\
        AB[ae][be][ce][de][ee][fe][ge][he][ie][db];W[];B[])";
    let go = Go::default();
    let raw = go.read(&record[..]).next().unwrap().unwrap();
    let case = go.prepare(raw).unwrap();
    let Judgement::Scored(game) = go.judge(&case) else {
        panic!("scored under rules")
    };
    assert_eq!(game.dead, ["D8"]);
    let svg = picture(|out| show::svg_game(&game, out));
    // Go coordinates along the edges: letters without I, numbers from the bottom.
    for label in [">A<", ">H<", ">J<", ">1<", ">9<"] {
        assert!(svg.contains(label), "{label}");
    }
    assert!(!svg.contains(">I<"));
    let pixmap = render(&svg);
    // Points: 36 pixels from the corner, 24 apart.
    let at = |col: f64, row: f64| (36.0 + 24.0 * col, 36.0 + 24.0 * row);
    let (x, y) = at(3.0, 1.0);
    assert_eq!(
        colour_at(&pixmap, x, y),
        show::CROSS,
        "the dead stone is crossed"
    );
    assert_eq!(colour_at(&pixmap, x + 7.0, y), show::DEAD[0], "and faded");
    let (x, y) = at(0.0, 4.0);
    assert_eq!(
        colour_at(&pixmap, x, y),
        show::BLACK_STONE,
        "a living black stone"
    );
    let (x, y) = at(0.0, 0.0);
    assert_eq!(
        colour_at(&pixmap, x, y),
        show::WHITE_STONE,
        "White's territory mark"
    );
    let (x, y) = at(8.0, 8.0);
    assert_eq!(
        colour_at(&pixmap, x, y),
        show::BLACK_STONE,
        "Black's territory mark"
    );
    // Every point here carries a mark, so the star points are counted in the source.
    let star = r##"r="3.00" fill="#333333""##;
    assert_eq!(svg.matches(star).count(), 5, "five star points on 9 x 9");
}

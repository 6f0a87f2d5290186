//! Finished boards with their dead stones as Go servers' tests give them: the 54 boards of
//! OGS's score-estimator tests and the 31 of its board library's autoscore tests
//! (`tests/data/go/ogs-estimator/`, `tests/data/go/ogs-autoscore/`; SOURCES.md there). The
//! dead-stone estimate is held to them.

use super::Stone;
use super::board::Board;
use super::rules::RuleSet;

/// A finished board, the player to move when the file says, and its dead stones.
pub(crate) struct ServerBoard {
    pub name: String,
    pub board: Board,
    pub to_move: Option<Stone>,
    /// The rules the game was played under, as far as the file says.
    pub rules: RuleSet,
    /// The stones the players removed as dead.
    pub dead: Vec<usize>,
    /// Stones the file says nothing about (either answer is right).
    pub either: Vec<usize>,
}

impl ServerBoard {
    /// Whether `dead` is the board's dead set, stones it says nothing about aside.
    pub fn is_exactly(&self, dead: &[usize]) -> bool {
        let mut found: Vec<usize> = dead
            .iter()
            .copied()
            .filter(|p| !self.either.contains(p))
            .collect();
        found.sort_unstable();
        found == self.dead
    }
}

fn data(folder: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/go")
        .join(folder)
}

/// Every file under `dir`, in name order, subfolders included.
fn files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// All 85 boards.
pub(crate) fn all() -> Vec<ServerBoard> {
    let mut boards = estimator_boards();
    boards.extend(autoscore_boards());
    boards
}

/// The score-estimator's `.game` files: `width`, `height` and `player_to_move` lines, the
/// board (1 black, -1 white), then the points removed (1).
pub(crate) fn estimator_boards() -> Vec<ServerBoard> {
    let root = data("ogs-estimator");
    let mut boards = Vec::new();
    for file in files(&root) {
        if file.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let (mut width, mut height, mut to_move) = (0, 0, None);
        let mut numbers = Vec::new();
        for line in text.lines().map(str::trim) {
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            match words[0] {
                "width" => width = words[1].parse().unwrap(),
                "height" => height = words[1].parse().unwrap(),
                "player_to_move" => {
                    to_move = Some(if words[1] == "1" {
                        Stone::Black
                    } else {
                        Stone::White
                    })
                }
                _ => numbers.extend(words.iter().map(|w| w.parse::<i32>().unwrap())),
            }
        }
        let mut board = Board::new(width, height);
        let mut dead = Vec::new();
        for y in 0..height {
            for x in 0..width {
                let p = board.index(x, y);
                match numbers[y * width + x] {
                    1 => board.set(p, Stone::Black),
                    -1 => board.set(p, Stone::White),
                    _ => {}
                }
            }
        }
        for y in 0..height {
            for x in 0..width {
                let p = board.index(x, y);
                if numbers.get((height + y) * width + x) == Some(&1) && board.stone(p).is_some() {
                    dead.push(p);
                }
            }
        }
        dead.sort_unstable();
        let name = file.strip_prefix(&root).unwrap().display().to_string();
        boards.push(ServerBoard {
            name: format!("ogs-estimator/{name}"),
            board,
            to_move,
            // The files do not say; most OGS games are played under Japanese rules.
            rules: RuleSet::Japanese,
            dead,
            either: Vec::new(),
        });
    }
    boards
}

/// The autoscore tests' JSON files: `board` rows (`b`/`B` black, `w`/`W` white), `rules`
/// (Chinese when absent, as the tests read them) and
/// `correct_ownership` rows (`B`, `W`, ` ` for neither, `*` for either, `s` to be sealed): a
/// stone is dead where its point ends up not its colour's.
pub(crate) fn autoscore_boards() -> Vec<ServerBoard> {
    let root = data("ogs-autoscore");
    let mut boards = Vec::new();
    for file in files(&root) {
        if file.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let rows = |key: &str| -> Vec<Vec<u8>> {
            json[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|row| row.as_str().unwrap().as_bytes().to_vec())
                .collect()
        };
        let (stones, owners) = (rows("board"), rows("correct_ownership"));
        let (width, height) = (stones[0].len(), stones.len());
        let mut board = Board::new(width, height);
        let (mut dead, mut either) = (Vec::new(), Vec::new());
        for y in 0..height {
            for x in 0..width {
                let p = board.index(x, y);
                let (stone, owner) = match stones[y][x] {
                    b'b' | b'B' => (Stone::Black, b'B'),
                    b'w' | b'W' => (Stone::White, b'W'),
                    _ => continue,
                };
                board.set(p, stone);
                match owners[y][x] {
                    b'*' => either.push(p),
                    o if o != owner => dead.push(p),
                    _ => {}
                }
            }
        }
        dead.sort_unstable();
        let name = file.file_name().unwrap().to_string_lossy();
        boards.push(ServerBoard {
            name: format!("ogs-autoscore/{name}"),
            board,
            to_move: None,
            // As the tests read them: Chinese unless the file says.
            rules: json["rules"]
                .as_str()
                .map_or(RuleSet::Chinese, |r| r.parse().unwrap()),
            dead,
            either,
        });
    }
    boards
}

#[test]
fn the_server_boards_are_all_read() {
    let boards = all();
    assert_eq!(boards.len(), 85);
    let with_dead = boards.iter().filter(|b| !b.dead.is_empty()).count();
    assert!(with_dead > 60, "{with_dead} boards with dead stones");
}

/// How many boards `estimate` gets exactly right, with the misses named.
pub(crate) fn exact(
    boards: &[ServerBoard],
    estimate: impl Fn(&ServerBoard) -> Vec<usize>,
) -> (usize, Vec<String>) {
    let mut misses = Vec::new();
    for b in boards {
        let dead = estimate(b);
        if !b.is_exactly(&dead) {
            misses.push(format!(
                "{}: {} dead, {} wanted",
                b.name,
                dead.len(),
                b.dead.len()
            ));
        }
    }
    (boards.len() - misses.len(), misses)
}

fn terms(b: &ServerBoard) -> super::estimate::EstimateTerms {
    super::estimate::EstimateTerms {
        rules: b.rules,
        komi: 6.5,
        to_move: b.to_move.unwrap_or(Stone::Black),
        #[cfg(feature = "net")]
        network: None,
        visits: super::dead::DEFAULT_VISITS,
        threads: 1,
        finished: true,
    }
}

#[cfg(feature = "net")]
#[test]
fn the_network_s_reading_finds_the_dead_stones_of_at_least_80_of_the_85_boards() {
    use super::dead::DeadFrom;
    let boards = all();
    let (right, misses) = exact(&boards, |b| {
        super::estimate::estimate(&b.board, DeadFrom::Estimate, terms(b)).dead()
    });
    assert!(
        right >= 80,
        "{right} of {}; misses: {misses:#?}",
        boards.len()
    );
}

#[cfg(feature = "net")]
#[test]
fn the_raw_network_alone_finds_the_dead_stones_of_at_least_78_of_the_85_boards() {
    use super::dead::DeadFrom;
    let boards = all();
    let (right, misses) = exact(&boards, |b| {
        let raw = super::estimate::EstimateTerms {
            visits: 0,
            ..terms(b)
        };
        super::estimate::estimate(&b.board, DeadFrom::Estimate, raw).dead()
    });
    assert!(
        right >= 78,
        "{right} of {}; misses: {misses:#?}",
        boards.len()
    );
}

#[test]
fn the_playout_estimate_finds_the_dead_stones_of_at_least_55_of_the_85_boards() {
    use super::dead::DeadFrom;
    let boards = all();
    let (right, misses) = exact(&boards, |b| {
        super::estimate::estimate(&b.board, DeadFrom::Playouts, terms(b)).dead()
    });
    assert!(
        right >= 55,
        "{right} of {}; misses: {misses:#?}",
        boards.len()
    );
}

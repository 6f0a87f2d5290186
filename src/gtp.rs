//! `arbiter gtp`: a Go Text Protocol (version 2) engine that scores games and plays none, for
//! the programs players use (GoGui, Sabaki, match runners' referees) to ask for dead stones and
//! the score.
//!
//! It keeps a game as a [`Record`] (handicap stones as setup, then the moves) and replays it
//! under the rules in force after every change, so that an illegal move (onto a stone, a
//! suicide or a ko retaken where the rules forbid it) is refused and `undo` is exact. The
//! scoring commands judge the position as `arbiter go` judges a finished record: dead stones
//! by Benson's certain life and the network, territory as goscorer counts it.
//!
//! Commands: `protocol_version`, `name`, `version`, `known_command`, `list_commands`, `quit`,
//! `boardsize`, `clear_board`, `komi`, `play`, `undo`, `fixed_handicap`, `set_free_handicap`,
//! `loadsgf FILE [MOVE]`, `showboard`, `final_score`, `final_status_list dead|alive|seki`,
//! `kgs-rules`, `arbiter-rules` (any rule set arbiter reads), and `time_settings`/`time_left`
//! (accepted, nothing to time); `genmove` is an error that says why. Answers follow the
//! protocol: `=id answer` or `?id message`, then an empty line; one bad command never ends
//! the session.
//!
//! # Examples
//!
//! ```
//! use arbiter_cli::gtp::Engine;
//!
//! let mut engine = Engine::default();
//! let mut out = Vec::new();
//! engine
//!     .run("1 boardsize 5\n2 play b c3\n3 play w pass\nplay b pass\n4 final_score\n".as_bytes(), &mut out)
//!     .unwrap();
//! let answers = String::from_utf8(out).unwrap();
//! // 24 points against komi 6.5, the default.
//! assert!(answers.ends_with("=4 B+17.5\n\n"), "{answers}");
//! ```

use std::io::{self, BufRead, Write};

use arbiter::Coord;
use arbiter::game::Game;
use arbiter::go::record::{self, Event, Record, parse_point};
use arbiter::go::rules::RuleSet;
use arbiter::go::{Case, Choice, Ending, GameCase, Go, Judgement, Komi, Stone};

/// The protocol's own commands, which [`serve`] answers for every engine, as
/// `list_commands` gives them first.
pub const PROTOCOL_COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
];

/// The engine's own commands, as `list_commands` gives them after the protocol's
/// ([`PROTOCOL_COMMANDS`], answered by the shared loop).
pub const COMMANDS: &[&str] = &[
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "undo",
    "fixed_handicap",
    "set_free_handicap",
    "loadsgf",
    "showboard",
    "final_score",
    "final_status_list",
    "kgs-rules",
    "arbiter-rules",
    "time_settings",
    "time_left",
];

/// The largest board the engine plays on (GTP's letters reach 25 columns).
pub const MAX_SIZE: usize = 25;

/// A GTP engine's state: the game so far and the rules it is scored by.
#[derive(Clone, Debug)]
pub struct Engine {
    record: Record,
    rules: RuleSet,
    komi: Komi,
    /// Scoring options beyond rules and komi (the network, dead stones' source).
    go: Go,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(Go::CONTEST)
    }
}

/// A command's answer: its text, or an error message.
pub(crate) type Answer = Result<String, String>;

/// An engine of the Go Text Protocol or of its Hex dialect: [`serve`] frames its commands
/// and answers, and answers the protocol's own commands.
pub(crate) trait Protocol {
    /// Its own commands, as `list_commands` gives them after [`PROTOCOL_COMMANDS`].
    const COMMANDS: &'static [&'static str];
    /// Whether an empty answer is written `= ` (Benzene's way, which HexGui reads) rather
    /// than `=`.
    const SPACE_BEFORE_EMPTY: bool = false;

    /// A command's answer, the protocol's own commands aside.
    fn answer(&mut self, command: &str, args: &[&str]) -> Answer;

    /// Something to send as a response of its own before the last command's answer (HexGui's
    /// `gogui-gfx:` pictures).
    fn take_preamble(&mut self) -> Option<String> {
        None
    }
}

/// Answers the commands of `input` on `output` until `quit` or the end of the input: each line
/// cleaned as GTP says (control characters but tab dropped, a comment cut), its id echoed,
/// `=id answer` or `?id message` then an empty line, flushed at once; `protocol_version`,
/// `name`, `version`, `known_command`, `list_commands` and `quit` answered here.
///
/// # Errors
/// When the input cannot be read or the output written.
pub(crate) fn serve<E: Protocol>(
    engine: &mut E,
    mut input: impl BufRead,
    output: &mut impl Write,
) -> io::Result<()> {
    let mut bytes = Vec::new();
    while let Some(fits) = next_line(&mut input, &mut bytes)? {
        if !fits {
            // The line is not kept: its id is not known either.
            write!(
                output,
                "? a command line of over {MAX_LINE} bytes: refused without reading it\n\n"
            )?;
            output.flush()?;
            continue;
        }
        let line = clean(&bytes);
        let mut words = line.split_whitespace().peekable();
        let id = words
            .next_if(|w| w.bytes().all(|b| b.is_ascii_digit()))
            .unwrap_or("");
        let Some(command) = words.next() else {
            continue;
        };
        let args: Vec<&str> = words.collect();
        let answer = match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("arbiter".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(args
                .first()
                .is_some_and(|c| PROTOCOL_COMMANDS.contains(c) || E::COMMANDS.contains(c))
                .to_string()),
            "list_commands" => Ok([PROTOCOL_COMMANDS, E::COMMANDS].concat().join("\n")),
            "quit" => Ok(String::new()),
            _ => engine.answer(command, &args),
        };
        if let Some(preamble) = engine.take_preamble() {
            write!(output, "{preamble}\n\n")?;
        }
        match answer {
            Ok(text) if text.is_empty() && !E::SPACE_BEFORE_EMPTY => write!(output, "={id}\n\n")?,
            Ok(text) => write!(output, "={id} {text}\n\n")?,
            Err(message) => write!(output, "?{id} {message}\n\n")?,
        }
        output.flush()?;
        if command == "quit" {
            break;
        }
    }
    Ok(())
}

impl Protocol for Engine {
    const COMMANDS: &'static [&'static str] = COMMANDS;

    fn answer(&mut self, command: &str, args: &[&str]) -> Answer {
        self.game_answer(command, args)
    }
}

impl Engine {
    /// An engine on an empty 19 x 19 board, Japanese rules, komi 6.5, scoring with `go`'s
    /// options (its rules and komi, when given, are the engine's first).
    pub fn new(go: Go) -> Engine {
        let rules = match go.scoring.rules {
            Some(Choice::Rules(rules)) => rules,
            _ => RuleSet::Japanese,
        };
        let komi = go.scoring.komi.unwrap_or(Komi::from_halves(13));
        Engine {
            record: empty_record(19),
            rules,
            komi,
            go,
        }
    }

    /// Answers the commands of `input` on `output` until `quit` or the end of the input.
    ///
    /// # Errors
    /// When the input cannot be read or the output written.
    pub fn run(&mut self, input: impl BufRead, output: &mut impl Write) -> io::Result<()> {
        serve(self, input, output)
    }

    /// One command's answer (the protocol's own commands aside, which [`serve`] answers).
    fn game_answer(&mut self, command: &str, args: &[&str]) -> Answer {
        match command {
            "time_settings" | "time_left" => Ok(String::new()),
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.record = empty_record(self.record.width);
                Ok(String::new())
            }
            "komi" => {
                let text = args.first().ok_or("syntax error: komi needs a number")?;
                self.komi = text
                    .parse()
                    .map_err(|e: arbiter::go::KomiError| format!("syntax error: {e}"))?;
                Ok(String::new())
            }
            "play" => self.play(args),
            "undo" => self.undo(),
            "fixed_handicap" => self.fixed_handicap(args),
            "set_free_handicap" => self.set_free_handicap(args),
            "loadsgf" => self.loadsgf(args),
            "showboard" => self.showboard(),
            "final_score" => self.judged().map(|game| game.result.to_string()),
            "final_status_list" => self.final_status_list(args),
            "kgs-rules" | "arbiter-rules" => self.set_rules(command, args),
            "genmove" | "reg_genmove" | "kgs-genmove_cleanup" => {
                Err("arbiter scores games and plays none: ask another engine for moves".into())
            }
            _ => Err("unknown command".into()),
        }
    }

    fn size(&self) -> usize {
        self.record.width
    }

    fn boardsize(&mut self, args: &[&str]) -> Answer {
        let n: usize = args
            .first()
            .and_then(|a| a.parse().ok())
            .ok_or("syntax error: boardsize needs a number")?;
        if !(1..=MAX_SIZE).contains(&n) {
            return Err("unacceptable size".into());
        }
        self.record = empty_record(n);
        Ok(String::new())
    }

    /// A vertex (`D4`, `pass`) on this board.
    fn vertex(&self, text: &str) -> Result<Option<Coord>, String> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(None);
        }
        let n = self.size();
        parse_point(text, n, n)
            .map(Some)
            .map_err(|e| format!("syntax error: {text}: {e}"))
    }

    fn colour(text: &str) -> Result<Stone, String> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Stone::Black),
            "w" | "white" => Ok(Stone::White),
            _ => Err(format!("syntax error: {text} is not a colour")),
        }
    }

    /// The record replayed under the rules in force.
    fn replay(&self, record: Record) -> Result<record::Replay, String> {
        record::replay(record, self.rules).map_err(|e| e.to_string())
    }

    fn play(&mut self, args: &[&str]) -> Answer {
        let [colour, vertex] = args else {
            return Err("syntax error: play needs a colour and a vertex".into());
        };
        let stone = Self::colour(colour)?;
        let at = self.vertex(vertex)?;
        let moves = self.moves();
        let mut record = self.record.clone();
        record.events.push(Event::Move {
            number: moves + 1,
            stone,
            at,
        });
        let replay = self.replay(record.clone()).map_err(|_| "illegal move")?;
        if let Some(breach) = replay.warnings.iter().find(|w| w.number == moves + 1) {
            let what = match breach.breach {
                record::Breach::Suicide => "is suicide",
                record::Breach::Ko => "retakes a ko at once",
                record::Breach::Superko => "repeats an earlier position",
            };
            return Err(format!(
                "illegal move: {} {what}, which {} rules forbid",
                breach.point, breach.rules
            ));
        }
        self.record = record;
        Ok(String::new())
    }

    fn moves(&self) -> usize {
        self.record
            .events
            .iter()
            .filter(|e| matches!(e, Event::Move { .. }))
            .count()
    }

    fn undo(&mut self) -> Answer {
        match self.record.events.last() {
            Some(Event::Move { .. }) => {
                self.record.events.pop();
                Ok(String::new())
            }
            _ => Err("cannot undo".into()),
        }
    }

    fn board_is_empty(&self) -> bool {
        self.record.events.is_empty()
    }

    fn fixed_handicap(&mut self, args: &[&str]) -> Answer {
        let stones: usize = args
            .first()
            .and_then(|a| a.parse().ok())
            .ok_or("syntax error: fixed_handicap needs a number")?;
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        let points = handicap_points(self.size(), stones).ok_or("invalid number of stones")?;
        self.put_handicap(&points);
        let n = self.size();
        Ok(points
            .iter()
            .map(|&at| record::gtp(at, n, n))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn set_free_handicap(&mut self, args: &[&str]) -> Answer {
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        let mut points = Vec::new();
        for text in args {
            let at = self.vertex(text)?.ok_or("bad vertex list: pass")?;
            if points.contains(&at) {
                return Err(format!("bad vertex list: {text} twice"));
            }
            points.push(at);
        }
        if points.len() < 2 || points.len() >= self.size() * self.size() {
            return Err("bad vertex list: 2 stones or more, and not the whole board".into());
        }
        self.put_handicap(&points);
        Ok(String::new())
    }

    fn put_handicap(&mut self, points: &[Coord]) {
        let mut sorted = points.to_vec();
        sorted.sort();
        self.record.events.push(Event::Setup {
            stone: Some(Stone::Black),
            points: sorted,
        });
        self.record.handicap = points.len();
    }

    fn loadsgf(&mut self, args: &[&str]) -> Answer {
        let file = args.first().ok_or("syntax error: loadsgf needs a file")?;
        let text = read_bounded(file).map_err(|e| format!("cannot load file: {e}"))?;
        let text = String::from_utf8_lossy(&text);
        let start = text
            .find("(;")
            .ok_or("cannot load file: no SGF game in it")?;
        let game = arbiter::Game::read(&Go::CONTEST, text[start..].as_bytes())
            .next()
            .ok_or("cannot load file: no game in it")?
            .map_err(|e| format!("cannot load file: {e}"))?;
        let arbiter::go::Raw::Game(game) = game else {
            return Err("cannot load file: not an SGF record".into());
        };
        let mut record =
            arbiter::go::sgf::record(&game).map_err(|e| format!("cannot load file: {e}"))?;
        if record.width != record.height || record.width > MAX_SIZE {
            return Err(format!(
                "cannot load file: a {} x {} board; GTP plays square boards up to {MAX_SIZE}",
                record.width, record.height
            ));
        }
        if let Some(at) = args.get(1) {
            let at: usize = at
                .parse()
                .map_err(|_| format!("syntax error: {at} is not a move number"))?;
            record.cut_at_move(at.saturating_sub(1));
        }
        record.markup = None;
        record.source = None;
        let rules = record
            .rules
            .as_deref()
            .and_then(RuleSet::from_record)
            .unwrap_or(self.rules);
        self.replay(record.clone())
            .map_err(|e| format!("cannot load file: {e}"))?;
        if let Some(komi) = record.komi {
            self.komi = komi;
        }
        self.rules = rules;
        self.record = record;
        Ok(String::new())
    }

    fn set_rules(&mut self, command: &str, args: &[&str]) -> Answer {
        let text = args
            .first()
            .ok_or_else(|| format!("syntax error: {command} needs a rule set"))?;
        // KGS names them japanese, chinese, aga, new_zealand.
        self.rules = RuleSet::from_record(&text.replace('_', "-"))
            .ok_or_else(|| format!("unknown rules {text}"))?;
        Ok(String::new())
    }

    /// The position as a finished game judged: the score and everything it rests on.
    fn judged(&self) -> Result<Box<arbiter::go::GameJudgement>, String> {
        let mut record = self.record.clone();
        record.komi = Some(self.komi);
        let replay = self.replay(record)?;
        let case = Case::Record(Box::new(GameCase {
            replay,
            note: None,
            ending: Ending::Passes,
        }));
        let mut go = self.go.clone();
        go.scoring.rules = Some(Choice::Rules(self.rules));
        go.scoring.komi = Some(self.komi);
        match go.judge(&case) {
            Judgement::Scored(game) => Ok(game),
            Judgement::Contest(_) => Err("the position could not be scored".into()),
        }
    }

    fn final_status_list(&self, args: &[&str]) -> Answer {
        let status = args
            .first()
            .ok_or("syntax error: final_status_list needs dead, alive or seki")?;
        let game = self.judged()?;
        let listed: Vec<String> = match *status {
            "dead" => game.dead.clone(),
            "seki" => game.seki.clone(),
            "alive" => {
                let n = self.size();
                let mut alive = Vec::new();
                for row in 0..n {
                    for col in 0..n {
                        let at = Coord { row, col };
                        let name = record::gtp(at, n, n);
                        let stone = game.detail.position.get(at).is_some();
                        if stone && !game.dead.contains(&name) && !game.seki.contains(&name) {
                            alive.push(name);
                        }
                    }
                }
                alive
            }
            other => return Err(format!("syntax error: {other}: dead, alive or seki")),
        };
        Ok(listed.join(" "))
    }

    fn showboard(&self) -> Answer {
        let mut record = self.record.clone();
        record.komi = Some(self.komi);
        let replay = self.replay(record)?;
        let n = self.size();
        let case = Case::Record(Box::new(GameCase {
            replay,
            note: None,
            ending: Ending::Unfinished,
        }));
        let rows = Go::CONTEST.board_rows(&case).unwrap_or_default();
        let letters: String = (0..n)
            .map(|col| record::gtp(Coord { row: 0, col }, n, n))
            .map(|name| format!(" {}", name.trim_end_matches(|c: char| c.is_ascii_digit())))
            .collect();
        let mut text = format!("\n   {letters}\n");
        for (row, cells) in rows.iter().enumerate() {
            let number = n - row;
            let cells: String = cells
                .chars()
                .map(|c| match c {
                    'B' => " X",
                    'W' => " O",
                    _ => " .",
                })
                .collect();
            text.push_str(&format!("{number:>2} {cells} {number}\n"));
        }
        text.push_str(&format!("   {letters}"));
        Ok(text)
    }
}

/// The largest file `loadsgf` reads: far more than any game record.
pub const MAX_SGF_FILE: u64 = 16 << 20;

/// A file's bytes, when it holds at most [`MAX_SGF_FILE`] of them (a device that never ends
/// is refused too).
fn read_bounded(path: &str) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_SGF_FILE + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_SGF_FILE {
        return Err(io::Error::other(format!(
            "over {} MiB, more than any game record",
            MAX_SGF_FILE >> 20
        )));
    }
    Ok(bytes)
}

/// The longest command line an engine reads: a longer one is skipped to its end, never
/// held, and refused.
pub const MAX_LINE: usize = 1 << 16;

/// Reads the next line (without its newline) into `line`: `Some(true)`, or `Some(false)` for
/// a line longer than [`MAX_LINE`], whose bytes are passed over and not kept; `None` at the
/// end of the input.
fn next_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    line.clear();
    let (mut read, mut too_long) = (false, false);
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok(read.then_some(!too_long));
        }
        read = true;
        let end = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..end.unwrap_or(available.len())];
        if !too_long && line.len() + chunk.len() > MAX_LINE {
            too_long = true;
            *line = Vec::new();
        }
        if !too_long {
            line.extend_from_slice(chunk);
        }
        let used = end.map_or(available.len(), |at| at + 1);
        input.consume(used);
        if end.is_some() {
            return Ok(Some(!too_long));
        }
    }
}

/// A line as GTP reads it: control characters but tab and newline dropped, a comment cut,
/// tabs as spaces.
fn clean(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    let text = text.split('#').next().unwrap_or("");
    text.chars()
        .filter(|c| !c.is_control() || *c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect()
}

fn empty_record(n: usize) -> Record {
    Record {
        width: n,
        height: n,
        ..Record::default()
    }
}

/// The handicap stones GTP fixes for `stones` on an `n` x `n` board: the 4-4 points (3-3
/// below 13 x 13) in the order D4 Q16 D16 Q4, then the sides' midpoints and the centre on
/// odd boards; `None` for a number the board does not take.
fn handicap_points(n: usize, stones: usize) -> Option<Vec<Coord>> {
    if n < 7 || stones < 2 {
        return None;
    }
    let most = if n % 2 == 1 && n >= 9 { 9 } else { 4 };
    if stones > most {
        return None;
    }
    let edge = if n >= 13 { 3 } else { 2 };
    let (low, high, mid) = (edge, n - 1 - edge, n / 2);
    // (column, row from the top).
    let at = |col: usize, row: usize| Coord { row, col };
    let corners = [at(low, high), at(high, low), at(low, low), at(high, high)];
    let sides = [at(low, mid), at(high, mid), at(mid, high), at(mid, low)];
    let centre = at(mid, mid);
    let mut points: Vec<Coord> = corners[..stones.min(4)].to_vec();
    match stones {
        5 => points.push(centre),
        6 => points.extend(&sides[..2]),
        7 => {
            points.extend(&sides[..2]);
            points.push(centre);
        }
        8 => points.extend(&sides),
        9 => {
            points.extend(&sides);
            points.push(centre);
        }
        _ => {}
    }
    Some(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(commands: &str) -> String {
        let mut engine = Engine::default();
        let mut out = Vec::new();
        engine.run(commands.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// A line longer than the limit (here ten times it, with no newline for a long while)
    /// is refused in one answer and the session goes on; the line is never held whole.
    #[test]
    fn a_line_past_the_limit_is_refused_and_the_session_goes_on() {
        use std::io::Read;
        let long = std::io::repeat(b'x').take(10 * MAX_LINE as u64);
        let input = std::io::BufReader::new(long.chain(&b"\n1 name\n"[..]));
        let mut out = Vec::new();
        Engine::default().run(input, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out,
            format!(
                "? a command line of over {MAX_LINE} bytes: refused without reading it\n\n=1 arbiter\n\n"
            )
        );
        let mut kept = Vec::new();
        let mut reader =
            std::io::BufReader::with_capacity(64, std::io::repeat(b'y').take(4 * MAX_LINE as u64));
        assert_eq!(next_line(&mut reader, &mut kept).unwrap(), Some(false));
        assert!(kept.capacity() <= MAX_LINE + 64, "{}", kept.capacity());
        assert_eq!(next_line(&mut reader, &mut kept).unwrap(), None);
    }

    #[test]
    fn loadsgf_refuses_a_file_that_never_ends() {
        let answer = session("loadsgf /dev/zero\n");
        assert!(
            answer.starts_with("? cannot load file: over 16 MiB"),
            "{answer}"
        );
    }

    #[test]
    fn list_commands_gives_the_protocols_commands_then_the_engines_and_known_command_both() {
        let answers = session(
            "list_commands\nknown_command quit\nknown_command final_score\nknown_command genmove\n",
        );
        let listed = [PROTOCOL_COMMANDS, COMMANDS].concat().join("\n");
        assert!(listed.starts_with("protocol_version\nname\n"));
        assert!(listed.contains("\nfinal_score\n"));
        assert_eq!(
            answers,
            format!("= {listed}\n\n= true\n\n= true\n\n= false\n\n")
        );
    }

    #[test]
    fn ids_are_echoed_and_errors_do_not_end_the_session() {
        let answers = session("1 name\nfoo\n3 protocol_version\n# a comment\n\n4 genmove b\n");
        assert_eq!(
            answers,
            "=1 arbiter\n\n? unknown command\n\n=3 2\n\n?4 arbiter scores games and plays \
             none: ask another engine for moves\n\n"
        );
    }

    #[test]
    fn fixed_handicap_places_the_standard_points() {
        let answers = session("boardsize 19\nfixed_handicap 9\n");
        assert_eq!(answers, "=\n\n= D4 Q16 D16 Q4 D10 Q10 K4 K16 K10\n\n");
        let answers = session("boardsize 9\nfixed_handicap 5\nfixed_handicap 2\n");
        assert_eq!(answers, "=\n\n= C3 G7 C7 G3 E5\n\n? board not empty\n\n");
        assert!(
            session("boardsize 8\nfixed_handicap 5\n").ends_with("? invalid number of stones\n\n")
        );
    }

    #[test]
    fn illegal_moves_are_refused_and_undo_takes_back_a_move() {
        let answers =
            session("boardsize 9\nplay b e5\nplay w e5\nplay w i5\nplay w j10\nundo\nundo\nundo\n");
        let lines: Vec<&str> = answers.split("\n\n").collect();
        assert_eq!(lines[1], "=");
        assert_eq!(lines[2], "? illegal move");
        assert!(lines[3].starts_with("? syntax error: i5: I is not a Go column"));
        assert!(lines[4].starts_with("? syntax error: j10: off the 9 x 9 board"));
        assert_eq!(&lines[5..8], ["=", "? cannot undo", "? cannot undo"]);
    }

    #[test]
    fn suicide_is_refused_where_the_rules_forbid_it_and_played_where_they_allow_it() {
        // A1 has no liberty for Black once White holds A2 and B1.
        let moves = "boardsize 5\nplay w a2\nplay w b1\nplay b a1\n";
        let japanese = session(moves);
        assert!(
            japanese.ends_with("? illegal move: A1 is suicide, which japanese rules forbid\n\n"),
            "{japanese}"
        );
        let new_zealand = session(&format!("arbiter-rules new-zealand\n{moves}"));
        assert!(new_zealand.ends_with("=\n\n"), "{new_zealand}");
        // Under positional superko, a stone's suicide gives back the position before it.
        let tromp_taylor = session(&format!("arbiter-rules tromp-taylor\n{moves}"));
        assert!(
            tromp_taylor.ends_with("? illegal move: A1 repeats an earlier position, which tromp-taylor rules forbid\n\n"),
            "{tromp_taylor}"
        );
    }

    #[test]
    fn a_dead_stone_is_listed_and_scored_as_a_prisoner() {
        // Black walls off the bottom, White the top; one white stone left in Black's area.
        let mut commands = String::from("boardsize 9\nkomi 0.5\n");
        for col in "ABCDEFGHJ".chars() {
            commands.push_str(&format!("play b {col}5\nplay w {col}6\n"));
        }
        commands.push_str("play w E2\nplay b pass\nplay w pass\nfinal_status_list dead\n");
        commands.push_str("final_status_list seki\nfinal_score\n");
        let answers = session(&commands);
        let lines: Vec<&str> = answers.trim_end().split("\n\n").collect();
        assert_eq!(lines[lines.len() - 3], "= E2");
        assert_eq!(lines[lines.len() - 2], "=");
        // Black: 36 points and a prisoner; White: 27 points and 0.5 komi.
        assert_eq!(lines[lines.len() - 1], "= B+9.5");
    }
}

//! `arbiter htp`: the Hex Text Protocol as HexGui speaks it to Benzene, for HexGui's solver
//! menus: the game kept as a Hex [`Record`] (so that swaps, `undo` and illegal moves are
//! exact), and Benzene's solver commands answered by arbiter's solver.
//!
//! Commands (those HexGui sends, read from its source, `src/hexgui/gui/HexGui.java`):
//! `name`, `version`, `protocol_version`, `known_command`, `list_commands`, `quit`,
//! `boardsize W [H]`, `clear_board`, `play COLOUR MOVE` (a cell, `swap-pieces`, `swap-sides`,
//! `pass`, `resign`), `undo`, `showboard`, `hexgui-analyze_commands`, `param_dfpn` (accepted),
//! `dfpn-solve-state COLOUR` (the winner with COLOUR to move: `black` or `white`, HexGui's
//! names for Red and Blue), `dfpn-solver-find-winning COLOUR` (every winning move) and their
//! `dfs-` twins; `genmove` is an error that says why. Each solve is bounded by the engine's
//! budget (`unknown` past it).
//!
//! # Examples
//!
//! ```
//! use arbiter_cli::htp::Engine;
//!
//! let mut engine = Engine::default();
//! let mut out = Vec::new();
//! engine.run("boardsize 4 4\n1 dfpn-solver-find-winning black\n".as_bytes(), &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "= \n\n=1 d1 c2 b3 a4\n\n");
//! ```

use std::io::{self, BufRead, Write};

use crate::gtp::{Answer, Protocol};
use arbiter::hex::Board;
use arbiter::hex::record::{self, Action, Event, Move, Record};
use arbiter::hex::solve::{self, Settings};
use arbiter::hex::{Stone, cell_name};

/// The engine's own commands, as `list_commands` gives them after the protocol's
/// ([`crate::gtp::PROTOCOL_COMMANDS`], answered by the shared loop).
pub const COMMANDS: &[&str] = &[
    "boardsize",
    "clear_board",
    "play",
    "undo",
    "showboard",
    "hexgui-analyze_commands",
    "param_dfpn",
    "dfpn-solve-state",
    "dfpn-solver-find-winning",
    "dfs-solve-state",
    "dfs-solver-find-winning",
];

/// What `hexgui-analyze_commands` offers HexGui's Analyze menu: the type, the label and the
/// command (`%m`: the colour to move).
pub const ANALYZE_COMMANDS: &str = "string/Solve State (arbiter)/dfpn-solve-state %m\n\
                                    plist/Winning Moves (arbiter)/dfpn-solver-find-winning %m";

/// A Hex HTP engine's state: the game so far and the solver's settings.
#[derive(Clone, Debug)]
pub struct Engine {
    record: Record,
    settings: Settings,
    /// Whether HexGui asked for the solver's pictures (`param_dfpn use_guifx 1`).
    guifx: bool,
    /// A picture to send before the next answer (`gogui-gfx:`).
    picture: Option<String>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(Settings {
            budget: Some(solve::DEFAULT_BUDGET),
            ..Settings::default()
        })
    }
}

impl Protocol for Engine {
    const COMMANDS: &'static [&'static str] = COMMANDS;
    const SPACE_BEFORE_EMPTY: bool = true;

    fn answer(&mut self, command: &str, args: &[&str]) -> Answer {
        self.game_answer(command, args)
    }

    fn take_preamble(&mut self) -> Option<String> {
        self.picture
            .take()
            .map(|picture| format!("gogui-gfx:\n{picture}"))
    }
}

impl Engine {
    /// An engine on an empty 11 x 11 board whose solver works within `settings`.
    pub fn new(settings: Settings) -> Engine {
        Engine {
            record: Record::new(11, 11).expect("11 x 11 is a board"),
            settings,
            guifx: false,
            picture: None,
        }
    }

    /// Answers the commands of `input` on `output` until `quit` or the end of the input.
    ///
    /// # Errors
    /// When the input cannot be read or the output written.
    pub fn run(&mut self, input: impl BufRead, output: &mut impl Write) -> io::Result<()> {
        crate::gtp::serve(self, input, output)
    }

    /// One command's answer (the protocol's own commands aside).
    fn game_answer(&mut self, command: &str, args: &[&str]) -> Answer {
        match command {
            "param_dfpn" => {
                // HexGui turns the solver's pictures on before Solve State.
                if let [name, value] = args
                    && *name == "use_guifx"
                {
                    self.guifx = *value == "1";
                }
                Ok(String::new())
            }
            "hexgui-analyze_commands" => Ok(ANALYZE_COMMANDS.into()),
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.record =
                    Record::new(self.record.rows, self.record.cols).map_err(|e| e.to_string())?;
                Ok(String::new())
            }
            "play" => self.play(args),
            "undo" => match self.record.events.pop() {
                Some(_) => Ok(String::new()),
                None => Err("cannot undo".into()),
            },
            "showboard" => self.showboard(),
            "dfpn-solve-state" | "dfs-solve-state" => self.solve(args, false),
            "dfpn-solver-find-winning" | "dfs-solver-find-winning" => self.solve(args, true),
            "genmove" | "reg_genmove" => {
                Err("arbiter solves positions and plays none: ask another engine for moves".into())
            }
            _ => Err("unknown command".into()),
        }
    }

    fn boardsize(&mut self, args: &[&str]) -> Answer {
        let number = |i: usize| args.get(i).and_then(|a| a.parse::<usize>().ok());
        let cols = number(0).ok_or("syntax error: boardsize needs a size")?;
        let rows = number(1).unwrap_or(cols);
        self.record = Record::new(rows, cols).map_err(|e| e.to_string())?;
        Ok(String::new())
    }

    fn colour(text: &str) -> Result<Stone, String> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" | "red" => Ok(Stone::Red),
            "w" | "white" | "blue" => Ok(Stone::Blue),
            _ => Err(format!("syntax error: {text} is not a colour")),
        }
    }

    fn play(&mut self, args: &[&str]) -> Answer {
        let [colour, text] = args else {
            return Err("syntax error: play needs a colour and a move".into());
        };
        let colour = Self::colour(colour)?;
        let action =
            Action::parse(text).ok_or_else(|| format!("syntax error: {text} is not a move"))?;
        let number = self.record.moves().count() + 1;
        if matches!(action, Action::SwapPieces | Action::SwapSides) {
            // A record may hold a swap anywhere (and says so); a game takes it only as the
            // second move, the answer to the first stone.
            let mut moves = self.record.moves();
            let first_stone = matches!(moves.next().map(|m| m.action), Some(Action::Place(_)));
            if !first_stone || moves.next().is_some() {
                return Err(format!(
                    "illegal move: {text} only answers the first stone, as move 2; this would be move {number}"
                ));
            }
        }
        let mut next = self.record.clone();
        next.events.push(Event::Move(Move {
            number,
            colour,
            action,
            pos: None,
        }));
        record::replay(next.clone()).map_err(|e| format!("illegal move: {e}"))?;
        self.record = next;
        Ok(String::new())
    }

    /// The board now and the colour the record says moves next.
    fn position(&self) -> Result<(Board, Option<Stone>), String> {
        let replay = record::replay(self.record.clone()).map_err(|e| e.to_string())?;
        Ok((replay.board, replay.to_move))
    }

    fn showboard(&self) -> Answer {
        let (board, _) = self.position()?;
        let mut text = String::from("\n");
        for row in 0..board.rows() {
            text.push_str(&" ".repeat(row));
            text.push_str(&format!("{:>2} ", row + 1));
            for col in 0..board.cols() {
                let cell = match board.get(arbiter::Coord { row, col }) {
                    Some(Stone::Red) => " x",
                    Some(Stone::Blue) => " o",
                    None => " .",
                };
                text.push_str(cell);
            }
            text.push('\n');
        }
        Ok(text.trim_end().to_string())
    }

    /// The winner with `COLOUR` to move (`black`/`white`, or `unknown` past the budget), or
    /// every winning move of that colour (none when it loses).
    fn solve(&mut self, args: &[&str], moves: bool) -> Answer {
        let (board, next) = self.position()?;
        let to_move = match args.first() {
            Some(colour) => Self::colour(colour)?,
            None => next.unwrap_or(Stone::Red),
        };
        let solution = solve::solve(&board, to_move, &self.settings).map_err(|e| e.to_string())?;
        if self.guifx {
            // As Benzene's DFPN draws its bounds: each winning move W (green), each losing
            // move L (red), and the verdict in the status bar.
            let marks: Vec<String> = solution
                .winning_moves
                .iter()
                .map(|&at| format!("{} W", cell_name(at)))
                .chain(
                    solution
                        .losing_moves
                        .iter()
                        .map(|&at| format!("{} L", cell_name(at))),
                )
                .collect();
            let verdict = match solution.winner {
                Some(winner) => format!("arbiter: {winner} wins with {to_move} to move"),
                None => "arbiter: unknown within the budget".to_string(),
            };
            self.picture = Some(format!("dfpn VAR LABEL {} TEXT {verdict}", marks.join(" ")));
        }
        if moves {
            let winning: Vec<String> = solution
                .winning_moves
                .iter()
                .map(|&at| cell_name(at).to_string())
                .collect();
            return Ok(winning.join(" "));
        }
        Ok(match solution.winner {
            Some(Stone::Red) => "black".into(),
            Some(Stone::Blue) => "white".into(),
            None => "unknown".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(commands: &str) -> Vec<String> {
        let mut engine = Engine::default();
        let mut out = Vec::new();
        engine.run(commands.as_bytes(), &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .split("\n\n")
            .filter(|a| !a.is_empty())
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn list_commands_gives_the_protocols_commands_then_hexguis() {
        let answers =
            session("list_commands\nknown_command dfpn-solve-state\nknown_command name\n");
        let listed = answers[0].strip_prefix("= ").unwrap();
        assert!(listed.starts_with(
            "protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\nboardsize\n"
        ));
        assert!(listed.ends_with("\ndfs-solver-find-winning"));
        assert_eq!(answers[1..], ["= true", "= true"]);
    }

    #[test]
    fn hexgui_s_solve_state_sequence() {
        // What HexGui sends for Solve State: the parameter, then dfpn-solve-state with the
        // colour to move (HexGui.java, "solve_state").
        let answers = session(
            "1 boardsize 3 3\n2 play black b2\n3 param_dfpn use_guifx 1\n\
             4 dfpn-solve-state white\n5 dfpn-solver-find-winning white\n6 undo\n\
             7 dfpn-solver-find-winning black\n",
        );
        // The pictures HexGui asked for come before each solver's answer.
        let pictures = answers
            .iter()
            .filter(|a| a.starts_with("gogui-gfx:"))
            .count();
        assert_eq!(pictures, 3);
        let answers: Vec<&String> = answers
            .iter()
            .filter(|a| !a.starts_with("gogui-gfx:"))
            .collect();
        assert_eq!(answers[0], "=1 ");
        assert_eq!(answers[3], "=4 black", "the centre of 3 x 3 wins for Red");
        assert_eq!(answers[4], "=5 ", "Blue has no winning move");
        assert_eq!(answers[6], "=7 c1 a2 b2 c2 a3");
    }

    #[test]
    fn with_hexgui_s_pictures_on_the_solved_cells_are_drawn_before_the_answer() {
        let answers = session(
            "boardsize 2 2
param_dfpn use_guifx 1
dfpn-solve-state black
",
        );
        assert_eq!(
            answers[2],
            "gogui-gfx:\ndfpn VAR LABEL b1 W a2 W a1 L b2 L TEXT arbiter: Red wins with Red to move"
        );
        assert_eq!(answers[3], "= black");
    }

    #[test]
    fn swaps_undo_and_illegal_moves() {
        let answers = session(
            "boardsize 4\nplay black a1\nplay white swap-pieces\nplay black a1\nplay black d4\n\
             showboard\nplay white d4\ngenmove black\nfoo\n",
        );
        assert_eq!(answers[1], "= ");
        assert_eq!(answers[2], "= ");
        // a1 is on the diagonal: swapped, its stone stays there, blue.
        assert!(answers[3].starts_with("? illegal move"), "{}", answers[3]);
        assert_eq!(answers[4], "= ");
        assert!(answers[5].contains(" 1  o . . ."), "{}", answers[5]);
        assert!(answers[6].starts_with("? illegal move"));
        assert!(answers[7].starts_with("? arbiter solves positions and plays none"));
        assert_eq!(answers[8], "? unknown command");
    }

    #[test]
    fn a_swap_anywhere_but_the_second_move_is_refused_with_why() {
        let answers = session(
            "boardsize 4
play white swap-pieces
play black b2
play white c3
play black swap-sides
             play white swap-sides
",
        );
        let why = "only answers the first stone, as move 2";
        assert!(
            answers[1].starts_with("? illegal move: swap-pieces"),
            "{}",
            answers[1]
        );
        assert!(
            answers[1].contains(why) && answers[1].ends_with("move 1"),
            "{}",
            answers[1]
        );
        assert_eq!(answers[2], "= ");
        assert_eq!(answers[3], "= ");
        assert!(
            answers[4].contains(why) && answers[4].ends_with("move 3"),
            "{}",
            answers[4]
        );
        assert!(answers[5].contains(why), "{}", answers[5]);
    }
}

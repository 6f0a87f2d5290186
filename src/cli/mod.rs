//! The `arbiter` command line: its arguments ([`Cli`], with clap's derive) and what each
//! command does ([`run`]), over the library's own types. The binary only parses the
//! arguments, calls [`run`] and reports how it ended.
//!
//! Every game command goes through the list of games ([`arbiter::registry`]): its options make
//! a [`Judge`], and the `judging` module judges the input files with it, written once for
//! every game.
//!
//! # Examples
//!
//! ```
//! use arbiter_cli::cli::Cli;
//! use clap::Parser;
//!
//! let cli = Cli::try_parse_from(["arbiter", "go", "--rules", "area", "game.sgf"]).unwrap();
//! assert!(Cli::try_parse_from(["arbiter", "go", "--rules", "chess"]).is_err());
//! # let _ = cli;
//! ```

mod by_name;
mod failure;
mod judging;
mod prompt;
mod tools;

use std::io::{self, Write};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{CommandFactory, Parser, Subcommand};

use by_name::ByName;

use arbiter::go::dead::DeadFrom;
use arbiter::go::markup::TerritoryFrom;
use arbiter::go::{Choice, Komi};
use arbiter::hex::Stone;
use arbiter::hex::solve::Analysis;
use arbiter::registry::{GameName, GoOptions, HexOptions, Judge, OptionError};
use arbiter::run::RunError;
use failure::usage;
pub use failure::{Failure, Usage};
use judging::Judging;

/// Adjudicates board-game positions exactly, in the original contest formats.
#[derive(Parser)]
#[command(name = "arbiter", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Hex judge: contest boards and game records (HexGui SGF, trmph).
    ///
    /// Input, told apart by content: the Code Jam APAC 2014 format (T, then T cases of N and N
    /// rows of 'R', 'B', '.'), one line "Case #x: verdict" per case, the verdict "Impossible",
    /// "Red wins", "Blue wins" or "Nobody wins"; or game records, HexGui SGF (a file named
    /// .sgf, or text holding "(;", any text before it skipped) or trmph links one per line (https://trmph.com/hex/board#11,a1b2
    /// or 11,a1b2), one line per game: "Red wins", "Blue wins" or "Nobody wins" on its final
    /// board. Cells are named as Hex players name them: a1 is the top-left corner, columns
    /// a, b, ... from the left, rows 1, 2, ... from the top. Red (SGF's B) joins top and bottom.
    Hex {
        #[command(flatten)]
        judging: Judging,
        /// Compare each record's RE with its play (mapping the players through a swap of
        /// sides): write only the games that differ, and exit with 1 if any do.
        #[arg(long, conflicts_with = "solve")]
        check: bool,
        /// Also write each case as an SGF record into DIR (a legal game reaching each board
        /// that is not Impossible, or the record itself normalised), named after its input
        /// file (DIR/NAME.sgf, DIR/NAME-2.sgf, ...; from standard input DIR/case-1.sgf, ...).
        #[arg(long, value_name = "DIR", conflicts_with = "solve")]
        sgf_out: Option<PathBuf>,
        /// Solve each position (a board, or a record's final position) with perfect play:
        /// "Red to move: Red wins with c3 d2", "Blue to move: Red wins", or "unknown" when the
        /// budget runs out (exit status 1).
        #[arg(long)]
        solve: bool,
        /// With --solve: the side to move (default: a record's next player, or the side that
        /// resigned; for a board the side with fewer stones, Red when equal).
        #[arg(long, value_parser = ByName::<Stone>::new(), requires = "solve")]
        to_move: Option<Stone>,
        /// With --solve, on records: the winner after every move, read back from the end (each
        /// proof kept for the position before it, the budget a position, the walk stopping at
        /// the first position left open), and every move that turned a won position into a
        /// lost one.
        #[arg(long, requires = "solve")]
        moves: bool,
        /// With --solve: only who wins each position, not its winning moves (as Benzene's
        /// dfpn-solve-state): one proof, often far quicker than every move's.
        #[arg(long, requires = "solve")]
        winner: bool,
        /// With --solve: try only the moves inferior-cell analysis leaves, as Benzene's
        /// dfpn-solver-find-winning: moves on dead cells, on cells either side has captured
        /// (by a pattern or a decomposition), dominated by another move, or outside the
        /// mustplay region are left out ("12 inferior moves not tried"); the
        /// winning moves named are those among the rest. A move left out may win too, but
        /// only when a move named does. Often far quicker than every move's proof.
        #[arg(long, requires = "solve", conflicts_with = "winner")]
        pruned: bool,
        /// With --solve: give up on a position after this many seconds (its line says
        /// "unknown", with what was proved); 0 for no limit.
        #[arg(long, requires = "solve", value_name = "SECONDS", value_parser = seconds, default_value = arbiter::hex::solve::DEFAULT_BUDGET_SECONDS)]
        budget: Duration,
        /// Judge or solve each record at move N, as GNU Go's -L does for Go: the position
        /// in which move N is to be played, the moves before it played (1: the setup alone).
        #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
        at_move: Option<usize>,
        /// With --solve: the transposition table's size in megabytes, for each thread (the
        /// --jobs threads share one table of this size times their number).
        #[arg(long, requires = "solve", value_name = "MB", default_value_t = arbiter::hex::solve::DEFAULT_MEGABYTES as u32, value_parser = clap::value_parser!(u32).range(1..=arbiter::hex::solve::MAX_MEGABYTES as i64))]
        memory: u32,
        /// With --solve: keep every position proved in FILE (made if need be) and answer from
        /// it what it holds, this run and the next: a position asked again, a game's
        /// positions (--moves), the web board's.
        #[arg(long, requires = "solve", value_name = "FILE")]
        db: Option<PathBuf>,
    },
    /// Il Gioco dell'X: for each full board, "B" if Black joins top and bottom, else "W".
    ///
    /// Input (UVa 260 format): cases of N and N rows of 'b', 'w', ended by a line "0".
    /// Output: one line "<case> B" or "<case> W" per case.
    Gioco(Judging),
    /// Go scoring: contest positions and SGF game records.
    ///
    /// Input: SGF records (a file named .sgf, or text holding "(;", any text before it
    /// skipped), one result per game, or the Stanford Local 2007 contest format: cases of
    /// "n b w", b black and w white "r c" pairs (1-based), ended by a line "0". Output: for
    /// contest input by the contest's rule, "Black wins by D", "White wins by D" or "Draw";
    /// for a finished record (two passes, or territory markup) the result as SGF's RE writes
    /// it: "B+3.5", "W+12" or "0"; for a game ended by resignation, time or forfeit its
    /// recorded result, "W+R (as recorded: resignation)"; for any other unfinished game an
    /// estimate said to be one: "unfinished after move 120: estimate B+12.5".
    Go {
        #[command(flatten)]
        judging: Judging,
        /// What counts: contest (territory against territory; the default for contest
        /// input) or a rule set (the default for records: the record's RU, else japanese).
        #[arg(long, value_parser = ByName::<Choice>::new())]
        rules: Option<Choice>,
        /// Points given to White, e.g. 6.5 or 7 (default: the record's KM, else 0).
        #[arg(long, allow_hyphen_values = true)]
        komi: Option<Komi>,
        /// Where dead stones come from: the final node's TB/TW markup, arbiter's estimate (by
        /// the network), the playouts alone, or none (default for records: markup when the
        /// final node has it, else estimate; for contest positions: none).
        #[arg(long, value_parser = ByName::<DeadFrom>::new())]
        dead: Option<DeadFrom>,
        /// Whose territory counts in a finished record with territory markup: arbiter's
        /// count (the default; the marks give the dead stones, and where they differ from
        /// the count is said in --explain and JSON) or the marks as written.
        #[arg(long, value_parser = ByName::<TerritoryFrom>::new(), conflicts_with = "review")]
        territory: Option<TerritoryFrom>,
        /// Groups to mark dead on top of the dead stones' source, each named by one of its
        /// stones as Go programs name points (column A to T without I, row from the bottom):
        /// --dead-at Q16,R17. The whole chain goes, as when a player clicks it on a server.
        #[arg(long, value_delimiter = ',', value_name = "POINTS")]
        dead_at: Vec<String>,
        /// Groups to mark alive on top of the source (after --dead-at): --alive-at C3.
        #[arg(long, value_delimiter = ',', value_name = "POINTS")]
        alive_at: Vec<String>,
        /// Judge each record at move N, as GNU Go's -L: the position in which move N is to
        /// be played, the moves before it played (1: the setup alone). A game cut before its
        /// end is unfinished: an estimate.
        #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
        at_move: Option<usize>,
        /// The network that estimates dead stones: a KataGo model file (.bin.gz, model
        /// version 8, as KataGo's g170 networks) in place of the built-in 6-block one.
        #[arg(long, value_name = "FILE")]
        network: Option<PathBuf>,
        /// The visits of the search that reads the chains the network leaves unsure (with
        /// each side to move, then each move of a play-out where still unsure); 0: the
        /// network alone, no search [default: 100; for a game that did not finish, 0]
        #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<u32>::new().range(0..=u64::from(arbiter::go::dead::MAX_VISITS)))]
        visits: Option<u32>,
        /// Compare each record's RE with the count: write only the games that differ (with
        /// both results and what the count rests on), and exit with 1 if any do.
        #[arg(long)]
        check: bool,
        /// Also write each game back as SGF with the count in it: a finished game's TB/TW
        /// (with the dead stones' points, as KGS writes them) and a comment on the final
        /// node saying what was counted under which rules; the record's RE is kept.
        /// DIR/NAME.sgf for input file NAME.sgf (its further games DIR/NAME-2.sgf, ...; from
        /// standard input DIR/case-1.sgf, ...).
        #[arg(long, value_name = "DIR")]
        sgf_out: Option<PathBuf>,
        /// Records written back (--sgf-out, --format sgf) get the count as their RE in
        /// place of the recorded result (finished games only).
        #[arg(long)]
        replace_result: bool,
        /// Review each record move by move (up to --at-move): Black's lead and chance to win
        /// after every move, each move's loss against the best move found, each player's
        /// mistakes by size and average loss, the biggest mistakes, and the move after which
        /// the winner never again fell behind. A table; with --format json one record a
        /// position, then a summary; with --svg DIR the graph and the worst move's board.
        /// --visits N reads each position with a search of N visits (0: the raw network,
        /// far quicker).
        #[arg(long, conflicts_with_all = ["check", "sgf_out", "replace_result", "dead", "dead_at", "alive_at"])]
        review: bool,
    },
    /// Cheesy Chess: for each case, "White" if the king wins with best play, else "Black".
    ///
    /// Input (BAPC 2006 format): the number of cases; each case is the board's rows from the
    /// top ('F' forbidden, 'D' dangerous, '.' open; 8 x 8 in the contest, any size from 1 to
    /// 256 each way here), then "xK yK" and "xP yP" (column from the left, row from below).
    Cheesy(Judging),
    /// A Go Text Protocol (version 2) engine that scores and plays no move, for GoGui,
    /// Sabaki, Lizzie, qGo and match runners' referees: commands on standard input, answers on
    /// standard output (final_score, final_status_list dead|alive|seki, play, undo, loadsgf,
    /// fixed_handicap, kgs-rules, ...; list_commands lists them).
    Gtp {
        /// The rule set to score by until the controller says another (kgs-rules,
        /// arbiter-rules, or a loaded record's RU).
        #[arg(long, value_enum)]
        rules: Option<arbiter::go::rules::RuleSet>,
        /// The network that estimates dead stones, as for arbiter go.
        #[arg(long, value_name = "FILE")]
        network: Option<PathBuf>,
    },
    /// The Hex Text Protocol as HexGui speaks it to Benzene, for HexGui's solver menus:
    /// commands on standard input, answers on standard output (play, undo, boardsize,
    /// showboard, dfpn-solve-state COLOUR, dfpn-solver-find-winning COLOUR, ...).
    Htp {
        /// Give up on a position after this many seconds (the answer is "unknown"); 0 for
        /// no limit.
        #[arg(long, value_name = "SECONDS", value_parser = seconds, default_value = arbiter::hex::solve::DEFAULT_BUDGET_SECONDS)]
        budget: Duration,
        /// The transposition table's size in megabytes.
        #[arg(long, value_name = "MB", default_value_t = arbiter::hex::solve::DEFAULT_MEGABYTES as u32, value_parser = clap::value_parser!(u32).range(1..=arbiter::hex::solve::MAX_MEGABYTES as i64))]
        memory: u32,
    },
    /// Writes a seeded random input file in a game's contest format (same arguments, same
    /// bytes).
    #[command(long_about = tools::gen_about())]
    Gen {
        /// The game.
        #[arg(value_parser = ByName::<GameName>::new())]
        game: GameName,
        /// How many cases.
        #[arg(long, default_value_t = 10)]
        cases: usize,
        /// The board side (default: the game's own; see above).
        #[arg(long)]
        size: Option<usize>,
        /// The seed of the random generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The kind of case (see above); every kind in turn when absent.
        #[arg(long)]
        mode: Option<String>,
    },
    /// Checks an input file against the original problem's exact format and official limits,
    /// listing every violation with its case and line; exits with 0 only for a valid file.
    Validate {
        /// The game.
        #[arg(value_parser = ByName::<GameName>::new())]
        game: GameName,
        /// The input file; standard input when absent or "-".
        file: Option<PathBuf>,
    },
    /// Serves the local web board: a page per game where a position is set up by clicking or
    /// pasted, judged and drawn with its evidence, and the HTTP API the pages use
    /// (POST /api/GAME/judge). Prints the address, serves until interrupted.
    Serve {
        /// The port; 0 picks a free one.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on: this computer only by default; 0.0.0.0 would open the
        /// board to the network.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// Keep every Hex position the board's "Solve" proves in FILE (made if need be), and
        /// answer from it what it holds (as `hex --solve --db`).
        #[arg(long, value_name = "FILE")]
        db: Option<PathBuf>,
    },
}

impl Usage {
    /// The usage error as clap reports its own: the message and the subcommand's usage, to
    /// be printed and exited with (status 2) by `clap::Error::exit`.
    pub fn error(&self) -> clap::Error {
        let mut command = Cli::command();
        command.build();
        match command.find_subcommand_mut(self.subcommand) {
            Some(command) => command.error(self.kind, &self.message),
            None => command.error(self.kind, &self.message),
        }
    }
}

/// Runs the command, writing its output to standard output; `Ok(false)` when it ran but
/// something asked for was not done or an answer disagrees with its input (exit status 1).
/// Each answer shows soon after it is decided (within [`prompt::PROMPT`]), however slow the
/// next; the answers written before a failure are flushed before it is returned.
///
/// # Errors
/// What stopped the command.
pub fn run(cli: &Cli) -> Result<bool, Failure> {
    let (result, flushed) = prompt::with_prompt(io::stdout(), |out| dispatch(&cli.command, out));
    let flushed = flushed.map_err(RunError::Output);
    match (result, flushed) {
        (Err(failure), _) => Err(failure),
        (Ok(_), Err(error)) => Err(error.into()),
        (Ok(good), Ok(())) => Ok(good),
    }
}

fn dispatch(command: &Command, out: &mut impl Write) -> Result<bool, Failure> {
    match command {
        Command::Hex {
            judging,
            check,
            sgf_out,
            solve,
            to_move,
            moves,
            winner,
            pruned,
            budget,
            memory,
            at_move,
            db,
        } => {
            let options = HexOptions {
                at_move: *at_move,
                check: *check,
                solve: *solve,
                to_move: *to_move,
                moves: *moves,
                winner: *winner,
                pruned: *pruned,
                budget: Some(*budget),
                memory: Some(*memory as usize),
                jobs: Some(judging.jobs()),
                db: db.clone(),
            };
            let judge = options.judge().map_err(|e| option_failure("hex", e))?;
            let judged = judging.judge(&judge, sgf_out.as_deref(), out);
            if let Judge::HexSolver(Analysis {
                store: Some(store), ..
            }) = judge
            {
                store.lock().save()?;
            }
            judged
        }
        Command::Gioco(judging) => judging.judge(&GameName::Gioco.judge(), None, out),
        Command::Go {
            judging,
            rules,
            komi,
            dead,
            territory,
            dead_at,
            alive_at,
            at_move,
            network,
            visits,
            check,
            sgf_out,
            replace_result,
            review,
        } => {
            let options = GoOptions {
                rules: *rules,
                komi: *komi,
                dead: *dead,
                territory: *territory,
                dead_at: dead_at.clone(),
                alive_at: alive_at.clone(),
                at_move: *at_move,
                check: *check,
                network: network.clone(),
                visits: *visits,
                review: *review,
            };
            let mut judge = options.judge().map_err(|e| option_failure("go", e))?;
            if let Judge::Go(go) = &mut judge {
                go.replace_result = *replace_result;
            }
            judging.judge(&judge, sgf_out.as_deref(), out)
        }
        Command::Cheesy(judging) => judging.judge(&GameName::Cheesy.judge(), None, out),
        Command::Gen {
            game,
            cases,
            size,
            seed,
            mode,
        } => tools::generate(*game, *cases, *size, *seed, mode.as_deref(), out),
        Command::Validate { game, file } => tools::validate(*game, file.as_deref(), out),
        Command::Serve { host, port, db } => {
            if let Some(path) = db {
                let store = arbiter::hex::solve::Store::open(path)?.shared();
                let _ = crate::serve::keep_solutions_in(store);
            }
            tools::serve(SocketAddr::new(*host, *port))
        }
        Command::Htp { budget, memory } => {
            let mut engine = crate::htp::Engine::new(arbiter::hex::solve::Settings {
                budget: (!budget.is_zero()).then_some(*budget),
                megabytes: *memory as usize,
                ..Default::default()
            });
            let stdin = io::stdin();
            engine.run(stdin.lock(), out).map_err(RunError::Output)?;
            Ok(true)
        }
        Command::Gtp { rules, network } => {
            let options = GoOptions {
                rules: rules.map(Choice::Rules),
                network: network.clone(),
                ..GoOptions::default()
            };
            let Judge::Go(go) = options.judge().map_err(|e| option_failure("gtp", e))? else {
                unreachable!("Go's options without review make Go's judge")
            };
            let mut engine = crate::gtp::Engine::new(go);
            let stdin = io::stdin();
            engine.run(stdin.lock(), out).map_err(RunError::Output)?;
            Ok(true)
        }
    }
}

/// Why a command's options make no judge, as the command line says it: a usage error naming
/// the flag, or the solution store's own failure.
fn option_failure(subcommand: &'static str, error: OptionError) -> Failure {
    use clap::error::ErrorKind;
    match error {
        OptionError::Store { error, .. } => Failure::Store(error),
        OptionError::KomiWithoutRules(_) => usage(
            subcommand,
            ErrorKind::ArgumentConflict,
            "--komi needs a rule set: the contest's rule has no komi",
        ),
        OptionError::Network { path, why } => {
            let message = format!("--network {}: {why}", path.display());
            usage(subcommand, ErrorKind::ValueValidation, message)
        }
        other => usage(subcommand, ErrorKind::ValueValidation, other),
    }
}

/// A number of seconds, whole or not, as a duration.
fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    Duration::try_from_secs_f64(value)
        .map_err(|_| format!("{text:?} is not a number of seconds from 0 up"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_rule_set_is_named_as_players_name_it() {
        let cli = Cli::try_parse_from(["arbiter", "go", "--rules", "territory"]).unwrap();
        let Command::Go { rules, .. } = cli.command else {
            panic!("a go command");
        };
        assert_eq!(
            rules,
            Some(Choice::Rules(arbiter::go::rules::RuleSet::Japanese))
        );
    }
}

//! The review as a [`Game`]: records read as Go reads them (SGF, one game after another, cut
//! with `at_move`), each game reviewed, and its views: the table, one JSON record a position
//! then a summary, and the graph as a picture.

use std::fmt;
use std::io::{self, BufRead, Write};

use super::moves::{Review, ReviewError, SIZES, Settings, review_with};
use super::show;
use crate::game::{Cases, Game};
use crate::go::game::{Go, Raw};
use crate::go::judge::Case;
use crate::go::record::Record;
use crate::go::rules::RuleSet;
use crate::go::territory::Komi;
use crate::input::{ErrorKind, Illegal, InputError};
use crate::render::Style;
use crate::validate::Report;

/// Go records reviewed move by move: the rules, komi, network and `at_move` of `go`, read by
/// `settings`.
///
/// # Examples
///
/// ```
/// use arbiter::Game;
/// use arbiter::go::review::{GoReview, Settings};
///
/// let reviewer = GoReview { settings: Settings { visits: 0, ..Settings::default() }, ..GoReview::default() };
/// let raw = reviewer.read("(;SZ[9]KM[7];B[ee];W[aa])".as_bytes()).next().unwrap().unwrap();
/// let case = reviewer.prepare(raw).unwrap();
/// let review = reviewer.judge(&case);
/// assert_eq!(review.moves.len(), 3);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoReview {
    /// The rules, komi, network and move to stop at, as for scoring.
    pub go: Go,
    /// How the review reads.
    pub settings: Settings,
}

/// A record ready to review: cut where asked, with the rules and komi it is read under.
#[derive(Clone, Debug)]
pub struct ReviewCase {
    /// The record.
    pub record: Record,
    /// The rule set.
    pub rules: RuleSet,
    /// White's komi.
    pub komi: Komi,
}

/// A review's text: the table, as [`show::write_table`] writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table(pub String);

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl GoReview {
    fn network(&self) -> &crate::go::net::Network {
        match &self.go.scoring.network {
            Some(shared) => shared.network(),
            // The bundled network is read by the tests of every build.
            None => crate::go::net::Network::bundled().expect("the bundled network reads"),
        }
    }

    fn settings(&self) -> Settings {
        Settings {
            threads: self.settings.threads.max(rayon::current_num_threads()),
            ..self.settings
        }
    }
}

impl Game for GoReview {
    const NAME: &'static str = "go";
    type Raw = Raw;
    type Case = ReviewCase;
    type Verdict = Table;
    type Judgement = Review;

    fn read<'a, R: BufRead + 'a>(&'a self, input: R) -> Cases<'a, Raw> {
        self.go.read(input)
    }

    fn weight(&self, raw: &Raw) -> usize {
        self.go.weight(raw)
    }

    fn prepare(&self, raw: Raw) -> Result<ReviewCase, InputError> {
        let number = match &raw {
            Raw::Game(game) => Some(game.number),
            Raw::Position(_) => None,
        };
        let refuse = |error: ReviewError| {
            let error = InputError::new(None, ErrorKind::Illegal(Illegal::new(error)));
            match number {
                Some(number) => error.in_game(number),
                None => error,
            }
        };
        let Case::Record(game) = self.go.prepare(raw)? else {
            return Err(refuse(ReviewError::NotARecord));
        };
        let record = game.replay.record;
        let (width, height) = (record.width, record.height);
        if width > crate::go::net::MAX_SIDE || height > crate::go::net::MAX_SIDE {
            return Err(refuse(ReviewError::TooBig { width, height }));
        }
        if !record
            .events
            .iter()
            .any(|e| matches!(e, crate::go::record::Event::Move { .. }))
        {
            return Err(refuse(ReviewError::NoMoves));
        }
        let (rules, _, _) = self.go.scoring.rules_of(&record);
        let komi = self.go.scoring.komi.or(record.komi).unwrap_or(Komi::ZERO);
        Ok(ReviewCase {
            record,
            rules,
            komi,
        })
    }

    fn warnings(&self, case: &ReviewCase) -> Vec<String> {
        case.record.notes.clone()
    }

    fn is_game_record(&self, _case: &ReviewCase) -> bool {
        true
    }

    fn verdict(&self, case: &ReviewCase) -> Table {
        self.verdict_of(&self.judge(case))
    }

    fn judge(&self, case: &ReviewCase) -> Review {
        review_with(
            &case.record,
            case.rules,
            case.komi,
            self.network(),
            self.settings(),
        )
        .expect("a record checked when it was prepared")
    }

    fn verdict_of(&self, review: &Review) -> Table {
        let mut text = Vec::new();
        // Writing into memory cannot fail.
        let _ = show::write_table(review, &mut text);
        Table(String::from_utf8_lossy(&text).into_owned())
    }

    fn write_line<W: Write + ?Sized>(
        &self,
        out: &mut W,
        _number: usize,
        table: &Table,
    ) -> io::Result<()> {
        out.write_all(table.0.as_bytes())
    }

    #[cfg(feature = "serde")]
    fn json_records(&self, review: &Review) -> Option<Vec<serde_json::Value>> {
        Some(super::json::records(review))
    }

    fn explain(
        &self,
        _case: &ReviewCase,
        review: &Review,
        _style: Style,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        writeln!(
            out,
            "Each position was read by {} with the player to move as in the game. A move's \
             loss is the lead its player gave up against the best move found before it: \
             that move's lead less the lead after the move played (none when it is the best \
             move found). Mistakes count from {} point.",
            show::reading_words(review),
            SIZES[0]
        )
    }

    fn draw(&self, case: &ReviewCase, review: &Review, out: &mut dyn Write) -> io::Result<()> {
        show::svg(review, &case.record, out)
    }

    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report> {
        self.go.validate(input)
    }
}

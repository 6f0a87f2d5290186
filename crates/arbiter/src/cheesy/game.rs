//! Cheesy Chess as a [`Game`]: cases in the contest format ([`super::bapc`]).

use std::io::{self, BufRead, Write};

use super::board::Position;
use super::judge::{solve, white_wins};
use super::verdict::{Judgement, Verdict};
use super::{bapc, show};
use crate::game::{Cases, Game, Pieces};
use crate::input::{CaseTexts, InputError};
use crate::render::Style;
use crate::validate::Report;

/// Cheesy Chess as a [`Game`]: cases in the contest format (BAPC 2006), on boards of any
/// size up to [`MAX_SIDE`](super::MAX_SIDE).
///
/// # Examples
///
/// ```
/// use arbiter::Game;
/// use arbiter::cheesy::{Cheesy, Verdict};
///
/// let raw = Cheesy.read("1\n...\n.F.\n...\n1 1\n2 3\n".as_bytes()).next().unwrap().unwrap();
/// let position = Cheesy.prepare(raw).unwrap();
/// assert_eq!(Cheesy.verdict(&position), Verdict::White);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cheesy;

impl Game for Cheesy {
    const NAME: &'static str = "cheesy";
    type Raw = Position;
    type Case = Position;
    type Verdict = Verdict;
    type Judgement = Judgement;

    fn read<'a, R: BufRead + 'a>(&'a self, input: R) -> Cases<'a, Position> {
        Box::new(bapc::cases(input))
    }

    fn read_for_threads<'a, R: BufRead + 'a>(&'a self, input: R) -> Pieces<'a, Position> {
        Box::new(bapc::cut_cases(input))
    }

    fn read_texts(&self, texts: CaseTexts) -> Cases<'_, Position> {
        Box::new(bapc::read_texts(texts))
    }

    fn weight(&self, position: &Position) -> usize {
        position.board().width() * position.board().height()
    }

    fn prepare(&self, position: Position) -> Result<Position, InputError> {
        Ok(position)
    }

    fn board_rows(&self, position: &Position) -> Option<Vec<String>> {
        let board = position.board();
        let (width, height) = (board.width(), board.height());
        let rows = (0..height)
            .map(|row| {
                (0..width)
                    .map(|col| {
                        let at = super::Square {
                            x: col + 1,
                            y: height - row,
                        };
                        if at == position.king() {
                            'K'
                        } else if at == position.pawn() {
                            'P'
                        } else {
                            board.field(at).letter()
                        }
                    })
                    .collect()
            })
            .collect();
        Some(rows)
    }

    fn verdict(&self, position: &Position) -> Verdict {
        if white_wins(position) {
            Verdict::White
        } else {
            Verdict::Black
        }
    }

    fn judge(&self, position: &Position) -> Judgement {
        solve(position)
    }

    fn verdict_of(&self, outcome: &Judgement) -> Verdict {
        outcome.winner()
    }

    fn write_line<W: Write + ?Sized>(
        &self,
        out: &mut W,
        _number: usize,
        winner: &Verdict,
    ) -> io::Result<()> {
        bapc::write_verdict(out, *winner)
    }

    fn explain(
        &self,
        position: &Position,
        outcome: &Judgement,
        style: Style,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        show::explain(position, outcome, style, out)
    }

    fn draw(
        &self,
        position: &Position,
        outcome: &Judgement,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        show::svg(position, outcome, out)
    }

    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report> {
        bapc::validate(input)
    }
}

//! Il Gioco dell'X as a [`Game`]: full boards in the contest format ([`super::uva`]).

use std::io::{self, BufRead, Write};

use super::board::Board;
use super::judge::{Judgement, Verdict, judge, winner};
use super::{show, uva};
use crate::game::{Cases, Game};
use crate::input::InputError;
use crate::render::Style;
use crate::validate::Report;

/// Il Gioco dell'X as a [`Game`]: full boards in the contest format (UVa 260).
///
/// # Examples
///
/// ```
/// use arbiter::Game;
/// use arbiter::gioco::Gioco;
///
/// let board = Gioco.read("2\nbw\nbw\n0\n".as_bytes()).next().unwrap().unwrap();
/// assert_eq!(Gioco.verdict(&board).to_string(), "B");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gioco;

impl Game for Gioco {
    const NAME: &'static str = "gioco";
    type Raw = Board;
    type Case = Board;
    type Verdict = Verdict;
    type Judgement = Judgement;

    fn read<'a, R: BufRead + 'a>(&'a self, input: R) -> Cases<'a, Board> {
        Box::new(uva::cases(input))
    }

    fn weight(&self, raw: &Board) -> usize {
        raw.size() * raw.size()
    }

    fn prepare(&self, raw: Board) -> Result<Board, InputError> {
        Ok(raw)
    }

    fn board_rows(&self, board: &Board) -> Option<Vec<String>> {
        let n = board.size();
        let rows = (0..n)
            .map(|row| {
                (0..n)
                    .map(|col| match board.get(crate::Coord { row, col }) {
                        super::Stone::Black => 'b',
                        super::Stone::White => 'w',
                    })
                    .collect()
            })
            .collect();
        Some(rows)
    }

    fn verdict(&self, board: &Board) -> Verdict {
        Verdict(winner(board))
    }

    fn judge(&self, board: &Board) -> Judgement {
        judge(board)
    }

    fn verdict_of(&self, judgement: &Judgement) -> Verdict {
        Verdict(judgement.winner)
    }

    fn write_line<W: Write + ?Sized>(
        &self,
        out: &mut W,
        number: usize,
        verdict: &Verdict,
    ) -> io::Result<()> {
        uva::write_verdict(out, number, verdict.0)
    }

    fn explain(
        &self,
        board: &Board,
        judgement: &Judgement,
        style: Style,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        show::explain(board, judgement, style, out)
    }

    fn draw(&self, board: &Board, judgement: &Judgement, out: &mut dyn Write) -> io::Result<()> {
        show::svg(board, judgement, out)
    }

    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report> {
        uva::validate(input)
    }
}

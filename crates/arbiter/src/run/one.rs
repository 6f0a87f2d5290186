//! [`run`]: an input judged on one thread, case by case, each answer written as soon as it is
//! judged.

use std::io::{BufRead, Write};

use super::outcome::{RunError, Summary, Warning};
use super::views::{Views, write_views};
use crate::game::Game;
use crate::input::InputError;

/// Judges every case of `input` with `game` and writes each answer with the chosen `views`;
/// `warn` hears every [`Warning`] as it happens.
///
/// # Errors
/// The first input error (after the answers of all earlier cases are written) or output
/// error. A picture that cannot be written is a warning, not an error: the answers go on.
pub fn run<G: Game>(
    game: &G,
    input: impl BufRead,
    out: &mut impl Write,
    views: &Views,
    warn: &mut dyn FnMut(Warning),
) -> Result<Summary, RunError> {
    let mut summary = Summary::default();
    for (number, raw) in (1..).zip(game.read(input)) {
        let disagrees = one_case(game, number, raw, views, out, warn)?;
        summary.cases += 1;
        summary.disagreements += usize::from(disagrees);
    }
    Ok(summary)
}

/// Prepares, judges and writes one case; says whether its answer disagrees with its input.
pub(super) fn one_case<G: Game>(
    game: &G,
    number: usize,
    raw: Result<G::Raw, InputError>,
    views: &Views,
    out: &mut impl Write,
    warn: &mut dyn FnMut(Warning),
) -> Result<bool, RunError> {
    let case = raw
        .and_then(|raw| game.prepare(raw))
        .map_err(|e| e.in_case(number))?;
    for message in game.warnings(&case) {
        warn(Warning {
            case: number,
            game: game.is_game_record(&case),
            message,
            unfinished: false,
        });
    }
    let verdict = if views.needs_judgement() {
        write_views(game, number, &case, out, views, warn)?
    } else {
        let verdict = game.verdict(&case);
        game.write_line(out, number, &verdict)?;
        verdict
    };
    Ok(game.disagrees(&verdict))
}

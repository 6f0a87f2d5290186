//! `run_parallel` against `run`: on every game, with cases read on the reader's thread or left
//! as text for the workers, the output is the same, byte for byte, and so is the first error,
//! wherever it falls among many batches.

use arbiter::cheesy::Cheesy;
use arbiter::gioco::Gioco;
use arbiter::go::Go;
use arbiter::hex::Hex;
use arbiter::run::{Summary, Views, run, run_parallel};
use arbiter::{Game, Generate};
use rand::{Rng, SeedableRng};

/// What a run wrote and how it ended.
type Outcome = (Vec<u8>, Result<Summary, String>);

fn sequential<G: Game>(game: &G, input: &[u8]) -> Outcome {
    let mut out = Vec::new();
    let result = run(game, input, &mut out, &Views::default(), &mut |_| {});
    (out, result.map_err(|e| e.to_string()))
}

fn parallel<G: Game>(game: &G, input: &[u8], jobs: usize) -> Outcome {
    let mut out = Vec::new();
    let reader = std::io::BufReader::with_capacity(1 << 12, input);
    let result = run_parallel(game, reader, &mut out, &Views::default(), jobs, &mut |_| {});
    (out, result.map_err(|e| e.to_string()))
}

/// `input` with `edits` random bytes replaced, inserted or removed, all in its second half
/// (so that many batches come before the first error).
fn edited(input: &[u8], edits: usize, rng: &mut impl Rng) -> Vec<u8> {
    let mut text = input.to_vec();
    for _ in 0..edits {
        let at = rng.random_range(text.len() / 2..text.len());
        let byte = b"FD.RB0123456789 \n\r\txX"[rng.random_range(0..21)];
        match rng.random_range(0..3) {
            0 => text[at] = byte,
            1 => text.insert(at, byte),
            _ => {
                text.remove(at);
            }
        }
    }
    text
}

/// Generated inputs of `cases` cases, clean and with one to three edits, judged both ways.
fn check<G: Generate>(game: &G, cases: usize, size: usize) {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(16);
    let mut failed = 0;
    for seed in 0..4 {
        let mut input = Vec::new();
        game.write_input(&mut input, cases, size, None, seed)
            .unwrap();
        for edits in 0..4 {
            let text = edited(&input, edits, &mut rng);
            let expected = sequential(game, &text);
            failed += usize::from(expected.1.is_err());
            for jobs in [2, 3] {
                assert!(
                    parallel(game, &text, jobs) == expected,
                    "{} seed {seed}, {edits} edits, {jobs} jobs: {:?}",
                    G::NAME,
                    expected.1
                );
            }
        }
    }
    assert!(
        failed >= 4,
        "{}: only {failed} inputs with an error",
        G::NAME
    );
}

#[test]
fn cheesy_chess_in_parallel_is_cheesy_chess_in_sequence() {
    check(&Cheesy, 3000, 8);
    check(&Cheesy, 300, 70);
}

#[test]
fn go_in_parallel_is_go_in_sequence() {
    check(&Go::default(), 2500, 9);
}

#[test]
fn hex_in_parallel_is_hex_in_sequence() {
    check(&Hex::CONTEST, 2500, 5);
}

#[test]
fn gioco_in_parallel_is_gioco_in_sequence() {
    check(&Gioco, 2500, 5);
}

/// A bad case early in a long input stops every thread: the reader, far ahead, is not left
/// waiting to hand over a batch no one will take.
#[test]
fn an_early_error_stops_a_long_parallel_run() {
    let mut input = Vec::new();
    Cheesy.write_input(&mut input, 200_000, 8, None, 1).unwrap();
    // The first row of the third case (after the count's line and two cases of 10 lines).
    let third = input
        .split(|&b| b == b'\n')
        .take(21)
        .map(|line| line.len() + 1)
        .sum::<usize>();
    input[third] = b'x';
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(parallel(&Cheesy, &input, 2));
    });
    let (out, result) = finished
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the run ends");
    assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 2);
    assert!(result.unwrap_err().starts_with("case 3, line 22, column 1"));
}

/// The cases of a generated Hex input, without its count line.
fn hex_cases(cases: usize, size: usize, seed: u64) -> Vec<u8> {
    let mut input = Vec::new();
    Hex::CONTEST
        .write_input(&mut input, cases, size, None, seed)
        .unwrap();
    let body = input.iter().position(|&b| b == b'\n').unwrap() + 1;
    input.split_off(body)
}

/// A board big enough to be a batch of its own, judged by the writer as it comes, between
/// batches of small ones judged by the workers: all in input order.
#[test]
fn a_huge_board_among_small_ones_keeps_its_place() {
    let mut input = b"2501\n".to_vec();
    input.extend(hex_cases(1500, 5, 1));
    input.extend(hex_cases(1, 1100, 2));
    input.extend(hex_cases(1000, 6, 3));
    let expected = sequential(&Hex::CONTEST, &input);
    assert_eq!(
        expected.1,
        Ok(Summary {
            cases: 2501,
            disagreements: 0
        })
    );
    for jobs in [2, 4] {
        assert!(
            parallel(&Hex::CONTEST, &input, jobs) == expected,
            "{jobs} jobs"
        );
    }
}

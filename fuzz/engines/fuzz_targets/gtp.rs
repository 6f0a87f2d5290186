//! The Go Text Protocol engine: any bytes as a session's commands. Every command line gets an
//! answer, and nothing panics; the session goes on to the input's end (or `quit`). `loadsgf`
//! lines are left out: they read the machine's files.
#![no_main]

use arbiter::go::Go;
use arbiter_cli::gtp::Engine;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.windows(7).any(|w| w.eq_ignore_ascii_case(b"loadsgf")) {
        return;
    }
    let mut go = Go::new(None, None).expect("no komi without rules");
    // The raw network alone: a search per command would take the fuzzer's whole budget.
    go.scoring.visits = Some(0);
    let mut engine = Engine::new(go);
    let mut out = Vec::new();
    engine.run(data, &mut out).expect("writing into memory");
    let answers = out.windows(2).filter(|w| w == b"\n\n").count();
    assert!(answers <= data.len() + 1);
});

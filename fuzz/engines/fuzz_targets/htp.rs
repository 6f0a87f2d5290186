//! The Hex Text Protocol engine (HexGui's): any bytes as a session's commands. Every command
//! line gets an answer, and nothing panics; the solver thinks at most a few milliseconds a
//! position.
#![no_main]

use arbiter::hex::solve::Settings;
use arbiter_cli::htp::Engine;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut engine = Engine::new(Settings {
        budget: Some(std::time::Duration::from_millis(20)),
        megabytes: 1,
        ..Settings::default()
    });
    let mut out = Vec::new();
    engine.run(data, &mut out).expect("writing into memory");
    let answers = out.windows(2).filter(|w| w == b"\n\n").count();
    assert!(answers <= data.len() + 1);
});

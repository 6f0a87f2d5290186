//! Go SGF records: the reader alone, then read, replay, score under the record's rules and
//! under every rule set (dead stones estimated) and write every view.
#![no_main]

use arbiter::go::rules::RuleSet;
use arbiter::go::{Choice, Go, sgf};
use arbiter::selfcheck::every_view;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = sgf::record_of(text);
    }
    every_view(&Go::CONTEST, data, false);
    // One more rule set, picked by the input's length, to keep each run short.
    let rules = RuleSet::ALL[data.len() % RuleSet::ALL.len()];
    let mut go = Go::CONTEST;
    go.scoring.rules = Some(Choice::Rules(rules));
    go.check = true;
    every_view(&go, data, false);
});

//! HexGui SGF records: the reader alone, then read, replay, judge (and check `RE`) and write
//! every view, with each record written back normalised and read to the same verdict.
#![no_main]

use arbiter::hex::{Hex, sgf};
use arbiter::selfcheck::every_view;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = sgf::record_of(text);
    }
    every_view(&Hex::CONTEST, data, true);
    every_view(
        &Hex {
            check: true,
            ..Hex::CONTEST
        },
        data,
        true,
    );
});

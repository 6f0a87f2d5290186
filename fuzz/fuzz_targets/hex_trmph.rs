//! trmph links: the reader alone, then read, replay, judge and write every view, with each
//! record written back and read to the same verdict.
#![no_main]

use arbiter::hex::{Hex, trmph};
use arbiter::selfcheck::every_view;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = trmph::parse_link(text);
    }
    every_view(&Hex::CONTEST, data, true);
});

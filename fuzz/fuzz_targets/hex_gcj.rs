//! Hex contest boards (Code Jam format): the reader alone, then read, judge and write every
//! view, with a legal game written for each board read back to the same verdict.
#![no_main]

use arbiter::hex::{Hex, gcj};
use arbiter::selfcheck::every_view;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for board in gcj::cases(data) {
        if board.is_err() {
            break;
        }
    }
    every_view(&Hex::CONTEST, data, true);
});

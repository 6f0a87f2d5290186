//! Il Gioco dell'X boards (UVa format): the reader alone, then read, judge and write every
//! view.
#![no_main]

use arbiter::gioco::{Gioco, uva};
use arbiter::selfcheck::every_view;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for board in uva::cases(data) {
        if board.is_err() {
            break;
        }
    }
    every_view(&Gioco, data, false);
});

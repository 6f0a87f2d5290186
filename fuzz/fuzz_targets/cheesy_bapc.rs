//! Cheesy Chess positions (BAPC format): the reader alone, then read, judge and write every
//! view.
#![no_main]

use arbiter::cheesy::{Cheesy, bapc};
use arbiter::selfcheck::every_view;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for position in bapc::cases(data) {
        if position.is_err() {
            break;
        }
    }
    every_view(&Cheesy, data, false);
});

//! Go contest positions (Stanford format): the reader alone, then read, judge and write every
//! view.
#![no_main]

use arbiter::go::{Go, stanford};
use arbiter::selfcheck::every_view;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for position in stanford::cases(data) {
        if position.is_err() {
            break;
        }
    }
    every_view(&Go::CONTEST, data, false);
});

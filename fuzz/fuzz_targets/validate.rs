//! The strict checks of test files (`arbiter validate`), for every game: the first byte picks
//! the game, the rest is the file.
#![no_main]

use arbiter::registry::GameName;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, file)) = data.split_first() else {
        return;
    };
    let game = GameName::ALL[usize::from(pick) % GameName::ALL.len()].contest();
    let mut reader = file;
    let _ = game.validate(&mut reader);
});

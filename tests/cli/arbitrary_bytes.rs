//! Arbitrary bytes into every reader, in the ordinary suite (the fuzz targets in `fuzz/` go
//! further, on nightly): whatever the input, each game reads, judges and writes every view
//! without a panic, the views agree, and `validate` answers. Inputs are random bytes, and the
//! fuzz targets' seeds (`fuzz/seeds/`) with random bytes overwritten, inserted or cut off, so
//! that most of them get past the first line.

use std::path::Path;

use arbiter::cheesy::Cheesy;
use arbiter::gioco::Gioco;
use arbiter::go::Go;
use arbiter::hex::Hex;
use arbiter::registry::GameName;
use arbiter::selfcheck::every_view;
use proptest::prelude::*;

/// The seeds of one fuzz target.
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/seeds")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|file| std::fs::read(file).unwrap())
        .collect()
}

/// One edit of a seed: at a place (a fraction of its length), overwrite, insert or cut.
#[derive(Clone, Debug)]
enum Edit {
    Overwrite(u16, u8),
    Insert(u16, Vec<u8>),
    Cut(u16),
}

fn edit() -> impl Strategy<Value = Edit> {
    // Bytes that matter to the formats more often than any byte.
    let byte = prop_oneof![
        any::<u8>(),
        prop::sample::select(b"0123456789 \n\r\t-.()[];:RBWXObwxyzSGFZ#,+".to_vec()),
    ];
    prop_oneof![
        (any::<u16>(), byte.clone()).prop_map(|(at, b)| Edit::Overwrite(at, b)),
        (any::<u16>(), prop::collection::vec(byte, 1..6)).prop_map(|(at, b)| Edit::Insert(at, b)),
        any::<u16>().prop_map(Edit::Cut),
    ]
}

fn apply(seed: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    let place = |at: u16, len: usize| usize::from(at) * (len + 1) / 65536;
    for edit in edits {
        match edit {
            Edit::Overwrite(at, b) if !bytes.is_empty() => {
                let i = place(*at, bytes.len() - 1);
                bytes[i] = *b;
            }
            Edit::Overwrite(..) => {}
            Edit::Insert(at, more) => {
                let i = place(*at, bytes.len());
                bytes.splice(i..i, more.iter().copied());
            }
            Edit::Cut(at) => bytes.truncate(place(*at, bytes.len())),
        }
    }
    bytes
}

/// An input for `target`: random bytes, or one of its seeds edited.
fn input(target: &'static str) -> impl Strategy<Value = Vec<u8>> {
    let seeds = seeds(target);
    prop_oneof![
        1 => prop::collection::vec(any::<u8>(), 0..200),
        4 => (prop::sample::select(seeds), prop::collection::vec(edit(), 1..4))
            .prop_map(|(seed, edits)| apply(&seed, &edits)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn hex_boards_never_panic(bytes in input("hex_gcj")) {
        every_view(&Hex::CONTEST, &bytes, true);
    }

    #[test]
    fn hex_sgf_records_never_panic(bytes in input("hex_sgf")) {
        every_view(&Hex::CONTEST, &bytes, true);
        every_view(&Hex { check: true, ..Hex::CONTEST }, &bytes, true);
    }

    #[test]
    fn trmph_links_never_panic(bytes in input("hex_trmph")) {
        every_view(&Hex::CONTEST, &bytes, true);
    }

    #[test]
    fn gioco_boards_never_panic(bytes in input("gioco_uva")) {
        every_view(&Gioco, &bytes, false);
    }

    #[test]
    fn go_positions_never_panic(bytes in input("go_stanford")) {
        every_view(&Go::CONTEST, &bytes, false);
    }

    #[test]
    fn go_sgf_records_never_panic(bytes in input("go_sgf")) {
        every_view(&Go::CONTEST, &bytes, false);
    }

    #[test]
    fn cheesy_positions_never_panic(bytes in input("cheesy_bapc")) {
        every_view(&Cheesy, &bytes, false);
    }

    #[test]
    fn validate_never_panics(bytes in input("validate")) {
        let Some((&pick, file)) = bytes.split_first() else { return Ok(()) };
        let mut reader = file;
        GameName::ALL[usize::from(pick) % GameName::ALL.len()].contest().validate(&mut reader).unwrap();
    }
}

#[test]
fn the_edits_reach_every_part_of_a_seed() {
    let seed = b"0123456789";
    assert_eq!(apply(seed, &[Edit::Overwrite(0, b'x')]), b"x123456789");
    assert_eq!(
        apply(seed, &[Edit::Overwrite(u16::MAX, b'x')]),
        b"012345678x"
    );
    assert_eq!(
        apply(seed, &[Edit::Insert(u16::MAX, b"ab".to_vec())]),
        b"0123456789ab"
    );
    assert_eq!(apply(seed, &[Edit::Cut(32768)]), b"01234");
    assert_eq!(apply(b"", &[Edit::Overwrite(7, b'x')]), b"");
}

/// The seeds themselves are good inputs, judged in full: so edited seeds reach the judges and
/// the views, not only the first line's check.
#[test]
fn every_seed_is_read_and_judged_in_full() {
    let check = |target: &str, judge: &dyn Fn(&[u8]) -> arbiter::selfcheck::Checked| {
        for seed in seeds(target) {
            let checked = judge(&seed);
            assert!(
                checked.cases > 0 && !checked.refused,
                "{target}: {checked:?}"
            );
        }
    };
    check("hex_gcj", &|b| every_view(&Hex::CONTEST, b, true));
    check("hex_sgf", &|b| every_view(&Hex::CONTEST, b, true));
    check("hex_trmph", &|b| every_view(&Hex::CONTEST, b, true));
    check("gioco_uva", &|b| every_view(&Gioco, b, false));
    check("go_stanford", &|b| every_view(&Go::CONTEST, b, false));
    check("go_sgf", &|b| every_view(&Go::CONTEST, b, false));
    check("cheesy_bapc", &|b| every_view(&Cheesy, b, false));
}

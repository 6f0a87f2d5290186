//! The command-line tests: the real `arbiter` binary run on files and text, one test binary so
//! that the suite links once.

mod arbitrary_bytes;
mod cheesy;
mod common;
mod gen_validate;
mod gioco;
mod go;
mod go_records;
mod go_review;
mod gtp;
mod guide;
mod hardening;
mod hex;
mod hex_records;
mod hex_solve;
mod kept_records;
mod layers;
mod many_files;
mod parallel;
mod serve;
mod show;
mod streaming;
mod wording;

//! The repository speaks of arbiter as it is: no text in it (code, documentation, tests,
//! scripts, data notes) speaks of the development rounds that made it (a session and its
//! number, "this session", "development round"); that history is git's. A Go Text Protocol session, a
//! protocol's word for one controller's run of commands, is not such a round.

use std::path::{Path, PathBuf};

/// How a development round is spoken of, lowercase.
const ROUND_PHRASES: [&str; 7] = [
    "development round",
    "this session",
    "last session",
    "previous session",
    "earlier session",
    "next session",
    "session's binary",
];

/// Whether `line` (lowercase) speaks of a development round: one of the phrases above, or a
/// numbered session (the word "session" or "sessions", a space, then digits). The tests below
/// put the numbers in at run time, so that this file does not speak so itself.
fn speaks_of_rounds(line: &str) -> bool {
    let numbered = |word: &str| {
        line.match_indices(word)
            .any(|(at, _)| line[at + word.len()..].starts_with(|c: char| c.is_ascii_digit()))
    };
    ROUND_PHRASES.iter().any(|phrase| line.contains(phrase))
        || numbered("session ")
        || numbered("sessions ")
}

/// The repository's own text files: code, documentation, scripts and notes under the root,
/// but not the build's, the dependencies' or git's folders, nor the inputs (game records and
/// contest files are kept as they came).
fn text_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            let skipped = ["target", "node_modules", "book"];
            if (!name.starts_with('.') || name == ".ci") && !skipped.contains(&name.as_str()) {
                text_files(&path, out);
            }
        } else if [
            ".rs", ".md", ".py", ".toml", ".mjs", ".js", ".html", ".sh", ".c",
        ]
        .iter()
        .any(|ext| name.ends_with(ext))
            || name == "run"
        {
            // This file names the words it looks for.
            if path.ends_with("tests/cli/wording.rs") {
                continue;
            }
            out.push(path);
        }
    }
}

#[test]
fn no_text_speaks_of_development_rounds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    text_files(root, &mut files);
    assert!(files.len() > 100, "{} files", files.len());
    let mut found = Vec::new();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        for (number, line) in text.lines().enumerate() {
            if speaks_of_rounds(&line.to_lowercase()) {
                let shown = file.strip_prefix(root).unwrap_or(&file).display();
                found.push(format!("{shown}:{}: {}", number + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "text that speaks of development rounds: {found:#?}"
    );
}

#[test]
fn the_check_tells_a_round_from_a_protocol_session() {
    assert!(speaks_of_rounds(&format!(
        "a parent's fill-in handed down (session {})",
        47
    )));
    assert!(speaks_of_rounds(&format!("on session {}'s binary", 41)));
    assert!(speaks_of_rounds("measured in this session"));
    assert!(speaks_of_rounds(&format!("sessions {} to {}", 44, 46)));
    assert!(!speaks_of_rounds("an error never ends the session."));
    assert!(!speaks_of_rounds("the session ends at quit"));
    assert!(!speaks_of_rounds("fn session(commands: &str) -> string {"));
    assert!(!speaks_of_rounds("in eight rounds, in two sets"));
}

//! The user guide's examples, and the README's: each command of a `console` block is run (with
//! the `arbiter` just built first on the path, from the repository's root) and must print
//! exactly what the page shows after it, standard error included. Commands that need more than
//! arbiter (`curl` against a server) are left to their own tests.
//!
//! `BLESS=1 cargo test --release --test cli guide` writes what the commands print into the
//! pages instead, for a change meant to alter them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The pages: the README and every page of the guide.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    let guide = root.join("docs/src");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&guide)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    found.sort();
    pages.extend(found);
    pages
}

/// What `command` prints, standard error after standard output (arbiter writes its answers
/// before it reports a failure).
fn printed(command: &str) -> String {
    let binary = Path::new(env!("CARGO_BIN_EXE_arbiter"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("{command} 2>&1"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs");
    String::from_utf8(output.stdout).unwrap()
}

/// Whether a page's command is run here: arbiter's, alone or fed by `printf`.
fn runs_here(command: &str) -> bool {
    command.starts_with("arbiter ") || command.starts_with("printf ")
}

#[test]
fn every_example_in_the_guide_and_the_readme_prints_what_it_shows() {
    let bless = std::env::var_os("BLESS").is_some();
    let mut checked = 0;
    let mut differ = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let mut blessed = String::new();
        let mut lines = text.split_inclusive('\n').peekable();
        let mut in_console = false;
        while let Some(line) = lines.next() {
            blessed.push_str(line);
            if line.starts_with("```") {
                in_console = line.trim_end() == "```console";
                continue;
            }
            let Some(command) = line.strip_prefix("$ ").map(str::trim_end) else {
                continue;
            };
            if !in_console {
                continue;
            }
            // The lines shown after the command, up to the next command or the block's end.
            let mut shown = String::new();
            while let Some(next) = lines.peek() {
                if next.starts_with("$ ") || next.starts_with("```") {
                    break;
                }
                shown.push_str(next);
                lines.next();
            }
            if !runs_here(command) {
                blessed.push_str(&shown);
                continue;
            }
            let output = printed(command);
            if output != shown {
                differ.push(format!(
                    "{}: `{command}`\n--- shown\n{shown}--- printed\n{output}",
                    page.display()
                ));
            }
            blessed.push_str(&output);
            checked += 1;
        }
        if bless && blessed != text {
            std::fs::write(&page, blessed).unwrap();
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    assert!(checked >= 25, "{checked} examples checked");
}

#[test]
fn the_guide_shows_one_json_record_a_game() {
    let views =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/views.md")).unwrap();
    for game in ["hex", "gioco", "go", "cheesy"] {
        let shown = format!("{{\"game\":\"{game}\",\"case\":1,");
        assert!(views.contains(&shown), "a JSON record of {game}");
    }
}

#[test]
fn every_page_of_the_guide_is_in_its_summary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let summary = std::fs::read_to_string(root.join("docs/src/SUMMARY.md")).unwrap();
    for page in pages().iter().skip(1) {
        let name = page.file_name().unwrap().to_str().unwrap();
        if name != "SUMMARY.md" {
            assert!(
                summary.contains(&format!("({name})")),
                "{name} in SUMMARY.md"
            );
        }
    }
}

//! The folders a view writes one file a case into ([`Folder`]): `case-1.svg`, ...

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// A folder that a view writes one file a case into: `case-1.svg`, `case-2.svg`, ...
#[derive(Clone, Debug)]
pub struct Folder {
    dir: PathBuf,
    extension: &'static str,
}

/// Why a view cannot write into a folder.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {what} into {}: {error}", dir.display())]
pub struct FolderError {
    /// What was to be written there ("pictures", "records").
    pub what: &'static str,
    /// The folder.
    pub dir: PathBuf,
    /// What went wrong.
    pub error: io::Error,
}

impl Folder {
    /// Makes `dir` ready for a run's files named `case-N.<extension>` before anything is
    /// judged: creates it if need be, checks that a file can be written there, and removes
    /// the files of an earlier run (`case-N.<extension>`, and nothing else), so that none is
    /// left mixed in with the new ones. `what` names the files in errors. Returns how many
    /// old files it removed.
    ///
    /// # Errors
    /// When `dir` is not a folder, cannot be made, or cannot be written to.
    pub fn prepare(
        dir: &Path,
        extension: &'static str,
        what: &'static str,
    ) -> Result<(Folder, usize), FolderError> {
        let failed = |error| FolderError {
            what,
            dir: dir.to_path_buf(),
            error,
        };
        if dir.exists() && !dir.is_dir() {
            let error = io::Error::new(io::ErrorKind::NotADirectory, "it is not a folder");
            return Err(failed(error));
        }
        fs::create_dir_all(dir).map_err(failed)?;
        let probe = dir.join(".arbiter-probe");
        fs::write(&probe, b"").map_err(failed)?;
        let _ = fs::remove_file(&probe);
        let mut removed = 0;
        for entry in fs::read_dir(dir).map_err(failed)? {
            let path = entry.map_err(failed)?.path();
            if is_case_file(&path, extension) && path.is_file() {
                fs::remove_file(&path).map_err(failed)?;
                removed += 1;
            }
        }
        let folder = Folder {
            dir: dir.to_path_buf(),
            extension,
        };
        Ok((folder, removed))
    }

    /// The path of case `number`'s file: `case-N.<extension>`, or, named after its input
    /// file's `stem`, `stem.<extension>` for the first case and `stem-N.<extension>` after.
    pub fn path(&self, number: usize, stem: Option<&str>) -> PathBuf {
        let name = match stem {
            None => format!("case-{number}"),
            Some(stem) if number == 1 => stem.to_string(),
            Some(stem) => format!("{stem}-{number}"),
        };
        self.dir.join(format!("{name}.{}", self.extension))
    }

    /// The path of a whole input's output, named after its file's `stem`.
    pub fn whole(&self, stem: &str) -> PathBuf {
        self.dir.join(format!("{stem}.{}", self.extension))
    }
}

/// Whether a file is named as [`Folder`] names them: `case-N.<extension>`.
fn is_case_file(path: &Path, extension: &str) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.strip_prefix("case-")
        .and_then(|rest| rest.strip_suffix(extension))
        .and_then(|rest| rest.strip_suffix('.'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_file_is_named_by_its_number_or_after_its_input() {
        let dir = std::env::temp_dir().join(format!("arbiter-folder-{}", std::process::id()));
        let (folder, removed) = Folder::prepare(&dir, "svg", "pictures").unwrap();
        assert_eq!(removed, 0);
        assert_eq!(folder.path(3, None), dir.join("case-3.svg"));
        assert_eq!(folder.path(1, Some("game")), dir.join("game.svg"));
        assert_eq!(folder.path(2, Some("game")), dir.join("game-2.svg"));
        assert_eq!(folder.whole("game"), dir.join("game.svg"));
        // An earlier run's case files are removed; other files are left.
        fs::write(folder.path(1, None), "old").unwrap();
        fs::write(dir.join("notes.svg"), "mine").unwrap();
        let (_, removed) = Folder::prepare(&dir, "svg", "pictures").unwrap();
        assert_eq!(removed, 1);
        assert!(dir.join("notes.svg").exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_case_n_files_of_the_extension_are_case_files() {
        assert!(is_case_file(Path::new("out/case-12.svg"), "svg"));
        for other in [
            "case-.svg",
            "case-1a.svg",
            "case-1.sgf",
            "game.svg",
            "case-1svg",
        ] {
            assert!(!is_case_file(Path::new(other), "svg"), "{other}");
        }
    }

    #[test]
    fn a_file_in_the_way_of_the_folder_is_an_error_naming_it() {
        let file =
            std::env::temp_dir().join(format!("arbiter-not-a-folder-{}", std::process::id()));
        fs::write(&file, "").unwrap();
        let error = Folder::prepare(&file, "svg", "pictures").unwrap_err();
        assert!(error.to_string().contains("it is not a folder"), "{error}");
        fs::remove_file(&file).unwrap();
    }
}

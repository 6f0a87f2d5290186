//! Lines read one at a time with a bound on their length, for the formats that are lines
//! (trmph files) and for `validate`.
//!
//! A line longer than the bound is read only that far, and the reader stops there: the rest
//! of such a line is not read, since it may never end. The caller treats the cut line as an
//! error and reads no further.

use std::io::{self, BufRead};

/// One line as read: its bytes (without the newline), and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CappedLine {
    /// The bytes, at most the bound.
    pub bytes: Vec<u8>,
    /// Whether a newline ended it (not the end of the input).
    pub ended: bool,
    /// Whether the line went on past the bound (then `bytes` holds the bound's worth).
    pub cut: bool,
}

/// Reads the next line of at most `cap` bytes; `None` at the end of the input.
///
/// # Errors
/// When reading fails.
pub(crate) fn read_capped(input: &mut impl BufRead, cap: usize) -> io::Result<Option<CappedLine>> {
    let mut bytes = Vec::new();
    let mut ended = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        let room = cap + 1 - bytes.len();
        let window = &buf[..buf.len().min(room)];
        let (piece, used) = match window.iter().position(|&b| b == b'\n') {
            Some(at) => {
                ended = true;
                (&window[..at], at + 1)
            }
            None => (window, window.len()),
        };
        bytes.extend_from_slice(piece);
        input.consume(used);
        if ended || bytes.len() > cap {
            break;
        }
    }
    let cut = bytes.len() > cap;
    if cut {
        bytes.truncate(cap);
    }
    if !ended && !cut && bytes.is_empty() {
        return Ok(None);
    }
    Ok(Some(CappedLine { bytes, ended, cut }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_newlines_and_long_ones_are_cut() {
        let mut input = io::BufReader::with_capacity(3, &b"ab\n\nabcdefg\nxy"[..]);
        let mut next = || read_capped(&mut input, 5).unwrap();
        let line = |bytes: &[u8], ended, cut| {
            Some(CappedLine {
                bytes: bytes.to_vec(),
                ended,
                cut,
            })
        };
        assert_eq!(next(), line(b"ab", true, false));
        assert_eq!(next(), line(b"", true, false));
        assert_eq!(next(), line(b"abcde", false, true));
    }

    #[test]
    fn the_last_line_may_lack_its_newline() {
        let mut input = &b"xy"[..];
        let line = read_capped(&mut input, 5).unwrap().unwrap();
        assert_eq!((line.bytes.as_slice(), line.ended), (&b"xy"[..], false));
        assert_eq!(read_capped(&mut input, 5).unwrap(), None);
    }
}

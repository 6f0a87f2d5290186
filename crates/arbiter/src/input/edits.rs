//! Random edits of an input's bytes, for the property tests that hold two readers of one
//! format to the same answers on inputs just off the format.

use proptest::prelude::*;

/// `file`, then up to three edits, each replacing, inserting or removing one byte, the new
/// bytes drawn from `bytes`.
pub(crate) fn edited(
    file: impl Strategy<Value = Vec<u8>>,
    bytes: &'static [u8],
) -> impl Strategy<Value = Vec<u8>> {
    let edit = (
        any::<prop::sample::Index>(),
        0u8..3,
        prop::sample::select(bytes.to_vec()),
    );
    (file, prop::collection::vec(edit, 0..4)).prop_map(|(mut text, edits)| {
        for (at, kind, byte) in edits {
            let i = at.index(text.len() + 1);
            match kind {
                0 if i < text.len() => text[i] = byte,
                1 => text.insert(i, byte),
                _ if i < text.len() => {
                    text.remove(i);
                }
                _ => {}
            }
        }
        text
    })
}

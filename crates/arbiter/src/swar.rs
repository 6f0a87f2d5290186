//! Eight bytes at a time in one 64-bit word ("SIMD within a register"): which bytes of a word
//! equal a given byte, as eight bits. The readers and the scorers turn rows of letters or
//! cells into bit masks with it, without a branch or a shift a byte.

/// Which of the eight bytes of `word` (the first in the lowest bits) equal `byte`: bit `i`
/// for byte `i`.
#[inline(always)]
pub(crate) fn bytes_equal(word: u64, byte: u8) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let diff = word ^ (u64::from(byte) * 0x0101_0101_0101_0101);
    // Bit 7 of each byte set when the byte of `diff` is not zero, exactly (no carries).
    let nonzero = ((diff & LOW7) + LOW7) | diff;
    let zero = !nonzero & !LOW7;
    // Gather bit 7 of every byte into the top byte, byte i to bit 56 + i.
    (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// How many bytes at the start of `word` (the first in the lowest bits) lie above `b' '`:
/// the index of the first white space or control byte, 8 when there is none. (Subtracting
/// `0x21` from every byte borrows only from a byte below it, so the first such byte is found
/// exactly; bytes from `0x80` up count as above.)
#[inline(always)]
pub(crate) fn leading_above_space(word: u64) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let below = word.wrapping_sub(0x21 * ONES) & !word & (0x80 * ONES);
    below.trailing_zeros() as usize / 8
}

/// Which bytes of `row` (at most 64) equal `byte`: bit `i` for byte `i`.
#[inline]
pub(crate) fn row_equal(row: &[u8], byte: u8) -> u64 {
    debug_assert!(row.len() <= 64);
    let mut chunks = row.chunks_exact(8);
    let mut mask = 0;
    for (k, chunk) in (&mut chunks).enumerate() {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        mask |= bytes_equal(word, byte) << (8 * k);
    }
    let done = row.len() - chunks.remainder().len();
    for (i, &b) in chunks.remainder().iter().enumerate() {
        mask |= u64::from(b == byte) << (done + i);
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn eight_bytes_at_a_time_as_one_at_a_time(
            row in prop::collection::vec(prop::sample::select(vec![0u8, 1, 2, 0x80, 0xff, b'F']), 0..=64),
            byte in prop::sample::select(vec![0u8, 1, 2, 0x80, 0xff, b'F']),
        ) {
            let expected = row.iter().enumerate().fold(0, |mask, (i, &b)| mask | u64::from(b == byte) << i);
            prop_assert_eq!(row_equal(&row, byte), expected);
        }

        #[test]
        fn the_first_byte_at_or_below_space_exactly(bytes in prop::array::uniform8(any::<u8>())) {
            let expected = bytes.iter().position(|&b| b <= b' ').unwrap_or(8);
            prop_assert_eq!(leading_above_space(u64::from_le_bytes(bytes)), expected);
        }
    }
}

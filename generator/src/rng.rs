//! A tiny seeded PRNG (SplitMix64) that turns a campaign seed into the bytes an
//! `arbitrary::Unstructured` reads, so seeded campaigns and `cargo fuzz` share one
//! generator. No `rand` dependency: the generator only needs reproducible bytes.

/// SplitMix64 (Steele, Lea, Flood 2014): one 64-bit state, full period, good enough
/// mixing for test-case generation.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Fills `buf` with pseudo-random bytes.
    pub fn fill(&mut self, buf: &mut [u8]) {
        let mut chunks = buf.chunks_exact_mut(8);
        for c in &mut chunks {
            c.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        let rest = chunks.into_remainder();
        if !rest.is_empty() {
            let b = self.next_u64().to_le_bytes();
            let n = rest.len();
            rest.copy_from_slice(&b[..n]);
        }
    }
}

/// `len` pseudo-random bytes for `seed`.
pub fn seeded_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut buf = vec![0u8; len];
    SplitMix64::new(seed).fill(&mut buf);
    buf
}

/// SplitMix64 of `seed` after `calls` outputs: its state is the seed plus `calls` steps.
fn seek(seed: u64, calls: u64) -> SplitMix64 {
    SplitMix64::new(seed.wrapping_add(calls.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// Fills the first and the last `ends` bytes of `buf` with what [`seeded_bytes`] puts
/// there (`ends` a multiple of 8, `buf.len()` too) and leaves the rest as it is.
fn fill_ends(seed: u64, buf: &mut [u8], ends: usize) {
    let len = buf.len();
    debug_assert!(ends.is_multiple_of(8) && len.is_multiple_of(8) && 2 * ends <= len);
    SplitMix64::new(seed).fill(&mut buf[..ends]);
    seek(seed, ((len - ends) / 8) as u64).fill(&mut buf[len - ends..]);
}

/// Bytes at each end of the seeded buffer that [`with_seeded_bytes`] fills first. A
/// generated module takes a few hundred (2,000 seeds: median 331, largest 2,875), from
/// the front, and lengths from the back.
const ENDS: usize = 4096;

/// `f` on an `Unstructured` over `seeded_bytes(seed, len)` (`len` a multiple of 8),
/// without making all of them: first only both ends are filled, and the reads are
/// accepted when `f` took no more than that in all, which means it read nothing in
/// between; else `f` runs again on the whole buffer. `f` sees the same bytes
/// wherever it reads, so it must be a function of them (the generator is).
pub fn with_seeded_bytes<T>(
    seed: u64,
    len: usize,
    f: impl Fn(&mut arbitrary::Unstructured) -> T,
) -> T {
    thread_local! {
        static BUF: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
    }
    // Taken out, so that a nested call gets a buffer of its own.
    let mut buf = BUF.take();
    buf.resize(len, 0);
    let out = if len.is_multiple_of(8) && len >= 2 * ENDS {
        fill_ends(seed, &mut buf, ENDS);
        let mut u = arbitrary::Unstructured::new(&buf);
        let out = f(&mut u);
        (len - u.len() <= ENDS).then_some(out)
    } else {
        None
    };
    let out = out.unwrap_or_else(|| {
        SplitMix64::new(seed).fill(&mut buf);
        f(&mut arbitrary::Unstructured::new(&buf))
    });
    BUF.set(buf);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducible_and_seed_dependent() {
        assert_eq!(seeded_bytes(1, 37), seeded_bytes(1, 37));
        assert_ne!(seeded_bytes(1, 37), seeded_bytes(2, 37));
        // Reference value of SplitMix64 from seed 0.
        assert_eq!(SplitMix64::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn both_ends_are_the_seeded_bytes() {
        for seed in [0, 1, u64::MAX, 0x1234_5678_9abc_def0] {
            let all = seeded_bytes(seed, 64 * 1024);
            let mut buf = vec![0xAAu8; 64 * 1024];
            fill_ends(seed, &mut buf, ENDS);
            assert_eq!(buf[..ENDS], all[..ENDS]);
            assert_eq!(buf[64 * 1024 - ENDS..], all[64 * 1024 - ENDS..]);
            assert!(buf[ENDS..64 * 1024 - ENDS].iter().all(|&b| b == 0xAA));
        }
    }

    /// Whatever `f` reads, it sees `seeded_bytes`: reads within the ends take the fast
    /// path, reads beyond them the whole buffer.
    #[test]
    fn reads_see_the_seeded_bytes_wherever_they_are() {
        let len = 64 * 1024;
        for take in [0, 10, ENDS - 1, ENDS, ENDS + 1, 3 * ENDS, len] {
            for seed in [3u64, 99] {
                let all = seeded_bytes(seed, len);
                // `take` bytes from the front, then a length from the back.
                let got = with_seeded_bytes(seed, len, |u| {
                    let front = u
                        .bytes(take.min(u.len()))
                        .map(<[u8]>::to_vec)
                        .unwrap_or_default();
                    let size = u.arbitrary_len::<u64>().unwrap_or(0);
                    (front, size)
                });
                let mut u = arbitrary::Unstructured::new(&all);
                let front = u.bytes(take).unwrap().to_vec();
                let size = u.arbitrary_len::<u64>().unwrap_or(0);
                assert_eq!(got, (front, size), "take {take}, seed {seed}");
            }
        }
    }
}

//! Deduplication of findings: each finding gets a *signature*
//! ([`crate::verdict::signature`]) and the findings of one signature form a bucket. A
//! campaign reduces and saves only the first few of a bucket ([`Buckets::save`]); the
//! rest are journaled and counted, so a bug that fires on every case costs one
//! reduction per bucket, not one per case.

use std::collections::HashMap;
use std::sync::Mutex;

/// How many findings of a bucket a campaign reduces and saves by default.
pub const REDUCE_PER_BUCKET: u64 = 3;

/// How many findings of each bucket were saved so far, shared by a campaign's threads.
pub struct Buckets {
    per_bucket: u64,
    saved: Mutex<HashMap<String, u64>>,
}

impl Buckets {
    /// Buckets that let `per_bucket` findings of each be saved, starting from the
    /// signatures of the findings earlier runs saved (a resumed campaign).
    pub fn new<'a>(per_bucket: u64, saved_earlier: impl IntoIterator<Item = &'a str>) -> Buckets {
        let mut saved = HashMap::new();
        for s in saved_earlier {
            *saved.entry(s.to_string()).or_insert(0) += 1;
        }
        Buckets {
            per_bucket,
            saved: Mutex::new(saved),
        }
    }

    /// Whether to save a finding of `signature` (and count it as saved): while fewer
    /// than `per_bucket` of its bucket were; past the first, only when it can be reduced
    /// now (`reducible`), so that a later one of the bucket is reduced instead of this
    /// one written as it is.
    pub fn save(&self, signature: &str, reducible: bool) -> bool {
        // A case thread never panics while holding the lock, but a poisoned lock must
        // not end the campaign either.
        let mut saved = self.saved.lock().unwrap_or_else(|e| e.into_inner());
        let n = match saved.get_mut(signature) {
            Some(n) => n,
            None => saved.entry(signature.to_string()).or_insert(0),
        };
        if *n >= self.per_bucket || (*n > 0 && !reducible) {
            return false;
        }
        *n += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_first_few_of_a_bucket_are_saved() {
        let b = Buckets::new(3, ["s"]);
        assert!(b.save("s", true) && b.save("s", true));
        assert!(!b.save("s", true), "one came from the earlier run");
        assert!(b.save("t", false), "the first is saved even unreduced");
        assert!(
            !b.save("t", false),
            "the others only when they can be reduced"
        );
        assert!(b.save("t", true));
    }
}

//! What a crashed worker process said: the last lines of its standard error worth
//! reporting, on one line and without what differs from one process to the next, so
//! that two paths that crash the same way (the JIT's worker, the pool's) give the same
//! message.

/// The last lines of a crashed worker's stderr worth reporting (LLVM's own
/// `LLVM ERROR: ...` before an abort, for instance), on one line, without what differs
/// from one process to the next (see [`without_thread_ids`]), so that two paths that
/// crash the same way give the same message.
pub fn stderr_note(tail: &str) -> String {
    let lines: Vec<String> = tail
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(without_thread_ids)
        .collect();
    let keep = &lines[lines.len().saturating_sub(3)..];
    if keep.is_empty() {
        return String::new();
    }
    let mut s: String = keep.join(" | ").chars().take(400).collect();
    s.insert_str(0, " (worker stderr: ");
    s.push(')');
    s
}

/// `line` without the thread ids Rust's runtime prints after a thread's name
/// (`thread 'main' (41237) panicked at ...`, `... has overflowed its stack`).
fn without_thread_ids(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find("thread '") {
        let name_start = at + "thread '".len();
        let Some(name_len) = rest[name_start..].find('\'') else {
            break;
        };
        let after_name = name_start + name_len + 1;
        out.push_str(&rest[..after_name]);
        rest = &rest[after_name..];
        if let Some(id) = rest.strip_prefix(" (") {
            let digits = id.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && id[digits..].starts_with(')') {
                rest = &id[digits + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two workers that die the same way give the same message: the thread ids Rust
    /// prints (`thread 'main' (41237) ...`) differ from process to process.
    #[test]
    fn crash_notes_carry_no_thread_ids() {
        let tail = |id: u32| {
            format!(
                "thread 'main' ({id}) panicked at src/x.rs:1:2:\nboom\n\
                 thread '<unnamed>' ({}) has overflowed its stack\n\
                 fatal runtime error: stack overflow, aborting\n",
                id + 1
            )
        };
        let note = stderr_note(&tail(41237));
        assert_eq!(note, stderr_note(&tail(7)));
        assert_eq!(
            note,
            " (worker stderr: boom | thread '<unnamed>' has overflowed its stack | \
             fatal runtime error: stack overflow, aborting)"
        );
        // Only a parenthesized number right after a thread's name goes.
        for keep in [
            "thread 'a' (x1) b",
            "thread 'a'(12) b",
            "thread 'a (12)",
            "LLVM ERROR: at (12)",
        ] {
            assert_eq!(without_thread_ids(keep), keep);
        }
        assert_eq!(
            without_thread_ids("thread 'a' (1) x thread 'b' (22)"),
            "thread 'a' x thread 'b'"
        );
    }
}

//! Panics as findings: [`catch`] runs a piece of work (a campaign case, a checked file,
//! a file test) so that a Rust panic anywhere in it — generator, verifier, converter,
//! interpreter, JIT, harness — comes back as a [`Panic`] (message and `FILE:LINE:COL`)
//! instead of ending the process.
//!
//! The location is recorded by a process-wide panic hook, installed once, that writes
//! it to the panicking thread's own slot while that thread is inside [`catch`]; there
//! the default hook's "thread 'x' panicked at ..." on stderr is left out (the panic is
//! reported as a finding instead). Outside [`catch`], and on other threads, the hook
//! that was installed before (the default one) runs as usual.

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, PanicHookInfo};
use std::sync::Once;

/// A caught panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panic {
    /// The panic message (the payload, when it is a string).
    pub message: String,
    /// `FILE:LINE:COL` of the `panic!` (or of the `unwrap`, index, ...), or `unknown`
    /// when the panic was raised on another thread and carried over to this one.
    pub location: String,
}

/// The prefix of a panic finding's detail, followed by the location (see [`Panic::detail`]).
const DETAIL_PREFIX: &str = "panicked at ";

impl Panic {
    /// The finding's detail: `panicked at FILE:LINE:COL: MESSAGE` (first line) and the
    /// rest of a multi-line message after it.
    pub fn detail(&self) -> String {
        format!("{DETAIL_PREFIX}{}: {}", self.location, self.message)
    }

    /// The location in a detail written by [`Panic::detail`].
    pub fn location_in(detail: &str) -> Option<&str> {
        let rest = detail.strip_prefix(DETAIL_PREFIX)?;
        // A location (`FILE:LINE:COL`, or `unknown`) has no ": " in it.
        rest.lines().next()?.split(": ").next()
    }
}

impl std::fmt::Display for Panic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.detail())
    }
}

thread_local! {
    /// How many [`catch`] calls this thread is inside.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// The last panic this thread raised inside [`catch`].
    static LAST: RefCell<Option<Panic>> = const { RefCell::new(None) };
}

/// The message of a panic payload.
fn payload_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(a panic payload that is not a string)".into())
}

fn install_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info: &PanicHookInfo<'_>| {
            if DEPTH.with(Cell::get) == 0 {
                return previous(info);
            }
            let location = info.location().map_or_else(
                || "unknown".to_string(),
                |l| format!("{}:{}:{}", l.file(), l.line(), l.column()),
            );
            let message = payload_message(info.payload());
            // `try_with`: the thread may be tearing down its locals.
            let _ = LAST.try_with(|s| {
                if let Ok(mut s) = s.try_borrow_mut() {
                    *s = Some(Panic { message, location });
                }
            });
        }));
    });
}

/// Runs `f`; a panic in it is returned as `Err` with its message and location, and
/// prints nothing. Nested calls are fine (the innermost one catches).
pub fn catch<R>(f: impl FnOnce() -> R) -> Result<R, Panic> {
    install_hook();
    DEPTH.with(|d| d.set(d.get() + 1));
    let r = std::panic::catch_unwind(AssertUnwindSafe(f));
    DEPTH.with(|d| d.set(d.get() - 1));
    r.map_err(|payload| {
        let recorded = LAST.with(|s| s.borrow_mut().take());
        recorded.unwrap_or_else(|| Panic {
            message: payload_message(&*payload),
            location: "unknown".into(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catches_message_and_location_and_goes_on() {
        let line = line!() + 1;
        let r: Result<(), Panic> = catch(|| panic!("boom {}", 7));
        let p = r.unwrap_err();
        assert_eq!(p.message, "boom 7");
        assert!(
            p.location.starts_with(&format!("{}:{line}:", file!())),
            "{}",
            p.location
        );
        assert_eq!(catch(|| 5).unwrap(), 5);
        // An unwrap's location is the caller's.
        let v: Vec<u8> = Vec::new();
        let line = line!() + 1;
        let p = catch(|| v[3]).unwrap_err();
        assert!(p.location.starts_with(&format!("{}:{line}:", file!())));
        assert!(p.message.contains("index out of bounds"), "{}", p.message);
    }

    #[test]
    fn nested_catches_and_detail_round_trip() {
        let outer = catch(|| {
            let inner = catch(|| panic!("inner"));
            assert_eq!(inner.unwrap_err().message, "inner");
            panic!("outer: a: b")
        })
        .unwrap_err();
        assert_eq!(outer.message, "outer: a: b");
        let d = outer.detail();
        assert_eq!(Panic::location_in(&d), Some(outer.location.as_str()));
        let p = Panic {
            message: "x:1: y".into(),
            location: "src/a.rs:10:5".into(),
        };
        assert_eq!(Panic::location_in(&p.detail()), Some("src/a.rs:10:5"));
        assert_eq!(Panic::location_in("something else"), None);
    }

    #[test]
    fn a_mutex_held_across_a_panic_stays_usable() {
        let m = std::sync::Mutex::new(1);
        let _ = catch(|| {
            let _g = m.lock().unwrap_or_else(|e| e.into_inner());
            panic!("while holding the lock")
        });
        assert_eq!(*m.lock().unwrap_or_else(|e| e.into_inner()), 1);
    }
}

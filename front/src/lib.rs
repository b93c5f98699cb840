//! The `stdlower` binary's code, which depends on `converter` alone and so cannot
//! reach libLLVM: the `lower` command and what it needs (reading and verifying a
//! module, exit statuses, standard output's errors, the pass options), the global
//! allocator, and the hand-over of every other command to `stdlower-full` (`front.rs`).
//! The `harness` crate, which builds `stdlower-full`, uses these same modules, so
//! both binaries run the same `lower`.

pub mod alloc;
pub mod exit;
pub mod front;
pub mod input;
pub mod lower;
pub mod options;
pub mod output;

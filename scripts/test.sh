#!/usr/bin/env bash
# Every test of the project: formatting, lints, the guide (`mdbook build docs`, into
# target/book/), and `cargo test` over the workspace (unit tests, property tests, every
# file test under corpus/, the guide's links and runnable snippets). Installs what is
# missing first. This is the command CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
mdbook build docs
cargo test --workspace --locked

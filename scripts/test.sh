#!/usr/bin/env bash
# Every test of the project: formatting, lints, and `cargo test` over the workspace
# (unit tests, property tests, and every file test under corpus/). Installs what is
# missing first. This is the command CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo test --workspace --locked

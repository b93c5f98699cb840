#!/usr/bin/env bash
# Reproduces a newcomer's first steps in the wrong order and checks that setup recovers:
# in a temporary copy of the checkout, with LLVM 22 hidden from the build (PATH without
# llvm-config), `cargo build` fails; with LLVM back it still fails (llvm-sys's cached
# "not found" — the trap); `scripts/setup.sh` says it cleared that; the build succeeds.
# The same for the fuzz workspace's target directory, where `cargo fuzz` builds.
# Only llvm-sys is built (`-p llvm-sys`): the trap and its cure are there, and it takes
# seconds where the workspace takes minutes. Needs LLVM 22 installed (scripts/setup.sh).
# Exit status 0 when every step went as it must; 1 with the step that did not.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
command -v llvm-config-22 >/dev/null || { echo "check-setup-order: LLVM 22 is not installed" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The checkout's files as they are now (tracked files, uncommitted edits included).
clone="$tmp/stdlower"
mkdir -p "$clone"
(cd "$ROOT" && git ls-files -z | xargs -0 cp --parents -t "$clone" 2>/dev/null) || true
[ -f "$clone/Cargo.lock" ] && [ -x "$clone/scripts/setup.sh" ] || { echo "check-setup-order: could not copy the checkout" >&2; exit 1; }

# A PATH like the real one, without any llvm-config.
nollvm="$tmp/bin-without-llvm"
mkdir -p "$nollvm"
IFS=: read -r -a dirs <<< "$PATH"
for d in "${dirs[@]}"; do
  [ -d "$d" ] || continue
  for f in "$d"/*; do
    b=$(basename "$f")
    case "$b" in llvm-config*) continue ;; esac
    [ -x "$f" ] && [ ! -e "$nollvm/$b" ] && ln -s "$f" "$nollvm/$b"
  done
done
PATH="$nollvm" command -v llvm-config-22 >/dev/null && { echo "check-setup-order: could not hide llvm-config-22" >&2; exit 1; }
# LLVM_SYS_*_PREFIX would find LLVM without PATH; the newcomer has none set.
unset LLVM_SYS_221_PREFIX LLVM_SYS_220_PREFIX || true

fail() { echo "check-setup-order: $*" >&2; exit 1; }
HOST=$(rustc -vV | sed -n 's/^host: //p')
build() { # build TARGET_DIR LOG [PATH]: llvm-sys in the copy, offline, quietly; in the
  # fuzz target directory as cargo fuzz lays it out (release, per target triple)
  local how=()
  case "$1" in */fuzz/target) how=(--release --target "$HOST") ;; esac
  (cd "$clone" && PATH="${3:-$PATH}" CARGO_TARGET_DIR="$1" cargo build -q --offline --locked -p llvm-sys "${how[@]}") > "$2" 2>&1
}

for t in target fuzz/target; do
  build "$clone/$t" "$tmp/1.log" "$nollvm" && fail "$t: the build succeeded without LLVM (not hidden?)"
  grep -q "LLVM" "$tmp/1.log" || fail "$t: the build without LLVM failed for another reason: $(tail -5 "$tmp/1.log")"
  build "$clone/$t" "$tmp/2.log" && fail "$t: the build after LLVM came back succeeded before setup (no trap to cure: did llvm-sys change?)"
  (cd "$clone" && scripts/setup.sh) > "$tmp/setup.log" 2>&1 || fail "$t: setup failed: $(cat "$tmp/setup.log")"
  grep -q "setup: cleared llvm-sys" "$tmp/setup.log" || fail "$t: setup did not say it cleared the cached result: $(cat "$tmp/setup.log")"
  build "$clone/$t" "$tmp/3.log" || fail "$t: the build after setup failed: $(tail -5 "$tmp/3.log")"
  echo "check-setup-order: $t: build without LLVM fails, still fails with LLVM back, setup clears it, build succeeds"
done

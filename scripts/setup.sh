#!/usr/bin/env bash
# Installs what stdlower needs on a Debian machine, and nothing that is already there:
# LLVM 22 and MLIR 22 (the JIT, the default upstream peer), MLIR 13 (the upstream peer of
# the spec's own era: `-convert-std-to-llvm`; its llvm-as carries to the JIT, as bitcode,
# the typed-pointer LLVM IR that LLVM 22's parser does not read), MLIR 14, 15 and 16 (whose
# batched lowering the test upstream_nested checks), z3 and cvc5 (the solvers of `stdlower
# prove`), and Chromium (the test that renders a campaign's report.html).
# Idempotent: a second run only checks. Needs root (or sudo) only when something is missing.
set -euo pipefail

PKGS=(llvm-22-dev libpolly-22-dev libzstd-dev clang-22 mlir-22-tools libmlir-22-dev
  mlir-13-tools llvm-13 mlir-14-tools mlir-15-tools mlir-16-tools z3 cvc5 chromium)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

for tool in llvm-config-22 mlir-opt-13 z3 cvc5 chromium; do
  command -v "$tool" >/dev/null || { echo "setup: $tool not on PATH after install" >&2; exit 1; }
done

# A build that ran before LLVM 22 was there (a newcomer's first `cargo build`, `cargo
# test` or `cargo fuzz`) left llvm-sys's build-script result "LLVM not found" in the
# target directory, and cargo re-runs that script only when one of its environment
# variables changes: every later build fails at once with the same error. Remove such
# stale results (llvm-sys is rebuilt, nothing else) in every target directory of the
# checkout, for every profile and target triple.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
stale=()
for t in "$ROOT/target" "$ROOT/fuzz/target" ${CARGO_TARGET_DIR:+"$CARGO_TARGET_DIR"}; do
  [ -d "$t" ] || continue
  while IFS= read -r out; do
    grep -q "LLVM_SYS_NOT_FOUND" "$out" 2>/dev/null && stale+=("$(dirname "$(dirname "$(dirname "$out")")")")
  done < <(find "$t" -maxdepth 5 -path '*/build/llvm-sys-*/output' 2>/dev/null)
done
if [ ${#stale[@]} -gt 0 ]; then
  mapfile -t stale < <(printf '%s\n' "${stale[@]}" | sort -u)
  for d in "${stale[@]}"; do
    rm -rf "$d"/build/llvm-sys-* "$d"/.fingerprint/llvm-sys-* "$d"/deps/libllvm_sys-* "$d"/deps/llvm_sys-*
  done
  echo "setup: cleared llvm-sys build results cached before LLVM 22 was found, in: ${stale[*]#"$ROOT/"}" >&2
fi
# mdBook builds the guide in docs/ (scripts/test.sh runs `mdbook build docs`). Without
# its default features (file watcher, web server, search index) it is a plain build of
# the HTML renderer: 2.6 min of CPU (measured: `time cargo install mdbook --locked
# --no-default-features`, user 2m36s), once per machine.
if ! command -v mdbook >/dev/null 2>&1; then
  echo "setup: installing mdbook" >&2
  cargo install mdbook --version 0.5.4 --locked --no-default-features
fi
# cargo-fuzz is optional for the test suite; install it only when asked.
if [ "${STDLOWER_SETUP_FUZZ:-0}" = 1 ] && ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
echo "setup: ok (LLVM $(llvm-config-22 --version))" >&2

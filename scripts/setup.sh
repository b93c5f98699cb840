#!/usr/bin/env bash
# Installs what stdlower needs on a Debian machine, and nothing that is already there.
# Idempotent: a second run only checks. Needs root (or sudo) only when something is missing.
set -euo pipefail

PKGS=(llvm-22-dev libpolly-22-dev libzstd-dev clang-22 mlir-22-tools libmlir-22-dev)

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

command -v llvm-config-22 >/dev/null || { echo "setup: llvm-config-22 not on PATH after install" >&2; exit 1; }
# cargo-fuzz is optional for the test suite; install it only when asked.
if [ "${STDLOWER_SETUP_FUZZ:-0}" = 1 ] && ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
echo "setup: ok (LLVM $(llvm-config-22 --version))" >&2

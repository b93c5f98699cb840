#!/usr/bin/env bash
# ClusterFuzzLite's build and a first run, on this machine: runs .clusterfuzzlite/build.sh
# with a temporary $SRC (holding the checkout as $SRC/stdlower) and $OUT and the
# environment ClusterFuzzLite's builder image gives it, then checks what a runner without
# LLVM needs:
#   - every binary in $OUT links nothing beyond libc, libm, libstdc++, libgcc_s, libz
#     (and the loader), by `ldd`;
#   - every binary has its seed corpus ($OUT/<target>_seed_corpus.zip) and runs each seed
#     once, then fuzzes for a few seconds from them (with $OUT/<target>.dict if any), with
#     the runner's ASAN_OPTIONS (leak detection on).
#
#   scripts/cflite-local.sh [--sanitizer address|undefined|none] [--seconds N] [--keep]
#
# Needs scripts/setup.sh and `cargo install cargo-fuzz --locked`. The first build of a
# sanitizer takes long (LLVM is linked statically); builds are kept in
# fuzz/target/cflite-<sanitizer>/ so the next one is incremental. --keep leaves $OUT in
# place and prints it. Not emulated: the builder's prebuilt libFuzzer (libfuzzer-sys
# builds its own) and -fsanitize=fuzzer-no-link on C code (it would instrument that
# libFuzzer). harness/tests/it/cflite_local.rs runs this with STDLOWER_CFLITE_TEST=1.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SAN=${SANITIZER:-address}
SECS=10
KEEP=0
while [ $# -gt 0 ]; do
  case "$1" in
    --sanitizer) SAN="$2"; shift 2 ;;
    --sanitizer=*) SAN="${1#*=}"; shift ;;
    --seconds) SECS="$2"; shift 2 ;;
    --seconds=*) SECS="${1#*=}"; shift ;;
    --keep) KEEP=1; shift ;;
    *) echo "usage: scripts/cflite-local.sh [--sanitizer address|undefined|none] [--seconds N] [--keep]" >&2; exit 2 ;;
  esac
done
case "$SAN" in address | undefined | none) ;; *) echo "cflite-local: sanitizer '$SAN' not supported" >&2; exit 2 ;; esac
cargo fuzz --version >/dev/null 2>&1 || {
  echo "cflite-local: cargo-fuzz is missing (cargo install cargo-fuzz --locked)" >&2
  exit 1
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/stdlower-cflite.XXXXXX")
cleanup() { [ "$KEEP" = 1 ] || rm -rf "$tmp"; }
trap cleanup EXIT
export SRC="$tmp/src" OUT="$tmp/out" WORK="$tmp/work"
mkdir -p "$SRC" "$OUT" "$WORK"
# The builder image COPYs the checkout to $SRC/stdlower; a link keeps builds incremental.
ln -s "$ROOT" "$SRC/stdlower"
cp "$ROOT/.clusterfuzzlite/build.sh" "$SRC/build.sh"

# What the builder image's `compile` sets before it runs build.sh.
export FUZZING_ENGINE=libfuzzer FUZZING_LANGUAGE=rust ARCHITECTURE=x86_64 SANITIZER="$SAN"
if command -v clang-22 >/dev/null; then export CC=clang-22 CXX=clang++-22; else export CC=clang CXX=clang++; fi
case "$SAN" in
  address) SANITIZER_FLAGS="-fsanitize=address -fsanitize-address-use-after-scope" ;;
  undefined) SANITIZER_FLAGS="-fsanitize=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr -fno-sanitize-recover=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr" ;;
  none) SANITIZER_FLAGS="" ;;
esac
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION $SANITIZER_FLAGS"
export CXXFLAGS="$CFLAGS"
export RUSTFLAGS="--cfg fuzzing -Cdebuginfo=1 -Cforce-frame-pointers"
[ "$SAN" = address ] && RUSTFLAGS="$RUSTFLAGS -Zsanitizer=address"
# The builder image's Rust is nightly; -Zsanitizer on a stable toolchain needs this.
rustc --version | grep -q nightly || export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR="$ROOT/fuzz/target/cflite-$SAN"

echo "cflite-local: building (SANITIZER=$SAN, log in $WORK/build.log)" >&2
if ! (cd "$SRC" && bash -eu "$SRC/build.sh") > "$WORK/build.log" 2>&1; then
  tail -40 "$WORK/build.log" >&2
  echo "cflite-local: build.sh failed" >&2
  exit 1
fi

# What a runner image without LLVM 22 can load.
ALLOWED='^(linux-vdso\.so|ld-linux-x86-64\.so|libc\.so|libm\.so|libstdc\+\+\.so|libgcc_s\.so|libz\.so)'
status=0
targets=()
for bin in "$OUT"/*; do
  [ -f "$bin" ] && [ -x "$bin" ] && [ "$(head -c 4 "$bin" | tail -c 3)" = ELF ] || continue
  t=$(basename "$bin")
  targets+=("$t")
  libs=$(ldd "$bin" | awk '{print $1}' | xargs -n1 basename)
  bad=$(printf '%s\n' "$libs" | grep -Ev "$ALLOWED" | grep -v '^$' || true)
  if [ -n "$bad" ]; then
    echo "cflite-local: $t links libraries a runner does not have: $(echo $bad)" >&2
    status=1
  else
    echo "cflite-local: $t: ldd ok ($(echo $libs))"
  fi
done
[ ${#targets[@]} -gt 0 ] || { echo "cflite-local: no binaries in \$OUT" >&2; exit 1; }

# The runner's sanitizer options (base-runner), leak detection included.
export ASAN_OPTIONS="alloc_dealloc_mismatch=0:allocator_may_return_null=1:allocator_release_to_os_interval_ms=500:check_malloc_usable_size=0:detect_container_overflow=1:detect_odr_violation=0:detect_leaks=1:detect_stack_use_after_return=1:fast_unwind_on_fatal=0:handle_abort=1:handle_segv=1:handle_sigill=1:max_uar_stack_size_log=16:print_scariness=1:quarantine_size_mb=10:strict_memcmp=1:symbolize=1:use_sigaltstack=1:dedup_token_length=3"
for t in "${targets[@]}"; do
  zip="$OUT/${t}_seed_corpus.zip"
  if [ ! -f "$zip" ]; then
    echo "cflite-local: $t has no seed corpus ($t""_seed_corpus.zip)" >&2
    status=1
    continue
  fi
  seeds="$WORK/seeds-$t"
  corpus="$WORK/corpus-$t"
  mkdir -p "$seeds" "$corpus"
  python3 -m zipfile -e "$zip" "$seeds"
  n=$(find "$seeds" -type f | wc -l)
  dict=()
  [ -f "$OUT/$t.dict" ] && dict=(-dict="$OUT/$t.dict")
  # Every seed once (a seed that fails is named), then a short fuzzing run from them.
  if ! (cd "$WORK" && find "$seeds" -type f -print0 | xargs -0 "$OUT/$t" -timeout=25 "${dict[@]}") \
      > "$WORK/$t-seeds.log" 2>&1; then
    tail -30 "$WORK/$t-seeds.log" >&2
    echo "cflite-local: $t failed on its seed corpus" >&2
    status=1
    continue
  fi
  if ! (cd "$WORK" && "$OUT/$t" -max_total_time="$SECS" -timeout=25 -rss_limit_mb=2560 "${dict[@]}" \
      -artifact_prefix="$WORK/$t-" "$corpus" "$seeds") > "$WORK/$t-fuzz.log" 2>&1; then
    tail -30 "$WORK/$t-fuzz.log" >&2
    echo "cflite-local: $t failed while fuzzing for ${SECS}s (artifacts: $WORK/$t-*)" >&2
    KEEP=1
    status=1
    continue
  fi
  runs=$(grep -Eo '^#[0-9]+' "$WORK/$t-fuzz.log" | tail -1 || true)
  echo "cflite-local: $t: $n seeds ok, fuzzed ${SECS}s (${runs:-#0} runs)"
done
[ "$KEEP" = 1 ] && echo "cflite-local: kept $tmp"
[ "$status" = 0 ] && echo "cflite-local: ok (SANITIZER=$SAN: ${targets[*]})"
exit $status

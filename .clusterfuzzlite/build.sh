#!/bin/bash -eu
# Builds stdlower's cargo-fuzz targets for ClusterFuzzLite and puts in $OUT what its
# runner needs: self-contained binaries (LLVM linked statically, feature `static-llvm`:
# the runner image has no LLVM 22), a seed corpus per target (<target>_seed_corpus.zip)
# and, when the checkout has them, fuzz/<target>.dict and fuzz/<target>.options.
#
# ClusterFuzzLite's builder image sets SRC, OUT, SANITIZER, RUSTFLAGS, CC, CFLAGS...
# before it runs this; scripts/cflite-local.sh sets the same to run it on a workstation.
#
# SANITIZER: address (cargo-fuzz's AddressSanitizer, needs a nightly toolchain, which the
# builder image has, or RUSTC_BOOTSTRAP=1), undefined or none (Rust has no UBSan: no
# sanitizer, overflow checks and debug assertions still on), coverage (the coverage task).
cd "$SRC/stdlower"
TARGETS=(lowering parse)
FEATURES=static-llvm
target_dir=${CARGO_TARGET_DIR:-$PWD/fuzz/target}

case "${SANITIZER:-address}" in
  address) cargo_sanitizer=address ;;
  undefined | none) cargo_sanitizer=none ;;
  coverage) cargo_sanitizer="" ;;
  *)
    echo "build.sh: SANITIZER=$SANITIZER is not supported (address, undefined, none, coverage)" >&2
    exit 1
    ;;
esac

if [ "${SANITIZER:-address}" = undefined ]; then
  # The C parts (libFuzzer, mimalloc, llvm-sys's wrappers) would be instrumented for
  # UBSan, whose runtime nothing links into a Rust binary: build them as for `none`.
  CFLAGS=$(printf '%s' "${CFLAGS:-}" | sed -E 's/-fsanitize=[^ ]*//g; s/-fno-sanitize-recover=[^ ]*//g')
  CXXFLAGS=$(printf '%s' "${CXXFLAGS:-}" | sed -E 's/-fsanitize=[^ ]*//g; s/-fno-sanitize-recover=[^ ]*//g')
  export CFLAGS CXXFLAGS
fi

if [ -n "$cargo_sanitizer" ]; then
  # -O: release with debug assertions and overflow checks (cargo-fuzz's default).
  cargo fuzz build -O --fuzz-dir fuzz --sanitizer "$cargo_sanitizer" --features "$FEATURES"
  bin_dir="$target_dir/x86_64-unknown-linux-gnu/release"
else
  # The builder image's `cargo` wrapper turns `cargo fuzz build` into a plain
  # `cargo build --bins` for coverage and drops every other argument, our feature with
  # them; build the coverage binaries ourselves the way it would (no --release: the
  # profile data of an optimized build is unusable), with the feature.
  export RUSTFLAGS="${RUSTFLAGS:-} --remap-path-prefix fuzz_targets=$PWD/fuzz/fuzz_targets"
  (cd fuzz && cargo build --bins --features "$FEATURES")
  bin_dir="$target_dir/debug"
fi

for target in "${TARGETS[@]}"; do
  cp "$bin_dir/$target" "$OUT/"
  rm -f "$OUT/${target}_seed_corpus.zip"
  if command -v zip >/dev/null; then
    (cd "fuzz/seeds/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  else # a workstation without zip (scripts/cflite-local.sh)
    python3 -c 'import os, sys, zipfile
with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as z:
    for d, _, fs in os.walk(sys.argv[1]):
        for f in fs:
            p = os.path.join(d, f)
            z.write(p, os.path.relpath(p, sys.argv[1]))' "fuzz/seeds/$target" "$OUT/${target}_seed_corpus.zip"
  fi
  for extra in dict options; do
    if [ -f "fuzz/$target.$extra" ]; then
      cp "fuzz/$target.$extra" "$OUT/$target.$extra"
    fi
  done
done

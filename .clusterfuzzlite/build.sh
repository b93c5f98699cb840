#!/bin/bash -eu
# Builds every cargo-fuzz target and hands the binaries and seed corpora to ClusterFuzzLite.
cd "$SRC/stdlower"
cargo fuzz build -O --fuzz-dir fuzz
for target in lowering parse; do
  cp "fuzz/target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
  (cd "fuzz/seeds/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done

#!/usr/bin/env bash
# Nightly regression run: a campaign for most of the budget, each cargo-fuzz target for
# a slice of it, a replay of corpus/regressions/, and a dated report (text and JSON) in
# out/nightly/DATE/. Exits non-zero when anything was found.
#
#   scripts/nightly.sh [--budget DURATION] [--plan]   (default 1h; s, m, h units)
#
# --plan prints how the budget is spent and the commands, and runs nothing.
#
# From cron (every night at 02:00, on the repository's checkout):
#   0 2 * * *  cd /path/to/stdlower && git pull -q --ff-only && scripts/nightly.sh --budget 2h >> out/nightly.log 2>&1
# From a CI schedule: .github/workflows/nightly.yml. Reports, exit status, PATH for
# cron: docs/nightly.md.
set -uo pipefail
cd "$(dirname "$0")/.."
BUDGET=1h
PLAN=0
while [ $# -gt 0 ]; do
  case "$1" in
    --budget) BUDGET="${2:-}"; shift 2 || shift ;;
    --budget=*) BUDGET="${1#*=}"; shift ;;
    --plan) PLAN=1; shift ;;
    *) echo "usage: scripts/nightly.sh [--budget DURATION] [--plan]" >&2; exit 2 ;;
  esac
done
# The binary computes what this script does not run: the budget in seconds (the
# durations every flag takes) and the night's report. STDLOWER names another build.
BIN=${STDLOWER:-target/release/stdlower}
if [ "$PLAN" = 0 ]; then
  scripts/setup.sh
  cargo build --release -q -p harness -p stdlower-front -p mlir-worker --bins || exit 1
elif [ ! -x "$BIN" ]; then
  cargo build --release -q -p harness -p stdlower-front -p mlir-worker --bins || exit 1
fi
TOTAL=$("$BIN" nightly seconds "$BUDGET") || TOTAL=0
[ "$TOTAL" -gt 0 ] || { echo "nightly: bad --budget '$BUDGET'" >&2; exit 2; }
FUZZ_SLICE=$(( TOTAL / 10 ))          # each of the 2 fuzz targets gets 10%
# libFuzzer's -max_total_time=0 means no limit: below 1 s a target is not fuzzed.
FUZZ=1
if [ "$FUZZ_SLICE" -lt 1 ]; then FUZZ=0; FUZZ_SLICE=0; fi
MUTANTS_SLICE=0                       # a rotating sample of mutants gets 20%, when
if cargo mutants --version >/dev/null 2>&1; then   # cargo-mutants is installed
  MUTANTS_SLICE=$(( TOTAL / 5 ))
fi
# A mutant costs a build and up to a 60 s campaign: about 150 s on two cores.
MUTANTS_SAMPLE=$(( MUTANTS_SLICE / 150 ))
CAMPAIGN=$(( TOTAL - 2 * FUZZ_SLICE - MUTANTS_SLICE - 60 ))
[ "$CAMPAIGN" -gt 30 ] || CAMPAIGN=30
# The release matrix: an upstream campaign on every case (--upstream-sample 1) against
# each installed MLIR release, 5% of the budget each, taken from the campaign's share:
# MLIR 22 (the default) and MLIR 13 (mlir-opt-13's directory, the spec's own
# -convert-std-to-llvm), where installed. A finding there is triaged against
# docs/findings/ (known-upstream, fixed-upstream).
RELEASES=()
if command -v mlir-opt-13 >/dev/null 2>&1; then
  RELEASES+=("13:$(dirname "$(readlink -f "$(command -v mlir-opt-13)")")")
fi
if [ -n "$(command -v llvm-config-22)" ] && [ -x "$(llvm-config-22 --bindir)/mlir-opt" ]; then
  RELEASES+=("22:$(llvm-config-22 --bindir)")
fi
MATRIX_SLICE=$(( TOTAL / 20 ))
if [ "$MATRIX_SLICE" -lt 10 ]; then RELEASES=(); fi
CAMPAIGN=$(( CAMPAIGN - ${#RELEASES[@]} * MATRIX_SLICE ))
[ "$CAMPAIGN" -gt 30 ] || CAMPAIGN=30
DATE=$(date -u +%Y-%m-%dT%H%M%SZ)
OUT="out/nightly/$DATE"
# corpus/ holds corpus/regressions/: one run of the whole corpus runs each file once.
REGRESSIONS=("$BIN" test corpus)
if [ "$PLAN" = 1 ]; then
  echo "budget: ${TOTAL} s"
  echo "campaign: ${CAMPAIGN} s: $BIN campaign --time ${CAMPAIGN}s --seed $(date -u +%Y%m%d) --out $OUT/campaign"
  if [ "$FUZZ" = 1 ]; then
    echo "fuzz: ${FUZZ_SLICE} s per target: cargo fuzz run ... -- -max_total_time=${FUZZ_SLICE}"
  else
    echo "fuzz: skipped (a slice of ${TOTAL} s / 10 is under 1 s)"
  fi
  echo "file tests: ${REGRESSIONS[*]}"
  echo "mutants: ${MUTANTS_SAMPLE}"
  for r in "${RELEASES[@]}"; do
    echo "release ${r%%:*}: ${MATRIX_SLICE} s: $BIN campaign --upstream --upstream-sample 1 --mlir-bin ${r#*:} --time ${MATRIX_SLICE}s --out $OUT/upstream-${r%%:*}"
  done
  [ "${#RELEASES[@]}" -gt 0 ] || echo "release matrix: skipped (no mlir-opt installed, or a budget under 200 s)"
  echo "rule proofs: $BIN prove --rules --json > $OUT/prove-rules.json"
  exit 0
fi
mkdir -p "$OUT"
status=0

echo "nightly $DATE: budget ${TOTAL}s (campaign ${CAMPAIGN}s, fuzz ${FUZZ_SLICE}s per target, ${MUTANTS_SAMPLE} mutants)"
# Not --quiet: campaign.txt gets a progress line every 10 s.
# It writes report.json and report.html in $OUT/campaign/, and JUnit XML for CI.
"$BIN" campaign --time "${CAMPAIGN}s" --seed "$(date -u +%Y%m%d)" --out "$OUT/campaign" --junit "$OUT/campaign-junit.xml" \
  > "$OUT/campaign.txt" 2>&1 || status=1

for r in "${RELEASES[@]}"; do
  "$BIN" campaign --upstream --upstream-sample 1 --mlir-bin "${r#*:}" --time "${MATRIX_SLICE}s" \
    --seed "$(date -u +%Y%m%d)" --out "$OUT/upstream-${r%%:*}" > "$OUT/upstream-${r%%:*}.txt" 2>&1 || status=1
done

if [ "$FUZZ" = 0 ]; then
  echo "nightly: a budget of ${TOTAL} s leaves under 1 s per fuzz target; fuzz slices skipped" | tee "$OUT/fuzz-skipped.txt"
elif cargo fuzz --version >/dev/null 2>&1; then
  for t in lowering parse; do
    mkdir -p "$OUT/fuzz-$t" "out/fuzz-corpus/$t"
    # Build outside the time slice (a first build takes minutes).
    cargo fuzz build --fuzz-dir fuzz --sanitizer none "$t" > "$OUT/fuzz-$t-build.txt" 2>&1 || status=1
    # New inputs go to out/fuzz-corpus/ (kept from night to night); the checked-in
    # seeds are only read. Stable toolchain: no sanitizer. (AddressSanitizer:
    # RUSTC_BOOTSTRAP=1 and drop --sanitizer none.)
    if ! cargo fuzz run --fuzz-dir fuzz --sanitizer none "$t" "out/fuzz-corpus/$t" "fuzz/seeds/$t" -- \
        -max_total_time="$FUZZ_SLICE" -artifact_prefix="$OUT/fuzz-$t/" > "$OUT/fuzz-$t.txt" 2>&1; then
      status=1
    fi
  done
else
  echo "nightly: cargo fuzz not installed (cargo install cargo-fuzz); fuzz slices skipped" | tee "$OUT/fuzz-skipped.txt"
fi

# The rule proofs: every op's lowering, for every type instance and pass option, proved
# by the solver for all inputs (docs/prove.md; about 20 s). A refuted rule fails the night.
"$BIN" prove --rules --json > "$OUT/prove-rules.json" 2> "$OUT/prove-rules.txt" || status=1

"${REGRESSIONS[@]}" --junit "$OUT/tests-junit.xml" > "$OUT/regressions.txt" 2>&1 || status=1

# Oracle strength: a sample of the lowering's mutants that rotates night by night (the
# date seeds it). A survivor that docs/oracle-strength.md does not classify fails the
# night: it is a blind spot nobody has looked at.
if [ "$MUTANTS_SAMPLE" -gt 0 ]; then
  scripts/mutants.sh --sample "$MUTANTS_SAMPLE" --seed "$(date -u +%Y%m%d)" \
    --out "$OUT/mutants" > "$OUT/mutants.txt" 2>&1 || status=1
else
  echo "nightly: cargo-mutants not installed (cargo install cargo-mutants --locked); mutants skipped" \
    | tee "$OUT/mutants-skipped.txt"
fi

"$BIN" nightly report "$OUT" --status "$status"
exit $status

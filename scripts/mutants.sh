#!/usr/bin/env bash
# Oracle strength, measured: cargo-mutants makes small deliberate bugs (mutants) in the
# lowering code (converter/src/lower/: the type converter, the descriptor, the C wrappers,
# every op's lowering) and each one is checked by a campaign with the oracles alone — no
# file tests, no unit tests (harness/tests/mutant_campaign.rs, stopped at its first
# finding). A mutant the campaign does not catch is either provably equivalent or a blind
# spot of the oracles; docs/oracle-strength.md classifies every one seen.
#
#   scripts/mutants.sh [--sample N] [--seed S] [--time SECONDS] [--jobs J] [--out DIR]
#                      [--file GLOB]... [--re REGEX] [--no-baseline] [--no-prove]
#
#   --sample N    check N mutants drawn at random (seeded by --seed) instead of all
#   --seed S      the sample's seed, also the campaigns' seed (default: today, YYYYMMDD)
#   --time T      each campaign's budget in seconds (default 60)
#   --jobs J      the campaign's --jobs (default 2)
#   --file GLOB   source files to mutate (default converter/src/lower/*.rs), repeatable
#   --re REGEX    only mutants whose cargo-mutants name matches
#   --out DIR     where the report goes (default out/mutants-TIME)
#   --no-prove    leave out the translation validator (below)
#
# Each mutant also meets `stdlower prove` (issue 40, item 7), built from the mutant: a
# killed one on the failing case's module (regenerated from its seed; prove should
# refute it too when the failing function is in its scope), a survivor on every corpus
# file (a refutation is a counterexample to keep as a killing file test; all proved is
# evidence of equivalence). Prove never changes whether a mutant counts as killed; the
# report gives its verdict in a column of its own. It costs under a second a killed
# mutant; a survivor 69 s (the corpus, dev build, load 5) to 250 s (load 16).
#
# Writes DIR/report.json and DIR/report.md: killed, survived, unviable, timed out, and for
# every killed mutant the time to the first finding and the oracle that made it; every
# survivor is listed with its diff. cargo-mutants' own output is in DIR/mutants.out.
# Survivors are a measurement: each one is either provably equivalent or a blind spot,
# and docs/oracle-strength.md classifies every survivor seen (by its name without the
# line and column). Exit status: 0 when every survivor is classified there, 3 when some
# survivor is not (a blind spot nobody has looked at: the report lists it as
# "unclassified"), 1 when cargo-mutants is missing, 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
SAMPLE=0
SEED=$(date -u +%Y%m%d)
TIME=60
JOBS=2
OUT=""
RE=""
BASELINE=run
PROVE=1
FILES=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sample) SAMPLE="$2"; shift 2 ;;
    --seed) SEED="$2"; shift 2 ;;
    --time) TIME="$2"; shift 2 ;;
    --jobs) JOBS="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --file) FILES+=("$2"); shift 2 ;;
    --re) RE="$2"; shift 2 ;;
    --no-baseline) BASELINE=skip; shift ;;
    --no-prove) PROVE=0; shift ;;
    *) echo "usage: scripts/mutants.sh [--sample N] [--seed S] [--time SECONDS] [--jobs J] [--out DIR] [--file GLOB]... [--re REGEX] [--no-baseline] [--no-prove]" >&2; exit 2 ;;
  esac
done
[ ${#FILES[@]} -gt 0 ] || FILES=("converter/src/lower/*.rs")
[ -n "$OUT" ] || OUT="out/mutants-$(date -u +%Y%m%dT%H%M%SZ)"
for n in "$SAMPLE" "$SEED" "$TIME" "$JOBS"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "mutants: '$n' is not a number" >&2; exit 2; }
done
if ! cargo mutants --version >/dev/null 2>&1; then
  echo "mutants: cargo-mutants is not installed (cargo install cargo-mutants --locked)" >&2
  exit 1
fi
scripts/setup.sh
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

file_args=()
for f in "${FILES[@]}"; do file_args+=(--file "$f"); done

# The mutants to check: all of them, or a seeded sample, as one exact-name regex.
cargo mutants --list --json -p converter "${file_args[@]}" > "$OUT/all-mutants.json"
python3 - "$OUT" "$SAMPLE" "$SEED" "$RE" <<'PY'
import json, random, re, sys
out, sample, seed, want = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
ms = json.load(open(f"{out}/all-mutants.json"))
names = [m["name"] for m in ms if not want or re.search(want, m["name"])]
if sample and sample < len(names):
    names = sorted(random.Random(seed).sample(names, sample))
json.dump(names, open(f"{out}/chosen.json", "w"), indent=1)
open(f"{out}/chosen.re", "w").write("^(" + "|".join(re.escape(n) for n in names) + ")$")
print(f"mutants: {len(names)} of {len(ms)} mutants chosen (seed {seed})", file=sys.stderr)
PY

# Each mutant: build, then the campaign (stopped at its first finding). A case that hangs
# is a finding of oracle `hang` after --hang-seconds (30), and the campaign ends within a
# few seconds of --time whatever its cases do; a campaign that still overran --time by the
# test's margin fails the test, and one that hangs is cut off by cargo-mutants' timeout
# (both would count as killed, and are harness bugs to fix).
export STDLOWER_MUTANT_SECONDS="$TIME" STDLOWER_MUTANT_SEED="$SEED" STDLOWER_MUTANT_JOBS="$JOBS"
# The baseline runs without prove (it would only prove the unmutated corpus).
export STDLOWER_MUTANT_PROVE=0
# The baseline: the unmutated tree must pass the same test, or every mutant would look
# killed. (cargo-mutants' own baseline builds the mutated package's tests, which do not
# include the campaign test, so it is run here instead.)
if [ "$BASELINE" = run ]; then
  echo "mutants: baseline campaign on the unmutated tree (${TIME} s)" >&2
  if ! cargo test -q -p harness --test mutant_campaign -- --ignored --nocapture > "$OUT/baseline.txt" 2>&1; then
    echo "mutants: the unmutated tree fails the campaign test; see $OUT/baseline.txt" >&2
    exit 1
  fi
fi
started=$(date +%s)
export STDLOWER_MUTANT_PROVE="$PROVE"
# cargo-mutants' timeout per mutant: the campaign, prove on the corpus for a survivor
# (each file at most 60 s; 69-250 s in all, by the machine's load), and slack. The build
# timeout covers the first mutant's build, a cold one in cargo-mutants' copy of the tree
# (the relative rustc-wrapper of .cargo/config.toml changes path): 1200 s was too short
# on a loaded 2-core machine.
cargo mutants -p converter "${file_args[@]}" --re "$(cat "$OUT/chosen.re")" \
  --test-package harness --cargo-arg=--test=mutant_campaign \
  --baseline skip --timeout $((TIME + 120 + 480 * PROVE)) --build-timeout 2700 -j 1 \
  --copy-target=true --output "$OUT" \
  -- -- --ignored --nocapture > "$OUT/cargo-mutants.txt" 2>&1 || true
elapsed=$(( $(date +%s) - started ))

exec python3 scripts/mutants_report.py "$OUT" "$elapsed" "$TIME" "$SEED" docs/oracle-strength.md

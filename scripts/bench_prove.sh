#!/usr/bin/env bash
# The translation validator's speed: `stdlower prove --json` on every corpus file that
# parses (time per function: median, p95, max; proved / refuted / unknown, and the
# reasons of the unknowns), then `stdlower prove --rules --json` (time per rule instance
# and in total), then, with --gen N, the same on the generated modules of seeds 1..N
# (`stdlower gen --seed S --swarm`, as campaigns make them).
#
#   scripts/bench_prove.sh [--debug] [--out DIR] [--gen N] [--no-rules] [--no-hints]
#
#   --debug     use target/debug (default: target/release, built if missing)
#   --out DIR   where the per-file JSON and report.txt go (default out/bench-prove-TIME)
#   --gen N     also prove every function of N generated swarm modules
#   --no-rules  skip `prove --rules`
#   --no-hints  prove with `--no-hints` (every loop unrolled), to compare with a run
#               that proves loops block by block with the converter's hints
#
# Exit status: 0, or 6 when anything is refuted (a false alarm or a converter bug: the
# report names it).
set -euo pipefail
cd "$(dirname "$0")/.."
PROFILE=release
OUT="out/bench-prove-$(date +%s)"
GEN=0
RULES=1
HINTS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --debug) PROFILE=debug ;;
    --out) OUT="$2"; shift ;;
    --gen) GEN="$2"; shift ;;
    --no-rules) RULES=0 ;;
    --no-hints) HINTS=(--no-hints) ;;
    *) echo "usage: scripts/bench_prove.sh [--debug] [--out DIR] [--gen N] [--no-rules] [--no-hints]" >&2; exit 2 ;;
  esac
  shift
done
BIN="target/$PROFILE/stdlower"
if [ ! -x "$BIN" ]; then
  if [ "$PROFILE" = release ]; then cargo build --release --bins; else cargo build --bins; fi
fi
mkdir -p "$OUT/files"
start=$(date +%s.%N)
for f in $(find corpus -name '*.mlir' | sort); do
  # Files that do not parse (the diagnostics corpus) exit 1 and are left out.
  "$BIN" prove --no-jit --json "${HINTS[@]}" "$f" > "$OUT/files/$(echo "$f" | tr / _).json" 2>/dev/null || true
done
corpus_secs=$(python3 -c "print($(date +%s.%N) - $start)")
mkdir -p "$OUT/gen"
start=$(date +%s.%N)
for s in $(seq 1 "$GEN"); do
  "$BIN" gen --seed "$s" --swarm > "$OUT/gen/$s.mlir"
  "$BIN" prove --no-jit --json "${HINTS[@]}" "$OUT/gen/$s.mlir" > "$OUT/gen/$s.json" 2>/dev/null || true
done
gen_secs=$(python3 -c "print($(date +%s.%N) - $start)")
start=$(date +%s.%N)
if [ "$RULES" = 1 ]; then
  "$BIN" prove --rules --json > "$OUT/rules.json" || true
fi
rules_secs=$(python3 -c "print($(date +%s.%N) - $start)")
python3 - "$OUT" "$corpus_secs" "$rules_secs" "$GEN" "$gen_secs" <<'PY' | tee "$OUT/report.txt"
import collections, glob, json, os, sys
out, corpus_secs, rules_secs = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
gen, gen_secs = int(sys.argv[4]), float(sys.argv[5])
def stats(fs):
    t = sorted(f["seconds"] for f in fs)
    if not t:
        return "none"
    q = lambda p: t[min(len(t) - 1, int(p * len(t)))]
    return f"median {q(0.5):.3f} s, p95 {q(0.95):.3f} s, max {t[-1]:.3f} s"
def section(title, pattern, secs):
    fs, files = [], 0
    for p in sorted(glob.glob(pattern)):
        try:
            d = json.load(open(p))
        except ValueError:
            continue
        files += 1
        fs += d["functions"]
    kinds = collections.Counter(f["verdict"] for f in fs)
    print(f"{title}: {files} files that parse, {len(fs)} functions in {secs:.1f} s")
    print(f"  {kinds['proved']} proved, {kinds['refuted']} refuted, {kinds['unknown']} unknown, "
          f"{kinds['validator-bug']} validator bugs")
    print(f"  time per function: {stats(fs)}")
    anyn = sum(1 for f in fs if f.get("bounds", "").startswith("any iteration count"))
    print(f"  {anyn} proved for any iteration count (loops, block by block with the "
          f"converter's hints); {kinds['invalid-lowering']} invalid lowerings")
    for r, n in collections.Counter(f["reason"] for f in fs if f["verdict"] == "unknown").most_common():
        print(f"  unknown x{n}: {r}")
    for f in fs:
        if f["verdict"] in ("refuted", "validator-bug"):
            print(f"  {f['verdict'].upper()}: @{f['name']} {f.get('args')}")
    return kinds
kinds = section("corpus", f"{out}/files/*.json", corpus_secs)
if gen:
    g = section(f"generated (seeds 1..{gen}, swarm)", f"{out}/gen/*.json", gen_secs)
    kinds["refuted"] += g["refuted"]
    kinds["validator-bug"] += g["validator-bug"]
if not os.path.exists(f"{out}/rules.json"):
    sys.exit(6 if kinds["refuted"] + kinds["validator-bug"] else 0)
rules = json.load(open(f"{out}/rules.json"))["functions"]
rk = collections.Counter(f["verdict"] for f in rules)
print(f"rules: {len(rules)} instances in {rules_secs:.1f} s: {rk['proved']} proved, "
      f"{rk['refuted']} refuted, {rk['unknown']} unknown")
print(f"  time per rule instance: {stats(rules)}")
for f in rules:
    if f["verdict"] != "proved":
        print(f"  {f['verdict']}: {f['name']}: {f.get('reason') or f.get('args')}")
bad = kinds["refuted"] + kinds["validator-bug"] + rk["refuted"] + rk["validator-bug"]
sys.exit(6 if bad else 0)
PY

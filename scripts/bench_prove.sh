#!/usr/bin/env bash
# The translation validator's speed: `stdlower prove --json` on every corpus file that
# parses (time per function: median, p95, max; proved / refuted / unknown, and the
# reasons of the unknowns), then `stdlower prove --rules --json` (time per rule instance
# and in total).
#
#   scripts/bench_prove.sh [--debug] [--out DIR]
#
#   --debug     use target/debug (default: target/release, built if missing)
#   --out DIR   where the per-file JSON and report.txt go (default out/bench-prove-TIME)
#
# Exit status: 0, or 6 when anything is refuted (a false alarm or a converter bug: the
# report names it).
set -euo pipefail
cd "$(dirname "$0")/.."
PROFILE=release
OUT="out/bench-prove-$(date +%s)"
while [ $# -gt 0 ]; do
  case "$1" in
    --debug) PROFILE=debug ;;
    --out) OUT="$2"; shift ;;
    *) echo "usage: scripts/bench_prove.sh [--debug] [--out DIR]" >&2; exit 2 ;;
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
  "$BIN" prove --no-jit --json "$f" > "$OUT/files/$(echo "$f" | tr / _).json" 2>/dev/null || true
done
corpus_secs=$(python3 -c "print($(date +%s.%N) - $start)")
start=$(date +%s.%N)
"$BIN" prove --rules --json > "$OUT/rules.json" || true
rules_secs=$(python3 -c "print($(date +%s.%N) - $start)")
python3 - "$OUT" "$corpus_secs" "$rules_secs" <<'PY' | tee "$OUT/report.txt"
import collections, glob, json, sys
out, corpus_secs, rules_secs = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
def stats(fs):
    t = sorted(f["seconds"] for f in fs)
    if not t:
        return "none"
    q = lambda p: t[min(len(t) - 1, int(p * len(t)))]
    return f"median {q(0.5):.3f} s, p95 {q(0.95):.3f} s, max {t[-1]:.3f} s"
fs, files = [], 0
for p in sorted(glob.glob(f"{out}/files/*.json")):
    try:
        d = json.load(open(p))
    except ValueError:
        continue
    files += 1
    fs += d["functions"]
kinds = collections.Counter(f["verdict"] for f in fs)
print(f"corpus: {files} files that parse, {len(fs)} functions in {corpus_secs:.1f} s")
print(f"  {kinds['proved']} proved, {kinds['refuted']} refuted, {kinds['unknown']} unknown, "
      f"{kinds['validator-bug']} validator bugs")
print(f"  time per function: {stats(fs)}")
for r, n in collections.Counter(f["reason"] for f in fs if f["verdict"] == "unknown").most_common():
    print(f"  unknown x{n}: {r}")
for f in fs:
    if f["verdict"] in ("refuted", "validator-bug"):
        print(f"  {f['verdict'].upper()}: @{f['name']} {f.get('args')}")
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

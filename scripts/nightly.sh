#!/usr/bin/env bash
# Nightly regression run: a campaign for most of the budget, each cargo-fuzz target for
# a slice of it, a replay of corpus/regressions/, and a dated report (text and JSON) in
# out/nightly/DATE/. Exits non-zero when anything was found.
#
#   scripts/nightly.sh [--budget DURATION]      (default 1h; s, m, h units)
#
# From cron (every night at 02:00, on the repository's checkout):
#   0 2 * * *  cd /path/to/stdlower && git pull -q --ff-only && scripts/nightly.sh --budget 2h >> out/nightly.log 2>&1
# From a CI schedule: .github/workflows/nightly.yml. Reports, exit status, PATH for
# cron: docs/nightly.md.
set -uo pipefail
cd "$(dirname "$0")/.."
BUDGET=1h
while [ $# -gt 0 ]; do
  case "$1" in
    --budget) BUDGET="$2"; shift 2 ;;
    --budget=*) BUDGET="${1#*=}"; shift ;;
    *) echo "usage: scripts/nightly.sh [--budget DURATION]" >&2; exit 2 ;;
  esac
done
to_secs() { python3 - "$1" <<'PY'
import re, sys
s = sys.argv[1]
if re.fullmatch(r"\d+(\.\d+)?", s): print(int(float(s))); sys.exit()
t = sum(float(n) * {"s": 1, "m": 60, "h": 3600, "d": 86400}[u] for n, u in re.findall(r"(\d+(?:\.\d+)?)([smhd])", s))
print(int(t))
PY
}
TOTAL=$(to_secs "$BUDGET")
[ "$TOTAL" -gt 0 ] || { echo "nightly: bad --budget '$BUDGET'" >&2; exit 2; }
FUZZ_SLICE=$(( TOTAL / 10 ))          # each of the 2 fuzz targets gets 10%
MUTANTS_SLICE=0                       # a rotating sample of mutants gets 20%, when
if cargo mutants --version >/dev/null 2>&1; then   # cargo-mutants is installed
  MUTANTS_SLICE=$(( TOTAL / 5 ))
fi
# A mutant costs a build and up to a 60 s campaign: about 150 s on two cores.
MUTANTS_SAMPLE=$(( MUTANTS_SLICE / 150 ))
CAMPAIGN=$(( TOTAL - 2 * FUZZ_SLICE - MUTANTS_SLICE - 60 ))
[ "$CAMPAIGN" -gt 30 ] || CAMPAIGN=30
DATE=$(date -u +%Y-%m-%dT%H%M%SZ)
OUT="out/nightly/$DATE"
mkdir -p "$OUT"
scripts/setup.sh
cargo build --release -q -p harness --bins || exit 1
BIN=target/release/stdlower
status=0

echo "nightly $DATE: budget ${TOTAL}s (campaign ${CAMPAIGN}s, fuzz ${FUZZ_SLICE}s per target, ${MUTANTS_SAMPLE} mutants)"
"$BIN" campaign --time "${CAMPAIGN}s" --seed "$(date -u +%Y%m%d)" --out "$OUT/campaign" --quiet \
  > "$OUT/campaign.txt" 2>&1 || status=1

fuzz_json="{}"
if cargo fuzz --version >/dev/null 2>&1; then
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
  fuzz_json=$(python3 - "$OUT" <<'PY'
import json, re, sys, os
out = {}
for t in ("lowering", "parse"):
    p = os.path.join(sys.argv[1], f"fuzz-{t}.txt")
    text = open(p, errors="replace").read() if os.path.exists(p) else ""
    runs = re.findall(r"#(\d+)\s+(?:DONE|pulse|NEW|REDUCE)", text)
    eps = re.findall(r"exec/s: (\d+)", text)
    arts = os.listdir(os.path.join(sys.argv[1], f"fuzz-{t}")) if os.path.isdir(os.path.join(sys.argv[1], f"fuzz-{t}")) else []
    out[t] = {"runs": int(runs[-1]) if runs else 0, "exec_per_s": int(eps[-1]) if eps else 0, "crashes": len(arts),
              "artifacts": [os.path.join(sys.argv[1], f"fuzz-{t}", a) for a in sorted(arts)]}
print(json.dumps(out))
PY
)
else
  echo "nightly: cargo fuzz not installed (cargo install cargo-fuzz); fuzz slices skipped" | tee "$OUT/fuzz-skipped.txt"
fi

"$BIN" test corpus/regressions corpus > "$OUT/regressions.txt" 2>&1 || status=1

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

python3 - "$OUT" "$status" "$fuzz_json" <<'PY'
import json, sys, os
out, status, fuzz = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
rep = {}
p = os.path.join(out, "campaign", "report.json")
if os.path.exists(p):
    rep = json.load(open(p))
tests = open(os.path.join(out, "regressions.txt")).read().strip().splitlines()
summary = {
    "date": os.path.basename(out),
    "ok": status == 0,
    "campaign": {k: rep.get(k) for k in ("checked", "agreed", "findings", "skipped", "seconds", "checks_per_second", "generator_bugs")},
    "campaign_findings": rep.get("finding_files", []),
    "campaign_buckets": [{k: b[k] for k in ("signature", "count")} for b in rep.get("buckets", [])],
    "fuzz": fuzz,
    "file_tests": tests[-1] if tests else "",
}
mp = os.path.join(out, "mutants", "report.json")
if os.path.exists(mp):
    m = json.load(open(mp))
    summary["mutants"] = {k: m.get(k) for k in ("mutants", "killed", "timeout", "survived", "unviable", "score", "unclassified")}
json.dump(summary, open(os.path.join(out, "nightly.json"), "w"), indent=2)
with open(os.path.join(out, "nightly.txt"), "w") as f:
    f.write(f"stdlower nightly {summary['date']}: {'OK' if summary['ok'] else 'FINDINGS'}\n")
    c = summary["campaign"]
    f.write(f"campaign: {c['checked']} checked, {c['agreed']} agreed, {c['findings']} findings, {c['skipped']} skipped in {c['seconds']} s\n")
    for t, v in fuzz.items():
        f.write(f"fuzz {t}: {v['runs']} runs, {v['exec_per_s']} exec/s, {v['crashes']} crashes\n")
        for a in v.get("artifacts", []):
            f.write(f"fuzz finding: {a} (replay: cargo fuzz run --fuzz-dir fuzz --sanitizer none {t} {a})\n")
    f.write(f"file tests: {summary['file_tests']}\n")
    if "mutants" in summary:
        mu = summary["mutants"]
        f.write(f"mutants: {mu['mutants']} checked, {mu['killed']} killed, {mu['timeout']} timed out, "
                f"{mu['survived']} survived ({len(mu['unclassified'] or [])} not in docs/oracle-strength.md), "
                f"{mu['unviable']} unviable\n")
    for b in summary["campaign_buckets"]:
        f.write(f"findings: {b['count']} x {b['signature']}\n")
    for x in summary["campaign_findings"]:
        f.write(f"finding: {out}/campaign/{x}\n")
print(open(os.path.join(out, "nightly.txt")).read(), end="")
PY
exit $status

#!/usr/bin/env bash
# Oracle strength, measured: cargo-mutants makes small deliberate bugs (mutants) in the
# lowering code (converter/src/lower/: the type converter, the descriptor, the C wrappers,
# every op's lowering) and each one is checked by a campaign with the oracles alone — no
# file tests, no unit tests (harness/tests/mutant_campaign.rs, stopped at its first
# finding). A mutant the campaign does not catch is either provably equivalent or a blind
# spot of the oracles; docs/oracle-strength.md classifies every one seen.
#
#   scripts/mutants.sh [--sample N] [--seed S] [--time SECONDS] [--jobs J] [--out DIR]
#                      [--file GLOB]... [--re REGEX] [--no-baseline]
#
#   --sample N    check N mutants drawn at random (seeded by --seed) instead of all
#   --seed S      the sample's seed, also the campaigns' seed (default: today, YYYYMMDD)
#   --time T      each campaign's budget in seconds (default 60)
#   --jobs J      the campaign's --jobs (default 2)
#   --file GLOB   source files to mutate (default converter/src/lower/*.rs), repeatable
#   --re REGEX    only mutants whose cargo-mutants name matches
#   --out DIR     where the report goes (default out/mutants-TIME)
#
# Writes DIR/report.json and DIR/report.md: killed, survived, unviable, timed out, and for
# every killed mutant the time to the first finding and the oracle that made it; every
# survivor is listed with its diff. cargo-mutants' own output is in DIR/mutants.out.
# Exits 0 when it ran (survivors are a measurement, not a failure), 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
SAMPLE=0
SEED=$(date -u +%Y%m%d)
TIME=60
JOBS=2
OUT=""
RE=""
BASELINE=run
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
    *) echo "usage: scripts/mutants.sh [--sample N] [--seed S] [--time SECONDS] [--jobs J] [--out DIR] [--file GLOB]... [--re REGEX] [--no-baseline]" >&2; exit 2 ;;
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

# Each mutant: build, then the campaign (stopped at its first finding). A campaign that
# hangs is cut off by cargo-mutants' timeout, and one that overruns --time by the test's
# margin fails the test; both count as killed.
export STDLOWER_MUTANT_SECONDS="$TIME" STDLOWER_MUTANT_SEED="$SEED" STDLOWER_MUTANT_JOBS="$JOBS"
started=$(date +%s)
cargo mutants -p converter "${file_args[@]}" --re "$(cat "$OUT/chosen.re")" \
  --test-package harness --cargo-arg=--test=mutant_campaign \
  --baseline "$BASELINE" --timeout $((TIME + 120)) --build-timeout 1200 -j 1 \
  --copy-target=true --output "$OUT" \
  -- -- --ignored --nocapture > "$OUT/cargo-mutants.txt" 2>&1 || true
elapsed=$(( $(date +%s) - started ))

python3 - "$OUT" "$elapsed" "$TIME" "$SEED" <<'PY'
import json, os, re, sys
out, elapsed, budget, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
mo = os.path.join(out, "mutants.out")
outcomes = json.load(open(os.path.join(mo, "outcomes.json")))
diffs = {m["name"]: m.get("diff", "") for m in json.load(open(os.path.join(out, "all-mutants.json")))}
kinds = {"CaughtMutant": "killed", "MissedMutant": "survived", "Unviable": "unviable", "Timeout": "timeout"}
rows, baseline = [], None
counts = {"killed": 0, "survived": 0, "unviable": 0, "timeout": 0, "killed-without-finding": 0}
for o in outcomes.get("outcomes", []):
    sc = o.get("scenario")
    if sc == "Baseline" or (isinstance(sc, dict) and "Baseline" in sc):
        baseline = o.get("summary")
        continue
    m = sc.get("Mutant", sc) if isinstance(sc, dict) else {}
    name = m.get("name") or o.get("name") or str(sc)
    kind = kinds.get(o.get("summary"), o.get("summary"))
    counts[kind] = counts.get(kind, 0) + 1
    row = {"name": name, "outcome": kind}
    log = o.get("log_path")
    text = ""
    if log:
        p = log if os.path.isabs(log) else os.path.join(mo, log)
        text = open(p, errors="replace").read() if os.path.exists(p) else ""
    f = re.search(r"MUTANT-FIRST-FINDING ([0-9.]+) s: (.*)", text)
    if f:
        row["seconds_to_first_finding"] = float(f.group(1))
        detail = f.group(2)
        try:
            j = json.loads(detail)
            row["oracle"] = j.get("oracle") or j.get("bucket") or j.get("verdict")
            row["seed"] = j.get("seed")
        except ValueError:
            row["oracle"] = detail[:200]
    elif kind == "killed":
        # The test failed without the campaign saying why (it did not build, did not
        # start): not a finding of the oracles. The log says what happened.
        row["outcome"] = kind = "killed-without-finding"
        counts["killed"] -= 1
        counts[kind] = counts.get(kind, 0) + 1
    if kind == "survived":
        row["diff"] = diffs.get(name, "")
    rows.append(row)
viable = counts["killed"] + counts["survived"] + counts["timeout"]
caught = counts["killed"] + counts["timeout"]
times = sorted(r["seconds_to_first_finding"] for r in rows if "seconds_to_first_finding" in r)
report = {
    "seed": seed, "campaign_seconds": budget, "wall_seconds": elapsed, "baseline": baseline,
    "mutants": len(rows), **counts,
    "score": caught / viable if viable else None,
    "median_seconds_to_first_finding": times[len(times) // 2] if times else None,
    "rows": rows,
}
json.dump(report, open(os.path.join(out, "report.json"), "w"), indent=1)
with open(os.path.join(out, "report.md"), "w") as md:
    md.write(f"# Mutants of the lowering, seed {seed}, {budget} s campaigns\n\n")
    md.write(f"{len(rows)} mutants: {counts['killed']} killed, {counts['timeout']} timed out, "
             f"{counts['survived']} survived, {counts['unviable']} unviable, "
             f"{counts['killed-without-finding']} failed without a finding (see their logs); ")
    md.write(f"score {100 * report['score']:.1f} % of viable\n\n" if viable else "no viable mutant\n\n")
    for r in rows:
        extra = ""
        if "seconds_to_first_finding" in r:
            extra = f" — {r['seconds_to_first_finding']} s, {r.get('oracle')}"
        md.write(f"- **{r['outcome']}** `{r['name']}`{extra}\n")
        if r["outcome"] == "survived":
            md.write("\n```diff\n" + r.get("diff", "").strip() + "\n```\n\n")
print(open(os.path.join(out, "report.md")).read().split("\n\n")[1])
print(f"report: {out}/report.md, {out}/report.json")
PY

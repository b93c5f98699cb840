#!/usr/bin/env bash
# Soak benchmark of a long campaign (docs/soak.md):
#   1. a campaign on 2 jobs for M minutes; the RSS of the campaign process and of its
#      workers (every descendant: JIT workers, mlir-translate, clang) sampled every
#      10 s; RSS first / last / max, and the journal's bytes per case;
#   2. two shards (0/2 and 1/2) of M/2 minutes each, side by side on one job each,
#      then `campaign merge` of the two under /usr/bin/time -v: its peak RSS must be
#      under 200 MB.
#
#   scripts/soak_campaign.sh [--minutes M] [--out DIR]     (default 30, out/soak)
#
# Exits 1 when the journal takes more than 100 bytes a case or the merge 200 MB or more.
# SOAK_SAMPLE_SECONDS changes the sampling interval (10).
set -uo pipefail
cd "$(dirname "$0")/.."
MINUTES=30
OUT=out/soak
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) MINUTES="${2:-}"; shift 2 || shift ;;
    --out) OUT="${2:-}"; shift 2 || shift ;;
    *) echo "usage: scripts/soak_campaign.sh [--minutes M] [--out DIR]" >&2; exit 2 ;;
  esac
done
[[ "$MINUTES" =~ ^[0-9]+$ ]] && [ "$MINUTES" -gt 0 ] || { echo "soak: bad --minutes '$MINUTES'" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "soak: needs /usr/bin/time (GNU time) for the merge's peak RSS" >&2; exit 2; }
EVERY=${SOAK_SAMPLE_SECONDS:-10}
cargo build --release -q -p harness -p stdlower-front -p mlir-worker --bins || exit 1
BIN=target/release/stdlower
rm -rf "$OUT"
mkdir -p "$OUT"
SEED=$(date -u +%Y%m%d)

# RSS in kB of process $1 and, summed, of all its descendants: "self descendants count".
rss_tree() {
  ps -e -o pid=,ppid=,rss= | awk -v root="$1" '
    { parent[$1] = $2; rss[$1] = $3 }
    END {
      self = rss[root] + 0; kids = 0; n = 0
      for (p in parent) {
        q = parent[p]
        while (q != "" && q != 0 && q != 1 && q != root) q = parent[q]
        if (q == root && p != root) { kids += rss[p]; n++ }
      }
      print self, kids, n
    }'
}

echo "soak: a ${MINUTES}-minute campaign on 2 jobs (seed $SEED), RSS every ${EVERY} s -> $OUT/rss.tsv"
"$BIN" campaign --time "${MINUTES}m" --jobs 2 --seed "$SEED" --quiet --reduce-seconds 10 \
  --out "$OUT/campaign" > "$OUT/campaign.txt" 2>&1 &
pid=$!
printf 'seconds\tcampaign_kb\tworkers_kb\tworkers\n' > "$OUT/rss.tsv"
start=$(date +%s)
# The first sample after one interval: the workers start with the first cases.
while sleep "$EVERY"; kill -0 "$pid" 2>/dev/null; do
  read -r self kids n < <(rss_tree "$pid")
  [ "${self:-0}" -gt 0 ] && printf '%s\t%s\t%s\t%s\n' "$(( $(date +%s) - start ))" "$self" "$kids" "$n" >> "$OUT/rss.tsv"
done
wait "$pid"; cstatus=$?

half=$(( MINUTES * 30 ))
echo "soak: two shards of ${half} s side by side (one job each), then campaign merge"
for i in 0 1; do
  "$BIN" campaign --time "${half}s" --jobs 1 --seed "$SEED" --shard "$i/2" --quiet --reduce-seconds 10 \
    --out "$OUT/shard$i" > "$OUT/shard$i.txt" 2>&1 &
done
wait
/usr/bin/time -v "$BIN" campaign merge "$OUT/shard0" "$OUT/shard1" > "$OUT/merge.json" 2> "$OUT/merge-time.txt"
mstatus=$?

python3 - "$OUT" "$cstatus" "$mstatus" <<'PY' | tee "$OUT/soak.txt"
import json, os, re, sys
out, cstatus, mstatus = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rows = [l.split("\t") for l in open(os.path.join(out, "rss.tsv")).read().splitlines()[1:] if l.strip()]
rows = [(int(t), int(c), int(w), int(n)) for t, c, w, n in rows]
mb = lambda kb: f"{kb / 1024:.1f} MB"
ok = True
def field(path, key):
    try:
        return json.load(open(path)).get(key)
    except (OSError, ValueError):
        return None
checked = field(os.path.join(out, "campaign", "report.json"), "checked") or 0
jbytes = os.path.getsize(os.path.join(out, "campaign", "journal.jsonl")) if os.path.exists(os.path.join(out, "campaign", "journal.jsonl")) else 0
print(f"campaign: exit {cstatus}, {checked} cases, {len(rows)} RSS samples")
if rows:
    c = [r[1] for r in rows]; w = [r[2] for r in rows]; t = [r[1] + r[2] for r in rows]
    print(f"  campaign RSS: first {mb(c[0])}, last {mb(c[-1])}, max {mb(max(c))}")
    print(f"  workers RSS (all descendants, up to {max(r[3] for r in rows)} processes): first {mb(w[0])}, last {mb(w[-1])}, max {mb(max(w))}")
    print(f"  together: first {mb(t[0])}, last {mb(t[-1])}, max {mb(max(t))}")
    k = max(1, len(t) // 2)
    print(f"  max of the first half {mb(max(t[:k]))}, of the second half {mb(max(t[k:] or t))}")
per_case = jbytes / checked if checked else float("inf")
good = per_case <= 100
ok &= good
print(f"  journal: {jbytes} bytes, {per_case:.1f} bytes a case ({'ok' if good else 'OVER 100'})")
text = open(os.path.join(out, "merge-time.txt"), errors="replace").read()
m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
w = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text)
peak = int(m.group(1)) if m else None
cases = [field(os.path.join(out, f"shard{i}", "report.json"), "checked") for i in (0, 1)]
merged = field(os.path.join(out, "merge.json"), "checked")
good = mstatus in (0, 6) and peak is not None and peak < 200 * 1024
ok &= good
print(f"merge of shards of {cases[0]} and {cases[1]} cases: exit {mstatus}, {merged} cases merged, "
      f"peak RSS {mb(peak) if peak else '?'} in {w.group(1) if w else '?'} ({'ok' if good else 'NOT under 200 MB'})")
print("soak: " + ("OK" if ok else "FAILED"))
sys.exit(0 if ok else 1)
PY

#!/usr/bin/env python3
"""Writes out/nightly/DATE/nightly.json and nightly.txt from the outputs of
scripts/nightly.sh's steps, and prints nightly.txt.

    scripts/nightly_report.py OUT STATUS FUZZ_JSON

OUT is the night's directory (campaign/report.json, regressions.txt, mutants/report.json
when they exist), STATUS the night's exit status so far, FUZZ_JSON the fuzz targets'
summary. The campaign's totals add up: checked = agreed + findings + known-upstream +
skipped. A failing file test is named (from regressions.txt's FAIL lines).
"""
import json
import os
import sys


def seconds(x):
    """A duration for people: 36.1 s, 12 min 5 s, 2 h 3 min."""
    if x is None:
        return "?"
    x = float(x)
    if x < 60:
        return f"{x:.1f} s"
    m, s = divmod(int(round(x)), 60)
    if m < 60:
        return f"{m} min {s} s"
    h, m = divmod(m, 60)
    return f"{h} h {m} min"


def main():
    out, status, fuzz = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
    rep = {}
    p = os.path.join(out, "campaign", "report.json")
    if os.path.exists(p):
        rep = json.load(open(p))
    rp = os.path.join(out, "regressions.txt")
    tests = open(rp, errors="replace").read().strip().splitlines() if os.path.exists(rp) else []
    failed = [line[len("FAIL "):].strip() for line in tests if line.startswith("FAIL ")]
    campaign = {k: rep.get(k) for k in ("checked", "agreed", "findings", "known_upstream", "skipped",
                                         "checks_per_second", "generator_bugs", "interrupted")}
    campaign["seconds"] = round(rep["seconds"], 1) if rep.get("seconds") is not None else None
    if campaign["checks_per_second"] is not None:
        campaign["checks_per_second"] = round(campaign["checks_per_second"], 1)
    summary = {
        "date": os.path.basename(os.path.normpath(out)),
        "ok": status == 0,
        "campaign": campaign,
        "campaign_findings": rep.get("finding_files", []),
        "campaign_buckets": [{k: b[k] for k in ("signature", "count")} for b in rep.get("buckets", [])],
        "campaign_known_upstream": rep.get("known_upstream_by_doc", {}),
        "fuzz": fuzz,
        "file_tests": tests[-1] if tests else "",
        "file_tests_failed": failed,
    }
    mp = os.path.join(out, "mutants", "report.json")
    if os.path.exists(mp):
        m = json.load(open(mp))
        summary["mutants"] = {k: m.get(k) for k in ("mutants", "killed", "timeout", "survived", "unviable",
                                                    "score", "unclassified")}
    json.dump(summary, open(os.path.join(out, "nightly.json"), "w"), indent=2)
    with open(os.path.join(out, "nightly.txt"), "w") as f:
        f.write(f"stdlower nightly {summary['date']}: {'OK' if summary['ok'] else 'FINDINGS'}\n")
        c = summary["campaign"]
        if rep:
            f.write(f"campaign: {c['checked']} checked: {c['agreed']} agreed, {c['findings']} findings, "
                    f"{c['known_upstream']} known-upstream, {c['skipped']} skipped in {seconds(c['seconds'])}"
                    f"{' (interrupted)' if c.get('interrupted') else ''}\n")
        else:
            f.write("campaign: no report (see campaign.txt)\n")
        for t, v in fuzz.items():
            f.write(f"fuzz {t}: {v['runs']} runs, {v['exec_per_s']} exec/s, {v['crashes']} crashes\n")
            for a in v.get("artifacts", []):
                f.write(f"fuzz finding: {a} (replay: cargo fuzz run --fuzz-dir fuzz --sanitizer none {t} {a})\n")
        f.write(f"file tests: {summary['file_tests']}\n")
        for x in failed:
            f.write(f"file test failed: {x}\n")
        if "mutants" in summary:
            mu = summary["mutants"]
            f.write(f"mutants: {mu['mutants']} checked, {mu['killed']} killed, {mu['timeout']} timed out, "
                    f"{mu['survived']} survived ({len(mu['unclassified'] or [])} not in docs/oracle-strength.md), "
                    f"{mu['unviable']} unviable\n")
        for doc, n in summary["campaign_known_upstream"].items():
            f.write(f"known upstream: {n} x {doc}\n")
        for b in summary["campaign_buckets"]:
            f.write(f"findings: {b['count']} x {b['signature']}\n")
        for x in summary["campaign_findings"]:
            f.write(f"finding: {out}/campaign/{x}\n")
    print(open(os.path.join(out, "nightly.txt")).read(), end="")


if __name__ == "__main__":
    main()

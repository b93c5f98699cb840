#!/usr/bin/env python3
"""The report of scripts/mutants.sh, from cargo-mutants' outcomes and per-mutant logs.

Usage: scripts/mutants_report.py OUT WALL_SECONDS CAMPAIGN_SECONDS SEED DOC
Writes OUT/report.json and OUT/report.md; exits 3 when a survivor is not classified in
DOC (docs/oracle-strength.md), else 0.
"""
import json, os, re, sys
out, elapsed, budget, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
doc = open(sys.argv[5]).read() if os.path.exists(sys.argv[5]) else ""
def plain(name):
    """A mutant's name without its line and column, as docs/oracle-strength.md lists it."""
    return re.sub(r"^([^:]+):\d+:\d+:", r"\1:", name)
mo = os.path.join(out, "mutants.out")
outcomes = json.load(open(os.path.join(mo, "outcomes.json")))
diffs = {m["name"]: m.get("diff", "") for m in json.load(open(os.path.join(out, "all-mutants.json")))}
def prove_summary(p):
    """What `stdlower prove` said about one mutant (the test's MUTANT-PROVE line): on the
    failing case's module for a killed mutant, on the corpus for a survivor."""
    n = {k: p.get(k, 0) for k in ("proved", "refuted", "unknown", "validator_bugs", "errors",
                                  "invalid_lowerings")}
    failing = p.get("failing") or {}
    if p.get("skipped"):
        verdict = "skipped"
    elif n["refuted"]:
        verdict = "refuted"
    elif n["invalid_lowerings"]:
        # The lowered module breaks the converter's own contract: prove rejects it.
        verdict = "invalid lowering"
    elif failing and all(v == "unknown" for v in failing.values()):
        # The finding names its functions, and prove decides none of them.
        verdict = "out of scope"
    elif failing and any(v == "proved" for v in failing.values()):
        # A killed mutant whose failing function prove calls correct: a miss of prove's
        # (or a finding that is not about the function's meaning: see the oracle).
        verdict = "failing function proved"
    elif n["validator_bugs"]:
        verdict = "validator-bug"
    elif n["proved"] and not n["unknown"]:
        verdict = "all proved"
    elif n["proved"]:
        verdict = "not refuted"
    elif n["errors"] and not n["unknown"] and re.search(
            r"exited with exit status: 1: \S+:\d+:\d+: error:", p.get("first_error") or ""):
        # prove stopped at a located diagnostic: the mutant's converter refused the
        # case's module, so there is no lowering to validate.
        verdict = "converter refused"
    elif n["errors"] and not n["unknown"]:
        # prove itself refused the module or failed on it (the mutant's lowering failed,
        # panicked or looped): the first error says which.
        verdict = "prove failed"
    else:
        verdict = "out of scope"
    out = {"verdict": verdict, "scope": p.get("scope"), **n, "seconds": p.get("seconds")}
    for k in ("refutations", "failing", "verdicts", "first_error", "skipped", "seed"):
        if p.get(k):
            out[k] = p[k]
    return out
def prove_cell(r, key="prove"):
    p = r.get(key)
    if not p:
        return "not run"
    if p["verdict"] in ("skipped", "error"):
        return f"{p['verdict']}: {p.get('skipped') or p.get('detail')}"
    if p["verdict"] in ("prove failed", "converter refused"):
        return f"{p['verdict']}: {p.get('first_error')}"
    counts = f"{p['proved']} proved, {p['refuted']} refuted, {p['unknown']} unknown"
    if p.get("errors"):
        counts += f", {p['errors']} files refused"
    if p.get("invalid_lowerings"):
        counts += f", {p['invalid_lowerings']} invalid lowerings"
    refuted = ", ".join(f"{x['file']} @{x['function']}" for x in p.get("refutations", [])[:5])
    if p.get("failing"):
        refuted = "; ".join(x for x in [refuted, "failing: " + ", ".join(
            f"@{k} {v}" for k, v in p["failing"].items())] if x)
    return f"{p['verdict']} on the {p['scope']} ({counts}{'; ' + refuted if refuted else ''}; {p['seconds']:.1f} s)"
kinds = {"CaughtMutant": "killed", "MissedMutant": "survived", "Unviable": "unviable", "Timeout": "timeout"}
rows, baseline = [], None
counts = {"killed": 0, "survived": 0, "unviable": 0, "timeout": 0, "build-timeout": 0,
          "killed-without-finding": 0}
for o in outcomes.get("outcomes", []):
    sc = o.get("scenario")
    if sc == "Baseline" or (isinstance(sc, dict) and "Baseline" in sc):
        baseline = o.get("summary")
        continue
    m = sc.get("Mutant", sc) if isinstance(sc, dict) else {}
    name = m.get("name") or o.get("name") or str(sc)
    kind = kinds.get(o.get("summary"), o.get("summary"))
    phases = o.get("phase_results") or []
    if kind == "timeout" and phases and phases[-1].get("phase") == "Build":
        # The build ran past --build-timeout (the first mutant's build in a fresh copy of
        # the tree can be a cold one on a loaded machine): not a measurement of the
        # oracles; check that mutant again.
        kind = "build-timeout"
    counts[kind] = counts.get(kind, 0) + 1
    row = {"name": name, "outcome": kind,
           **{f"{p.get('phase', '?').lower()}_seconds": round(p.get("duration", 0), 1) for p in phases}}
    log = o.get("log_path")
    text = ""
    if log:
        p = log if os.path.isabs(log) else os.path.join(mo, log)
        text = open(p, errors="replace").read() if os.path.exists(p) else ""
    # The first line is prove on the case (a killed mutant) or on the corpus (a
    # survivor); a killed mutant its case did not show wrong has a second, on the corpus.
    for key, pv in zip(("prove", "prove_corpus"), re.findall(r"MUTANT-PROVE (.*)", text)):
        try:
            row[key] = prove_summary(json.loads(pv))
        except ValueError:
            row[key] = {"verdict": "error", "detail": pv[:200]}
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
        row["classified"] = f"`{plain(name)}`" in doc
    rows.append(row)
viable = counts["killed"] + counts["survived"] + counts["timeout"]
caught = counts["killed"] + counts["timeout"]
times = sorted(r["seconds_to_first_finding"] for r in rows if "seconds_to_first_finding" in r)
report = {
    "seed": seed, "campaign_seconds": budget, "wall_seconds": elapsed, "baseline": baseline,
    "mutants": len(rows), **counts,
    "score": caught / viable if viable else None,
    "median_seconds_to_first_finding": times[len(times) // 2] if times else None,
    "prove": {v: sum(1 for r in rows if r.get("prove", {}).get("verdict") == v)
              for v in sorted({r["prove"]["verdict"] for r in rows if "prove" in r})},
    # Killed mutants prove did not refute on their case, by prove's verdict on the corpus.
    "prove_corpus_of_killed": {v: sum(1 for r in rows if r["outcome"] == "killed"
                                      and r.get("prove_corpus", {}).get("verdict") == v)
                               for v in sorted({r["prove_corpus"]["verdict"] for r in rows
                                                if r["outcome"] == "killed" and "prove_corpus" in r})},
    "unclassified": [plain(r["name"]) for r in rows if r["outcome"] == "survived" and not r["classified"]],
    "rows": rows,
}
json.dump(report, open(os.path.join(out, "report.json"), "w"), indent=1)
with open(os.path.join(out, "report.md"), "w") as md:
    md.write(f"# Mutants of the lowering, seed {seed}, {budget} s campaigns\n\n")
    md.write(f"{len(rows)} mutants: {counts['killed']} killed, {counts['timeout']} timed out, "
             f"{counts['survived']} survived, {counts['unviable']} unviable, "
             f"{counts['build-timeout']} not measured (the build timed out), "
             f"{counts['killed-without-finding']} failed without a finding (see their logs); ")
    md.write(f"score {100 * report['score']:.1f} % of viable" if viable else "no viable mutant")
    if report["prove"]:
        md.write("; prove: " + ", ".join(f"{n} {v}" for v, n in report["prove"].items()))
    if report["prove_corpus_of_killed"]:
        md.write("; killed mutants prove did not refute on their case, on the corpus: " + ", ".join(
            f"{n} {v}" for v, n in report["prove_corpus_of_killed"].items()))
    md.write("\n\n")
    for r in rows:
        extra = ""
        if "seconds_to_first_finding" in r:
            extra = f" — {r['seconds_to_first_finding']} s, {r.get('oracle')}"
        if "build_seconds" in r:
            extra += f" — build {r['build_seconds']} s" + (
                f", test {r['test_seconds']} s" if "test_seconds" in r else "")
        if r["outcome"] in ("killed", "survived"):
            extra += f" — prove: {prove_cell(r)}"
        if "prove_corpus" in r:
            extra += f"; then {prove_cell(r, 'prove_corpus')}"
        if r["outcome"] == "survived" and not r["classified"]:
            extra += " — UNCLASSIFIED: not in docs/oracle-strength.md"
        md.write(f"- **{r['outcome']}** `{r['name']}`{extra}\n")
        if r["outcome"] == "survived":
            md.write("\n```diff\n" + r.get("diff", "").strip() + "\n```\n\n")
print(open(os.path.join(out, "report.md")).read().split("\n\n")[1])
print(f"report: {out}/report.md, {out}/report.json")
for u in report["unclassified"]:
    print(f"unclassified survivor: {u}")
sys.exit(3 if report["unclassified"] else 0)

//! `report.html`: a campaign's report (the same [`Report`] as `report.json`) as one
//! self-contained page for people — checks per second over the run (from the journal,
//! as an inline SVG chart), per-oracle and per-feature counts, the buckets of findings
//! with their reproducers and the command to run for each, the skipped reasons and the
//! known upstream bugs hit. Nothing is loaded from anywhere: the styles, the chart and
//! the small script (sortable tables, copy buttons) are in the file.

use crate::campaign::journal;
use crate::campaign::report::{Bucket, Report, Reproducer};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The most bins of the rate chart; a longer run doubles the width of each.
const RATE_BINS: usize = 240;

/// Checks finished per time bin, from the journal's case times, in constant memory:
/// when a case falls past the last bin, the bins are merged in pairs (their width
/// doubles) until it fits.
#[derive(Clone, Debug, PartialEq)]
pub struct Rate {
    /// Seconds per bin.
    pub width: f64,
    /// Cases finished in each bin, from the start of the run.
    pub counts: Vec<u64>,
}

impl Default for Rate {
    fn default() -> Rate {
        Rate {
            width: 1.0,
            counts: Vec::new(),
        }
    }
}

impl Rate {
    /// Counts a case that finished `at_s` seconds into its run.
    pub fn add(&mut self, at_s: f64) {
        let at = if at_s.is_finite() { at_s.max(0.0) } else { 0.0 };
        while at / self.width >= RATE_BINS as f64 {
            self.width *= 2.0;
            let merged = self.counts.chunks(2).map(|p| p.iter().sum()).collect();
            self.counts = merged;
        }
        let i = (at / self.width) as usize;
        if self.counts.len() <= i {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] += 1;
    }

    /// Every case of the journals (the shards of a merge ran side by side, so their
    /// bins add up). A journal that cannot be read leaves the chart empty rather than
    /// the report unwritten.
    pub fn of_journals(journals: &[PathBuf]) -> Rate {
        let mut r = Rate::default();
        for j in journals {
            let _ = journal::read(j, |e| r.add(e.at_s));
        }
        r
    }

    /// Checks per second in each bin.
    pub fn per_second(&self) -> Vec<f64> {
        self.counts.iter().map(|&c| c as f64 / self.width).collect()
    }
}

/// The shell command that shows a bucket's finding again: `check` on the saved file, or
/// the module regenerated from its seed. `base` is the directory the report's file
/// names are relative to.
pub fn reproduce_command(base: &Path, b: &Bucket, p: &Reproducer) -> String {
    match &p.file {
        Some(f) => format!(
            "stdlower check {}",
            shell_word(&base.join(f).display().to_string())
        ),
        None => format!(
            "stdlower gen --swarm --seed {s} > case{c}.mlir && stdlower check case{c}.mlir  # {o}",
            s = p.seed,
            c = p.case,
            o = b.oracle
        ),
    }
}

/// `s` quoted for a POSIX shell when it holds anything but safe characters.
fn shell_word(s: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c);
    if !s.is_empty() && s.chars().all(safe) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// `s` with HTML's special characters escaped (for text and attribute values).
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

const STYLE: &str = "body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#222}
h1{margin-bottom:.2em}h2{margin-top:1.6em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .7em;text-align:left;vertical-align:top}
th{background:#f3f3f3;cursor:pointer;user-select:none}tr:nth-child(even) td{background:#fafafa}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.bar{display:inline-block;height:.8em;background:#4a7fb5}.bar.bad{background:#c0392b}
.verdict{font-weight:bold;padding:.4em .8em;display:inline-block;border-radius:4px}
.ok{background:#e3f4e1;color:#1d6b18}.fail{background:#fbe3e1;color:#9b1c12}
code{background:#f4f4f4;padding:0 .2em}pre{margin:0;white-space:pre-wrap}
button.copy{font-size:11px;margin-left:.5em}svg text{font-size:11px;fill:#444}";

/// Sortable tables (click a header) and copy buttons; marks the page ready at the end,
/// which the browser test checks.
const SCRIPT: &str = r#"(function () {
  function key(td) {
    var t = td.getAttribute("data-sort") || td.textContent;
    var n = parseFloat(t);
    return isNaN(n) ? t.toLowerCase() : n;
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    table.querySelectorAll("th").forEach(function (th, col) {
      th.addEventListener("click", function () {
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var down = th.getAttribute("data-dir") !== "down";
        rows.sort(function (a, b) {
          var x = key(a.cells[col]), y = key(b.cells[col]);
          var c = x < y ? -1 : x > y ? 1 : 0;
          return down ? -c : c;
        });
        th.setAttribute("data-dir", down ? "down" : "up");
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
  document.querySelectorAll("button.copy").forEach(function (b) {
    b.addEventListener("click", function () {
      var text = b.parentNode.querySelector("code").textContent;
      if (navigator.clipboard) {
        navigator.clipboard.writeText(text).then(function () { b.textContent = "copied"; },
          function () { b.textContent = "select and copy"; });
      }
    });
  });
  var n = document.querySelectorAll("tr.bucket").length;
  document.getElementById("bucket-count").textContent = n + (n === 1 ? " bucket" : " buckets");
  document.documentElement.setAttribute("data-ready", "yes");
})();"#;

/// The page of `rep`; `rate` from its journal(s), `base` the directory its file names
/// are relative to (the campaign directory; the current one for a merge).
pub fn render(rep: &Report, rate: &Rate, base: &Path) -> String {
    let mut h = String::new();
    let ok = rep.findings == 0;
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width\">\
         <title>stdlower campaign: {} checked, {} findings</title><style>{STYLE}</style></head>\n<body>\n",
        rep.checked, rep.findings
    );
    h.push_str("<h1>stdlower campaign</h1>\n");
    let _ = writeln!(
        h,
        "<p><span id=\"verdict\" class=\"verdict {}\">{}</span></p>",
        if ok { "ok" } else { "fail" },
        if ok {
            "no findings".to_string()
        } else {
            format!(
                "{} findings in <span id=\"bucket-count\">{} buckets</span>",
                rep.findings,
                rep.buckets.len()
            )
        }
    );
    if ok {
        h.push_str("<p hidden><span id=\"bucket-count\"></span></p>\n");
    }
    totals(&mut h, rep);
    rate_chart(&mut h, rep, rate);
    buckets(&mut h, rep, base);
    oracles(&mut h, rep);
    counts(
        &mut h,
        "features",
        "Generator features",
        "How many cases exercised each op, type, convention and option (a feature no case exercised is absent).",
        "feature",
        &rep.per_feature,
    );
    counts(
        &mut h,
        "skipped",
        "Skipped cases",
        "Cases no verdict could be given on, by reason (resource limits, errors in both paths).",
        "reason",
        &rep.skipped_reasons,
    );
    known_upstream(&mut h, rep, base);
    let _ = write!(h, "<script>{SCRIPT}</script>\n</body></html>\n");
    h
}

fn totals(h: &mut String, rep: &Report) {
    let mut rows: Vec<(&str, String)> = vec![
        ("checked", rep.checked.to_string()),
        ("agreed", rep.agreed.to_string()),
        ("findings", rep.findings.to_string()),
        ("known-upstream", rep.known_upstream.to_string()),
        ("of them fixed-upstream", rep.fixed_upstream.to_string()),
        ("skipped", rep.skipped.to_string()),
        ("generator bugs", rep.generator_bugs.to_string()),
        ("seconds", format!("{:.1}", rep.seconds)),
        ("checks per second", format!("{:.1}", rep.checks_per_second)),
    ];
    if let Some(s) = rep.seed {
        rows.push(("seed", s.to_string()));
    }
    if let Some(s) = &rep.shard {
        rows.push(("shard", s.clone()));
    }
    if let (Some(c), Some(t)) = (rep.first_finding_case, rep.first_finding_seconds) {
        rows.push(("first finding", format!("case {c}, after {t:.1} s")));
    }
    if rep.interrupted {
        rows.push((
            "interrupted",
            "yes: stopped by a signal before its end".into(),
        ));
    }
    h.push_str("<table id=\"totals\"><tbody>\n");
    for (k, v) in rows {
        let _ = writeln!(
            h,
            "<tr><th>{}</th><td class=\"n\">{}</td></tr>",
            esc(k),
            esc(&v)
        );
    }
    h.push_str("</tbody></table>\n");
}

/// Checks per second over the run, as a line over bars of the bins.
fn rate_chart(h: &mut String, rep: &Report, rate: &Rate) {
    h.push_str("<h2 id=\"rate\">Checks per second over the run</h2>\n");
    let mut per = rate.per_second();
    // The last bin is only partly run: its rate is over the part the run covered.
    let full = rate.width * per.len().saturating_sub(1) as f64;
    let covered = rep.seconds - full;
    if let Some(last) = per.last_mut() {
        if covered > 0.0 && covered < rate.width {
            *last *= rate.width / covered;
        }
    }
    if per.is_empty() {
        h.push_str("<p>No journal to chart.</p>\n");
        return;
    }
    let (w, ht, left, bottom) = (720.0, 200.0, 48.0, 22.0);
    let max = per.iter().cloned().fold(0.0_f64, f64::max).max(1e-9);
    let n = per.len() as f64;
    let plot_w = w - left - 8.0;
    let plot_h = ht - bottom - 8.0;
    let x = |i: f64| left + plot_w * i / n;
    let y = |v: f64| 8.0 + plot_h * (1.0 - v / max);
    let _ = writeln!(
        h,
        "<svg id=\"rate-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{ht}\" \
         viewBox=\"0 0 {w} {ht}\" role=\"img\" aria-label=\"checks per second over the run\">"
    );
    let _ = writeln!(
        h,
        "<line x1=\"{left}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\" stroke=\"#888\"/>\
         <line x1=\"{left}\" y1=\"8\" x2=\"{left}\" y2=\"{b}\" stroke=\"#888\"/>",
        b = ht - bottom,
        r = w - 8.0
    );
    let mut points = String::new();
    for (i, v) in per.iter().enumerate() {
        let _ = write!(points, "{:.1},{:.1} ", x(i as f64 + 0.5), y(*v));
    }
    let _ = writeln!(
        h,
        "<polyline fill=\"none\" stroke=\"#4a7fb5\" stroke-width=\"1.5\" points=\"{}\"/>",
        points.trim_end()
    );
    let avg = rep.checks_per_second;
    if avg > 0.0 && avg <= max {
        let _ = writeln!(
            h,
            "<line x1=\"{left}\" x2=\"{r}\" y1=\"{a:.1}\" y2=\"{a:.1}\" stroke=\"#c0392b\" stroke-dasharray=\"4 3\"/>",
            r = w - 8.0,
            a = y(avg)
        );
    }
    let _ = writeln!(
        h,
        "<text x=\"{tx}\" y=\"14\" text-anchor=\"end\">{max:.0}/s</text>\
         <text x=\"{tx}\" y=\"{b}\" text-anchor=\"end\">0</text>\
         <text x=\"{left}\" y=\"{ly}\">0 s</text>\
         <text x=\"{r}\" y=\"{ly}\" text-anchor=\"end\">{end:.0} s</text></svg>",
        tx = left - 4.0,
        b = ht - bottom,
        ly = ht - 6.0,
        r = w - 8.0,
        end = rate.width * n
    );
    let _ = writeln!(
        h,
        "<p>{} bins of {} s; the dashed line is the run's mean, {:.1} checks a second. \
         Shards of a merge add up; a resumed run starts again at 0 s.</p>",
        per.len(),
        rate.width,
        avg
    );
}

fn buckets(h: &mut String, rep: &Report, base: &Path) {
    h.push_str("<h2 id=\"buckets\">Buckets of findings</h2>\n");
    if rep.buckets.is_empty() {
        h.push_str("<p>No findings.</p>\n");
        return;
    }
    h.push_str(
        "<p>Each bucket is one signature: the oracle, the paths that disagree and how, the op \
         a diagnostic names or a panic's location. The first findings of each are reduced and \
         saved; <code>stdlower reduce FILE --oracle ORACLE</code> shrinks one further.</p>\n\
         <table class=\"sortable\" id=\"bucket-table\"><thead><tr><th>findings</th><th>signature</th>\
         <th>oracle</th><th>reproducers</th></tr></thead><tbody>\n",
    );
    for b in &rep.buckets {
        let _ = write!(
            h,
            "<tr class=\"bucket\" data-signature=\"{}\"><td class=\"n\">{}</td><td><code>{}</code></td><td>{}</td><td>",
            esc(&b.signature),
            b.count,
            esc(&b.signature),
            esc(&b.oracle)
        );
        for p in &b.reproducers {
            let what = match &p.file {
                Some(f) => format!("case {}, seed {}, {}", p.case, p.seed, f),
                None => format!("case {}, seed {} (not saved)", p.case, p.seed),
            };
            let _ = write!(
                h,
                "<div class=\"reproducer\">{}<br><code>{}</code><button class=\"copy\" type=\"button\">copy</button></div>",
                esc(&what),
                esc(&reproduce_command(base, b, p))
            );
        }
        h.push_str("</td></tr>\n");
    }
    h.push_str("</tbody></table>\n");
}

fn bar(value: u64, max: u64, bad: bool) -> String {
    let pct = if max == 0 {
        0.0
    } else {
        100.0 * value as f64 / max as f64
    };
    format!(
        "<span class=\"bar{}\" style=\"width:{:.1}%\"></span>",
        if bad { " bad" } else { "" },
        pct.max(if value > 0 { 0.5 } else { 0.0 })
    )
}

fn oracles(h: &mut String, rep: &Report) {
    h.push_str("<h2 id=\"oracles\">Oracles</h2>\n");
    if rep.per_oracle.is_empty() {
        h.push_str("<p>No oracle ran.</p>\n");
        return;
    }
    h.push_str(
        "<table class=\"sortable\" id=\"oracle-table\"><thead><tr><th>oracle</th><th>cases checked</th>\
         <th>findings</th><th style=\"width:30em\"></th></tr></thead><tbody>\n",
    );
    let max = rep
        .per_oracle
        .values()
        .map(|c| c.checked)
        .max()
        .unwrap_or(0);
    for (name, c) in &rep.per_oracle {
        let _ = writeln!(
            h,
            "<tr class=\"oracle\"><td><code>{}</code></td><td class=\"n\">{}</td><td class=\"n\">{}</td><td data-sort=\"{}\">{}</td></tr>",
            esc(name),
            c.checked,
            c.findings,
            c.checked,
            bar(c.checked, max, c.findings > 0)
        );
    }
    h.push_str("</tbody></table>\n");
}

fn counts(
    h: &mut String,
    id: &str,
    title: &str,
    what: &str,
    col: &str,
    m: &std::collections::BTreeMap<String, u64>,
) {
    let _ = writeln!(
        h,
        "<h2 id=\"{id}\">{}</h2>\n<p>{}</p>",
        esc(title),
        esc(what)
    );
    if m.is_empty() {
        h.push_str("<p>None.</p>\n");
        return;
    }
    let _ = writeln!(
        h,
        "<table class=\"sortable\" id=\"{id}-table\"><thead><tr><th>{}</th><th>cases</th>\
         <th style=\"width:30em\"></th></tr></thead><tbody>",
        esc(col)
    );
    let max = m.values().copied().max().unwrap_or(0);
    for (k, v) in m {
        let _ = writeln!(
            h,
            "<tr><td><code>{}</code></td><td class=\"n\">{v}</td><td data-sort=\"{v}\">{}</td></tr>",
            esc(k),
            bar(*v, max, false)
        );
    }
    h.push_str("</tbody></table>\n");
}

fn known_upstream(h: &mut String, rep: &Report, base: &Path) {
    h.push_str(
        "<h2 id=\"known-upstream\">Known upstream bugs hit</h2>\n<p>JIT crashes whose LLVM error is \
         the signature of a bug documented in the repository's <code>docs/findings/</code>: counted, \
         not findings. A bug of an older release that a later one fixed is <em>fixed-upstream</em>, \
         with the release that fixed it (MLIR 22 when the case was run again on it and computed the \
         interpreter's values).</p>\n",
    );
    if rep.known_upstream_by_doc.is_empty() {
        h.push_str("<p>None.</p>\n");
        return;
    }
    h.push_str("<table id=\"known-table\"><thead><tr><th>document</th><th>cases</th><th>status</th></tr></thead><tbody>\n");
    for (doc, n) in &rep.known_upstream_by_doc {
        let status = match rep.fixed_upstream_by_doc.get(doc) {
            Some(f) => format!("fixed-upstream (fixed in MLIR {})", f.fixed_in),
            None => "known-upstream".to_string(),
        };
        let _ = writeln!(
            h,
            "<tr class=\"known\"><td><code>{}</code></td><td class=\"n\">{n}</td><td>{status}</td></tr>",
            esc(doc)
        );
    }
    h.push_str("</tbody></table>\n");
    if !rep.known_upstream_files.is_empty() {
        h.push_str("<p>Their modules, unreduced:</p><ul>\n");
        for f in &rep.known_upstream_files {
            let _ = writeln!(
                h,
                "<li><code>{}</code></li>",
                esc(&base.join(f).display().to_string())
            );
        }
        h.push_str("</ul>\n");
    }
}

/// Writes `DIR/report.html` for `rep`, charting the rate from `journals`; `base` is the
/// directory the report's file names are relative to.
pub fn write(out: &Path, rep: &Report, journals: &[PathBuf], base: &Path) -> std::io::Result<()> {
    let rate = Rate::of_journals(journals);
    std::fs::write(out.join("report.html"), render(rep, &rate, base))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rate_bins_merge_in_pairs_past_the_last() {
        let mut r = Rate::default();
        for t in [0.2, 0.7, 1.5, 239.9] {
            r.add(t);
        }
        assert_eq!(
            (r.width, r.counts.len(), r.counts[0], r.counts[1]),
            (1.0, 240, 2, 1)
        );
        r.add(240.0);
        assert_eq!(r.width, 2.0);
        assert_eq!((r.counts[0], r.counts[119], r.counts[120]), (3, 1, 1));
        assert_eq!(r.counts.iter().sum::<u64>(), 5);
        assert_eq!(r.per_second()[0], 1.5);
    }

    #[test]
    fn commands_quote_what_the_shell_would_split() {
        let b = Bucket {
            signature: "s".into(),
            oracle: "interp-vs-jit".into(),
            count: 1,
            reproducers: vec![],
        };
        let saved = Reproducer {
            case: 3,
            seed: 9,
            file: Some("findings/case3-interp-vs-jit.mlir".into()),
        };
        assert_eq!(
            reproduce_command(Path::new("out/my run"), &b, &saved),
            "stdlower check 'out/my run/findings/case3-interp-vs-jit.mlir'"
        );
        let unsaved = Reproducer {
            file: None,
            ..saved
        };
        assert_eq!(
            reproduce_command(Path::new("out"), &b, &unsaved),
            "stdlower gen --swarm --seed 9 > case3.mlir && stdlower check case3.mlir  # interp-vs-jit"
        );
    }

    /// A bug a later release fixed is shown as fixed-upstream with that release; one
    /// still present stays known-upstream.
    #[test]
    fn fixed_upstream_bugs_show_the_release_that_fixed_them() {
        let fixed = "fixed-upstream: MLIR 22 computes the interpreter's values";
        let mut rep = Report {
            known_upstream: 3,
            fixed_upstream: 2,
            ..Report::default()
        };
        rep.known_upstream_by_doc.insert(fixed.into(), 2);
        rep.known_upstream_by_doc
            .insert("docs/findings/mlir22-x.md".into(), 1);
        rep.fixed_upstream_by_doc.insert(
            fixed.into(),
            crate::campaign::report::FixedUpstream {
                count: 2,
                fixed_in: 22,
            },
        );
        let page = render(&rep, &Rate::default(), Path::new("."));
        let row = |doc: &str| {
            let at = page.find(&format!("<code>{}</code>", esc(doc))).expect(doc);
            page[at..].lines().next().unwrap_or("").to_string()
        };
        assert!(
            row(fixed).contains("fixed-upstream (fixed in MLIR 22)"),
            "{page}"
        );
        assert!(row("docs/findings/mlir22-x.md").contains("<td>known-upstream</td>"));
        assert!(page.contains("of them fixed-upstream"));
    }

    #[test]
    fn text_from_the_report_is_escaped() {
        let rep = Report {
            findings: 1,
            buckets: vec![Bucket {
                signature: "llvm-verify: '<script>alert(1)</script>'".into(),
                oracle: "llvm-verify".into(),
                count: 1,
                reproducers: vec![],
            }],
            ..Report::default()
        };
        let page = render(&rep, &Rate::default(), Path::new("."));
        assert!(!page.contains("<script>alert"));
        assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    }
}

//! Many LLVM-dialect modules (`mlir-opt`'s output) checked by one `mlir-translate
//! --mlir-to-llvmir` run as ONE module: the campaign needs the LLVM IR of a few of them
//! only (those it runs natively); of the others it needs to know only whether
//! `mlir-translate` takes them. A split run ([`super::batch::translate_batch`]) builds a
//! context per chunk and prints every module; one merged module costs a single context.
//! (A module nested in another is no help here: `mlir-translate` translates the outer
//! module alone and leaves nested ones out.)
//!
//! Each module's body goes into the merged module with every symbol renamed `@m<i>_NAME`
//! (`@"m<i>_NAME"` for a quoted name), `i` its position: the prefix is unique (its digits
//! end at the first `_`), so no two modules' symbols meet and a reference can only find
//! its own module's symbol, as alone. The modules must share their header line (the
//! module's attributes: the data layout), hold no symbol whose name means something to
//! LLVM (`llvm.*`, the intrinsics) and no op printed in the generic form (its
//! `sym_name = "..."` would not be renamed): anything else is left to the split run.
//!
//! When the merged module translates, every module in it does: translation fails on the
//! first op or function that fails, and the LLVM verifier on the first bad function, of
//! whichever module. When it fails, its diagnostics (`<stdin>:LINE:COL: error: ...`)
//! name the lines, and so the modules, that failed: those are left to the split run,
//! whose answer is a module run alone's, and the others are merged again, a few rounds
//! at most. Where our worker stands in for MLIR 22's tools ([`super::inproc`]), it
//! parses and translates the merged module instead of an `mlir-translate` process. A diagnostic without a line, a crash or a timeout leaves every module not yet
//! taken to the split run.

use std::time::Duration;

/// Whether a merged run pays for `release`: the opaque-pointer releases, whose
/// `mlir-translate` takes what their `mlir-opt` prints. MLIR 13 refuses many of its own
/// lowerings (16 of 55 generated modules, most for a parse error in what its `mlir-opt`
/// printed, `llvm.return {attr} %x`), and a parse error stops a run at the first: a
/// merged run would cost a run a refusal. The typed-pointer releases keep the split run.
pub fn pays(release: converter::syntax::Release) -> bool {
    !release.typed_pointers()
}

/// How many merged runs a batch gets: each failed one removes the modules its
/// diagnostics name.
const ROUNDS: usize = 3;

/// Per text, in order, whether one merged `mlir-translate --mlir-to-llvmir` run (see the
/// module's doc) took it; `false` for the texts left to the split run (refused, not
/// mergeable, or in a run that told nothing certain).
pub fn translated(t: &super::Toolchain, texts: &[&str]) -> Vec<bool> {
    translated_by(t, texts, true)
}

/// [`translated`], by our worker when `worker` and it stands in for `t`'s tools
/// ([`super::inproc::translate`]: the same parse, translation and verifier, no process
/// and no printing), else by `mlir-translate` (what the differential test compares).
pub fn translated_by(t: &super::Toolchain, texts: &[&str], worker: bool) -> Vec<bool> {
    let mut taken = vec![false; texts.len()];
    let Some(header) = texts.first().and_then(|t| t.lines().next()) else {
        return taken;
    };
    let mut parts: Vec<(usize, &str)> = (0..texts.len())
        .filter_map(|k| body(texts[k], header).map(|b| (k, b)))
        .collect();
    let args = ["--mlir-to-llvmir".to_string()];
    for _ in 0..ROUNDS {
        if parts.len() < 2 {
            break;
        }
        let Some((input, starts)) = merged(header, &parts) else {
            break;
        };
        let timeout =
            crate::upstream_tools::TOOL_TIMEOUT + Duration::from_millis(50) * parts.len() as u32;
        let by_worker = worker
            .then(|| super::inproc::translate(t, &input, timeout))
            .flatten();
        let run = by_worker.or_else(|| {
            super::nested::run(&t.tools.mlir_translate, &args, &input, timeout)
                .map(|(success, _, stderr)| (success, stderr))
        });
        let Some((success, stderr)) = run else {
            break;
        };
        if success {
            for &(k, _) in &parts {
                taken[k] = true;
            }
            break;
        }
        match super::nested::failed_modules(&stderr, &starts) {
            Some(bad) if !bad.is_empty() => parts = super::nested::without(&parts, &bad),
            _ => break,
        }
    }
    taken
}

/// The body of `text` (the lines between its header line and its closing `}`) when it
/// can be merged: its first line is `header`, a module's (`module ... {`), every line
/// inside is indented or empty, nothing follows the closing `}`, no op is printed in the
/// generic form, and no symbol is named `llvm.*`.
fn body<'t>(text: &'t str, header: &str) -> Option<&'t str> {
    if !header.starts_with("module") || !header.ends_with('{') {
        return None;
    }
    let rest = text.strip_prefix(header)?.strip_prefix('\n')?;
    let rest = rest.trim_end().strip_suffix('}')?;
    let inside = rest.lines().all(|l| l.is_empty() || l.starts_with(' '));
    (inside && !rest.contains("sym_name") && !rest.contains("@llvm.") && !rest.contains("@\"llvm."))
        .then_some(rest)
}

/// The merged module of `parts` (a text's position and its [`body`]) under `header`,
/// each body's symbols renamed, and the line on which each body starts; `None` when a
/// body's quoted name or string does not close.
fn merged(header: &str, parts: &[(usize, &str)]) -> Option<(String, Vec<usize>)> {
    let size: usize = parts.iter().map(|(_, b)| b.len() + b.len() / 16).sum();
    let mut input = String::with_capacity(header.len() + size + 4);
    input.push_str(header);
    input.push('\n');
    let mut starts = Vec::with_capacity(parts.len());
    let mut line = 2usize;
    for (i, (_, b)) in parts.iter().enumerate() {
        starts.push(line);
        renamed_into(b, &format!("m{i}_"), &mut input)?;
        line += b.lines().count();
    }
    input.push_str("}\n");
    Some((input, starts))
}

/// Appends `text` to `out` with every symbol reference `@NAME` made `@{prefix}NAME`
/// (`@"NAME"`, `@"{prefix}NAME"`), strings left as they are; `None` when a string does
/// not close.
fn renamed_into(text: &str, prefix: &str, out: &mut String) -> Option<()> {
    let bytes = text.as_bytes();
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = string_end(bytes, i)?,
            b'@' => {
                let next = bytes.get(i + 1).copied();
                let quoted = next == Some(b'"');
                let bare = next.is_some_and(|c| c.is_ascii_alphabetic() || c == b'_');
                if quoted || bare {
                    let at = i + 1 + usize::from(quoted);
                    out.push_str(&text[copied..at]);
                    out.push_str(prefix);
                    copied = at;
                }
                i = match quoted {
                    true => string_end(bytes, i + 1)?,
                    false => i + 1,
                };
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[copied..]);
    Some(())
}

/// The position just past the string that opens at `open` (a `"`), its escapes
/// (`\"`, `\\`, `\XX`) skipped; `None` when it does not close on its line.
fn string_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            b'\n' => return None,
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn renamed(text: &str, prefix: &str) -> Option<String> {
        let mut out = String::new();
        renamed_into(text, prefix, &mut out).map(|()| out)
    }

    #[test]
    fn every_symbol_is_renamed_and_no_string() {
        let text = "  llvm.func @f(%a: i64) -> i64 {\n    %0 = llvm.call @\"g \\22x\\22\"(%a) : (i64) -> i64\n    llvm.mlir.addressof @_h : !llvm.ptr\n  }\n  llvm.mlir.global internal constant @s(\"a@b \\\"@c\\\"\") : !llvm.array<1 x i8>\n  %x = foo @ 1\n";
        assert_eq!(
            renamed(text, "m3_").unwrap(),
            "  llvm.func @m3_f(%a: i64) -> i64 {\n    %0 = llvm.call @\"m3_g \\22x\\22\"(%a) : (i64) -> i64\n    llvm.mlir.addressof @m3__h : !llvm.ptr\n  }\n  llvm.mlir.global internal constant @m3_s(\"a@b \\\"@c\\\"\") : !llvm.array<1 x i8>\n  %x = foo @ 1\n"
        );
        assert_eq!(renamed("  x \"open\n", "m0_"), None);
        assert_eq!(renamed("  @\"open\n", "m0_"), None);
    }

    /// The prefix tells the modules apart: no renamed name of one module is a renamed
    /// name of another.
    #[test]
    fn renamed_names_of_two_modules_never_meet() {
        let names = ["f", "1_f", "_f", "2_g", "12_g", "m1_f", "x"];
        let mut seen = std::collections::HashMap::new();
        for i in 0..40 {
            for n in names {
                let r = renamed(&format!("@\"{n}\""), &format!("m{i}_")).unwrap();
                if let Some(j) = seen.insert(r.clone(), i) {
                    assert_eq!(j, i, "{r}");
                }
            }
        }
    }

    #[test]
    fn only_modules_of_the_same_header_and_plain_bodies_merge() {
        let h = "module attributes {llvm.data_layout = \"e\"} {";
        let t = format!("{h}\n  llvm.func @f()\n}}\n");
        assert_eq!(body(&t, h), Some("  llvm.func @f()\n"));
        assert_eq!(body(&format!("{h}\n}}\n"), h), Some(""));
        for bad in [
            "module {\n  llvm.func @f()\n}\n".to_string(),
            format!("{h}\n  llvm.func @f()\n}}\nmodule {{\n}}\n"),
            format!("{h}\nllvm.func @f()\n}}\n"),
            format!("{h}\n  \"llvm.func\"() <{{sym_name = \"f\"}}> : () -> ()\n}}\n"),
            format!("{h}\n  llvm.func @llvm.memcpy.p0.p0.i64()\n}}\n"),
            format!("{h}\n  llvm.func @\"llvm.x\"()\n}}\n"),
        ] {
            assert_eq!(body(&bad, h), None, "{bad}");
        }
        assert_eq!(body("x {\n}\n", "x {"), None);
    }

    #[test]
    fn each_body_starts_on_its_line_of_the_merged_module() {
        let h = "module {";
        let parts = [(0, "  a @f\n  b\n"), (1, ""), (2, "  c @f\n")];
        let (input, starts) = merged(h, &parts).unwrap();
        assert_eq!(input, "module {\n  a @m0_f\n  b\n  c @m2_f\n}\n");
        assert_eq!(starts, [2, 4, 4]);
        // A diagnostic on line 4 names the last module that starts there: the one with lines.
        assert_eq!(
            crate::upstream_release::nested::failed_modules("<stdin>:4:3: error: x\n", &starts),
            Some(vec![2])
        );
    }
}

//! The C-interface oracle's calls made by C itself: a C program written from the
//! *Standard* signatures alone (descriptor structs as `CRunnerUtils.h` lays them out,
//! `_mlir_ciface_` prototypes, results through the first-argument pointer), compiled
//! by the system's clang together with the lowered module's LLVM IR and run as its own
//! process. It builds the harness's arguments (strided views with offsets, as the JIT
//! thunk does), calls the wrappers and prints each result as a `TYPE VALUE` line
//! (floats as bit patterns, which `parse_value` reads back), so C, not our code, fixes
//! the ABI the results come through. It costs a compiler process, so campaigns sample
//! it (`OracleConfig::c_caller_every`).
//!
//! Covered: integers of 1, 8, 16, 32 and 64 bits, `index`, `f32`, `f64` as scalars and
//! memref elements, ranked memrefs in memory space 0 as arguments and results. Other
//! signatures (vectors, odd widths, `f16`, unranked memrefs, function values) are left
//! to the JIT's calls, as are modules calling externals the C program does not have.

use super::Planned;
use crate::exec::Outcome;
use converter::ir::{MemRefType, Module, Type};
use converter::value::{parse_value, RtValue};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

/// The compiler that builds the C callers (it also compiles the lowered LLVM IR).
pub const COMPILER: &str = "clang-22";

/// The C type of a scalar, or `None` when C has no type with LLVM's ABI for it.
fn c_scalar(t: &Type, index_bits: u32) -> Option<&'static str> {
    Some(match t {
        Type::Int(1) => "bool",
        Type::Int(8) => "int8_t",
        Type::Int(16) => "int16_t",
        Type::Int(32) => "int32_t",
        Type::Int(64) => "int64_t",
        Type::Index if index_bits == 64 => "int64_t",
        Type::Index if index_bits == 32 => "int32_t",
        Type::F32 => "float",
        Type::F64 => "double",
        _ => return None,
    })
}

fn memref_ok(m: &MemRefType, index_bits: u32) -> bool {
    m.memory_space == 0 && m.strided_form().is_some() && c_scalar(&m.elem, index_bits).is_some()
}

/// Whether the C program can call `f`'s wrapper: its types have C counterparts, and
/// `_mlir_ciface_` and its name make a C identifier (not `@"add one!"` or `@x.y`).
pub fn covered(f: &converter::ir::Func, index_bits: u32) -> bool {
    let Some(ft) = f.std_type() else { return false };
    if !f
        .name
        .bytes()
        .all(|c| c.is_ascii_alphanumeric() || c == b'_')
    {
        return false;
    }
    ft.inputs.iter().chain(&ft.results).all(|t| match t {
        Type::MemRef(m) => memref_ok(m, index_bits),
        t => c_scalar(t, index_bits).is_some(),
    })
}

/// Row-major or spread strides and the offset of a memref argument, as the JIT's
/// thunk builds them (`jit::exec::fill_buffer`): static ones kept, a dynamic offset of
/// an explicit strided layout nonzero, its dynamic strides one more than the extent
/// inside them; and the buffer's length in elements.
fn view(m: &MemRefType, shape: &[u64], n: usize) -> (i64, Vec<i64>, u64) {
    let layout = m.strided_form();
    let spread = !m.has_identity_layout();
    let fixed = |i: usize| {
        layout
            .as_ref()
            .and_then(|l| l.strides.get(i).copied().flatten())
    };
    let mut strides = vec![1i64; shape.len()];
    let mut run = 1i64;
    for i in (0..shape.len()).rev() {
        strides[i] = match fixed(i) {
            Some(s) => s,
            None if spread => run.saturating_add(1),
            None => run,
        };
        run = run.max(
            strides[i]
                .saturating_abs()
                .saturating_mul(shape[i].max(1) as i64),
        );
    }
    let offset = match layout.as_ref().map(|l| l.offset) {
        Some(Some(o)) => o,
        Some(None) if spread => 1 + (n % 5) as i64,
        _ => 0,
    };
    // Every address the view reaches, negative and zero strides included.
    let sizes: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    let high = converter::value::reach(offset, &sizes, &strides).1;
    let span = if n > 0 {
        high as u64 + 1
    } else {
        offset as u64 + 1
    };
    (offset, strides, span)
}

/// A C literal of a scalar value of type `t`.
fn literal(t: &Type, v: &RtValue, index_bits: u32) -> Option<String> {
    Some(match (t, v) {
        (Type::Int(1), RtValue::Int(x)) => format!("{}", x & 1),
        (Type::Int(_) | Type::Index, RtValue::Int(x)) => {
            let c = c_scalar(t, index_bits)?;
            format!("({c})(int64_t)0x{:x}ULL", *x as i64 as u64)
        }
        (Type::F32, RtValue::Float(b)) => format!("f32_of(0x{:x}u)", *b as u32),
        (Type::F64, RtValue::Float(b)) => format!("f64_of(0x{b:x}ULL)"),
        _ => return None,
    })
}

const RUNTIME: &str = r#"#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
static float f32_of(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static double f64_of(uint64_t b) { double f; memcpy(&f, &b, 8); return f; }
static void put_bool(bool v) { unsigned char c; memcpy(&c, &v, 1); printf("%u", c & 1u); }
static void put_int(long long v) { printf("%lld", v); }
static void put_f32(float v) { uint32_t b; memcpy(&b, &v, 4); printf("0x%x", b); }
static void put_f64(double v) { uint64_t b; memcpy(&b, &v, 8); printf("0x%llx", (unsigned long long)b); }
"#;

/// The printer call of one scalar `expr` of type `t`.
fn put(t: &Type, expr: &str) -> String {
    match t {
        Type::Int(1) => format!("put_bool({expr})"),
        Type::F32 => format!("put_f32({expr})"),
        Type::F64 => format!("put_f64({expr})"),
        _ => format!("put_int((long long)({expr}))"),
    }
}

/// The C program calling the wrappers of `checks` (all [`covered`]), one
/// `CALL k` header and one line per result each.
pub fn program(checks: &[(usize, &Planned<'_>)], index_bits: u32) -> Option<String> {
    let idx = if index_bits == 32 {
        "int32_t"
    } else {
        "int64_t"
    };
    let mut s = String::from(RUNTIME);
    let mut main = String::from("int main(void) {\n");
    for &(k, c) in checks {
        let ft = c.func.std_type()?;
        // Descriptor structs, one per memref argument or result, from the Standard type.
        let desc = |name: &str, m: &MemRefType| -> Option<String> {
            let e = c_scalar(&m.elem, index_bits)?;
            let r = m.rank();
            let arrays = if r > 0 {
                format!(" {idx} sizes[{r}]; {idx} strides[{r}];")
            } else {
                String::new()
            };
            Some(format!(
                "typedef struct {{ {e} *allocated; {e} *aligned; {idx} offset;{arrays} }} {name};\n"
            ))
        };
        let mut params = Vec::new();
        let mut fields = Vec::new();
        for (i, t) in ft.results.iter().enumerate() {
            fields.push(match t {
                Type::MemRef(m) => {
                    let n = format!("R{k}_{i}");
                    s.push_str(&desc(&n, m)?);
                    n
                }
                t => c_scalar(t, index_bits)?.to_string(),
            });
        }
        let by_pointer = ft.results.len() >= 2 || ft.results.iter().any(|t| t.is_memref());
        let ret = if by_pointer || ft.results.is_empty() {
            "void".to_string()
        } else {
            fields[0].clone()
        };
        if by_pointer {
            let members: Vec<String> = fields
                .iter()
                .enumerate()
                .map(|(i, f)| format!("{f} r{i};"))
                .collect();
            let _ = writeln!(s, "typedef struct {{ {} }} OUT{k};", members.join(" "));
            params.push(format!("OUT{k} *"));
        }
        for (i, t) in ft.inputs.iter().enumerate() {
            params.push(match t {
                Type::MemRef(m) => {
                    let n = format!("A{k}_{i}");
                    s.push_str(&desc(&n, m)?);
                    format!("{n} *")
                }
                t => c_scalar(t, index_bits)?.to_string(),
            });
        }
        let _ = writeln!(
            s,
            "{ret} {}({});",
            c.wrapper,
            if params.is_empty() {
                "void".to_string()
            } else {
                params.join(", ")
            }
        );
        // The call: arguments, then the results printed through the descriptors.
        let _ = writeln!(main, "  {{\n    printf(\"CALL {k}\\n\");");
        let mut args = Vec::new();
        if by_pointer {
            let _ = writeln!(
                main,
                "    static OUT{k} out; memset(&out, 0xA5, sizeof out);"
            );
            args.push("&out".to_string());
        }
        for (i, (t, v)) in ft.inputs.iter().zip(&c.args).enumerate() {
            match (t, v) {
                (Type::MemRef(m), RtValue::MemRef { shape, elems }) => {
                    let e = c_scalar(&m.elem, index_bits)?;
                    let (offset, strides, span) = view(m, shape, elems.len());
                    let _ = writeln!(
                        main,
                        // The aligned pointer 64 bytes past the allocated one, as a
                        // realigning `alloc` leaves them.
                        "    static _Alignas(64) char m{i}[64 + sizeof({e}) * {span}];\n    \
                         {e} *b{i} = ({e} *)(m{i} + 64);\n    static A{k}_{i} a{i};\n    \
                         a{i}.allocated = ({e} *)m{i}; a{i}.aligned = b{i}; a{i}.offset = {offset};"
                    );
                    let mut at = vec![0u64; shape.len()];
                    for v in elems {
                        let lin = offset
                            + at.iter()
                                .zip(&strides)
                                .map(|(a, s)| *a as i64 * s)
                                .sum::<i64>();
                        let _ = writeln!(
                            main,
                            "    b{i}[{lin}] = {};",
                            literal(&m.elem, v, index_bits)?
                        );
                        for d in (0..shape.len()).rev() {
                            at[d] += 1;
                            if at[d] < shape[d] {
                                break;
                            }
                            at[d] = 0;
                        }
                    }
                    for (d, (sz, st)) in shape.iter().zip(&strides).enumerate() {
                        let _ = writeln!(
                            main,
                            "    a{i}.sizes[{d}] = {sz}; a{i}.strides[{d}] = {st};"
                        );
                    }
                    args.push(format!("&a{i}"));
                }
                (Type::MemRef(_), RtValue::View(_)) => {
                    // The base's buffer, seen through the view: aliased, not copied.
                    let (j, l) = converter::arg_view::resolve(&ft.inputs, &c.args, i).ok()?;
                    let _ = writeln!(
                        main,
                        "    static A{k}_{i} a{i};\n    \
                         a{i}.allocated = a{j}.allocated; a{i}.aligned = b{j}; a{i}.offset = {};",
                        l.offset
                    );
                    for (d, (sz, st)) in l.sizes.iter().zip(&l.strides).enumerate() {
                        let _ = writeln!(
                            main,
                            "    a{i}.sizes[{d}] = {sz}; a{i}.strides[{d}] = {st};"
                        );
                    }
                    args.push(format!("&a{i}"));
                }
                (t, v) => args.push(literal(t, v, index_bits)?),
            }
        }
        let call = format!("{}({})", c.wrapper, args.join(", "));
        let results: Vec<String> = if by_pointer {
            (0..ft.results.len()).map(|i| format!("out.r{i}")).collect()
        } else if ft.results.is_empty() {
            let _ = writeln!(main, "    {call};");
            Vec::new()
        } else {
            let _ = writeln!(main, "    {} r0 = {call};", fields[0]);
            vec!["r0".to_string()]
        };
        if by_pointer {
            let _ = writeln!(main, "    {call};");
        }
        for (t, r) in ft.results.iter().zip(&results) {
            let _ = writeln!(main, "    printf(\"%s\", \"{t} \");");
            match t {
                Type::MemRef(m) => {
                    // Nested lists over the view, row-major.
                    let rank = m.rank();
                    let mut open = String::new();
                    let mut close = String::new();
                    let mut lin = format!("{r}.offset");
                    for d in 0..rank {
                        let _ = write!(
                            open,
                            "printf(\"[\"); for (long long i{d} = 0; i{d} < (long long){r}.sizes[{d}]; i{d}++) {{ if (i{d}) printf(\", \"); "
                        );
                        close.insert_str(0, "} printf(\"]\"); ");
                        let _ = write!(lin, " + i{d} * (long long){r}.strides[{d}]");
                    }
                    let _ = writeln!(
                        main,
                        "    {open}{}; {close}printf(\"\\n\");",
                        put(&m.elem, &format!("{r}.aligned[{lin}]"))
                    );
                }
                t => {
                    let _ = writeln!(main, "    {}; printf(\"\\n\");", put(t, r));
                }
            }
        }
        main.push_str("    fflush(stdout);\n  }\n");
    }
    main.push_str("  return 0;\n}\n");
    s.push_str(&main);
    Some(s)
}

/// The lowered module's LLVM IR with its `@main` renamed (the C program has its own).
fn ir_without_main(ir: &str) -> String {
    let ident = |c: char| c.is_ascii_alphanumeric() || "$._-".contains(c);
    let mut out = String::with_capacity(ir.len() + 64);
    let mut rest = ir;
    while let Some(i) = rest.find("@main") {
        let after = &rest[i + 5..];
        out.push_str(&rest[..i]);
        if after.starts_with(ident) {
            out.push_str("@main");
        } else {
            out.push_str("@__stdlower_module_main");
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Whether the lowered module calls a function neither it nor the C library defines
/// (the generator's externals live in the harness, not in the C program).
fn calls_externals(lowered: &Module) -> bool {
    lowered.funcs.iter().any(|f| {
        f.body.is_none()
            && !f.name.starts_with("llvm.")
            && !matches!(f.name.as_str(), "malloc" | "free" | "aligned_alloc")
    })
}

/// Makes the calls of `checks` (indices into the plan and the checks) from a C
/// program: one outcome per check, in order, or `None` when C cannot make them (no
/// compiler, a module calling externals). A program that does not build or dies is
/// every check's `Crash` outcome (with the compiler's or the signal's message).
pub fn run(
    lowered: &Module,
    checks: &[(usize, &Planned<'_>)],
    index_bits: u32,
) -> Option<Vec<Outcome>> {
    if checks.is_empty() || calls_externals(lowered) {
        return None;
    }
    run_ir(
        &jit::translate_to_ir_string(lowered).ok()?,
        checks,
        index_bits,
    )
}

/// [`run`] with the lowered module given as LLVM IR.
pub fn run_ir(ir: &str, checks: &[(usize, &Planned<'_>)], index_bits: u32) -> Option<Vec<Outcome>> {
    let cc = crate::abi::c_gen::find_program(COMPILER)?;
    let src = program(checks, index_bits)?;
    let ir = ir_without_main(ir);
    let dir = crate::abi::c_gen::TempDir::new("c-caller").ok()?;
    let fail = |msg: String| Some(vec![Outcome::Crash(msg); checks.len()]);
    let paths = (|| -> Result<(PathBuf, PathBuf), crate::abi::AbiError> {
        Ok((dir.write("caller.c", &src)?, dir.write("lowered.ll", &ir)?))
    })();
    let Ok((c_file, ll_file)) = paths else {
        return None;
    };
    let exe = dir.path().join("caller");
    let mut cmd = Command::new(&cc);
    cmd.args(["-O1", "-w", "-o"])
        .arg(&exe)
        .arg(&c_file)
        .arg(&ll_file)
        .arg("-lm");
    // The compiler and the program are child processes (the program under a timeout):
    // waiting for them is not the calling campaign thread's own work.
    if let Err(e) =
        crate::process::watchdog::outside(|| crate::abi::c_gen::run_command(&mut cmd, COMPILER))
    {
        return fail(format!("the C caller does not build: {e}"));
    }
    let out = match crate::process::watchdog::outside(|| {
        Command::new("timeout").arg("10").arg(&exe).output()
    }) {
        Ok(o) => o,
        Err(e) => return fail(format!("the C caller does not run: {e}")),
    };
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut outcomes: Vec<Outcome> = Vec::new();
    for &(k, c) in checks {
        let header = format!("CALL {k}\n");
        let Some(at) = text.find(&header) else {
            outcomes.push(Outcome::Crash(format!(
                "the C caller died before calling @{} ({})",
                c.wrapper, out.status
            )));
            continue;
        };
        let ft = c.func.std_type()?;
        let mut lines = text[at + header.len()..].lines();
        let mut values = Vec::new();
        for t in &ft.results {
            let line = lines.next().unwrap_or("");
            let v = line
                .strip_prefix(&format!("{t} "))
                .ok_or_else(|| format!("no {t} result"))
                .and_then(|v| parse_value(v, t));
            match v {
                Ok(v) => values.push((t.clone(), v)),
                Err(e) => {
                    outcomes.push(Outcome::Crash(format!(
                        "the C caller of @{} printed {line:?}: {e} ({})",
                        c.wrapper, out.status
                    )));
                    break;
                }
            }
        }
        if values.len() == ft.results.len() {
            outcomes.push(Outcome::Values(values));
        }
    }
    Some(outcomes)
}

#[cfg(test)]
mod tests {
    use super::covered;
    use converter::ir::{Func, Type};

    /// C cannot spell `_mlir_ciface_add one!`: such a wrapper is left to the JIT's
    /// thunk (clang would reject the program, a false finding).
    #[test]
    fn only_wrappers_c_can_name_are_covered() {
        let f = |name: &str| Func::new_std(name, vec![Type::i32()], vec![Type::i32()]);
        assert!(covered(&f("add_one2"), 64));
        for name in ["add one!", "x.y", "f-g", "é"] {
            assert!(!covered(&f(name), 64), "{name}");
        }
    }
}

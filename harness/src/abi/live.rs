//! Part 2 of `verify-abi`: live calls through the C interface, in both directions.
//!
//! A generated Standard module holds, per element type `T` and rank `N`:
//! - `@id_T_N(memref, index..., T) -> (memref, T)`: loads the element at the given
//!   indices, stores the scalar there and returns the memref and the old element
//!   (strided view with a nonzero offset; rank 0 included) — the C driver checks every
//!   returned descriptor field, the loaded value and the buffer afterwards;
//! - `@call_ext_T_N(memref) -> (memref, index)`, which calls the external
//!   `@ext_T_N`, whose `_mlir_ciface_ext_T_N` is written in C and checks every
//!   descriptor field it receives, then returns a changed descriptor through the
//!   out-pointer;
//!
//! and per element type: `@scalar_T(T, T) -> T`, `@pair_T(T, T) -> (T, T)`,
//! `@unranked_T(memref<*xT>) -> (index, T)` and `@call_exts_T` calling an external
//! scalar `@exts_T(T) -> T` written in C (integers reach it truncated from an i64, so
//! that a missing sign/zero extension is visible).
//!
//! The C driver's prototypes are written from these Standard signatures (not from the
//! lowered wrappers), and the wrappers' types are also checked against the C
//! interfaces `crate::abi::expect` derives from them (check `wrapper-types`).
//!
//! The C driver (one source) calls the `_mlir_ciface_` wrappers and prints
//! `CHECK elem rank check ok|MISMATCH field ours theirs` lines. It runs two ways:
//! (a) JIT: compiled to a shared object, `dlopen`ed by a child `stdlower
//! __abi-jit` process that JIT-compiles the lowered module, maps the C externals into
//! it and hands the wrapper addresses to the driver through exported pointer slots;
//! (b) native: the translated module is written to an object file by LLVM's target
//! machine, linked with the driver into an executable, and run.

use super::c_gen::{self, c_elem, desc_name, Compiler, TempDir};
use super::report::{Check, Difference};
use super::{AbiError, Elem, Selection};
use converter::ir::Type;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// Elements in each test buffer (the rank-8 view spans 2,385 of them past the offset).
const NBUF: usize = 4096;

fn is_int(e: &Elem) -> bool {
    matches!(e.ty, Type::Int(_) | Type::Index)
}

fn is_float_like(e: &Elem) -> bool {
    matches!(e.ty, Type::F16 | Type::F32 | Type::F64 | Type::Vector(_))
}

/// The strided memref type of rank `r` (rank 0: `memref<T>`).
fn mty(e: &Elem, r: usize) -> String {
    if r == 0 {
        return format!("memref<{}>", e.name);
    }
    let q = vec!["?"; r];
    format!(
        "memref<{}x{}, offset: ?, strides: [{}]>",
        q.join("x"),
        e.name,
        q.join(", ")
    )
}

/// The Standard module exercised by the live calls.
pub fn std_module(sel: &Selection) -> String {
    let mut s = String::new();
    let attr = "attributes {llvm.emit_c_interface}";
    for e in &sel.elems {
        let (t, i) = (e.name, e.ident);
        for &r in &sel.ranks {
            let m = mty(e, r);
            let idx_params: Vec<String> = (0..r).map(|k| format!("%i{k}: index")).collect();
            let idx: Vec<String> = (0..r).map(|k| format!("%i{k}")).collect();
            let mut params = vec![format!("%m: {m}")];
            params.extend(idx_params);
            params.push(format!("%v: {t}"));
            let _ = writeln!(
                s,
                "func @id_{i}_{r}({}) -> ({m}, {t}) {attr} {{\n  %old = load %m[{ix}] : {m}\n  \
                 store %v, %m[{ix}] : {m}\n  return %m, %old : {m}, {t}\n}}",
                params.join(", "),
                ix = idx.join(", ")
            );
            let _ = writeln!(
                s,
                "func @ext_{i}_{r}({m}) -> ({m}, index) {attr}\n\
                 func @call_ext_{i}_{r}(%m: {m}) -> ({m}, index) {attr} {{\n  \
                 %r:2 = call @ext_{i}_{r}(%m) : ({m}) -> ({m}, index)\n  \
                 return %r#0, %r#1 : {m}, index\n}}"
            );
        }
        let op = if is_int(e) { "xor" } else { "addf" };
        let _ = writeln!(
            s,
            "func @scalar_{i}(%a: {t}, %b: {t}) -> {t} {attr} {{\n  %r = {op} %a, %b : {t}\n  \
             return %r : {t}\n}}\n\
             func @pair_{i}(%a: {t}, %b: {t}) -> ({t}, {t}) {attr} {{\n  return %b, %a : {t}, {t}\n}}"
        );
        let m1 = mty(e, 1);
        let _ = writeln!(
            s,
            "func @unranked_{i}(%u: memref<*x{t}>) -> (index, {t}) {attr} {{\n  \
             %n = rank %u : memref<*x{t}>\n  %m = memref_cast %u : memref<*x{t}> to {m1}\n  \
             %c1 = constant 1 : index\n  %x = load %m[%c1] : {m1}\n  return %n, %x : index, {t}\n}}"
        );
        let (param, conv) = match &e.ty {
            Type::Int(64) => ("%w: i64".to_string(), "%x = addi %w, %w0 : i64".to_string()),
            Type::Int(_) => (
                "%w: i64".to_string(),
                format!("%x = trunci %w : i64 to {t}"),
            ),
            Type::Index => (
                "%w: i64".to_string(),
                "%x = index_cast %w : i64 to index".to_string(),
            ),
            _ => (format!("%w: {t}"), String::new()),
        };
        let body = if conv.is_empty() {
            format!("  %y = call @exts_{i}(%w) : ({t}) -> {t}\n")
        } else if e.ty == Type::Int(64) {
            format!(
                "  %w0 = constant 0 : i64\n  {conv}\n  %y = call @exts_{i}(%x) : ({t}) -> {t}\n"
            )
        } else {
            format!("  {conv}\n  %y = call @exts_{i}(%x) : ({t}) -> {t}\n")
        };
        let _ = writeln!(
            s,
            "func @exts_{i}({t}) -> {t} {attr}\n\
             func @call_exts_{i}({param}) -> {t} {attr} {{\n{body}  return %y : {t}\n}}"
        );
    }
    s
}

/// One callee of the driver: its slot name and C function-pointer type pieces.
struct Callee {
    name: String,
    ret: String,
    params: String,
}

fn callee(out: &mut Vec<Callee>, name: String, ret: &str, params: String) {
    out.push(Callee {
        name,
        ret: ret.to_string(),
        params,
    });
}

/// Per-element C helpers: `val_X(n)`, `eq_X(a, b)`, `show_X(buf, v)`, `norm_X(v)`.
fn elem_helpers(e: &Elem) -> String {
    let t = c_elem(e);
    let i = e.ident;
    let (val, eq, show) = match &e.ty {
        Type::Int(1) => (
            "return (E_i1)(n & 1);".to_string(),
            "return memcmp(&a, &b, 1) == 0;".to_string(),
            "unsigned char c; memcpy(&c, &v, 1); snprintf(s, 96, \"%u\", (unsigned)c);"
                .to_string(),
        ),
        Type::Int(17) => (
            format!("return ({t})(n * 37 - 500);"),
            "return N17(a) == N17(b);".to_string(),
            "uint32_t u; memcpy(&u, &v, 4); snprintf(s, 96, \"%lld(bytes=0x%08x)\", (long long)N17(v), (unsigned)u);"
                .to_string(),
        ),
        Type::Int(_) | Type::Index => (
            format!("return ({t})(n * 37 - 500);"),
            "return a == b;".to_string(),
            "snprintf(s, 96, \"%lld\", (long long)v);".to_string(),
        ),
        Type::F16 => (
            "return F16_VAL(n);".to_string(),
            "return memcmp(&a, &b, 2) == 0;".to_string(),
            "uint16_t u; memcpy(&u, &v, 2); snprintf(s, 96, \"0x%04x\", (unsigned)u);"
                .to_string(),
        ),
        Type::Vector(_) => (
            "E_v4f32 v = {(float)n, (float)n + 0.25f, -(float)n, (float)n * 2.0f}; return v;"
                .to_string(),
            "return memcmp(&a, &b, 16) == 0;".to_string(),
            "float f[4]; memcpy(f, &v, 16); snprintf(s, 96, \"[%a,%a,%a,%a]\", f[0], f[1], f[2], f[3]);"
                .to_string(),
        ),
        _ => (
            format!("return ({t})(n * 0.5 - 100.0);"),
            format!("return memcmp(&a, &b, sizeof({t})) == 0;"),
            "snprintf(s, 96, \"%a\", (double)v);".to_string(),
        ),
    };
    format!(
        "static {t} val_{i}(long n) {{ {val} }}\n\
         static int eq_{i}({t} a, {t} b) {{ {eq} }}\n\
         static const char *show_{i}({t} v) {{ char *s = next_str(); {show} return s; }}\n"
    )
}

/// The descriptor comparison of `D_T_N`: reports each differing field.
fn desc_compare(e: &Elem, r: usize) -> String {
    let d = desc_name(e, r);
    let mut s = format!(
        "static void cmp_{d}(const char *e, const char *rk, const char *c, const char *pre, const {d} *got, const {d} *want) {{\n  \
         char f[64];\n  \
         snprintf(f, 64, \"%sallocated\", pre); if (got->allocated != want->allocated) diff(e, rk, c, f, show_ptr(got->allocated), show_ptr(want->allocated));\n  \
         snprintf(f, 64, \"%saligned\", pre); if (got->aligned != want->aligned) diff(e, rk, c, f, show_ptr(got->aligned), show_ptr(want->aligned));\n  \
         snprintf(f, 64, \"%soffset\", pre); if (got->offset != want->offset) diff(e, rk, c, f, show_int(got->offset), show_int(want->offset));\n"
    );
    if r > 0 {
        s.push_str(&format!(
            "  for (int k = 0; k < {r}; k++) {{\n    \
             snprintf(f, 64, \"%ssizes[%d]\", pre, k); if (got->sizes[k] != want->sizes[k]) diff(e, rk, c, f, show_int(got->sizes[k]), show_int(want->sizes[k]));\n    \
             snprintf(f, 64, \"%sstrides[%d]\", pre, k); if (got->strides[k] != want->strides[k]) diff(e, rk, c, f, show_int(got->strides[k]), show_int(want->strides[k]));\n  }}\n"
        ));
    }
    s.push_str("}\n");
    s
}

/// Builds a strided view of `buf` in `d`: aligned = buf + 3, offset `off`, sizes 2, 3, 4,
/// 2, 3, 4, ... and strides 5, 11, 23, ... from the innermost dimension out. No size
/// equals a stride and neighbouring sizes differ, so a callee that sees two descriptor
/// fields swapped (size for stride, one dimension for another) is caught.
fn desc_init(d: &str, r: usize, off: usize) -> String {
    let mut s = format!("  {d}.allocated = buf; {d}.aligned = buf + 3; {d}.offset = {off};\n");
    if r > 0 {
        s.push_str(&format!(
            "  {{ intptr_t st = 5; for (int k = {r} - 1; k >= 0; k--) {{ {d}.sizes[k] = 2 + k % 3; {d}.strides[k] = st; st = 2 * st + 1; }} }}\n"
        ));
    }
    s
}

const DRIVER_RUNTIME: &str = r#"
#if defined(__BITINT_MAXWIDTH__) && __BITINT_MAXWIDTH__ >= 17
#define N17(x) ((long long)(x))
#else
#define N17(x) ((long long)((int32_t)((uint32_t)(x) << 15) >> 15))
#endif
#ifdef __FLT16_MAX__
#define F16_VAL(n) ((E_f16)((float)(n) * 0.5f - 100.0f))
#else
#define F16_VAL(n) ((E_f16)(0x3c00 + (n)))
#endif
static char *g_out; static size_t g_cap, g_len; static int g_bad;
static void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void emit(const char *fmt, ...) {
  if (g_len + 1 >= g_cap) return;
  va_list ap; va_start(ap, fmt);
  int n = vsnprintf(g_out + g_len, g_cap - g_len, fmt, ap);
  va_end(ap);
  if (n > 0) g_len = (g_len + (size_t)n < g_cap) ? g_len + (size_t)n : g_cap - 1;
}
static char g_strs[16][96]; static int g_stri;
static char *next_str(void) { g_stri = (g_stri + 1) % 16; return g_strs[g_stri]; }
static const char *show_ptr(const void *p) { char *s = next_str(); snprintf(s, 96, "%p", p); return s; }
static const char *show_int(long long v) { char *s = next_str(); snprintf(s, 96, "%lld", v); return s; }
static void diff(const char *e, const char *rk, const char *c, const char *field, const char *ours, const char *theirs) {
  emit("CHECK %s %s %s MISMATCH %s %s %s\n", e, rk, c, field, ours, theirs);
  g_bad++;
}
static void done(const char *e, const char *rk, const char *c, int before) {
  if (g_bad == before) emit("CHECK %s %s %s ok\n", e, rk, c);
}
"#;

/// The C driver: externals written in C, tests calling the wrappers, and
/// `int stdlower_abi_run(char *out, size_t cap)`; with `STDLOWER_JIT` the wrappers are
/// reached through exported `stdlower_slot_*` pointers, otherwise by symbol.
/// Returns the source and the slot names (= wrapper symbols) it calls.
pub fn driver(sel: &Selection) -> (String, Vec<String>) {
    let mut s = String::from(c_gen::PRELUDE);
    s.push_str(&c_gen::struct_defs(
        &sel.elems,
        &sel.ranks,
        c_gen::Flavor::C,
    ));
    let needs_r1 = !sel.ranks.contains(&1);
    if needs_r1 {
        // `@unranked_T` views the buffer as rank 1.
        for e in &sel.elems {
            let t = c_elem(e);
            let _ = writeln!(
                s,
                "typedef struct {{ {t} *allocated; {t} *aligned; intptr_t offset; \
                 intptr_t sizes[1]; intptr_t strides[1]; }} {};",
                desc_name(e, 1)
            );
        }
    }
    s.push_str(DRIVER_RUNTIME);
    let mut callees = Vec::new();
    let mut tests = Vec::new();
    let mut body = String::new();
    let mut tydefs = String::new();
    for e in &sel.elems {
        let t = c_elem(e);
        let i = e.ident;
        let en = e.name;
        body.push_str(&elem_helpers(e));
        for &r in &sel.ranks {
            let d = desc_name(e, r);
            body.push_str(&desc_compare(e, r));
            // id: C -> lowered, results through the out-pointer.
            let _ = writeln!(tydefs, "typedef struct {{ {d} r0; {t} r1; }} RI_{i}_{r};");
            let idx_c: Vec<String> = (0..r).map(|_| "intptr_t".to_string()).collect();
            let mut ps = vec![format!("RI_{i}_{r} *"), format!("{d} *")];
            ps.extend(idx_c);
            ps.push(t.clone());
            callee(
                &mut callees,
                format!("_mlir_ciface_id_{i}_{r}"),
                "void",
                ps.join(", "),
            );
            let args: Vec<String> = (0..r).map(|k| format!("{}", (k + 1) % 2)).collect();
            let mut call_args = vec!["&res".to_string(), "&d".to_string()];
            call_args.extend(args);
            call_args.push("v".into());
            let off = if r == 0 { 0 } else { 5 };
            let _ = writeln!(
                body,
                "static void t_id_{i}_{r}(void) {{\n  int before = g_bad; const char *c = \"call\", *rk = \"{r}\";\n  \
                 static {t} buf[{NBUF}], copy[{NBUF}];\n  for (long n = 0; n < {NBUF}; n++) buf[n] = val_{i}(n);\n  \
                 {d} d; memset(&d, 0, sizeof d);\n{init}  long lin = d.offset;\n{lin}  \
                 memcpy(copy, buf, sizeof buf);\n  long at = 3 + lin; {t} v = val_{i}(5000);\n  for (long n = 5001; eq_{i}(v, copy[at]) && n < 5100; n++) v = val_{i}(n);\n  \
                 RI_{i}_{r} res; memset(&res, 0xA5, sizeof res);\n  CALL(_mlir_ciface_id_{i}_{r})({ca});\n  \
                 cmp_{d}(\"{en}\", rk, c, \"r0.\", &res.r0, &d);\n  \
                 if (!eq_{i}(res.r1, copy[at])) diff(\"{en}\", rk, c, \"r1(loaded)\", show_{i}(res.r1), show_{i}(copy[at]));\n  \
                 if (!eq_{i}(buf[at], v)) diff(\"{en}\", rk, c, \"stored\", show_{i}(buf[at]), show_{i}(v));\n  \
                 for (long n = 0; n < {NBUF}; n++) if (n != at && !eq_{i}(buf[n], copy[n])) {{ char f[32]; snprintf(f, 32, \"buf[%ld]\", n); diff(\"{en}\", rk, c, f, show_{i}(buf[n]), show_{i}(copy[n])); break; }}\n  \
                 done(\"{en}\", rk, c, before);\n}}",
                init = desc_init("d", r, off),
                lin = if r == 0 {
                    String::new()
                } else {
                    format!("  for (int k = 0; k < {r}; k++) lin += ((k + 1) % 2) * d.strides[k];\n")
                },
                ca = call_args.join(", ")
            );
            tests.push(format!("t_id_{i}_{r}"));
            // ext: lowered -> C.
            let _ = writeln!(
                tydefs,
                "typedef struct {{ {d} r0; intptr_t r1; }} RX_{i}_{r};"
            );
            let _ = writeln!(
                body,
                "static {d} g_want_{i}_{r}; static int g_called_{i}_{r};\n\
                 void _mlir_ciface_ext_{i}_{r}(RX_{i}_{r} *out, {d} *m) {{\n  \
                 g_called_{i}_{r}++;\n  cmp_{d}(\"{en}\", \"{r}\", \"ext\", \"arg.\", m, &g_want_{i}_{r});\n  \
                 out->r0 = *m; out->r0.offset += 1; out->r1 = 4242;\n}}"
            );
            callee(
                &mut callees,
                format!("_mlir_ciface_call_ext_{i}_{r}"),
                "void",
                format!("RX_{i}_{r} *, {d} *"),
            );
            let _ = writeln!(
                body,
                "static void t_ext_{i}_{r}(void) {{\n  int before = g_bad; const char *c = \"ext\", *rk = \"{r}\";\n  \
                 static {t} buf[{NBUF}];\n  for (long n = 0; n < {NBUF}; n++) buf[n] = val_{i}(n);\n  \
                 {d} d; memset(&d, 0, sizeof d);\n{init}  g_want_{i}_{r} = d; g_called_{i}_{r} = 0;\n  \
                 RX_{i}_{r} res; memset(&res, 0xA5, sizeof res);\n  CALL(_mlir_ciface_call_ext_{i}_{r})(&res, &d);\n  \
                 if (g_called_{i}_{r} != 1) diff(\"{en}\", rk, c, \"calls\", show_int(g_called_{i}_{r}), show_int(1));\n  \
                 {d} want = d; want.offset += 1;\n  cmp_{d}(\"{en}\", rk, c, \"r0.\", &res.r0, &want);\n  \
                 if (res.r1 != 4242) diff(\"{en}\", rk, c, \"r1\", show_int(res.r1), show_int(4242));\n  \
                 done(\"{en}\", rk, c, before);\n}}",
                init = desc_init("d", r, 7)
            );
            tests.push(format!("t_ext_{i}_{r}"));
        }
        // scalar, pair, unranked, exts
        let expect = if is_float_like(e) { "a + b" } else { "a ^ b" };
        callee(
            &mut callees,
            format!("_mlir_ciface_scalar_{i}"),
            &t,
            format!("{t}, {t}"),
        );
        let _ = writeln!(tydefs, "typedef struct {{ {t} r0; {t} r1; }} RP_{i};");
        callee(
            &mut callees,
            format!("_mlir_ciface_pair_{i}"),
            "void",
            format!("RP_{i} *, {t}, {t}"),
        );
        let _ = writeln!(tydefs, "typedef struct {{ intptr_t r0; {t} r1; }} RU_{i};");
        callee(
            &mut callees,
            format!("_mlir_ciface_unranked_{i}"),
            "void",
            format!("RU_{i} *, U_{i} *"),
        );
        let d1 = desc_name(e, 1);
        let _ = writeln!(
            body,
            "static void t_scalar_{i}(void) {{\n  int before = g_bad; const char *c = \"call\", *rk = \"-\";\n  \
             {t} a = val_{i}(11), b = val_{i}(30);\n  {t} want = ({t})({expect});\n  \
             {t} got = CALL(_mlir_ciface_scalar_{i})(a, b);\n  \
             if (!eq_{i}(got, want)) diff(\"{en}\", rk, c, \"scalar\", show_{i}(got), show_{i}(want));\n  \
             RP_{i} p; memset(&p, 0xA5, sizeof p);\n  CALL(_mlir_ciface_pair_{i})(&p, a, b);\n  \
             if (!eq_{i}(p.r0, b)) diff(\"{en}\", rk, c, \"pair.r0\", show_{i}(p.r0), show_{i}(b));\n  \
             if (!eq_{i}(p.r1, a)) diff(\"{en}\", rk, c, \"pair.r1\", show_{i}(p.r1), show_{i}(a));\n  \
             done(\"{en}\", rk, c, before);\n}}\n\
             static void t_unranked_{i}(void) {{\n  int before = g_bad; const char *c = \"call\", *rk = \"*\";\n  \
             static {t} buf[64];\n  for (long n = 0; n < 64; n++) buf[n] = val_{i}(n);\n  \
             {d1} d; d.allocated = buf; d.aligned = buf + 3; d.offset = 5; d.sizes[0] = 4; d.strides[0] = 3;\n  \
             U_{i} u; u.rank = 1; u.descriptor = &d;\n  RU_{i} res; memset(&res, 0xA5, sizeof res);\n  \
             CALL(_mlir_ciface_unranked_{i})(&res, &u);\n  \
             if (res.r0 != 1) diff(\"{en}\", rk, c, \"rank\", show_int(res.r0), show_int(1));\n  \
             if (!eq_{i}(res.r1, buf[3 + 5 + 3])) diff(\"{en}\", rk, c, \"r1(loaded)\", show_{i}(res.r1), show_{i}(buf[3 + 5 + 3]));\n  \
             done(\"{en}\", rk, c, before);\n}}"
        );
        tests.push(format!("t_scalar_{i}"));
        tests.push(format!("t_unranked_{i}"));
        // exts: lowered -> C with a scalar.
        let (w_ty, w_val, want) = match &e.ty {
            Type::Int(1) => (
                "int64_t",
                "(int64_t)0x7ffffff000017703LL",
                "(E_i1)(w & 1)".to_string(),
            ),
            Type::Int(17) => (
                "int64_t",
                "(int64_t)0x7ffffff000017703LL",
                "(E_i17)N17(w)".to_string(),
            ),
            Type::Int(_) | Type::Index => (
                "int64_t",
                "(int64_t)0x7ffffff000017703LL",
                format!("({t})w"),
            ),
            _ => (t.as_str(), "val_X(77)", "w".to_string()),
        };
        let w_val = w_val.replace("val_X", &format!("val_{i}"));
        let seen = if matches!(e.ty, Type::Int(1)) {
            "unsigned char b; memcpy(&b, &x, 1); g_exts_raw_{i} = b;"
        } else if matches!(e.ty, Type::Int(17)) {
            "g_exts_raw_{i} = N17(x);"
        } else if is_int(e) {
            "g_exts_raw_{i} = (long long)x;"
        } else {
            ""
        }
        .replace("{i}", i);
        let _ = writeln!(
            body,
            "static {t} g_exts_seen_{i}; static long long g_exts_raw_{i}; static int g_exts_called_{i};\n\
             {t} _mlir_ciface_exts_{i}({t} x) {{ g_exts_called_{i}++; g_exts_seen_{i} = x; {seen} return x; }}"
        );
        callee(
            &mut callees,
            format!("_mlir_ciface_call_exts_{i}"),
            &t,
            w_ty.to_string(),
        );
        let raw_check = if matches!(e.ty, Type::Int(1)) {
            format!(
                "  {{ unsigned char wb; memcpy(&wb, &want, 1); if (g_exts_raw_{i} != wb) diff(\"{en}\", rk, c, \"arg(raw)\", show_int(g_exts_raw_{i}), show_int(wb)); }}\n"
            )
        } else if is_int(e) {
            format!(
                "  if (g_exts_raw_{i} != (long long)N17X(want)) diff(\"{en}\", rk, c, \"arg(as-int64)\", show_int(g_exts_raw_{i}), show_int((long long)N17X(want)));\n"
            )
            .replace(
                "N17X",
                if matches!(e.ty, Type::Int(17)) {
                    "N17"
                } else {
                    ""
                },
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            body,
            "static void t_exts_{i}(void) {{\n  int before = g_bad; const char *c = \"ext\", *rk = \"-\";\n  \
             {w_ty} w = {w_val};\n  {t} want = {want};\n  g_exts_called_{i} = 0;\n  \
             {t} got = CALL(_mlir_ciface_call_exts_{i})(w);\n  \
             if (g_exts_called_{i} != 1) diff(\"{en}\", rk, c, \"calls\", show_int(g_exts_called_{i}), show_int(1));\n  \
             if (!eq_{i}(g_exts_seen_{i}, want)) diff(\"{en}\", rk, c, \"arg\", show_{i}(g_exts_seen_{i}), show_{i}(want));\n\
             {raw_check}  if (!eq_{i}(got, want)) diff(\"{en}\", rk, c, \"result\", show_{i}(got), show_{i}(want));\n  \
             done(\"{en}\", rk, c, before);\n}}"
        );
        tests.push(format!("t_exts_{i}"));
    }
    s.push_str(&tydefs);
    // Calls: by symbol natively, through exported slots under the JIT.
    s.push_str("#ifdef STDLOWER_JIT\n#define CALL(f) ((T_##f)stdlower_slot##f)\n");
    for c in &callees {
        let _ = writeln!(
            s,
            "typedef {} (*T_{})({});\nvoid *stdlower_slot{};",
            c.ret, c.name, c.params, c.name
        );
    }
    s.push_str("#else\n#define CALL(f) f\n");
    for c in &callees {
        let _ = writeln!(s, "{} {}({});", c.ret, c.name, c.params);
    }
    s.push_str("#endif\n");
    s.push_str(&body);
    s.push_str("int stdlower_abi_run(char *out, size_t cap) {\n  g_out = out; g_cap = cap; g_len = 0; g_bad = 0;\n  if (cap) out[0] = 0;\n  print_notes_buf();\n");
    for t in &tests {
        let _ = writeln!(s, "  {t}();");
    }
    s.push_str(
        "  return g_bad;\n}\n#ifndef STDLOWER_JIT\nint main(void) {\n  static char out[1 << 22];\n  \
         stdlower_abi_run(out, sizeof out);\n  fputs(out, stdout);\n  return 0;\n}\n#endif\n",
    );
    let s = s.replace(
        "print_notes_buf();",
        "if (I17_NOTE[0]) emit(\"NOTE %s\\n\", I17_NOTE);\n  if (F16_NOTE[0]) emit(\"NOTE %s\\n\", F16_NOTE);",
    );
    (s, callees.into_iter().map(|c| c.name).collect())
}

/// Parses the driver's `CHECK` and `NOTE` lines; every check gets the column prefix
/// `mode` (e.g. `jit/cc`). Expected checks the output lacks become errors.
pub fn parse_driver_output(
    mode: &str,
    text: &str,
    expected: &[(String, String, String)],
    notes: &mut Vec<String>,
) -> Vec<Check> {
    let mut order: Vec<(String, String, String)> = Vec::new();
    let mut diffs: BTreeMap<(String, String, String), Vec<Difference>> = BTreeMap::new();
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("NOTE ") {
            let n = format!("{mode}: {n}");
            if !notes.contains(&n) {
                notes.push(n);
            }
            continue;
        }
        let w: Vec<&str> = line.split_whitespace().collect();
        if w.len() < 5 || w[0] != "CHECK" {
            continue;
        }
        let key = (w[1].to_string(), w[2].to_string(), w[3].to_string());
        if !order.contains(&key) {
            order.push(key.clone());
        }
        let entry = diffs.entry(key).or_default();
        if w[4] == "MISMATCH" && w.len() >= 8 {
            entry.push(Difference {
                field: w[5].to_string(),
                ours: w[6].to_string(),
                theirs: w[7].to_string(),
            });
        }
    }
    let mut out: Vec<Check> = order
        .iter()
        .map(|k| {
            let d = diffs.remove(k).unwrap_or_default();
            Check::compared(&k.0, &k.1, &format!("{mode}:{}", k.2), d)
        })
        .collect();
    for k in expected {
        if !order.contains(k) {
            out.push(Check::error(
                &k.0,
                &k.1,
                &format!("{mode}:{}", k.2),
                "the driver reported nothing for this check",
            ));
        }
    }
    out
}

/// The (elem, rank, check) triples the driver reports.
pub fn expected_checks(sel: &Selection) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for e in &sel.elems {
        for r in &sel.ranks {
            out.push((e.name.to_string(), r.to_string(), "call".to_string()));
            out.push((e.name.to_string(), r.to_string(), "ext".to_string()));
        }
        out.push((e.name.to_string(), "-".into(), "call".into()));
        out.push((e.name.to_string(), "*".into(), "call".into()));
        out.push((e.name.to_string(), "-".into(), "ext".into()));
    }
    out
}

/// Parses, verifies and lowers the generated Standard module.
fn lowered_module(text: &str) -> Result<converter::ir::Module, crate::input::Failure> {
    let m = crate::input::parse_and_verify("verify-abi-live.mlir", text.as_bytes())?;
    stdlower_front::lower::lower(&m, &converter::lower::LowerOptions::default())
}

/// The types of the live module's wrappers against the C interfaces derived from the
/// Standard signatures ([`crate::abi::expect`], independent of the lowering): one
/// `wrapper-types` check, a mismatch naming the first wrapper that differs.
fn wrapper_types(text: &str, lowered: &converter::ir::Module) -> Check {
    let m = match crate::input::parse_and_verify("verify-abi-live.mlir", text.as_bytes()) {
        Ok(m) => m,
        Err(f) => return Check::error("-", "-", "wrapper-types", f.message),
    };
    let diffs = match crate::abi::expect::check_wrappers(&m, lowered, 64, false) {
        Ok(()) => Vec::new(),
        Err(e) => vec![Difference {
            field: "type".into(),
            ours: e.replace('\n', " "),
            theirs: "see expected".into(),
        }],
    };
    Check::compared("-", "-", "wrapper-types", diffs)
}

/// The result of the live part.
#[derive(Debug, Default)]
pub struct LiveOutcome {
    pub checks: Vec<Check>,
    pub notes: Vec<String>,
    /// Seconds for the JIT and the native runs (all compilers).
    pub jit_secs: f64,
    pub native_secs: f64,
}

/// Runs the live calls with every C compiler, JIT-compiled (in a child process of
/// `exe`, the `stdlower` binary) and natively linked.
pub fn run_live(sel: &Selection, ccs: &[Compiler], exe: &Path) -> LiveOutcome {
    let mut out = LiveOutcome::default();
    let fail = |out: &mut LiveOutcome, col: &str, msg: String| {
        out.checks.push(Check::error("-", "-", col, msg));
    };
    let dir = match TempDir::new("abi-live") {
        Ok(d) => d,
        Err(e) => {
            fail(&mut out, "live", e.to_string());
            return out;
        }
    };
    let text = std_module(sel);
    let lowered = match lowered_module(&text) {
        Ok(l) => l,
        Err(e) => {
            fail(
                &mut out,
                "live",
                format!("the live module does not lower: {}", e.message),
            );
            return out;
        }
    };
    out.checks.push(wrapper_types(&text, &lowered));
    let (driver_src, slots) = driver(sel);
    let expected = expected_checks(sel);
    let paths = (|| -> Result<_, AbiError> {
        let mlir = dir.write("live.mlir", &text)?;
        let drv = dir.write("driver.c", &driver_src)?;
        let slots_file = dir.write("slots.txt", &slots.join("\n"))?;
        let obj = dir.path().join("lowered.o");
        jit::host::write_object(&lowered, "verify_abi", &obj)
            .map_err(|e| AbiError::Host(e.to_string()))?;
        Ok((mlir, drv, slots_file, obj))
    })();
    let (mlir, drv, slots_file, obj) = match paths {
        Ok(p) => p,
        Err(e) => {
            fail(&mut out, "live", e.to_string());
            return out;
        }
    };
    for cc in ccs {
        // (a) JIT in a child process.
        let t = std::time::Instant::now();
        let mode = format!("jit/{}", cc.label);
        let so = dir.path().join(format!("driver-{}.so", cc.label));
        let r = c_gen::compile(cc, &[&drv], &so, &["-shared", "-fPIC", "-DSTDLOWER_JIT"]).and_then(
            |()| {
                let mut c = Command::new(exe);
                c.arg("__abi-jit").arg(&so).arg(&mlir).arg(&slots_file);
                c_gen::run_command(&mut c, "the JIT child")
            },
        );
        match r {
            Ok(text) => {
                out.checks
                    .extend(parse_driver_output(&mode, &text, &expected, &mut out.notes))
            }
            Err(e) => fail(&mut out, &mode, e.to_string()),
        }
        out.jit_secs += t.elapsed().as_secs_f64();
        // (b) native: the object file linked with the driver.
        let t = std::time::Instant::now();
        let mode = format!("native/{}", cc.label);
        let bin = dir.path().join(format!("driver-{}", cc.label));
        let r = c_gen::compile(cc, &[&drv, &obj], &bin, &[])
            .and_then(|()| c_gen::run_command(&mut Command::new(&bin), "the native driver"));
        match r {
            Ok(text) => {
                out.checks
                    .extend(parse_driver_output(&mode, &text, &expected, &mut out.notes))
            }
            Err(e) => fail(&mut out, &mode, e.to_string()),
        }
        out.native_secs += t.elapsed().as_secs_f64();
    }
    out
}

/// The `__abi-jit SO MLIR SLOTS` child: lowers the module, JIT-compiles it, maps the
/// driver's externals into it, fills the driver's slots with the wrapper addresses,
/// runs `stdlower_abi_run` and prints its output. Returns the exit status; a child
/// that cannot run the driver fails with status 6.
pub fn jit_child(so: &str, mlir: &str, slots: &str) -> Result<i32, crate::cli_error::CliError> {
    let text = jit_child_inner(so, mlir, slots)
        .map_err(|e| crate::cli_error::CliError::Unfinished(e.into()))?;
    let mut stdout = crate::process::output::Out::new();
    stdout.print(&text);
    Ok(stdout.finish_with(crate::exit::OK))
}

fn dlsym(handle: *mut libc::c_void, name: &str) -> Option<usize> {
    let c = std::ffi::CString::new(name).ok()?;
    // SAFETY: dlsym only looks a NUL-terminated name up in a handle from dlopen (or
    // RTLD_DEFAULT); it does not dereference anything of ours.
    let a = unsafe { libc::dlsym(handle, c.as_ptr()) };
    (!a.is_null()).then_some(a as usize)
}

/// Why the `__abi-jit` child could not run the driver.
#[derive(Debug, thiserror::Error)]
pub enum JitChildError {
    #[error("{path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{}", .0.message)]
    Lower(crate::input::Failure),
    #[error("bad path")]
    BadPath,
    #[error("cannot dlopen {0}")]
    Dlopen(String),
    #[error(transparent)]
    Jit(#[from] jit::JitError),
    #[error("the driver has no slot for {0}")]
    NoSlot(String),
    #[error("the driver has no stdlower_abi_run")]
    NoRun,
}

fn jit_child_inner(so: &str, mlir: &str, slots: &str) -> Result<String, JitChildError> {
    let read = |path: &str| {
        std::fs::read_to_string(path).map_err(|source| JitChildError::Read {
            path: path.to_string(),
            source,
        })
    };
    let text = read(mlir)?;
    let slots = read(slots)?;
    let lowered = lowered_module(&text).map_err(JitChildError::Lower)?;
    let so_c = std::ffi::CString::new(so).map_err(|_| JitChildError::BadPath)?;
    // SAFETY: dlopen of the driver we just compiled; its initializers are trivial.
    let handle = unsafe { libc::dlopen(so_c.as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
    if handle.is_null() {
        return Err(JitChildError::Dlopen(so.to_string()));
    }
    let names: Vec<&str> = slots.lines().filter(|l| !l.is_empty()).collect();
    let resolve = |name: &str| {
        dlsym(handle, name)
            .or_else(|| dlsym(libc::RTLD_DEFAULT, name))
            .ok_or_else(|| format!("external @{name} is not in the driver"))
    };
    let code = jit::host::jit_with_externals(&lowered, "verify_abi", &resolve, &names)?;
    for (name, addr) in code.addresses() {
        let slot = dlsym(handle, &format!("stdlower_slot{name}"))
            .ok_or_else(|| JitChildError::NoSlot(name.to_string()))?;
        // SAFETY: `slot` is the address of the driver's exported `void *` variable
        // `stdlower_slot<name>`, which we own exclusively in this single-threaded child.
        unsafe { *(slot as *mut usize) = *addr };
    }
    let run = dlsym(handle, "stdlower_abi_run").ok_or(JitChildError::NoRun)?;
    let mut buf = vec![0u8; 1 << 22];
    // SAFETY: `run` is the driver's `int stdlower_abi_run(char *out, size_t cap)`; the
    // buffer has `cap` writable bytes and the driver NUL-terminates within it.
    let _bad = unsafe {
        let f: extern "C" fn(*mut libc::c_char, usize) -> libc::c_int = std::mem::transmute(run);
        f(buf.as_mut_ptr() as *mut libc::c_char, buf.len())
    };
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    drop(code);
    Ok(String::from_utf8_lossy(&buf[..end]).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_live_module_lowers_and_the_driver_names_every_wrapper() {
        let sel = Selection {
            elems: crate::abi::parse_types("i1,f16,vector<4xf32>").unwrap_or_default(),
            ranks: vec![0, 3],
        };
        let lowered = lowered_module(&std_module(&sel));
        assert!(lowered.is_ok(), "{lowered:?}");
        let (src, slots) = driver(&sel);
        // Per element: id and call_ext per rank, then scalar, pair, unranked, call_exts.
        assert_eq!(slots.len(), 3 * (2 * 2 + 4));
        for s in &slots {
            assert!(src.contains(&format!("stdlower_slot{s};")), "{s}");
        }
        assert_eq!(expected_checks(&sel).len(), 3 * (2 * 2 + 3));
    }

    #[test]
    fn driver_lines_become_checks() {
        let exp = vec![
            ("i8".to_string(), "2".to_string(), "call".to_string()),
            ("i8".to_string(), "-".to_string(), "ext".to_string()),
        ];
        let mut notes = Vec::new();
        let c = parse_driver_output(
            "jit/cc",
            "NOTE x\nCHECK i8 2 call MISMATCH r0.offset 4 5\nCHECK i8 2 call MISMATCH stored 1 2\n",
            &exp,
            &mut notes,
        );
        assert_eq!(notes, ["jit/cc: x"]);
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].check, "jit/cc:call");
        assert_eq!(c[0].differences.len(), 2);
        assert_eq!(c[1].status, crate::abi::report::Status::Error);
    }
}

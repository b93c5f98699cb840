//! The rule instances `prove --rules` proves: for each Standard op the validator models,
//! a one-op function per type instance (integer widths: the edges 1, 2, 7, 8, 9, 16,
//! 17, 31, 32, 33, 63, 64, 65, 127, 128, and `index` at 32 and 64 bits; `f16`, `f32`,
//! `f64`; 1-D and n-D vectors), per predicate and per cast pair, and the memory ops per
//! element type and pass option, as Standard source text. The caller lowers each and
//! proves it.

/// One rule instance: the op, the instance (types, predicate), the `index` width to
/// lower with, and the module.
#[derive(Clone, Debug)]
pub struct Rule {
    pub op: String,
    pub instance: String,
    pub index_bits: u32,
    pub text: String,
    /// Lower with `--use-aligned-alloc`.
    pub aligned_alloc: bool,
    /// Lower with `--use-bare-ptr-memref-call-conv`.
    pub bare_ptr: bool,
}

/// The integer widths every integer rule is proved at: both ends, and each side of
/// every power of two up to 128 where the lowering or LLVM might change behaviour.
pub const WIDTHS: [u32; 15] = [1, 2, 7, 8, 9, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128];

const INT_BINARY: [&str; 13] = [
    "addi",
    "subi",
    "muli",
    "divi_signed",
    "divi_unsigned",
    "remi_signed",
    "remi_unsigned",
    "and",
    "or",
    "xor",
    "shift_left",
    "shift_right_signed",
    "shift_right_unsigned",
];
const FLOAT_BINARY: [&str; 6] = ["addf", "subf", "mulf", "divf", "remf", "copysign"];
const FLOAT_UNARY: [&str; 12] = [
    "negf", "absf", "sqrt", "rsqrt", "exp", "exp2", "log", "log2", "log10", "sin", "cos", "ceilf",
];
const FLOATS: [&str; 3] = ["f16", "f32", "f64"];

fn rule(op: &str, instance: String, index_bits: u32, args: &[&str], res: &str, body: &str) -> Rule {
    let params: Vec<String> = args
        .iter()
        .enumerate()
        .map(|(i, t)| format!("%a{i}: {t}"))
        .collect();
    Rule {
        op: op.to_string(),
        instance,
        index_bits,
        text: format!(
            "func @rule({}) -> {res} {{\n  %r = {body}\n  return %r : {res}\n}}\n",
            params.join(", ")
        ),
        aligned_alloc: false,
        bare_ptr: false,
    }
}

/// The memory rules: `alloc`/`alloca` (static and dynamic sizes, under each allocation
/// option), `store` then `load`, `dim`, `dealloc`, and memref arguments under both
/// calling conventions, per element type.
fn memory_rules(out: &mut Vec<Rule>) {
    let elems = [
        "i1", "i8", "i17", "i32", "i64", "i128", "f16", "f32", "f64", "index",
    ];
    for e in elems {
        for (shape, dyn_args, dyn_ops, idx) in
            [("4", "", "", "%i"), ("?x3", ", %n: index", "%n", "%i, %i")]
        {
            for alloc in ["alloc", "alloca"] {
                for aligned in [false, true] {
                    if aligned && alloc == "alloca" {
                        continue;
                    }
                    let free = if alloc == "alloc" {
                        format!("  dealloc %m : memref<{shape}x{e}>\n")
                    } else {
                        String::new()
                    };
                    let text = format!(
                        "func @rule(%v: {e}, %i: index{dyn_args}) -> ({e}, index) {{\n  \
                         %m = {alloc}({dyn_ops}) : memref<{shape}x{e}>\n  \
                         store %v, %m[{idx}] : memref<{shape}x{e}>\n  \
                         %r = load %m[{idx}] : memref<{shape}x{e}>\n  \
                         %c0 = constant 0 : index\n  \
                         %d = dim %m, 0 : memref<{shape}x{e}>\n{free}  \
                         return %r, %d : {e}, index\n}}\n"
                    );
                    out.push(Rule {
                        op: format!("{alloc}+store+load+dim"),
                        instance: format!(
                            "memref<{shape}x{e}>{}",
                            if aligned { " --use-aligned-alloc" } else { "" }
                        ),
                        index_bits: 64,
                        text,
                        aligned_alloc: aligned,
                        bare_ptr: false,
                    });
                }
            }
        }
        for (shape, bare) in [("?x3", false), ("2x3", false), ("2x3", true)] {
            let text = format!(
                "func @rule(%m: memref<{shape}x{e}>, %v: {e}, %i: index, %j: index) -> {e} {{\n  \
                 %r = load %m[%i, %j] : memref<{shape}x{e}>\n  \
                 store %v, %m[%j, %i] : memref<{shape}x{e}>\n  \
                 return %r : {e}\n}}\n"
            );
            out.push(Rule {
                op: "load+store (argument)".into(),
                instance: format!(
                    "memref<{shape}x{e}>{}",
                    if bare {
                        " --use-bare-ptr-memref-call-conv"
                    } else {
                        ""
                    }
                ),
                index_bits: 64,
                text,
                aligned_alloc: false,
                bare_ptr: bare,
            });
        }
    }
}

/// Every rule instance.
pub fn all() -> Vec<Rule> {
    let mut out = Vec::new();
    let mut int_types: Vec<(String, u32)> = WIDTHS.iter().map(|w| (format!("i{w}"), 64)).collect();
    int_types.push(("index".into(), 64));
    int_types.push(("index".into(), 32));
    let vec_ints = ["vector<3xi8>", "vector<2x2xi16>"];
    let vec_floats = ["vector<2xf32>", "vector<2x3xf64>"];
    let label = |t: &str, ib: u32| {
        if t == "index" {
            format!("index{ib}")
        } else {
            t.to_string()
        }
    };
    for op in INT_BINARY {
        for (t, ib) in &int_types {
            let body = format!("{op} %a0, %a1 : {t}");
            out.push(rule(op, label(t, *ib), *ib, &[t, t], t, &body));
        }
        for t in vec_ints {
            let body = format!("{op} %a0, %a1 : {t}");
            out.push(rule(op, t.into(), 64, &[t, t], t, &body));
        }
    }
    for pred in converter::ir::CMPI_PREDICATES {
        for (t, ib) in &int_types {
            let body = format!("cmpi \"{pred}\", %a0, %a1 : {t}");
            out.push(rule(
                "cmpi",
                format!("{pred} {}", label(t, *ib)),
                *ib,
                &[t, t],
                "i1",
                &body,
            ));
        }
        let body = format!("cmpi \"{pred}\", %a0, %a1 : vector<3xi8>");
        let t = "vector<3xi8>";
        out.push(rule(
            "cmpi",
            format!("{pred} {t}"),
            64,
            &[t, t],
            "vector<3xi1>",
            &body,
        ));
    }
    for op in FLOAT_BINARY {
        for t in FLOATS.iter().chain(&vec_floats) {
            let body = format!("{op} %a0, %a1 : {t}");
            out.push(rule(op, t.to_string(), 64, &[t, t], t, &body));
        }
    }
    for op in FLOAT_UNARY {
        for t in FLOATS.iter().chain(&vec_floats) {
            let body = format!("{op} %a0 : {t}");
            out.push(rule(op, t.to_string(), 64, &[t], t, &body));
        }
    }
    for pred in converter::ir::CMPF_PREDICATES {
        for t in FLOATS {
            let body = format!("cmpf \"{pred}\", %a0, %a1 : {t}");
            out.push(rule(
                "cmpf",
                format!("{pred} {t}"),
                64,
                &[t, t],
                "i1",
                &body,
            ));
        }
        let t = "vector<2xf32>";
        let body = format!("cmpf \"{pred}\", %a0, %a1 : {t}");
        out.push(rule(
            "cmpf",
            format!("{pred} {t}"),
            64,
            &[t, t],
            "vector<2xi1>",
            &body,
        ));
    }
    for t in [
        "i1",
        "i32",
        "i128",
        "f16",
        "f64",
        "index",
        "vector<4xf32>",
        "vector<2x2xi8>",
    ] {
        let body = format!("select %a0, %a1, %a2 : {t}");
        out.push(rule("select", t.into(), 64, &["i1", t, t], t, &body));
    }
    // Integer casts between every ordered pair of a sample of widths.
    let cw = [1u32, 8, 17, 32, 64, 128];
    for &a in &cw {
        for &b in &cw {
            let (ta, tb) = (format!("i{a}"), format!("i{b}"));
            if a < b {
                for op in ["sexti", "zexti"] {
                    let body = format!("{op} %a0 : {ta} to {tb}");
                    out.push(rule(op, format!("{ta} to {tb}"), 64, &[&ta], &tb, &body));
                }
            }
            if a > b {
                let body = format!("trunci %a0 : {ta} to {tb}");
                out.push(rule(
                    "trunci",
                    format!("{ta} to {tb}"),
                    64,
                    &[&ta],
                    &tb,
                    &body,
                ));
            }
        }
    }
    for ib in [32, 64] {
        for t in ["i8", "i32", "i64", "i128"] {
            let body = format!("index_cast %a0 : {t} to index");
            out.push(rule(
                "index_cast",
                format!("{t} to index{ib}"),
                ib,
                &[t],
                "index",
                &body,
            ));
            let body = format!("index_cast %a0 : index to {t}");
            out.push(rule(
                "index_cast",
                format!("index{ib} to {t}"),
                ib,
                &["index"],
                t,
                &body,
            ));
        }
    }
    for f in FLOATS {
        for i in ["i1", "i8", "i32", "i64", "i128"] {
            let body = format!("sitofp %a0 : {i} to {f}");
            out.push(rule("sitofp", format!("{i} to {f}"), 64, &[i], f, &body));
            let body = format!("fptosi %a0 : {f} to {i}");
            out.push(rule("fptosi", format!("{f} to {i}"), 64, &[f], i, &body));
        }
    }
    for (a, b) in [("f16", "f32"), ("f16", "f64"), ("f32", "f64")] {
        let body = format!("fpext %a0 : {a} to {b}");
        out.push(rule("fpext", format!("{a} to {b}"), 64, &[a], b, &body));
        let body = format!("fptrunc %a0 : {b} to {a}");
        out.push(rule("fptrunc", format!("{b} to {a}"), 64, &[b], a, &body));
    }
    for t in ["vector<4xi32>", "vector<2x3xf16>"] {
        let e = if t.contains("f16") { "f16" } else { "i32" };
        let body = format!("splat %a0 : {t}");
        out.push(rule("splat", t.into(), 64, &[e], t, &body));
    }
    for (t, e, idx) in [
        ("vector<4xi32>", "i32", 1usize),
        ("vector<2x3xf16>", "f16", 2),
    ] {
        let mut args = vec![t];
        args.extend(std::iter::repeat_n("index", idx));
        let is: Vec<String> = (1..=idx).map(|i| format!("%a{i}")).collect();
        let body = format!("extract_element %a0[{}] : {t}", is.join(", "));
        out.push(rule("extract_element", t.into(), 64, &args, e, &body));
    }
    memory_rules(&mut out);
    out
}

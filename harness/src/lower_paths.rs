//! The `lower-paths` oracle: `stdlower lower` does not lower through `lower_module`,
//! which every other oracle checks, but one function at a time — straight from the
//! source text (`SourceLowering`, on several threads), or from the parsed module
//! (`lower_module_each`) where that gives up. Those paths must print exactly the text of
//! `print_llvm(lower_module(..))`, the module the oracles have run; otherwise a bug in the
//! streaming code reaches users while every campaign agrees. Comparing text costs a print
//! and a re-parse, so campaigns sample it, in one
//! syntax a case (the two printers share the streaming code).
//!
//! It also checks the error paths of the lowering that a valid generated module can
//! reach by a small change: a module that already has a function named like a C
//! wrapper the lowering must make ([`clash_is_rejected`]), or that declares a runtime
//! function the lowering calls (`malloc`, `free`, `aligned_alloc`) with another type
//! ([`runtime_clash_is_rejected`]), is rejected with an error naming it, never lowered
//! into a module that calls a function as what it is not.
//!
//! What `stdlower lower` prints is what users feed to `mlir-translate`, but every other
//! oracle judges the lowered module in memory. So the printed text must also read back
//! ([`reads_back`]) to the very module in memory: the same ops, operands, types,
//! attributes and successors. A printer that writes a wrong predicate, constant or
//! type, or drops an attribute, would otherwise pass every campaign. A case printed in
//! the legacy syntax is read back in it too (with its typed pointers, which the modern
//! syntax does not show), and in the modern syntax.
//!
//! And on a sample, [`big_variant_is_lowered`] runs `stdlower lower --jobs 2` itself, in
//! a process of its own, on the case made big ([`big_variant`]): attributes nested as
//! deep as the parser allows, and a function of more than ten thousand values. The
//! printer, the parser and the lowering recurse on nesting, and the threads the source
//! path starts must have the stack for it; a thread without it overflows and aborts the
//! process, which in the campaign's own process would end the campaign, and in a child
//! is a finding. The wide function's value names have five digits, which no generated
//! function reaches; its printing must read back too.

use converter::ir::{Attribute, Module, NamedAttr, Type};
use converter::llvm_print::{
    print_llvm, write_func, write_module_close, write_module_open, Syntax,
};
use converter::lower::{lower_module_each, LowerOptions, SourceLowering};

/// The oracle's name in reports.
pub const ORACLE: crate::verdict::Oracle = crate::verdict::Oracle::LowerPaths;

/// The text the source path makes of `src` on `jobs` threads, `None` where it gives up
/// (what `stdlower lower` prints when it takes that path).
pub fn from_source(src: &[u8], opts: &LowerOptions, syntax: Syntax, jobs: usize) -> Option<String> {
    let s = SourceLowering::new("case.mlir", src, opts)?;
    let mut text = String::new();
    write_module_open(&mut text, &s.headers().attrs, syntax);
    let lowered = s.run(jobs, |out, f| write_func(out, f, syntax))?;
    text.extend(lowered.pieces());
    write_module_close(&mut text);
    Some(text)
}

/// The first line where `a` (`lower_module`'s text) and `b` (what `label` printed)
/// differ, both shown.
fn first_difference(a: &str, b: &str, label: &str) -> String {
    let (mut la, mut lb) = (a.lines(), b.lines());
    for n in 1.. {
        match (la.next(), lb.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (None, None) => break,
            (x, y) => {
                return format!(
                    "line {n}:\n  lower_module: {}\n  {label}: {}",
                    x.unwrap_or("<end>"),
                    y.unwrap_or("<end>")
                )
            }
        }
    }
    "the texts differ in line endings".into()
}

/// The module attribute both paths are checked with: generated modules have none, and a
/// path that lost the module's attributes would otherwise print the same text.
pub const PROBE_ATTR: &str = "stdlower.lower_paths";

/// Checks both one-function-at-a-time paths against `lowered` (`lower_module(m, opts)`)
/// in `syntax`: `Some(detail)` on a difference. The source path reads the Standard
/// printing of `m`; it may give up (an alias after a function, say) — `stdlower lower`
/// then takes the parsed-module path, checked too. Both read `m` with the module
/// attribute [`PROBE_ATTR`] added, which the lowering keeps, so each must print it as
/// `lowered` with it added. Then the modern printing must read back to `lowered`
/// ([`reads_back`]; the text already printed when `syntax` is modern).
pub fn check(
    m: &Module,
    lowered: &Module,
    opts: &LowerOptions,
    syntax: Syntax,
    jobs: usize,
) -> Option<String> {
    let probe = NamedAttr::new(PROBE_ATTR, Attribute::Unit);
    let (mut with_attr, mut lowered_with_attr) = (m.clone(), lowered.clone());
    with_attr.attrs.push(probe.clone());
    lowered_with_attr.attrs.push(probe);
    let (m, lowered) = (&with_attr, &lowered_with_attr);
    let src = converter::syntax::print_module(m, &Default::default());
    let whole = print_llvm(lowered, syntax);
    let syntax_name = syntax_name(syntax);
    let mut each = String::new();
    write_module_open(&mut each, &m.attrs, syntax);
    match lower_module_each(m, opts, |f| write_func(&mut each, f, syntax)) {
        Ok(()) => write_module_close(&mut each),
        Err(ds) => {
            return Some(format!(
                "lower_module_each ({syntax_name}) fails where lower_module lowers: {}",
                crate::verdict::joined(&ds)
            ));
        }
    }
    if each != whole {
        return Some(format!(
            "lower_module_each ({syntax_name}) prints other text than lower_module, {}",
            first_difference(&whole, &each, "lower_module_each")
        ));
    }
    // The printer writes every alias before the functions, so the source path has no
    // reason to give up on the printed case: giving up would leave `stdlower lower` on
    // its slower path for every module, unseen.
    match from_source(src.as_bytes(), opts, syntax, jobs) {
        Some(streamed) if streamed != whole => {
            return Some(format!(
                "SourceLowering ({syntax_name}, {jobs} threads) prints other text than \
                 lower_module, {}",
                first_difference(&whole, &streamed, "streamed")
            ))
        }
        Some(_) => {}
        None => {
            return Some(format!(
                "SourceLowering ({syntax_name}, {jobs} threads) gives up on a module \
                 lower_module lowers"
            ))
        }
    }
    // The text, the same from every path, must read back to the module in memory; a
    // legacy case's modern printing too (what users give `mlir-translate`).
    if syntax == Syntax::Legacy {
        if let Err(e) = reads_back(&whole, lowered, Syntax::Legacy) {
            return Some(e);
        }
    }
    let modern = match syntax {
        Syntax::Modern => whole,
        Syntax::Legacy => print_llvm(lowered, Syntax::Modern),
    };
    reads_back(&modern, lowered, Syntax::Modern).err()
}

/// For the first function that asks for a C wrapper: the module with a declaration
/// `@_mlir_ciface_NAME` added must fail to lower, with a diagnostic naming it that is not
/// an internal error (the wrapper's name is taken: bad input, not a bug of ours). `Some(detail)` when it lowers or fails otherwise.
pub fn clash_is_rejected(m: &Module, opts: &LowerOptions) -> Option<String> {
    if opts.use_bare_ptr_memref_call_conv {
        return None; // no C wrappers are made
    }
    let f = m.funcs.iter().find(|f| {
        f.has_attr(converter::lower::EMIT_C_INTERFACE)
            && m.func(&format!("_mlir_ciface_{}", f.name)).is_none()
    })?;
    let name = format!("_mlir_ciface_{}", f.name);
    let mut clash = m.clone();
    clash.funcs.push(converter::ir::Func::new_std_decl(
        &name,
        Vec::new(),
        Vec::new(),
    ));
    match converter::lower::lower_module(&clash, opts) {
        Ok(_) => Some(format!(
            "with a declaration @{name} added, the module lowers: the C wrapper of @{} \
             and the declaration share a name",
            f.name
        )),
        // A user error naming the function: the lowering's own output check would also
        // reject two functions of one name, but as an internal error (a bug of ours).
        Err(ds)
            if ds
                .iter()
                .any(|d| d.message.contains(&name) && !d.message.starts_with("internal error")) =>
        {
            None
        }
        Err(ds) => Some(format!(
            "with a declaration @{name} added, the lowering fails without naming it: {}",
            crate::verdict::joined(&ds)
        )),
    }
}

/// The runtime functions the lowering may declare and call.
const RUNTIME: [&str; 3] = ["malloc", "free", "aligned_alloc"];

/// For the first runtime function `lowered` (the lowering of `m`) declares and `m` does
/// not: `m` with its own `llvm.func` declaration of that name, of another type (the
/// lowered declaration's with one more `i8` parameter), must fail to lower with MLIR's
/// "redefinition of reserved function" error naming it, not an internal error.
/// `Some(detail)` when it lowers or fails otherwise.
pub fn runtime_clash_is_rejected(
    m: &Module,
    lowered: &Module,
    opts: &LowerOptions,
) -> Option<String> {
    let decl = lowered.funcs.iter().find(|f| {
        RUNTIME.contains(&f.name.as_str()) && f.body.is_none() && m.func(&f.name).is_none()
    })?;
    let Type::LlvmFunc(ft) = &decl.ty else {
        return Some(format!(
            "@{} is declared with the type {}",
            decl.name, decl.ty
        ));
    };
    let mut params = ft.params.clone();
    params.push(Type::Int(8));
    let other = Type::llvm_func(ft.result.clone(), params);
    let mut clash = m.clone();
    clash
        .funcs
        .push(converter::ir::Func::new_llvm_decl(&decl.name, other));
    let want = format!("redefinition of reserved function '{}'", decl.name);
    match converter::lower::lower_module(&clash, opts) {
        Ok(_) => Some(format!(
            "with a declaration of @{} of another type added, the module lowers",
            decl.name
        )),
        Err(ds)
            if ds
                .iter()
                .any(|d| d.message.contains(&want) && !d.message.starts_with("internal error")) =>
        {
            None
        }
        Err(ds) => Some(format!(
            "with a declaration of @{} of another type added, the lowering fails without \
             saying \"{want}\": {}",
            decl.name,
            crate::verdict::joined(&ds)
        )),
    }
}

/// `text`, the printing of `lowered` in `syntax`, read back: it must parse and be
/// `lowered` again ([`same_structure`]; a module read back the same also verifies,
/// runs and prints the same). `Err` holds the finding's detail.
pub fn reads_back(text: &str, lowered: &Module, syntax: Syntax) -> Result<(), String> {
    let name = syntax_name(syntax);
    if let Some((line, op)) = generic_spelling(text, syntax) {
        return Err(format!(
            "the printed lowering ({name}) writes {op} in generic form (line {line}), which \
             the syntax spells in a custom form"
        ));
    }
    let back = converter::syntax::parse_module("printed.mlir", text.as_bytes()).map_err(|d| {
        format!(
            "the printed lowering ({name}) does not parse: {}",
            d.render("printed.mlir", Some(text))
        )
    })?;
    same_structure(lowered, &back, syntax)
        .map_err(|e| format!("the printed lowering ({name}), read back, is another module: {e}"))
}

/// The LLVM-dialect ops each syntax writes in a custom form (the op forms of MLIR 22
/// and of LLVM 11's notation): a generic form of one of them reads back to the same op,
/// but is not the notation users read and write (LLVM 11's parser would not even take
/// the generic `getelementptr` with today's `elem_type`). Listed here, apart from the
/// printer.
const CUSTOM_IN_BOTH: &[&str] = &[
    "add",
    "sub",
    "mul",
    "sdiv",
    "udiv",
    "srem",
    "urem",
    "and",
    "or",
    "xor",
    "shl",
    "ashr",
    "lshr",
    "fadd",
    "fsub",
    "fmul",
    "fdiv",
    "frem",
    "fneg",
    "sext",
    "zext",
    "trunc",
    "sitofp",
    "fptosi",
    "fpext",
    "fptrunc",
    "bitcast",
    "ptrtoint",
    "inttoptr",
    "addrspacecast",
    "mlir.undef",
    "mlir.poison",
    "mlir.constant",
    "mlir.addressof",
    "mlir.zero",
    "insertvalue",
    "extractvalue",
    "icmp",
    "fcmp",
    "br",
    "cond_br",
    "return",
    "unreachable",
    "select",
    "insertelement",
    "extractelement",
    "shufflevector",
    "getelementptr",
    "load",
    "store",
    "alloca",
    "call",
];

/// The first generic op in `text` (its line and name) that `syntax` writes in a custom
/// form ([`CUSTOM_IN_BOTH`]; the modern syntax also has the float intrinsics').
fn generic_spelling(text: &str, syntax: Syntax) -> Option<(usize, String)> {
    text.lines().enumerate().find_map(|(i, line)| {
        let body = line.trim_start();
        let body = match body.find("= \"llvm.") {
            Some(at) if body.starts_with('%') => &body[at + 2..],
            _ => body,
        };
        let name = body.strip_prefix("\"llvm.")?;
        let (name, rest) = name.split_at(name.find('"')?);
        if !rest.starts_with("\"(") {
            return None;
        }
        let custom = CUSTOM_IN_BOTH.contains(&name)
            || (syntax == Syntax::Modern
                && converter::ir::OpKind::from_name(&format!("llvm.{name}"))
                    .is_some_and(|k| k.llvm_float_intrinsic_arity().is_some()));
        custom.then(|| (i + 1, format!("llvm.{name}")))
    })
}

/// `syntax` as `lower --syntax` names it.
fn syntax_name(syntax: Syntax) -> &'static str {
    match syntax {
        Syntax::Modern => "modern syntax",
        Syntax::Legacy => "legacy syntax",
    }
}

/// `t` as `syntax` can say it: the modern syntax's pointers are opaque (the pointee lives
/// in memory only), and the legacy syntax writes a pointer to `void` as `i8*`.
fn said(t: &Type, syntax: Syntax) -> Type {
    let arc = |t: &Type| std::sync::Arc::new(said(t, syntax));
    match t {
        Type::LlvmPtr(p, space) => match (syntax, &**p) {
            (Syntax::Modern, _) | (Syntax::Legacy, Type::LlvmVoid) => {
                Type::llvm_ptr_in(Type::i8(), *space)
            }
            (Syntax::Legacy, p) => Type::LlvmPtr(arc(p), *space),
        },
        Type::LlvmStruct(fields) => {
            Type::LlvmStruct(fields.iter().map(|f| said(f, syntax)).collect())
        }
        Type::LlvmArray(n, e) => Type::LlvmArray(*n, arc(e)),
        Type::LlvmFunc(f) => Type::LlvmFunc(std::sync::Arc::new(converter::ir::LlvmFuncType {
            result: said(&f.result, syntax),
            params: f.params.iter().map(|p| said(p, syntax)).collect(),
            vararg: f.vararg,
        })),
        t => t.clone(),
    }
}

/// `a` as the parser reads its printing in `syntax`: an `i1` integer is a boolean,
/// types are [`said`].
fn normal(a: &Attribute, syntax: Syntax) -> Attribute {
    use converter::ir::DenseValues;
    match a {
        Attribute::Int {
            value,
            ty: Type::Int(1),
        } => Attribute::Bool(*value != 0),
        Attribute::Type(t) => Attribute::Type(said(t, syntax)),
        Attribute::Array(v) => Attribute::Array(v.iter().map(|x| normal(x, syntax)).collect()),
        Attribute::Dict(d) => Attribute::Dict(sorted(d, syntax)),
        Attribute::Dense { ty, values } => Attribute::Dense {
            ty: said(ty, syntax),
            values: match values {
                DenseValues::Splat(x) => DenseValues::Splat(Box::new(normal(x, syntax))),
                DenseValues::Elements(v) => {
                    DenseValues::Elements(v.iter().map(|x| normal(x, syntax)).collect())
                }
            },
        },
        a => a.clone(),
    }
}

/// Attributes `a` in name order and [`normal`] (the parser puts some where the lowering
/// does not).
fn sorted(a: &[NamedAttr], syntax: Syntax) -> Vec<NamedAttr> {
    let mut v: Vec<NamedAttr> = a
        .iter()
        .map(|x| NamedAttr::new(x.name.clone(), normal(&x.value, syntax)))
        .collect();
    v.sort_by(|x, y| x.name.cmp(&y.name));
    v
}

/// An op's attributes [`sorted`], less what `syntax` does not keep: a direct call's
/// `callee_type` (the parser makes one from the call's types, a generic-form input may
/// have none); the `getelementptr` flags the modern syntax cannot say (`noWrapFlags` as
/// the printer spells it: `inbounds` for both low bits, else `nusw`, and `nuw`; none is
/// no attribute); and in the legacy syntax, which had none of them, the flags of
/// arithmetic (`overflowFlags`, `isExact`) and of `getelementptr`.
fn op_attrs(op: &converter::ir::OpData, syntax: Syntax) -> Vec<NamedAttr> {
    use converter::ir::OpKind;
    let mut v = sorted(&op.attrs, syntax);
    match op.kind {
        OpKind::LlvmCall if op.attr("callee").is_some() => v.retain(|a| a.name != "callee_type"),
        OpKind::LlvmGep if syntax == Syntax::Legacy => v.retain(|a| a.name != "noWrapFlags"),
        OpKind::LlvmGep => {
            let flags = op.attr("noWrapFlags").and_then(|a| a.as_int()).unwrap_or(0);
            let said = if flags & 3 == 3 { 3 } else { flags & 2 } | (flags & 4);
            v.retain(|a| a.name != "noWrapFlags");
            if said != 0 {
                v.push(NamedAttr::new(
                    "noWrapFlags",
                    Attribute::int(said, Type::i32()),
                ));
                v.sort_by(|x, y| x.name.cmp(&y.name));
            }
        }
        OpKind::LlvmAdd
        | OpKind::LlvmSub
        | OpKind::LlvmMul
        | OpKind::LlvmShl
        | OpKind::LlvmSDiv
        | OpKind::LlvmUDiv
        | OpKind::LlvmAShr
        | OpKind::LlvmLShr
            if syntax == Syntax::Legacy =>
        {
            v.retain(|a| a.name != "overflowFlags" && a.name != "isExact")
        }
        _ => {}
    }
    v
}

/// Argument or result attribute lists, each [`sorted`].
fn sorted_lists(l: &[Vec<NamedAttr>], syntax: Syntax) -> Vec<Vec<NamedAttr>> {
    l.iter().map(|a| sorted(a, syntax)).collect()
}

/// Whether `b` (read back from `a`'s printing in `syntax`) is `a`, as far as `syntax`
/// can say it: the same functions in order, with
/// the same names, types and attributes, and bodies whose blocks, in layout order, take
/// arguments of the same types and hold the same ops — kind, operands (as the values in
/// the same places), result types, attributes and successors. `Err` names the first
/// difference.
pub fn same_structure(a: &Module, b: &Module, syntax: Syntax) -> Result<(), String> {
    if a.funcs.len() != b.funcs.len() {
        return Err(format!(
            "{} functions, {} read back",
            a.funcs.len(),
            b.funcs.len()
        ));
    }
    if sorted(&a.attrs, syntax) != sorted(&b.attrs, syntax) {
        return Err("the module's attributes differ".into());
    }
    for (f, g) in a.funcs.iter().zip(&b.funcs) {
        let at = |what: &str| format!("@{}: {what}", f.name);
        if f.name != g.name || f.kind != g.kind || said(&f.ty, syntax) != said(&g.ty, syntax) {
            return Err(at(&format!("read back as @{} of type {}", g.name, g.ty)));
        }
        if sorted(&f.attrs, syntax) != sorted(&g.attrs, syntax)
            || sorted_lists(&f.arg_attrs, syntax) != sorted_lists(&g.arg_attrs, syntax)
            || sorted_lists(&f.res_attrs, syntax) != sorted_lists(&g.res_attrs, syntax)
        {
            return Err(at("its attributes differ"));
        }
        match (&f.body, &g.body) {
            (None, None) => {}
            (Some(x), Some(y)) => same_body(x, y, syntax).map_err(|e| at(&e))?,
            _ => return Err(at("a body on one side only")),
        }
    }
    Ok(())
}

/// [`same_structure`] for one body.
fn same_body(
    x: &converter::ir::Body,
    y: &converter::ir::Body,
    syntax: Syntax,
) -> Result<(), String> {
    use std::collections::HashMap;
    if x.layout.len() != y.layout.len() {
        return Err(format!(
            "{} blocks, {} read back",
            x.layout.len(),
            y.layout.len()
        ));
    }
    let blocks: HashMap<_, _> = x
        .layout
        .iter()
        .copied()
        .zip(y.layout.iter().copied())
        .collect();
    // Every value of `x` and the one in its place in `y` (operands may name values of
    // blocks laid out later).
    let mut values = HashMap::new();
    for (&bx, &by) in x.layout.iter().zip(&y.layout) {
        let (dx, dy) = (x.block(bx), y.block(by));
        if dx.args.len() != dy.args.len() || dx.ops.len() != dy.ops.len() {
            return Err(format!("block #{} has other arguments or ops", bx.index()));
        }
        values.extend(dx.args.iter().copied().zip(dy.args.iter().copied()));
        for (&ox, &oy) in dx.ops.iter().zip(&dy.ops) {
            values.extend(
                x.op(ox)
                    .results
                    .iter()
                    .copied()
                    .zip(y.op(oy).results.iter().copied()),
            );
        }
    }
    for (&bx, &by) in x.layout.iter().zip(&y.layout) {
        let (dx, dy) = (x.block(bx), y.block(by));
        for (&vx, &vy) in dx.args.iter().zip(&dy.args) {
            if said(x.value_type(vx), syntax) != said(y.value_type(vy), syntax) {
                return Err(format!(
                    "an argument of block #{} has another type",
                    bx.index()
                ));
            }
        }
        for (&ox, &oy) in dx.ops.iter().zip(&dy.ops) {
            let (p, q) = (x.op(ox), y.op(oy));
            let what = || format!("the op {} (block #{})", p.name(), bx.index());
            let same_values = |u: &[converter::ir::ValueId], w: &[converter::ir::ValueId]| {
                u.len() == w.len() && u.iter().zip(w).all(|(a, b)| values.get(a) == Some(b))
            };
            if p.kind != q.kind || p.unregistered_name != q.unregistered_name {
                return Err(format!("{} is read back as {}", what(), q.name()));
            }
            if !same_values(&p.operands, &q.operands) {
                return Err(format!("{} has other operands", what()));
            }
            let types = |b: &converter::ir::Body, r: &[converter::ir::ValueId]| {
                r.iter()
                    .map(|&v| said(b.value_type(v), syntax))
                    .collect::<Vec<_>>()
            };
            if types(x, &p.results) != types(y, &q.results) {
                return Err(format!("{} has other result types", what()));
            }
            if op_attrs(p, syntax) != op_attrs(q, syntax) {
                return Err(format!(
                    "{} has attributes {:?}, read back {:?}",
                    what(),
                    op_attrs(p, syntax),
                    op_attrs(q, syntax)
                ));
            }
            let same_succs = p.successors.len() == q.successors.len()
                && p.successors.iter().zip(&q.successors).all(|(s, t)| {
                    blocks.get(&s.block) == Some(&t.block) && same_values(&s.args, &t.args)
                });
            if !same_succs {
                return Err(format!("{} has other successors", what()));
            }
        }
    }
    Ok(())
}

/// How deep the deep variant's attribute nests: the parser's bound, less the levels
/// around it (the attribute dictionary).
pub const DEEP_NESTING: usize = converter::syntax::parser::MAX_DEPTH as usize - 4;

/// Declarations the deep variant adds, each with the deep attribute, so that every
/// thread of the source path lowers some whichever functions it takes.
pub const DEEP_DECLS: usize = 16;

/// The attribute name of the deep variant's nested attribute.
pub const DEEP_ATTR: &str = "stdlower.deep";

/// Values of the big variant's wide function: more than 10,000, so that its lowering
/// names values with five digits.
pub const WIDE_VALUES: usize = 10_050;

/// `m` made big: [`DEEP_ATTR`], an array nested [`DEEP_NESTING`] levels deep (around
/// `[1, 2]`), on every
/// function, [`DEEP_DECLS`] declarations carrying it too, and a function of
/// [`WIDE_VALUES`] values (a chain of `addi` on its `i64` argument).
pub fn big_variant(m: &Module) -> Module {
    // The innermost array has two elements (no generated attribute has an array of more
    // than one, whose separators the printer must write too).
    let int = |value| Attribute::Int {
        value,
        ty: Type::Int(64),
    };
    let mut deep = Attribute::Array(vec![int(1), int(2)]);
    for _ in 1..DEEP_NESTING {
        deep = Attribute::Array(vec![deep]);
    }
    let attr = NamedAttr::new(DEEP_ATTR, deep);
    let mut v = m.clone();
    let free = |v: &Module, stem: &str| {
        (0..)
            .map(|i| format!("{stem}_{i}"))
            .find(|n| v.func(n).is_none())
            .expect("a free name")
    };
    for k in 0..DEEP_DECLS {
        let name = free(&v, &format!("stdlower_deep{k}"));
        v.funcs.push(converter::ir::Func::new_std_decl(
            &name,
            Vec::new(),
            Vec::new(),
        ));
    }
    let i64t = Type::i64();
    let mut wide = converter::ir::Func::new_std(
        &free(&v, "stdlower_wide"),
        vec![i64t.clone()],
        vec![i64t.clone()],
    );
    let body = wide.body.as_mut().expect("a definition has a body");
    let entry = body.entry().expect("a definition has an entry block");
    let a = body.block_args(entry)[0];
    let mut last = a;
    for _ in 1..WIDE_VALUES {
        let op = body.append_op(
            entry,
            converter::ir::NewOp::new(converter::ir::OpKind::AddI)
                .operands([last, a])
                .result(i64t.clone()),
        );
        last = body.op(op).results[0];
    }
    body.append_op(
        entry,
        converter::ir::NewOp::new(converter::ir::OpKind::Return).operands([last]),
    );
    v.funcs.push(wide);
    for f in &mut v.funcs {
        f.attrs.push(attr.clone());
    }
    v
}

/// The `lower` flags of `opts` and `syntax`, as `stdlower lower` takes them, one word each.
fn lower_flags(opts: &LowerOptions, syntax: Syntax) -> Vec<String> {
    let syntax = match syntax {
        Syntax::Modern => "modern",
        Syntax::Legacy => "legacy",
    };
    let options = stdlower_front::options::lower_flags(opts);
    ["--syntax", syntax]
        .into_iter()
        .chain(options.iter().flat_map(|f| f.split(' ')))
        .map(str::to_string)
        .collect()
}

/// Runs `exe lower - --jobs 2` (an executable with `stdlower`'s `lower` command) on the
/// [`big_variant`] of `m` and compares what it prints with `lower_module`'s lowering of
/// that variant, printed in `syntax`, whose printings must also read back
/// ([`reads_back`]): `Some(detail)` when it does not, or the process crashes, fails,
/// or prints other text.
pub fn big_variant_is_lowered(
    m: &Module,
    opts: &LowerOptions,
    syntax: Syntax,
    exe: &std::path::Path,
) -> Option<String> {
    let deep = big_variant(m);
    let lowered = match converter::lower::lower_module(&deep, opts) {
        Ok(l) => l,
        Err(ds) => {
            return Some(format!(
                "made big (attributes nested {DEEP_NESTING} deep, a function of \
                 {WIDE_VALUES} values), the case fails to lower: {}",
                crate::verdict::joined(&ds)
            ))
        }
    };
    let modern = print_llvm(&lowered, Syntax::Modern);
    let want = match syntax {
        Syntax::Modern => modern.clone(),
        Syntax::Legacy => print_llvm(&lowered, syntax),
    };
    let mut printings = vec![(modern, Syntax::Modern)];
    if syntax == Syntax::Legacy {
        printings.push((want.clone(), Syntax::Legacy));
    }
    for (text, said) in &printings {
        if let Err(e) = reads_back(text, &lowered, *said) {
            return Some(format!(
                "made big (attributes nested {DEEP_NESTING} deep, a function of {WIDE_VALUES} \
                 values): {e}"
            ));
        }
    }
    let src = converter::syntax::print_module(&deep, &Default::default());
    let flags = lower_flags(opts, syntax);
    let what = format!(
        "stdlower lower - --jobs 2 {} (the case with `{DEEP_ATTR}`, an array nested \
         {DEEP_NESTING} deep, on each function and {DEEP_DECLS} declarations, and a \
         function of {WIDE_VALUES} values)",
        flags.join(" ")
    );
    let mut args: Vec<String> = ["lower", "-", "--jobs", "2"].map(String::from).to_vec();
    args.extend(flags);
    // A crash is the finding this check exists for; a hang of the child is one too,
    // bounded here (the campaign's watchdog does not count a child's wait).
    match crate::upstream::run_tool(exe, &args, &src, BIG_VARIANT_TIMEOUT) {
        Err(e) => Some(format!("{what}: {e}")),
        Ok(got) => (got != want).then(|| {
            format!(
                "{what} prints other text than lower_module, {}",
                first_difference(&want, &got, "the process")
            )
        }),
    }
}

/// How long the big variant's `stdlower lower` may take (it takes about 50 ms).
const BIG_VARIANT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

#[cfg(test)]
mod tests {
    use super::*;
    use converter::lower::lower_module;

    #[test]
    fn generated_modules_agree_and_a_changed_text_is_reported() {
        let opts = LowerOptions::default();
        let mut checked = 0;
        for seed in 0..40u64 {
            let (_, m) = generator::generate_swarm_from_seed(seed);
            let Ok(lowered) = lower_module(&m, &opts) else {
                continue;
            };
            for syntax in [Syntax::Modern, Syntax::Legacy] {
                assert_eq!(
                    check(&m, &lowered, &opts, syntax, 1 + seed as usize % 2),
                    None
                );
            }
            checked += 1;
            // A lowering that differs from what the streaming paths print is reported:
            // here the "whole-module" side loses its last function.
            if lowered.funcs.len() > 1 {
                let mut wrong = lowered.clone();
                wrong.funcs.pop();
                let d = check(&m, &wrong, &opts, Syntax::Modern, 1).expect("a difference");
                assert!(d.contains("other text"), "{d}");
            }
        }
        assert!(checked > 30, "only {checked} modules lowered");
    }

    #[test]
    fn a_wrapper_name_taken_by_the_module_is_rejected() {
        let src =
            "func @f(%a: i32) -> i32 attributes {llvm.emit_c_interface} {\n  return %a : i32\n}\n";
        let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).unwrap();
        assert_eq!(clash_is_rejected(&m, &LowerOptions::default()), None);
        // Without the attribute there is nothing to clash with.
        let plain = converter::syntax::parse_module(
            "t.mlir",
            src.replace(" attributes {llvm.emit_c_interface}", "")
                .as_bytes(),
        )
        .unwrap();
        assert_eq!(clash_is_rejected(&plain, &LowerOptions::default()), None);
    }

    #[test]
    fn a_runtime_function_of_another_type_is_rejected() {
        let src = "func @f(%n: index) {\n  %m = alloc(%n) : memref<?xf32>\n  dealloc %m : memref<?xf32>\n  return\n}\n";
        let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).unwrap();
        for aligned in [false, true] {
            let opts = LowerOptions {
                use_aligned_alloc: aligned,
                ..LowerOptions::default()
            };
            let lowered = lower_module(&m, &opts).unwrap();
            assert_eq!(runtime_clash_is_rejected(&m, &lowered, &opts), None);
        }
        // A module that declares the runtime function itself is left as it is, and one
        // that calls none has nothing to clash with.
        let own = format!("llvm.func @malloc(i64) -> !llvm.ptr\n{src}");
        let own = converter::syntax::parse_module("t.mlir", own.as_bytes()).unwrap();
        let lowered = lower_module(&own, &LowerOptions::default()).unwrap();
        let free_only = runtime_clash_is_rejected(&own, &lowered, &LowerOptions::default());
        assert_eq!(free_only, None);
        let none =
            converter::syntax::parse_module("t.mlir", b"func @g() {\n  return\n}\n").unwrap();
        let lowered = lower_module(&none, &LowerOptions::default()).unwrap();
        assert_eq!(
            runtime_clash_is_rejected(&none, &lowered, &LowerOptions::default()),
            None
        );
        // A lowering that declares what it did not call for is reported when the
        // module's own declaration of another type lowers without complaint: here the
        // lowered side names `@g`'s body-less copy as a runtime function it never is.
        let mut fake = lowered.clone();
        fake.funcs.push(converter::ir::Func::new_llvm_decl(
            "free",
            converter::ir::Type::llvm_func(converter::ir::Type::LlvmVoid, vec![]),
        ));
        let d =
            runtime_clash_is_rejected(&none, &fake, &LowerOptions::default()).expect("a finding");
        assert!(
            d.contains("@free of another type added, the module lowers"),
            "{d}"
        );
    }

    #[test]
    fn what_the_syntax_does_not_keep_is_not_a_difference() {
        // A direct call in generic form without `callee_type` reads back with one; a
        // `getelementptr` with a flag bit the syntax cannot say reads back without it.
        let src = "llvm.func @g(%a: i64) -> i64 {\n  llvm.return %a : i64\n}\n\
                   llvm.func @f(%a: i64) -> i64 {\n  \
                   %r = \"llvm.call\"(%a) {callee = @g, note} : (i64) -> i64\n  \
                   %p = llvm.mlir.zero : !llvm.ptr\n  \
                   %q = llvm.getelementptr nuw %p[%r] : (!llvm.ptr, i64) -> !llvm.ptr, i8\n  \
                   llvm.return %r : i64\n}\n";
        let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).expect("parses");
        let mut lowered = lower_module(&m, &LowerOptions::default()).expect("lowers");
        let body = lowered.funcs[1].body.as_mut().expect("a body");
        let gep = body
            .walk_ops()
            .find(|&o| body.op(o).kind == converter::ir::OpKind::LlvmGep)
            .expect("the gep");
        let flags = body
            .op_mut(gep)
            .attrs
            .iter_mut()
            .find(|a| a.name == "noWrapFlags");
        flags.expect("nuw").value = Attribute::int(5, Type::i32());
        let text = print_llvm(&lowered, Syntax::Modern);
        assert_eq!(
            reads_back(&text, &lowered, Syntax::Modern),
            Ok(()),
            "{text}"
        );
        // What the syntax does say is compared: `nuw` dropped is found.
        let wrong = text.replace("getelementptr nuw", "getelementptr");
        assert!(reads_back(&wrong, &lowered, Syntax::Modern).is_err());
        // The legacy syntax had no flags at all.
        let legacy = print_llvm(&lowered, Syntax::Legacy);
        assert_eq!(
            reads_back(&legacy, &lowered, Syntax::Legacy),
            Ok(()),
            "{legacy}"
        );
    }

    #[test]
    fn a_generic_form_of_an_op_with_a_custom_form_is_found() {
        let gep = "  llvm.func @f() {\n    %1 = \"llvm.getelementptr\"(%0) {elem_type = i8, \
                   indices = array<i32: 1>} : (!llvm.ptr) -> !llvm.ptr\n  }\n";
        for syntax in [Syntax::Modern, Syntax::Legacy] {
            assert_eq!(
                generic_spelling(gep, syntax),
                Some((2, "llvm.getelementptr".to_string()))
            );
        }
        let store = "    \"llvm.store\"(%1, %2) : (i32, !llvm.ptr) -> ()\n";
        assert_eq!(
            generic_spelling(store, Syntax::Legacy)
                .map(|g| g.1)
                .as_deref(),
            Some("llvm.store")
        );
        // memcpy has no custom form; the float intrinsics have one today only.
        let memcpy = "    \"llvm.intr.memcpy\"(%0, %1, %2) <{isVolatile = false}> : (!llvm.ptr, \
                      !llvm.ptr, i64) -> ()\n";
        let sqrt = "    %1 = \"llvm.intr.sqrt\"(%0) : (f32) -> f32\n";
        assert_eq!(generic_spelling(memcpy, Syntax::Modern), None);
        assert_eq!(generic_spelling(sqrt, Syntax::Legacy), None);
        assert!(generic_spelling(sqrt, Syntax::Modern).is_some());
        // A string attribute that names an op is not an op.
        let attr = "    %1 = llvm.mlir.constant(1 : i32) {note = \"llvm.add\"} : i32\n";
        assert_eq!(generic_spelling(attr, Syntax::Modern), None);
    }

    #[test]
    fn first_difference_names_the_line() {
        let d = first_difference("a\nb\nc", "a\nx\nc", "streamed");
        assert!(d.starts_with("line 2:") && d.contains("streamed: x"), "{d}");
        assert!(first_difference("a\nb", "a", "streamed").contains("<end>"));
    }
}

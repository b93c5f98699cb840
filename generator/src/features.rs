//! What a module exercises, as a set of names, so campaigns can count coverage:
//! Standard op names, `cmpi_<pred>`/`cmpf_<pred>`, integer widths (`i7`), types
//! (`f16`, `index`, `vector_2d`, `memref_rank_3`, `memref_dynamic`, `memref_vector_elem`,
//! `unranked`, `strided_layout`, `offset_static` (nonzero), `offset_dynamic`,
//! `stride_negative`, `stride_zero` (a broadcast dimension), `memref_zero_extent`, and
//! `alias_same_buffer` (one memref passed twice to a call), `alias_c_args` (a function
//! with a C interface whose harness calls pass a memref argument as a view of another's
//! buffer, see `alias_args`)), and constructs (`same_successor_twice`, `loop`,
//! `recursion`, `call_indirect`, `multi_result_call`, `emit_c_interface`,
//! `external_call`, `unranked_cast`, `unranked_strided_cast` (a strided layout cast to
//! `memref<*xT>`), `alloc_alignment`, `alloc_strided_dynamic_size` (a strided `alloc` whose
//! dynamic dimension has a static positive stride), `alloc_negative_stride_dynamic_size`
//! (... a negative one), `dim_operand`, `dim_attr`,
//! `memref_arg`, `memref_result`, `function_arg`, `dense_elements`, `dense_splat`,
//! `memory_space` (a memref in a nonzero memory space), ...).

use converter::ir::{Attribute, DenseValues, Layout, Module, OpKind, Type};
use std::collections::{BTreeMap, BTreeSet};

/// Every feature name [`features`] can report that the coverage test requires.
pub const REQUIRED_FEATURES: &[&str] = &[
    "i1",
    "i7",
    "i8",
    "i16",
    "i17",
    "i32",
    "i33",
    "i64",
    "i65",
    "i127",
    "i128",
    "index",
    "f16",
    "f32",
    "f64",
    "vector",
    "vector_2d",
    "vector_3d",
    "memref_rank_0",
    "memref_rank_1",
    "memref_rank_2",
    "memref_rank_3",
    "memref_rank_4",
    "memref_dynamic",
    "memref_vector_elem",
    "unranked",
    "unranked_cast",
    "unranked_strided_cast",
    "strided_layout",
    "strided_static",
    "stride_negative",
    "stride_zero",
    "memref_zero_extent",
    "alias_same_buffer",
    "offset_static",
    "offset_dynamic",
    "same_successor_twice",
    "loop",
    "recursion",
    "call_indirect",
    "multi_result_call",
    "emit_c_interface",
    "external_call",
    "alloc_alignment",
    "alloc_alignment_1",
    "alloc_strided_dynamic_size",
    "alloc_negative_stride_dynamic_size",
    "arg_attrs",
    "arg_noalias",
    "arg_align",
    "result_attrs",
    "call_attrs",
    "dim_operand",
    "dim_dynamic_index",
    "dim_unranked",
    "dealloc_unranked",
    "arg_ext",
    "arg_attr_bool",
    "external_c_interface",
    "dim_attr",
    "memref_arg",
    "memref_result",
    "function_arg",
    "dense_elements",
    "dense_splat",
    "block_args",
    "early_return",
    "select_vector_cond",
    "vector_cast",
    "same_successor_different_args",
    "function_constant",
    "memory_space",
    "quoted_name",
    "dense_hex",
    "llvm_func",
    "llvm_func_same_successor",
    "runtime_decl",
    "alloc_strided",
    "unreachable_block",
    "extract_element_out_of_range",
];

/// Whether a block of `body`'s layout is reached by no branch from the entry.
fn has_unreachable_block(body: &converter::ir::Body) -> bool {
    let Some(entry) = body.entry() else {
        return false;
    };
    let mut seen = vec![false; body.blocks.len()];
    seen[entry.index()] = true;
    let mut work = vec![entry];
    while let Some(b) = work.pop() {
        let succs = body.terminator(b).map(|t| &body.op(t).successors[..]);
        for s in succs.unwrap_or(&[]) {
            if !seen[s.block.index()] {
                seen[s.block.index()] = true;
                work.push(s.block);
            }
        }
    }
    body.layout.iter().any(|b| !seen[b.index()])
}

fn type_features(t: &Type, out: &mut BTreeSet<&'static str>) {
    match t {
        Type::Int(w) => {
            out.insert(width_name(*w));
        }
        Type::Index => {
            out.insert("index");
        }
        Type::F16 => {
            out.insert("f16");
        }
        Type::F32 => {
            out.insert("f32");
        }
        Type::F64 => {
            out.insert("f64");
        }
        Type::Vector(v) => {
            out.insert("vector");
            out.insert(match v.shape.len() {
                1 => "vector_1d",
                2 => "vector_2d",
                3 => "vector_3d",
                _ => "vector_nd",
            });
            type_features(&v.elem, out);
        }
        Type::MemRef(m) => {
            if m.memory_space != 0 {
                out.insert("memory_space");
            }
            out.insert(
                [
                    "memref_rank_0",
                    "memref_rank_1",
                    "memref_rank_2",
                    "memref_rank_3",
                    "memref_rank_4",
                ][m.rank().min(4)],
            );
            if m.shape.iter().any(|d| d.is_none()) {
                out.insert("memref_dynamic");
            }
            if let Layout::Strided(s) = &m.layout {
                out.insert("strided_layout");
                match s.offset {
                    None => {
                        out.insert("offset_dynamic");
                    }
                    Some(o) if o != 0 => {
                        out.insert("offset_static");
                    }
                    _ => {}
                }
                if s.offset.is_some() || s.strides.iter().any(|x| x.is_some() && *x != Some(1)) {
                    out.insert("strided_static");
                }
                if s.strides.iter().flatten().any(|&x| x < 0) {
                    out.insert("stride_negative");
                }
                if s.strides.iter().flatten().any(|&x| x == 0) {
                    out.insert("stride_zero");
                }
            }
            if m.shape.contains(&Some(0)) {
                out.insert("memref_zero_extent");
            }
            if m.elem.as_vector().is_some() {
                out.insert("memref_vector_elem");
            }
            type_features(&m.elem, out);
        }
        Type::UnrankedMemRef(e, space) => {
            if *space != 0 {
                out.insert("memory_space");
            }
            out.insert("unranked");
            type_features(e, out);
        }
        Type::Function(f) => {
            for t in f.inputs.iter().chain(&f.results) {
                type_features(t, out);
            }
        }
        _ => {}
    }
}

/// The static name of an integer width.
pub fn width_name(w: u32) -> &'static str {
    const NAMES: [&str; 129] = {
        let mut a = [""; 129];
        macro_rules! fill {
            ($($n:literal)*) => { $( a[$n] = concat!("i", stringify!($n)); )* };
        }
        fill!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32
              33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64
              65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96
              97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120
              121 122 123 124 125 126 127 128);
        a
    };
    NAMES.get(w as usize).copied().unwrap_or("iwide")
}

/// The attribute features of one function: argument and result dictionaries,
/// `llvm.noalias`/`llvm.align`, and calls with attributes of their own.
fn attr_features(f: &converter::ir::Func, out: &mut BTreeSet<&'static str>) {
    for d in &f.arg_attrs {
        for a in d {
            out.insert("arg_attrs");
            match a.name.as_ref() {
                "llvm.noalias" => out.insert("arg_noalias"),
                "llvm.align" => out.insert("arg_align"),
                "llvm.signext" | "llvm.zeroext" => out.insert("arg_ext"),
                _ => false,
            };
            if matches!(a.value, Attribute::Bool(_)) && a.name.starts_with("llvm.") {
                out.insert("arg_attr_bool");
            }
        }
    }
    if f.res_attrs.iter().any(|d| !d.is_empty()) {
        out.insert("result_attrs");
    }
    if let Some(body) = &f.body {
        let with_attrs = body.walk_ops().any(|op| {
            let od = body.op(op);
            match od.kind {
                OpKind::Call => od.attrs.len() > 1,
                OpKind::CallIndirect => !od.attrs.is_empty(),
                _ => false,
            }
        });
        if with_attrs {
            out.insert("call_attrs");
        }
    }
}

/// The features module `m` exercises.
pub fn features(m: &Module) -> BTreeSet<&'static str> {
    let mut out = BTreeSet::new();
    let index_of: BTreeMap<&str, usize> = m
        .funcs
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.as_str(), i))
        .collect();
    let mut calls: Vec<Vec<usize>> = vec![Vec::new(); m.funcs.len()];
    if m.dense_hex_if_larger.is_some() {
        out.insert("dense_hex");
    }
    for (fi, f) in m.funcs.iter().enumerate() {
        if !converter::syntax::lexer::is_bare_ident(&f.name) {
            out.insert("quoted_name");
        }
        if f.has_attr("llvm.emit_c_interface") {
            out.insert("emit_c_interface");
            if f.body.is_some() && !crate::alias_args::pairs(f).is_empty() {
                out.insert("alias_c_args");
            }
        }
        if f.kind == converter::ir::FuncKind::Llvm {
            if matches!(f.name.as_str(), "malloc" | "free" | "aligned_alloc") {
                out.insert("runtime_decl");
            }
            if let Some(body) = &f.body {
                out.insert("llvm_func");
                let twice = body.walk_ops().any(|op| {
                    let od = body.op(op);
                    od.kind == OpKind::LlvmCondBr
                        && od.successors.len() == 2
                        && od.successors[0].block == od.successors[1].block
                });
                if twice {
                    out.insert("llvm_func_same_successor");
                }
            }
            continue;
        }
        attr_features(f, &mut out);
        if let Some(ft) = f.std_type() {
            if f.body.is_some() && fi > 0 {
                if ft.inputs.iter().any(|t| t.is_memref()) {
                    out.insert("memref_arg");
                }
                if ft.results.iter().any(|t| t.is_memref()) {
                    out.insert("memref_result");
                }
                if ft.inputs.iter().any(|t| matches!(t, Type::Function(_))) {
                    out.insert("function_arg");
                }
            }
        }
        let Some(body) = &f.body else { continue };
        if has_unreachable_block(body) {
            out.insert("unreachable_block");
        }
        let mut pos = vec![usize::MAX; body.blocks.len()];
        for (i, b) in body.layout.iter().enumerate() {
            pos[b.index()] = i;
            if i > 0 && !body.block(*b).args.is_empty() {
                out.insert("block_args");
            }
        }
        for v in &body.values {
            type_features(&v.ty, &mut out);
        }
        let mut returns = 0;
        for op in body.walk_ops() {
            let od = body.op(op);
            if od.kind.is_std() {
                out.insert(od.kind.short_name());
            }
            if matches!(od.kind, OpKind::Call | OpKind::CallIndirect) {
                let memrefs: Vec<_> = od
                    .operands
                    .iter()
                    .filter(|&&v| body.value_type(v).is_memref())
                    .collect();
                if (1..memrefs.len()).any(|i| memrefs[..i].contains(&memrefs[i])) {
                    out.insert("alias_same_buffer");
                }
            }
            let pred = od.attr("predicate").and_then(|a| a.as_str());
            match od.kind {
                OpKind::CmpI => {
                    if let Some(p) =
                        pred.and_then(|p| converter::ir::CMPI_PREDICATES.iter().find(|&&x| x == p))
                    {
                        out.insert(leak_pred("cmpi_", p));
                    }
                }
                OpKind::CmpF => {
                    if let Some(p) =
                        pred.and_then(|p| converter::ir::CMPF_PREDICATES.iter().find(|&&x| x == p))
                    {
                        out.insert(leak_pred("cmpf_", p));
                    }
                }
                OpKind::CondBr
                    if od.successors.len() == 2
                        && od.successors[0].block == od.successors[1].block =>
                {
                    out.insert("same_successor_twice");
                    if od.successors[0].args != od.successors[1].args {
                        out.insert("same_successor_different_args");
                    }
                }
                OpKind::Alloc | OpKind::Alloca
                    if body
                        .value_type(od.results[0])
                        .as_memref()
                        .is_some_and(|t| !matches!(t.layout, converter::ir::Layout::Identity)) =>
                {
                    out.insert("alloc_strided");
                    let mt = body.value_type(od.results[0]).as_memref().cloned();
                    let strides = mt.as_ref().and_then(|m| m.strided_form());
                    if let (Some(m), Some(l)) = (&mt, &strides) {
                        if m.shape
                            .iter()
                            .zip(&l.strides)
                            .any(|(d, s)| d.is_none() && matches!(s, Some(s) if *s > 0))
                        {
                            out.insert("alloc_strided_dynamic_size");
                        }
                        if m.shape
                            .iter()
                            .zip(&l.strides)
                            .any(|(d, s)| d.is_none() && matches!(s, Some(s) if *s < 0))
                        {
                            out.insert("alloc_negative_stride_dynamic_size");
                        }
                    }
                    if od.attr("alignment").is_some() {
                        out.insert("alloc_alignment");
                    }
                }
                OpKind::Alloc | OpKind::Alloca if od.attr("alignment").is_some() => {
                    out.insert("alloc_alignment");
                    if od.attr("alignment").and_then(|a| a.as_int()) == Some(1) {
                        out.insert("alloc_alignment_1");
                    }
                }
                OpKind::Dim => {
                    out.insert(if od.operands.len() == 2 {
                        "dim_operand"
                    } else {
                        "dim_attr"
                    });
                    if matches!(body.value_type(od.operands[0]), Type::UnrankedMemRef(..)) {
                        out.insert("dim_unranked");
                    }
                    // An index operand that is not a constant op: the lowering's path
                    // for a dynamic dimension index.
                    if let Some(&i) = od.operands.get(1) {
                        if body
                            .defining_op(i)
                            .is_none_or(|d| body.op(d).kind != OpKind::Constant)
                        {
                            out.insert("dim_dynamic_index");
                        }
                    }
                }
                // An n-D extract_element with a constant outer index out of range (in
                // code that never runs): the lowering's range check before it reads a
                // row from the vector's array.
                OpKind::ExtractElement
                    if body
                        .value_type(od.operands[0])
                        .as_vector()
                        .is_some_and(|v| {
                            v.shape
                                .iter()
                                .zip(&od.operands[1..])
                                .take(v.shape.len().saturating_sub(1))
                                .any(|(&d, &i)| {
                                    body.int_constant(i)
                                        .is_some_and(|c| c < 0 || c as u128 >= u128::from(d))
                                })
                        }) =>
                {
                    out.insert("extract_element_out_of_range");
                }
                OpKind::Dealloc
                    if matches!(body.value_type(od.operands[0]), Type::UnrankedMemRef(..)) =>
                {
                    out.insert("dealloc_unranked");
                }
                OpKind::MemRefCast => {
                    let from = body.value_type(od.operands[0]);
                    let to = body.value_type(od.results[0]);
                    if matches!(from, Type::UnrankedMemRef(..))
                        || matches!(to, Type::UnrankedMemRef(..))
                    {
                        out.insert("unranked_cast");
                    }
                    if matches!(to, Type::UnrankedMemRef(..))
                        && from.as_memref().is_some_and(|m| !m.has_identity_layout())
                    {
                        out.insert("unranked_strided_cast");
                    }
                }
                OpKind::Constant => match od.attr("value") {
                    Some(Attribute::Dense {
                        values: DenseValues::Splat(_),
                        ..
                    }) => {
                        out.insert("dense_splat");
                    }
                    Some(Attribute::Dense {
                        values: DenseValues::Elements(_),
                        ..
                    }) => {
                        out.insert("dense_elements");
                    }
                    Some(Attribute::SymbolRef(_)) => {
                        out.insert("function_constant");
                    }
                    _ => {}
                },
                OpKind::Call | OpKind::CallIndirect => {
                    if od.results.len() > 1 {
                        out.insert("multi_result_call");
                    }
                    if od.kind == OpKind::Call {
                        if let Some(&ci) = od
                            .attr("callee")
                            .and_then(|a| a.as_symbol())
                            .and_then(|s| index_of.get(s))
                        {
                            if m.funcs[ci].body.is_none() {
                                out.insert("external_call");
                                if m.funcs[ci].has_attr("llvm.emit_c_interface") {
                                    out.insert("external_c_interface");
                                }
                            }
                            calls[fi].push(ci);
                        }
                    }
                }
                OpKind::Return => returns += 1,
                OpKind::Select if body.value_type(od.operands[0]).as_vector().is_some() => {
                    out.insert("select_vector_cond");
                }
                k if k.is_std_cast() && body.value_type(od.operands[0]).as_vector().is_some() => {
                    out.insert("vector_cast");
                }
                _ => {}
            }
            for s in &od.successors {
                if pos[s.block.index()] <= pos[od.parent.map(|b| b.index()).unwrap_or(0)] {
                    out.insert("loop");
                }
            }
        }
        if returns > 1 {
            out.insert("early_return");
        }
    }
    // Recursion: a cycle in the direct call graph.
    if has_cycle(&calls) {
        out.insert("recursion");
    }
    out
}

fn leak_pred(prefix: &str, p: &str) -> &'static str {
    const CMPI: [&str; 10] = [
        "cmpi_eq", "cmpi_ne", "cmpi_slt", "cmpi_sle", "cmpi_sgt", "cmpi_sge", "cmpi_ult",
        "cmpi_ule", "cmpi_ugt", "cmpi_uge",
    ];
    const CMPF: [&str; 16] = [
        "cmpf_false",
        "cmpf_oeq",
        "cmpf_ogt",
        "cmpf_oge",
        "cmpf_olt",
        "cmpf_ole",
        "cmpf_one",
        "cmpf_ord",
        "cmpf_ueq",
        "cmpf_ugt",
        "cmpf_uge",
        "cmpf_ult",
        "cmpf_ule",
        "cmpf_une",
        "cmpf_uno",
        "cmpf_true",
    ];
    let table: &[&'static str] = if prefix == "cmpi_" { &CMPI } else { &CMPF };
    table
        .iter()
        .find(|n| n.ends_with(p) && n.len() == prefix.len() + p.len())
        .copied()
        .unwrap_or("cmp_unknown")
}

fn has_cycle(calls: &[Vec<usize>]) -> bool {
    // Iterative DFS with colors: 0 white, 1 on stack, 2 done.
    let n = calls.len();
    let mut color = vec![0u8; n];
    for s in 0..n {
        if color[s] != 0 {
            continue;
        }
        let mut stack = vec![(s, 0usize)];
        color[s] = 1;
        while let Some(&mut (v, ref mut i)) = stack.last_mut() {
            if *i < calls[v].len() {
                let w = calls[v][*i];
                *i += 1;
                match color[w] {
                    1 => return true,
                    0 => {
                        color[w] = 1;
                        stack.push((w, 0));
                    }
                    _ => {}
                }
            } else {
                color[v] = 2;
                stack.pop();
            }
        }
    }
    false
}

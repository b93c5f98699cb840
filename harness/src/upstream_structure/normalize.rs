//! The differences between our lowering and MLIR 22's that `docs/upstream-differences.md`
//! documents and that show in signatures, attributes and declarations, each as one
//! named normalization of the functions [`super::reader`] read. Each is applied before
//! the comparison; anything else that differs is a finding. The facts each one encodes
//! were checked by running `mlir-opt` 22 on the exported module (see the doc).

use super::reader::{Attrs, Call, Func, Slot};
use converter::ir::{FuncKind, Module, Type};
use std::collections::BTreeMap;

/// How one Standard argument lowers in the default calling convention: a ranked memref
/// to `3 + 2 * rank` arguments, an unranked one to 2 (rank, pointer), others to one.
/// Under the bare pointer calling convention a ranked memref argument is one pointer,
/// and counts as [`ArgShape::Scalar`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgShape {
    Scalar,
    Ranked(usize),
    Unranked,
}

impl ArgShape {
    pub fn of(t: &Type) -> ArgShape {
        match t {
            Type::MemRef(m) => ArgShape::Ranked(m.shape.len()),
            Type::UnrankedMemRef(..) => ArgShape::Unranked,
            _ => ArgShape::Scalar,
        }
    }
    /// How many LLVM arguments it becomes.
    pub fn width(self) -> usize {
        match self {
            ArgShape::Scalar => 1,
            ArgShape::Ranked(r) => 3 + 2 * r,
            ArgShape::Unranked => 2,
        }
    }
}

/// What the normalizations need to know of a Standard function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StdFunc {
    pub inputs: Vec<ArgShape>,
    pub results: usize,
    /// One of its results is a memref (ranked or unranked).
    pub memref_results: bool,
    pub external: bool,
    pub c_interface: bool,
    /// It carries its own `sym_visibility` attribute.
    pub visibility: bool,
}

/// The Standard module's functions, by name, and the index width of the lowering.
#[derive(Clone, Debug, Default)]
pub struct StdInfo {
    pub funcs: BTreeMap<String, StdFunc>,
    pub index_bitwidth: u32,
    /// Lowered under `--use-bare-ptr-memref-call-conv`.
    pub bare_ptr: bool,
}

impl StdInfo {
    /// The module's functions, lowered with the default pass options.
    pub fn of(m: &Module, index_bitwidth: u32) -> StdInfo {
        StdInfo::with_options(m, index_bitwidth, false)
    }

    /// The module's functions, lowered under the bare pointer calling convention or not.
    pub fn with_options(m: &Module, index_bitwidth: u32, bare_ptr: bool) -> StdInfo {
        let shape = |t: &Type| match t {
            Type::MemRef(_) if bare_ptr => ArgShape::Scalar,
            t => ArgShape::of(t),
        };
        let funcs = m
            .funcs
            .iter()
            .filter(|f| f.kind == FuncKind::Std)
            .filter_map(|f| {
                let t = f.std_type()?;
                Some((
                    f.name.clone(),
                    StdFunc {
                        inputs: t.inputs.iter().map(shape).collect(),
                        results: t.results.len(),
                        memref_results: t.results.iter().any(Type::is_memref),
                        external: f.is_external(),
                        c_interface: f.has_attr("llvm.emit_c_interface"),
                        visibility: f.has_attr("sym_visibility"),
                    },
                ))
            })
            .collect();
        StdInfo {
            funcs,
            index_bitwidth,
            bare_ptr,
        }
    }

    /// The LLVM argument positions each Standard argument of `name` takes.
    fn spans(&self, name: &str) -> Option<Vec<(ArgShape, std::ops::Range<usize>)>> {
        let f = self.funcs.get(name)?;
        let mut at = 0;
        Some(
            f.inputs
                .iter()
                .map(|&s| {
                    let r = at..at + s.width();
                    at = r.end;
                    (s, r)
                })
                .collect(),
        )
    }
}

/// The prefix of the C wrappers.
pub const CIFACE: &str = "_mlir_ciface_";

/// The names of the normalizations, in the order [`normalize`] applies them (the
/// doc lists each under its name).
pub const NORMALIZATIONS: [&str; 9] = [
    "exported_declarations_are_private",
    "wrappers_copy_function_attributes",
    "external_c_interface_definition_is_private",
    "expanded_argument_attributes",
    "packed_result_attributes",
    "runtime_sizes_are_i64",
    "unranked_rank_is_i64",
    "wrapper_descriptor_pointer_attributes",
    BARE_PTR_RESULT,
];

/// Applies every normalization to our functions and upstream's.
pub fn normalize(ours: &mut [Func], up: &mut [Func], std: &StdInfo) {
    exported_declarations_are_private(up, std);
    wrappers_copy_function_attributes(ours);
    wrappers_copy_function_attributes(up);
    external_c_interface_definition_is_private(up, std);
    expanded_argument_attributes(ours, std);
    expanded_argument_attributes(up, std);
    packed_result_attributes(ours, std);
    packed_result_attributes(up, std);
    runtime_sizes_are_i64(ours, std.index_bitwidth);
    runtime_sizes_are_i64(up, std.index_bitwidth);
    unranked_rank_is_i64(ours, up, std);
    wrapper_descriptor_pointer_attributes(ours);
    wrapper_descriptor_pointer_attributes(up);
    let memref_results: BTreeMap<String, bool> = std
        .funcs
        .iter()
        .map(|(n, f)| (n.clone(), f.memref_results))
        .collect();
    bare_ptr_result_is_descriptor(ours, &memref_results, std.bare_ptr);
}

/// The name of the normalization for the bare pointer calling convention's results
/// ([`bare_ptr_result_is_descriptor`]).
pub const BARE_PTR_RESULT: &str = "bare_ptr_result_is_descriptor";

/// The pointer type of a memref descriptor's first field, `!llvm.ptr` or
/// `!llvm.ptr<N>`, from the canonical spelling of a descriptor struct type.
fn descriptor_pointer(ty: &str) -> Option<String> {
    let fields = ty.strip_prefix("!llvm.struct<(")?.strip_suffix(")>")?;
    let mut it = fields.split(',');
    let (first, second, offset) = (it.next()?, it.next()?, it.next()?);
    (first.starts_with("ptr") && first == second && offset.starts_with('i'))
        .then(|| format!("!llvm.{first}"))
}

/// The type (in its canonical spelling, without spaces) with each descriptor struct in it
/// (the whole type, or a field of a packed results struct) read as its pointer type:
/// `!llvm.struct<(ptr,ptr,i64,...)>` as `!llvm.ptr`,
/// `!llvm.struct<(struct<(ptr,ptr,i64,...)>,i32)>` as `!llvm.struct<(ptr,i32)>`.
fn descriptors_as_pointers(ty: &str) -> String {
    if let Some(p) = descriptor_pointer(ty) {
        return p;
    }
    let Some(fields) = ty
        .strip_prefix("!llvm.struct<(")
        .and_then(|f| f.strip_suffix(")>"))
    else {
        return ty.to_string();
    };
    // The top-level fields, split at the commas outside any brackets.
    let (mut parts, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in fields.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&fields[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&fields[start..]);
    let parts: Vec<String> = parts
        .into_iter()
        .map(|f| match descriptor_pointer(&format!("!llvm.{f}")) {
            Some(p) => p.trim_start_matches("!llvm.").to_string(),
            None => f.to_string(),
        })
        .collect();
    format!("!llvm.struct<({})>", parts.join(","))
}

/// Under the bare pointer calling convention LLVM 11 (and our lowering) return a memref
/// result as its full descriptor, MLIR 22 as one pointer (docs/upstream-differences.md,
/// "The bare pointer calling convention"), also inside the struct of several results.
/// On our side, a function with a memref result (`memref_results[name]`) and every call
/// of it read each descriptor in their result type as the descriptor's pointer type.
/// Only for modules lowered under the convention (`bare`); the dictionaries stay.
pub fn bare_ptr_result_is_descriptor(
    ours: &mut [Func],
    memref_results: &BTreeMap<String, bool>,
    bare: bool,
) {
    if !bare {
        return;
    }
    let one = |name: &str| memref_results.get(name).copied().unwrap_or(false);
    let fix = |slot: &mut Option<Slot>| {
        if let Some(s) = slot.as_mut() {
            s.ty = descriptors_as_pointers(&s.ty);
        }
    };
    for f in ours.iter_mut() {
        if one(&f.name) {
            fix(&mut f.result);
        }
        for c in f.calls.iter_mut() {
            if c.callee.as_deref().is_some_and(one) {
                fix(&mut c.result);
            }
        }
    }
}

/// The LLVM-dialect attributes that describe what a pointer points to.
const POINTER_ATTRS: [&str; 9] = [
    "llvm.noalias",
    "llvm.align",
    "llvm.nonnull",
    "llvm.dereferenceable",
    "llvm.dereferenceable_or_null",
    "llvm.readonly",
    "llvm.writeonly",
    "llvm.nocapture",
    "llvm.noundef",
];

/// A `_mlir_ciface_` wrapper takes each memref as a pointer to its descriptor. MLIR 22
/// copies the memref argument's attributes onto that pointer, `llvm.noalias` and
/// `llvm.align` included, though they describe the buffer and not the descriptor (a C
/// caller's descriptor on the stack is not aligned as `llvm.align = 16` claims); we keep
/// only the dialect attributes there (`converter/src/lower/attrs.rs`). On both sides,
/// the pointer attributes of a wrapper's pointer parameters (in declarations and calls)
/// are dropped.
pub fn wrapper_descriptor_pointer_attributes(side: &mut [Func]) {
    let strip = |params: &mut [Slot]| {
        for p in params.iter_mut().filter(|p| p.ty.starts_with("!llvm.ptr")) {
            p.attrs.retain(|k, _| !POINTER_ATTRS.contains(&k.as_str()));
        }
    };
    for f in side.iter_mut() {
        if f.name.starts_with(CIFACE) {
            strip(&mut f.params);
        }
        for c in &mut f.calls {
            if c.callee.as_deref().is_some_and(|n| n.starts_with(CIFACE)) {
                strip(&mut c.params);
            }
        }
    }
}

/// The exporter writes a Standard declaration as `func.func private` (MLIR 22 wants
/// declarations private), and `--convert-func-to-llvm` keeps that as a
/// `sym_visibility = "private"` attribute on the `llvm.func`, and on the
/// `_mlir_ciface_` declaration it makes for one with `llvm.emit_c_interface`.
/// Upstream's attribute is dropped from both when the Standard original had no
/// `sym_visibility` of its own.
pub fn exported_declarations_are_private(up: &mut [Func], std: &StdInfo) {
    for f in up.iter_mut() {
        let of = f.name.strip_prefix(CIFACE).unwrap_or(&f.name);
        if std
            .funcs
            .get(of)
            .is_some_and(|s| s.external && !s.visibility && (of == f.name || s.c_interface))
            && f.attrs.get("sym_visibility").map(String::as_str) == Some("\"private\"")
        {
            f.attrs.remove("sym_visibility");
        }
    }
}

/// MLIR 22 copies the wrapped function's attributes onto its `_mlir_ciface_` wrapper
/// (`llvm.emit_c_interface`, `sym_visibility`, any dialect attribute); we do not. On
/// both sides, a wrapper's attributes that its function carries with the same value
/// are dropped.
pub fn wrappers_copy_function_attributes(side: &mut [Func]) {
    let attrs: BTreeMap<String, super::reader::Attrs> = side
        .iter()
        .map(|f| (f.name.clone(), f.attrs.clone()))
        .collect();
    for f in side.iter_mut() {
        let Some(of) = f.name.strip_prefix(CIFACE).and_then(|n| attrs.get(n)) else {
            continue;
        };
        f.attrs.retain(|k, v| of.get(k) != Some(v));
    }
}

/// For a Standard declaration with `llvm.emit_c_interface`, both lowerings define the
/// function (its body calls the `_mlir_ciface_` declaration); MLIR 22 gives that
/// definition `private` linkage, we keep the default (external). Upstream's `private`
/// keyword is dropped on those functions.
pub fn external_c_interface_definition_is_private(up: &mut [Func], std: &StdInfo) {
    for f in up.iter_mut() {
        if std
            .funcs
            .get(&f.name)
            .is_some_and(|s| s.external && s.c_interface)
        {
            f.keywords.retain(|k| k != "private");
        }
    }
}

/// The attributes of an argument that expands to several LLVM arguments (a memref's
/// descriptor fields): the LLVM 11 conversion copies them onto every field, MLIR 22
/// drops them (it keeps attributes only where one argument becomes one). On both
/// sides, the attributes of expanded arguments are dropped, in functions and in direct
/// calls to them.
pub fn expanded_argument_attributes(side: &mut [Func], std: &StdInfo) {
    let clear = |name: &str, params: &mut [Slot]| {
        let Some(spans) = std.spans(name) else {
            return;
        };
        for (shape, r) in spans {
            if shape.width() > 1 {
                for p in params.iter_mut().take(r.end).skip(r.start) {
                    p.attrs.clear();
                }
            }
        }
    };
    for f in side.iter_mut() {
        clear(&f.name.clone(), &mut f.params);
        for c in &mut f.calls {
            if let Some(callee) = c.callee.clone() {
                clear(&callee, &mut c.params);
            }
        }
    }
}

/// Several results are returned packed in one struct. MLIR 22 then drops the results'
/// attributes (they belonged to the unpacked results); the LLVM 11 conversion has no
/// rule for them. On both sides, the result attributes of a function (and of direct
/// calls to it) whose Standard original has several results are dropped.
pub fn packed_result_attributes(side: &mut [Func], std: &StdInfo) {
    let packed = |name: &str| std.funcs.get(name).is_some_and(|s| s.results > 1);
    for f in side.iter_mut() {
        if packed(&f.name) {
            if let Some(r) = &mut f.result {
                r.attrs.clear();
            }
        }
        for c in &mut f.calls {
            if c.callee.as_deref().is_some_and(packed) {
                if let Some(r) = &mut c.result {
                    r.attrs.clear();
                }
            }
        }
    }
}

/// The runtime functions whose integer parameters are byte counts.
const SIZED_RUNTIME: [&str; 2] = ["malloc", "aligned_alloc"];

/// We declare `malloc(i64)` (and `aligned_alloc(i64, i64)`) whatever the index width,
/// as C's `size_t` is on the 64-bit host; MLIR 22 passes the index type
/// (`malloc(i32)` with `index-bitwidth=32`). On both sides, those parameters of the
/// index width are read as `i64`, in declarations and calls.
pub fn runtime_sizes_are_i64(side: &mut [Func], index_bitwidth: u32) {
    if index_bitwidth == 64 {
        return;
    }
    let idx = format!("i{index_bitwidth}");
    let widen = |params: &mut [Slot]| {
        for p in params {
            if p.ty == idx {
                p.ty = "i64".into();
            }
        }
    };
    for f in side.iter_mut() {
        if SIZED_RUNTIME.contains(&f.name.as_str()) {
            widen(&mut f.params);
        }
        for c in &mut f.calls {
            if c.callee
                .as_deref()
                .is_some_and(|n| SIZED_RUNTIME.contains(&n))
            {
                widen(&mut c.params);
            }
        }
    }
}

/// The spec's unranked descriptor holds the rank as a 64-bit integer (`{i64, i8*}`),
/// which we follow at every index width; MLIR 22 uses the index type. With an index
/// width other than 64, upstream's `struct<(iN, ptr)>` reads as `struct<(i64, ptr)>`,
/// and an unranked argument's rank (`iN` where the Standard signature has an unranked
/// memref; for an indirect call, where ours has `i64` and both have `!llvm.ptr` next)
/// as `i64`.
pub fn unranked_rank_is_i64(ours: &[Func], up: &mut [Func], std: &StdInfo) {
    if std.index_bitwidth == 64 {
        return;
    }
    let idx = format!("i{}", std.index_bitwidth);
    let from = format!("struct<({idx},ptr)>");
    let widen_ty = |s: &mut Slot| {
        if s.ty.contains(&from) {
            s.ty = s.ty.replace(&from, "struct<(i64,ptr)>");
        }
    };
    let widen_ranks = |name: &str, params: &mut [Slot]| {
        for (shape, r) in std.spans(name).unwrap_or_default() {
            if shape == ArgShape::Unranked {
                if let Some(p) = params.get_mut(r.start).filter(|p| p.ty == idx) {
                    p.ty = "i64".into();
                }
            }
        }
    };
    let ours_calls: BTreeMap<&str, Vec<&Call>> = ours
        .iter()
        .map(|f| {
            (
                f.name.as_str(),
                f.calls.iter().filter(|c| c.callee.is_none()).collect(),
            )
        })
        .collect();
    for f in up.iter_mut() {
        widen_ranks(&f.name.clone(), &mut f.params);
        let mut indirect = ours_calls
            .get(f.name.as_str())
            .cloned()
            .unwrap_or_default()
            .into_iter();
        for c in &mut f.calls {
            match c.callee.clone() {
                Some(callee) => widen_ranks(&callee, &mut c.params),
                None => {
                    let Some(o) = indirect.next() else { continue };
                    if o.params.len() != c.params.len() {
                        continue;
                    }
                    for k in 0..c.params.len().saturating_sub(1) {
                        let ptr = |s: &Slot| s.ty == "!llvm.ptr";
                        if c.params[k].ty == idx
                            && o.params[k].ty == "i64"
                            && ptr(&c.params[k + 1])
                            && ptr(&o.params[k + 1])
                        {
                            c.params[k].ty = "i64".into();
                        }
                    }
                }
            }
            c.params.iter_mut().for_each(widen_ty);
            c.result.iter_mut().for_each(widen_ty);
        }
        f.params.iter_mut().for_each(widen_ty);
        f.result.iter_mut().for_each(widen_ty);
    }
}

/// The calls a function makes to one callee, ours and upstream's, agree: the same
/// calls in the same order, or, when upstream makes fewer, the same distinct calls.
/// MLIR 22's conversion merges identical blocks (two `return` blocks that copy the
/// same unranked result to the heap become one, with one `malloc` call where we have
/// two), so upstream may make fewer identical calls, never more.
pub fn merged_call_sites(ours: &[&Call], up: &[&Call]) -> bool {
    if ours.len() == up.len() {
        return ours == up;
    }
    if ours.len() < up.len() || up.is_empty() {
        return false;
    }
    let set = |cs: &[&Call]| -> std::collections::BTreeSet<Call> {
        cs.iter().map(|c| (*c).clone()).collect()
    };
    set(ours) == set(up)
}

/// Whether the terminators with attributes `ours` and `up` of a function agree, up to
/// the blocks MLIR 22's pipeline merges: its greedy rewriting merges identical blocks
/// (two `return {a}` blocks become one), so upstream may have fewer identical
/// terminators, never more. In order when the counts agree; when upstream has fewer,
/// as the sets of distinct ones; upstream having more is a finding (attributes we
/// dropped).
pub fn merged_terminators(ours: &[(String, Attrs)], up: &[(String, Attrs)]) -> bool {
    if ours.len() == up.len() {
        return ours == up;
    }
    if ours.len() < up.len() || up.is_empty() {
        return false;
    }
    let set = |ts: &[(String, Attrs)]| {
        ts.iter()
            .cloned()
            .collect::<std::collections::BTreeSet<_>>()
    };
    set(ours) == set(up)
}

#[cfg(test)]
mod tests {
    use super::super::reader::read_module;
    use super::*;

    fn std_of(src: &str, ib: u32) -> StdInfo {
        let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).unwrap();
        StdInfo::of(&m, ib)
    }

    fn read(t: &str) -> Vec<Func> {
        read_module(t).unwrap()
    }

    #[test]
    fn arg_shapes_and_spans() {
        let s = std_of(
            "func @f(%a: i32, %m: memref<2x?xf32>, %u: memref<*xi8>, %b: f32) {\n  return\n}",
            64,
        );
        let spans = s.spans("f").unwrap();
        let ranges: Vec<_> = spans.iter().map(|(_, r)| r.clone()).collect();
        assert_eq!(ranges, vec![0..1, 1..8, 8..10, 10..11]);
        assert!(s.spans("g").is_none());
    }

    #[test]
    fn declarations_lose_upstreams_private_visibility() {
        let s = std_of(
            "func @ext(i32) -> i32\n\
             func @def() attributes {sym_visibility = \"private\"} {\n  return\n}",
            64,
        );
        let mut up = read(
            "llvm.func @ext(i32) -> i32 attributes {sym_visibility = \"private\"}\n\
             llvm.func @notstd(i32) attributes {sym_visibility = \"private\"}\n\
             llvm.func @def() attributes {sym_visibility = \"private\"} {\n  llvm.return\n}\n",
        );
        exported_declarations_are_private(&mut up, &s);
        assert!(up[0].attrs.is_empty());
        // A function not in the Standard module, and a definition, keep it.
        assert_eq!(up[1].attrs.len(), 1);
        assert_eq!(up[2].attrs.len(), 1);
    }

    #[test]
    fn c_interface_declarations_lose_upstreams_private_visibility() {
        let s = std_of(
            "func @ext(i32) -> i32 attributes {llvm.emit_c_interface}
func @plain(i32) -> i32
",
            64,
        );
        let mut up = read(
            "llvm.func @_mlir_ciface_ext(i32) -> i32 attributes {llvm.emit_c_interface, sym_visibility = \"private\"}\n\
             llvm.func @_mlir_ciface_plain(i32) -> i32 attributes {sym_visibility = \"private\"}\n",
        );
        exported_declarations_are_private(&mut up, &s);
        assert_eq!(
            up[0].attrs.keys().collect::<Vec<_>>(),
            vec!["llvm.emit_c_interface"]
        );
        // The wrapper of a function without the C interface is no wrapper of it.
        assert_eq!(up[1].attrs.len(), 1);
    }

    #[test]
    fn wrapper_attributes_copied_from_the_function_are_dropped() {
        let mut up = read(
            "llvm.func @f(%arg0: i32) attributes {foo.bar = \"x\", llvm.emit_c_interface} {\n}\n\
             llvm.func @_mlir_ciface_f(%arg0: i32) attributes {foo.bar = \"x\", llvm.emit_c_interface, w = 1} {\n}\n\
             llvm.func @_mlir_ciface_g(i32) attributes {llvm.emit_c_interface}\n",
        );
        wrappers_copy_function_attributes(&mut up);
        assert_eq!(up[1].attrs.keys().collect::<Vec<_>>(), vec!["w"]);
        // A wrapper of no function in the module keeps its attributes.
        assert_eq!(up[2].attrs.len(), 1);
        assert_eq!(up[0].attrs.len(), 2);
    }

    #[test]
    fn external_c_interface_definitions_lose_private_linkage() {
        let s = std_of(
            "func @ext(i32) -> i32 attributes {llvm.emit_c_interface}\nfunc @plain(i32) -> i32",
            64,
        );
        let mut up = read(
            "llvm.func private @ext(%arg0: i32) -> i32 {\n}\nllvm.func private @plain(i32) -> i32\n",
        );
        external_c_interface_definition_is_private(&mut up, &s);
        assert!(up[0].keywords.is_empty());
        assert_eq!(up[1].keywords, vec!["private"]);
    }

    #[test]
    fn expanded_arguments_lose_their_attributes() {
        let s = std_of(
            "func @f(%a: i32, %m: memref<?xf32>) {\n  return\n}\n\
             func @g(%u: memref<*xf32>) {\n  return\n}",
            64,
        );
        let mut ours = read(
            "llvm.func @f(%arg0: i32 {llvm.zeroext}, %arg1: !llvm.ptr {llvm.noalias}, %arg2: !llvm.ptr {llvm.noalias}, %arg3: i64 {llvm.noalias}, %arg4: i64 {llvm.noalias}, %arg5: i64 {llvm.noalias}) {\n\
             }\nllvm.func @g(%arg0: i64 {a}, %arg1: !llvm.ptr {a}) {\n\
             llvm.call @f(%x, %p, %p, %i, %i, %i) : (i32 {llvm.zeroext}, !llvm.ptr {llvm.noalias}, !llvm.ptr, i64, i64, i64) -> ()\n}\n",
        );
        expanded_argument_attributes(&mut ours, &s);
        assert_eq!(ours[0].params[0].attrs.len(), 1);
        assert!(ours[0].params[1..].iter().all(|p| p.attrs.is_empty()));
        assert!(ours[1].params.iter().all(|p| p.attrs.is_empty()));
        let call = &ours[1].calls[0];
        assert_eq!(call.params[0].attrs.len(), 1);
        assert!(call.params[1].attrs.is_empty());
    }

    #[test]
    fn wrapper_pointers_lose_pointer_attributes_only() {
        let mut up = read(
            "llvm.func @_mlir_ciface_f(%arg0: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, d.x = 1 : i64}, %arg1: i64 {llvm.zeroext}) {\n\
             }\nllvm.func @f(%arg0: !llvm.ptr {llvm.noalias}) {\n\
             llvm.call @_mlir_ciface_f(%p, %i) : (!llvm.ptr {llvm.noalias}, i64) -> ()\n}\n",
        );
        wrapper_descriptor_pointer_attributes(&mut up);
        assert_eq!(
            up[0].params[0].attrs.keys().collect::<Vec<_>>(),
            vec!["d.x"]
        );
        // Not a pointer: kept; not a wrapper: kept.
        assert_eq!(up[0].params[1].attrs.len(), 1);
        assert_eq!(up[1].params[0].attrs.len(), 1);
        assert!(up[1].calls[0].params[0].attrs.is_empty());
    }

    #[test]
    fn bare_pointer_memref_results_read_as_upstreams_pointer() {
        let text = "llvm.func @make() -> !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>\n\
             llvm.func @two() -> !llvm.struct<(i32, i64)>\n\
             llvm.func @main() {\n  %0 = llvm.call @make() : () -> !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>\n}\n";
        let memref_results: BTreeMap<String, bool> =
            [("make".to_string(), true), ("two".to_string(), false)].into();
        let mut ours = read(text);
        bare_ptr_result_is_descriptor(&mut ours, &memref_results, false);
        assert_eq!(ours, read(text), "without the convention nothing changes");
        bare_ptr_result_is_descriptor(&mut ours, &memref_results, true);
        assert_eq!(ours[0].result.as_ref().unwrap().ty, "!llvm.ptr<1>");
        assert_eq!(ours[2].calls[0].result.as_ref().unwrap().ty, "!llvm.ptr<1>");
        // Not a memref result: the struct stays.
        assert_eq!(ours[1].result, read(text)[1].result);
        // Several results: each descriptor in the packed struct becomes its pointer.
        let packed = "llvm.func @pair() -> !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i32, struct<(ptr<3>, ptr<3>, i64)>)>\n";
        let mut ours = read(packed);
        bare_ptr_result_is_descriptor(&mut ours, &[("pair".to_string(), true)].into(), true);
        assert_eq!(
            ours[0].result.as_ref().unwrap().ty,
            "!llvm.struct<(ptr,i32,ptr<3>)>"
        );
    }

    #[test]
    fn packed_results_lose_their_attributes() {
        let s = std_of(
            "func @two() -> (i32, i64)\nfunc @one() -> i32\n\
             func @c() {\n  return\n}",
            64,
        );
        let mut side = read(
            "llvm.func @two() -> (!llvm.struct<(i32, i64)> {x})\nllvm.func @one() -> (i32 {llvm.zeroext})\n\
             llvm.func @c() {\n  %0 = llvm.call @two() : () -> (!llvm.struct<(i32, i64)> {x})\n  \
             %1 = llvm.call @one() : () -> (i32 {llvm.zeroext})\n}\n",
        );
        packed_result_attributes(&mut side, &s);
        assert!(side[0].result.as_ref().unwrap().attrs.is_empty());
        assert_eq!(side[1].result.as_ref().unwrap().attrs.len(), 1);
        assert!(side[2].calls[0].result.as_ref().unwrap().attrs.is_empty());
        assert_eq!(side[2].calls[1].result.as_ref().unwrap().attrs.len(), 1);
    }

    #[test]
    fn runtime_sizes_read_as_i64_at_other_index_widths() {
        let text = "llvm.func @malloc(i32) -> !llvm.ptr\nllvm.func @aligned_alloc(i32, i32) -> !llvm.ptr\n\
                    llvm.func @other(i32)\nllvm.func @f() {\n  %0 = llvm.call @malloc(%c) : (i32) -> !llvm.ptr\n}\n";
        let mut side = read(text);
        runtime_sizes_are_i64(&mut side, 64);
        assert_eq!(side[0].params[0].ty, "i32");
        runtime_sizes_are_i64(&mut side, 32);
        assert_eq!(side[0].params[0].ty, "i64");
        assert!(side[1].params.iter().all(|p| p.ty == "i64"));
        assert_eq!(side[2].params[0].ty, "i32");
        assert_eq!(side[3].calls[0].params[0].ty, "i64");
    }

    #[test]
    fn unranked_ranks_read_as_i64_at_other_index_widths() {
        let s = std_of(
            "func @u(%a: index, %m: memref<*xf32>) -> memref<*xf32> {\n  return %m : memref<*xf32>\n}",
            32,
        );
        let up_text = "llvm.func @u(%arg0: i32, %arg1: i32, %arg2: !llvm.ptr) -> !llvm.struct<(i32, ptr)> {\n\
                       %0 = llvm.call @u(%a, %b, %p) : (i32, i32, !llvm.ptr) -> !llvm.struct<(i32, ptr)>\n\
                       %1 = llvm.call %f(%a, %b, %p) : !llvm.ptr, (i32, i32, !llvm.ptr) -> !llvm.struct<(i32, ptr)>\n}\n";
        let ours = read(
            "llvm.func @u(%arg0: i32, %arg1: i64, %arg2: !llvm.ptr) -> !llvm.struct<(i64, ptr)> {\n\
             %1 = llvm.call %f(%a, %b, %p) : !llvm.ptr, (i32, i64, !llvm.ptr) -> !llvm.struct<(i64, ptr)>\n}\n",
        );
        let mut up = read(up_text);
        unranked_rank_is_i64(&ours, &mut up, &s);
        let tys = |ps: &[Slot]| ps.iter().map(|p| p.ty.clone()).collect::<Vec<_>>();
        // The index argument stays i32; only the rank is read as i64.
        assert_eq!(tys(&up[0].params), vec!["i32", "i64", "!llvm.ptr"]);
        assert_eq!(up[0].result.as_ref().unwrap().ty, "!llvm.struct<(i64,ptr)>");
        assert_eq!(tys(&up[0].calls[0].params), vec!["i32", "i64", "!llvm.ptr"]);
        assert_eq!(tys(&up[0].calls[1].params), vec!["i32", "i64", "!llvm.ptr"]);
        // At index width 64 nothing changes.
        let mut up64 = read(up_text);
        let s64 = StdInfo {
            index_bitwidth: 64,
            ..s
        };
        unranked_rank_is_i64(&ours, &mut up64, &s64);
        assert_eq!(up64, read(up_text));
    }

    #[test]
    fn merged_terminators_compare_distinct_ones_when_counts_differ() {
        let fs = read(
            "llvm.func @f() {\n  llvm.cond_br %c, ^bb1, ^bb2 {x}\n^bb1:\n  llvm.return {a}\n\
             ^bb2:\n  llvm.return {a}\n^bb3:\n  llvm.return {b = 1 : i64}\n}\n",
        );
        let t = &fs[0].terminators;
        assert_eq!(t.len(), 4, "{t:?}");
        let (br, a, b) = (t[0].clone(), t[1].clone(), t[3].clone());
        assert!(merged_terminators(
            &[br.clone(), a.clone(), a.clone()],
            &[br.clone(), a.clone()]
        ));
        // Upstream never has more: more there is a terminator whose attributes we dropped.
        assert!(!merged_terminators(
            &[br.clone(), a.clone()],
            &[br.clone(), a.clone(), a.clone()]
        ));
        assert!(!merged_terminators(
            &[br.clone(), a.clone(), a.clone()],
            &[br.clone(), b.clone()]
        ));
        assert!(!merged_terminators(&[a.clone(), br.clone()], &[br, a]));
        assert!(!merged_terminators(&[b], &[]));
    }

    #[test]
    fn merged_call_sites_compare_distinct_calls_when_counts_differ() {
        let fs = read(
            "llvm.func @f() {\n  %0 = llvm.call @malloc(%a) : (i64) -> !llvm.ptr\n  \
             %1 = llvm.call @malloc(%b) : (i64) -> !llvm.ptr\n  \
             %2 = llvm.call @malloc(%b) {x} : (i64) -> !llvm.ptr\n}\n",
        );
        let c = &fs[0].calls;
        assert!(merged_call_sites(&[&c[0], &c[1]], &[&c[0]]));
        // Upstream never makes more calls than we do: fewer here is a dropped call.
        assert!(!merged_call_sites(&[&c[0]], &[&c[0], &c[1]]));
        assert!(merged_call_sites(&[&c[0], &c[2]], &[&c[0], &c[2]]));
        assert!(!merged_call_sites(&[&c[0], &c[2]], &[&c[2], &c[0]]));
        assert!(!merged_call_sites(&[&c[0], &c[2]], &[&c[0]]));
        assert!(!merged_call_sites(&[&c[0]], &[]));
    }
}

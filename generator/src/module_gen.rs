//! Generates a module: first every function's signature (the plan), then the bodies,
//! callees before callers (highest index first) so each caller knows the estimated cost
//! of what it calls. Function 0 is `@main()`; a function calls only functions of higher
//! index, except calls to recursive functions, which pass a decremented depth.

use crate::config::{Family, GenConfig};
use crate::externals::external_impls;
use crate::function_gen::FnGen;
use arbitrary::{Result, Unstructured};
use converter::ir::{Attribute, Func, Layout, Module, NamedAttr, OpKind, StridedLayout, Type};
use std::cell::Cell;
use std::collections::BTreeSet;

/// The signature and generation facts of one function.
#[derive(Clone, Debug)]
pub(crate) struct FuncPlan {
    pub name: String,
    pub inputs: Vec<Type>,
    /// The actual rank behind each unranked input.
    pub input_hidden: Vec<Option<usize>>,
    pub results: Vec<Type>,
    /// The actual rank behind each unranked result.
    pub result_hidden: Vec<Option<usize>>,
    /// The first input is a depth; the body starts with the recursion guard.
    pub recursive: bool,
    pub c_interface: bool,
    /// Takes a memref with a static nonzero offset, which no generated value can have:
    /// only the harness calls it (through its C wrapper), never generated code.
    pub harness_only: bool,
    /// May be the target of `call_indirect` (not recursive, no unranked memrefs).
    pub indirect_ok: bool,
    /// Estimated dynamic op count of one call (set once the body exists).
    pub cost: Cell<u64>,
    /// Some generated body calls or references this function.
    pub called: Cell<bool>,
}

impl FuncPlan {
    pub fn fn_type(&self) -> Type {
        Type::function(self.inputs.clone(), self.results.clone())
    }
}

#[derive(Debug)]
pub(crate) struct ModulePlan {
    pub funcs: Vec<FuncPlan>,
    pub externals: bool,
}

impl ModulePlan {
    /// The largest estimated cost among functions above `j` (bound for unknown targets).
    pub fn max_cost_above(&self, j: usize) -> u64 {
        self.funcs[j + 1..]
            .iter()
            .map(|f| f.cost.get())
            .max()
            .unwrap_or(0)
    }
}

struct Planner<'a, 'u> {
    u: &'a mut Unstructured<'u>,
    cfg: &'a GenConfig,
}

impl Planner<'_, '_> {
    fn chance(&mut self, p: u8) -> Result<bool> {
        Ok(self.u.int_in_range(0..=99u8)? < p)
    }
    fn scalar(&mut self) -> Result<Type> {
        // A scratch FnGen-free version of the type choice: the widths of the config.
        let widths = self.cfg.allowed_widths();
        Ok(match self.u.int_in_range(0..=5u8)? {
            0..=2 => {
                let i = self.u.choose_index(widths.len())?;
                Type::Int(widths[i].0)
            }
            3 => Type::Index,
            4 => Type::F32,
            _ => {
                if self.cfg.has(Family::F16) && self.u.arbitrary()? {
                    Type::F16
                } else {
                    Type::F64
                }
            }
        })
    }
    fn vector(&mut self) -> Result<Type> {
        let mut elem = self.scalar()?;
        if elem == Type::Index {
            elem = Type::i32();
        }
        let rank = self
            .u
            .int_in_range(1..=self.cfg.max_vector_rank.clamp(1, 3))?;
        let mut shape = Vec::new();
        let mut total = 1;
        for _ in 0..rank {
            let room = (self.cfg.max_vector_elems.max(1) / total).clamp(1, 8);
            let d = self.u.int_in_range(1..=room)?;
            total *= d;
            shape.push(d);
        }
        Ok(Type::vector(shape, elem))
    }
    fn memref_shape(&mut self, rank: usize) -> Result<Vec<Option<u64>>> {
        let mut shape = Vec::with_capacity(rank);
        let mut total = 1;
        for _ in 0..rank {
            let room =
                (self.cfg.max_memref_elems.max(1) / total).clamp(1, self.cfg.max_memref_dim.max(1));
            let d = self.u.int_in_range(1..=room)?;
            total *= d;
            let dynamic = self.cfg.has(Family::DynamicDims) && self.chance(40)?;
            shape.push(if dynamic { None } else { Some(d) });
        }
        Ok(shape)
    }
    fn memref_elem(&mut self) -> Result<Type> {
        if self.cfg.has(Family::VectorElemMemRefs)
            && self.cfg.has(Family::Vectors)
            && self.chance(15)?
        {
            self.vector()
        } else {
            self.scalar()
        }
    }
    /// A memref type for an argument (`for_input`) or a result; with the hidden rank
    /// when unranked.
    fn memref(&mut self, for_input: bool) -> Result<(Type, Option<usize>)> {
        let rank = self.u.int_in_range(0..=self.cfg.max_memref_rank.min(4))?;
        let elem = self.memref_elem()?;
        if self.cfg.has(Family::Unranked) && self.chance(20)? {
            return Ok((Type::unranked_memref(elem), Some(rank)));
        }
        let shape = self.memref_shape(rank)?;
        if for_input && rank > 0 && self.cfg.has(Family::Strided) && self.chance(35)? {
            // All-dynamic strides (innermost sometimes 1): valid for any identity memref.
            // Sometimes a static nonzero offset, which only the harness can pass (the
            // function becomes harness-only).
            let mut strides = vec![None; rank];
            if self.u.arbitrary()? {
                strides[rank - 1] = Some(1);
            }
            let offset = if self.cfg.has(Family::EmitCInterface) && self.chance(30)? {
                Some(self.u.int_in_range(1..=9i64)?)
            } else {
                None
            };
            let layout = Layout::Strided(StridedLayout { offset, strides });
            return Ok((Type::memref_with_layout(shape, elem, layout), None));
        }
        Ok((Type::memref(shape, elem), None))
    }
    /// A memref parameter of a harness entry: rank 1-4, mostly an explicit strided
    /// layout whose offset is static and nonzero or dynamic, and whose strides are
    /// dynamic or static with a gap after each dimension (the harness lays the view out
    /// accordingly), so offsets and strides matter to every access.
    fn entry_memref(&mut self) -> Result<Type> {
        let rank = self
            .u
            .int_in_range(1..=self.cfg.max_memref_rank.clamp(1, 4))?;
        let elem = self.memref_elem()?;
        let shape = self.memref_shape(rank)?;
        if !self.cfg.has(Family::Strided) || self.chance(20)? {
            return Ok(Type::memref(shape, elem));
        }
        let mut strides = vec![None; rank];
        let mut run: Option<i64> = Some(1);
        for i in (0..rank).rev() {
            strides[i] = match (run, self.u.int_in_range(0..=2u8)?) {
                (Some(1), 0) if i == rank - 1 => Some(1),
                (Some(r), 1) => Some(r + 1),
                _ => None,
            };
            run = match (strides[i], shape[i]) {
                (Some(s), Some(d)) => Some(s * d as i64),
                _ => None,
            };
        }
        let mut offset = if self.u.arbitrary()? {
            Some(self.u.int_in_range(1..=9i64)?)
        } else {
            None
        };
        // With a static offset, some static strides run backwards (issue 39): the
        // offset grows by what such a dimension reaches below it, so the harness's
        // buffer (and every path's) starts at the lowest element.
        if let Some(o) = offset.as_mut() {
            for i in 0..rank {
                if let (Some(s), Some(d)) = (strides[i], shape[i]) {
                    if self.chance(30)? {
                        *o += (d as i64 - 1) * s;
                        strides[i] = Some(-s);
                    }
                }
            }
        }
        Ok(Type::memref_with_layout(
            shape,
            elem,
            Layout::Strided(StridedLayout { offset, strides }),
        ))
    }
    fn value_type(&mut self, for_input: bool) -> Result<(Type, Option<usize>)> {
        let roll = self.u.int_in_range(0..=9u8)?;
        let (t, hidden) = match roll {
            0 | 1 if self.cfg.has(Family::MemRefs) => self.memref(for_input)?,
            2 if self.cfg.has(Family::Vectors) => (self.vector()?, None),
            _ => (self.scalar()?, None),
        };
        // The convention covers arguments only (LLVM 11): results keep their types.
        if self.cfg.use_bare_ptr_memref_call_conv && for_input {
            return Ok((bare_ptr_signature_type(t, hidden), None));
        }
        Ok((t, hidden))
    }
}

/// A signature type valid under the bare pointer calling convention: a memref becomes
/// one with an identity layout and a static shape (dynamic sizes become 2; an unranked
/// memref the ranked one of its hidden rank).
fn bare_ptr_signature_type(t: Type, hidden: Option<usize>) -> Type {
    match &t {
        Type::MemRef(m) => Type::memref(
            m.shape.iter().map(|d| Some(d.unwrap_or(2))).collect(),
            m.elem.clone(),
        ),
        Type::UnrankedMemRef(e, _) => {
            Type::memref(vec![Some(2); hidden.unwrap_or(1)], (**e).clone())
        }
        _ => t,
    }
}

/// Plans every function's signature.
pub(crate) fn plan_module(u: &mut Unstructured, cfg: &GenConfig) -> Result<ModulePlan> {
    let mut p = Planner { u, cfg };
    let lo = (*cfg.functions.start()).max(1);
    let hi = (*cfg.functions.end()).max(lo);
    let n = p.u.int_in_range(lo..=hi)?;
    let mut funcs: Vec<FuncPlan> = Vec::with_capacity(n);
    // Signatures from the last function down, so function-typed parameters can name
    // the type of a function that exists above.
    let mut rev = Vec::with_capacity(n);
    for j in (1..n).rev() {
        let recursive = cfg.has(Family::Recursion) && p.chance(35)?;
        let mut inputs = Vec::new();
        let mut input_hidden = Vec::new();
        if recursive {
            let t =
                [Type::i32(), Type::Index, Type::i8(), Type::i64()][p.u.choose_index(4)?].clone();
            inputs.push(t);
            input_hidden.push(None);
        }
        for _ in 0..p.u.int_in_range(0..=cfg.max_params)? {
            let fn_param = cfg.has(Family::CallIndirect) && p.chance(12)?;
            let targets: Vec<&FuncPlan> =
                rev.iter().filter(|f: &&FuncPlan| f.indirect_ok).collect();
            if fn_param && !targets.is_empty() {
                let k = p.u.choose_index(targets.len())?;
                inputs.push(targets[k].fn_type());
                input_hidden.push(None);
                continue;
            }
            // Sometimes a ranked memref parameter of a type already taken, so that a
            // call can pass the same buffer twice (issue 39: aliased arguments).
            let again = inputs
                .iter()
                .rev()
                .find(|t| matches!(t, Type::MemRef(_)))
                .cloned();
            if let (Some(t), true) = (again, p.chance(30)?) {
                inputs.push(t);
                input_hidden.push(None);
                continue;
            }
            let (t, h) = p.value_type(true)?;
            inputs.push(t);
            input_hidden.push(h);
        }
        let mut results = Vec::new();
        let mut result_hidden = Vec::new();
        for _ in 0..p.u.int_in_range(0..=cfg.max_results)? {
            let (t, h) = p.value_type(false)?;
            results.push(t);
            result_hidden.push(h);
        }
        let has_unranked = inputs
            .iter()
            .chain(&results)
            .any(|t| matches!(t, Type::UnrankedMemRef(..)));
        let harness_only = inputs.iter().any(|t| {
            matches!(t.as_memref().map(|m| &m.layout),
                Some(Layout::Strided(s)) if s.offset.is_some_and(|o| o != 0))
        });
        let c_interface = harness_only || (cfg.has(Family::EmitCInterface) && p.chance(50)?);
        rev.push(FuncPlan {
            name: format!("f{j}"),
            inputs,
            input_hidden,
            results,
            result_hidden,
            recursive,
            c_interface,
            harness_only,
            indirect_ok: !recursive && !has_unranked && !harness_only,
            cost: Cell::new(0),
            called: Cell::new(false),
        });
    }
    let mut main_results = Vec::new();
    let mut main_hidden = Vec::new();
    for _ in 0..p.u.int_in_range(1..=cfg.max_main_results.max(1))? {
        let (mut t, _) = p.value_type(false)?;
        if let Type::UnrankedMemRef(e, _) = t {
            // @main returns ranked memrefs only (the oracles print their contents).
            t = Type::memref(vec![Some(2)], (*e).clone());
        }
        main_results.push(t);
        main_hidden.push(None);
    }
    funcs.push(FuncPlan {
        name: "main".into(),
        inputs: vec![],
        input_hidden: vec![],
        results: main_results,
        result_hidden: main_hidden,
        recursive: false,
        c_interface: false,
        harness_only: false,
        indirect_ok: false,
        cost: Cell::new(0),
        called: Cell::new(false),
    });
    rev.reverse();
    funcs.extend(rev);
    // A harness entry: a C-interface function no generated code calls, taking strided
    // memrefs with offsets that only the harness's descriptors can provide (the
    // c-interface oracle calls it); last, so it calls nothing.
    if cfg.has(Family::EmitCInterface) && cfg.has(Family::MemRefs) && p.chance(85)? {
        let mut inputs = Vec::new();
        for _ in 0..p.u.int_in_range(1..=3u8)? {
            inputs.push(p.entry_memref()?);
        }
        if p.chance(40)? {
            inputs.push(p.scalar()?);
        }
        // Results of the parameters' element types, so the loads can be returned.
        let mut results: Vec<Type> = inputs
            .iter()
            .filter_map(|t| t.memref_elem().cloned())
            .take(2)
            .collect();
        if results.is_empty() || p.chance(30)? {
            results.push(p.scalar()?);
        }
        funcs.push(FuncPlan {
            name: format!("f{}", funcs.len()),
            input_hidden: vec![None; inputs.len()],
            inputs,
            result_hidden: vec![None; results.len()],
            results,
            recursive: false,
            c_interface: true,
            harness_only: true,
            indirect_ok: false,
            cost: Cell::new(0),
            called: Cell::new(false),
        });
    }
    Ok(ModulePlan {
        funcs,
        externals: cfg.has(Family::Externals),
    })
}

/// Generates a whole module (see the crate docs).
pub fn generate_module(u: &mut Unstructured, cfg: &GenConfig) -> Result<Module> {
    let plan = plan_module(u, cfg)?;
    let n = plan.funcs.len();
    let mut bodies = Vec::with_capacity(n);
    for j in (0..n).rev() {
        let g = FnGen::new(u, cfg, &plan, j);
        let (body, cost) = g.run()?;
        let p = &plan.funcs[j];
        let cost = if p.recursive {
            cost.saturating_mul(3u64.saturating_pow(cfg.recursion_depth + 1))
        } else {
            cost
        };
        p.cost.set(cost.max(1));
        bodies.push(body);
    }
    bodies.reverse();
    let mut m = Module::new("generated.mlir");
    let mut used_ext = BTreeSet::new();
    for (p, body) in plan.funcs.iter().zip(bodies) {
        for op in body.walk_ops() {
            let od = body.op(op);
            if od.kind == OpKind::Call {
                if let Some(name) = od.attr("callee").and_then(|a| a.as_symbol()) {
                    if name.starts_with("ext_") {
                        used_ext.insert(name.to_string());
                    }
                }
            }
        }
        let mut f = Func::new_std(&p.name, p.inputs.clone(), p.results.clone());
        f.body = Some(body);
        if p.c_interface {
            f.attrs
                .push(NamedAttr::new("llvm.emit_c_interface", Attribute::Unit));
        }
        m.funcs.push(f);
    }
    for e in external_impls() {
        if used_ext.contains(e.name) {
            let mut f = Func::new_std_decl(e.name, e.inputs.clone(), e.results.clone());
            if e.c_interface {
                f.attrs
                    .push(NamedAttr::new("llvm.emit_c_interface", Attribute::Unit));
            }
            m.funcs.push(f);
        }
    }
    crate::attrs::decorate(u, cfg, &mut m)?;
    // Chosen after everything else, so that the choice changes no other one.
    if cfg.has(Family::MemorySpaces) && used_ext.is_empty() && u.int_in_range(0..=2u8)? == 0 {
        let space = *u.choose(&MEMORY_SPACES)?;
        in_memory_space(&mut m, space);
    }
    crate::names::quote_and_hex(u, &mut m)?;
    crate::llvm_funcs::add(u, cfg, &mut m)?;
    reverse_some_block_layouts(u, &mut m)?;
    add_some_unreachable_blocks(u, &mut m)?;
    Ok(m)
}

/// Gives about one function in eight two blocks no branch reaches, each using a value
/// of the other, the first before the second defines it (MLIR allows it: dominance does
/// not constrain unreachable code). The lowering visits unreachable blocks after the
/// reachable ones, in layout order, and lowers a use met before its definition as
/// `undef` (`mlir-translate` cannot translate a use before its definition); without
/// these blocks no campaign ran either path. Nothing executes them, so every value
/// stays the same. Chosen last, so that the choice changes no other one.
fn add_some_unreachable_blocks(u: &mut Unstructured, m: &mut Module) -> Result<()> {
    for f in &mut m.funcs {
        if f.kind != converter::ir::FuncKind::Std {
            continue;
        }
        let Some(body) = f.body.as_mut() else {
            continue;
        };
        if u.int_in_range(0..=7u8)? != 0 {
            continue;
        }
        let ty = u
            .choose(&[Type::i32(), Type::Int(17), Type::i64(), Type::Index])?
            .clone();
        let value = u.int_in_range(-100..=100i64)?;
        let first = body.add_block(&[]);
        let second = body.add_block(std::slice::from_ref(&ty));
        let k = body.builder(second).const_int(value as i128, ty.clone());
        let mut b = body.builder(first);
        let x = b.binary(OpKind::AddI, k, k);
        b.br(second, vec![x]);
        let arg = body.block_args(second)[0];
        body.builder(second).binary(OpKind::MulI, arg, k);
        if u.arbitrary()? {
            out_of_range_extract(u, body, second)?;
        }
        body.builder(second).br(first, vec![]);
    }
    Ok(())
}

/// An n-D `extract_element` in unreachable block `block` whose constant indices may lie
/// out of range: one past the end (most often), far past it, or negative. Executed, it
/// would be undefined behaviour; never executed, the module is valid and must lower.
/// The lowering reads a row with constant outer indices from the vector's array only
/// when every one is in range, and any other through memory as for a dynamic index:
/// reachable code only ever has in-range constants (anything else is UB there), so
/// without this no campaign ran the range check (a mutant sample of 2026-11-27 found
/// `<` turned into `<=` or `==` in it unseen).
fn out_of_range_extract(
    u: &mut Unstructured,
    body: &mut converter::ir::Body,
    block: converter::ir::BlockId,
) -> Result<()> {
    let rank = u.int_in_range(2..=3usize)?;
    let mut shape = Vec::with_capacity(rank);
    for _ in 0..rank {
        shape.push(u.int_in_range(1..=4u64)?);
    }
    let mut indices = Vec::with_capacity(rank);
    for &d in &shape {
        let d = d as i64;
        indices.push(match u.int_in_range(0..=5u8)? {
            0 | 1 => d,
            2 => d + u.int_in_range(1..=9i64)?,
            3 => -1,
            _ => u.int_in_range(0..=d - 1)?,
        });
    }
    let mut b = body.builder(block);
    let x = b.const_float(1.5, Type::F32);
    let v = b.unary(OpKind::Splat, x, Type::vector(shape, Type::F32));
    let mut operands = vec![v];
    operands.extend(indices.into_iter().map(|i| b.const_index(i)));
    b.push1(
        converter::ir::NewOp::new(OpKind::ExtractElement)
            .operands(operands)
            .result(Type::F32),
    );
    Ok(())
}

/// Lists the non-entry blocks of about one function in four in reverse. MLIR lets a
/// block stand before the blocks that dominate it, and the lowering must visit blocks in
/// dominance order rather than in the text's: without this, every generated function
/// lists its blocks in an order where the two agree, and a converter that walks the
/// layout passes every campaign. Chosen last, so that the choice changes no other one.
fn reverse_some_block_layouts(u: &mut Unstructured, m: &mut Module) -> Result<()> {
    for f in &mut m.funcs {
        let Some(body) = f.body.as_mut() else {
            continue;
        };
        if body.layout.len() > 2 && u.int_in_range(0..=3u8)? == 0 {
            body.layout[1..].reverse();
        }
    }
    Ok(())
}

/// The nonzero memory spaces generated modules use: address spaces the host treats as
/// plain memory (`jit::translate::MAX_HOST_ADDR_SPACE` is 255; x86-64 gives 256 and
/// up a meaning of their own).
pub const MEMORY_SPACES: [u64; 4] = [1, 3, 5, 255];

/// Moves every memref type of `m` (values, block arguments, signatures, types in
/// attributes) into memory space `space`. The module stays valid: every cast, call
/// and block argument relates memrefs of one space, as before.
pub fn in_memory_space(m: &mut Module, space: u64) {
    for f in &mut m.funcs {
        f.ty = type_in_space(&f.ty, space);
        let Some(body) = &mut f.body else { continue };
        for v in &mut body.values {
            v.ty = type_in_space(&v.ty, space);
        }
        for op in &mut body.ops {
            for a in &mut op.attrs {
                if let Attribute::Type(t) = &a.value {
                    a.value = Attribute::Type(type_in_space(t, space));
                }
            }
        }
    }
}

fn type_in_space(t: &Type, space: u64) -> Type {
    match t {
        Type::MemRef(mt) => {
            let mut mt = (**mt).clone();
            mt.memory_space = space;
            Type::MemRef(mt.into())
        }
        Type::UnrankedMemRef(e, _) => Type::unranked_memref_in((**e).clone(), space),
        Type::Function(ft) => Type::function(
            ft.inputs.iter().map(|t| type_in_space(t, space)).collect(),
            ft.results.iter().map(|t| type_in_space(t, space)).collect(),
        ),
        t => t.clone(),
    }
}

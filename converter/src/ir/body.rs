//! A function body: arenas of values, operations and blocks addressed by small ids.
//!
//! Ids are indexes into the body's own arenas, so a body is cheap to walk, clone and
//! rewrite: removing an op only unlinks it from its block (the arena slot stays), and
//! replacing a value rewrites operand lists. Block order is the `layout` vector; the
//! first block is the entry block.

use super::attr::{Attribute, NamedAttr};
use super::ops::OpKind;
use super::types::Type;
use crate::diag::Loc;
use std::borrow::Cow;
use std::sync::Arc;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct ValueId(pub u32);
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct OpId(pub u32);
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct BlockId(pub u32);

impl ValueId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl OpId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl BlockId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Where a value comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub enum ValueDef {
    OpResult { op: OpId, index: u32 },
    BlockArg { block: BlockId, index: u32 },
}

#[derive(Clone, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
}

/// A successor block of a terminator with the operands passed to its arguments.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct Successor {
    pub block: BlockId,
    pub args: Vec<ValueId>,
}

#[derive(Clone, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct OpData {
    pub kind: OpKind,
    /// The op's name when `kind` is `Unregistered` (e.g. `"use"`, `"foo.bar"`).
    pub unregistered_name: Option<Arc<str>>,
    pub operands: Vec<ValueId>,
    pub results: Vec<ValueId>,
    pub attrs: Vec<NamedAttr>,
    pub successors: Vec<Successor>,
    pub loc: Loc,
    /// The block the op is linked into, `None` once it is detached.
    pub parent: Option<BlockId>,
}

impl OpData {
    /// The op's full name (`std.addi`, `llvm.add`, or an unregistered name).
    pub fn name(&self) -> &str {
        match &self.unregistered_name {
            Some(n) => n,
            None => self.kind.name(),
        }
    }
    pub fn attr(&self, name: &str) -> Option<&Attribute> {
        super::attr::find_attr(&self.attrs, name)
    }
    pub fn set_attr(&mut self, name: impl Into<Cow<'static, str>>, value: Attribute) {
        let name = name.into();
        match self.attrs.iter_mut().find(|a| a.name == name) {
            Some(a) => a.value = value,
            None => self.attrs.push(NamedAttr::new(name, value)),
        }
    }
    pub fn result(&self, i: usize) -> ValueId {
        self.results[i]
    }
}

#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct BlockData {
    pub args: Vec<ValueId>,
    pub ops: Vec<OpId>,
    pub loc: Loc,
}

#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct Body {
    pub values: Vec<ValueData>,
    pub ops: Vec<OpData>,
    pub blocks: Vec<BlockData>,
    /// Blocks in program order; `layout[0]` is the entry block.
    pub layout: Vec<BlockId>,
}

/// Everything needed to create an operation; `Body::create_op` turns it into one.
#[derive(Clone, Debug)]
pub struct NewOp {
    pub kind: OpKind,
    pub unregistered_name: Option<Arc<str>>,
    pub operands: Vec<ValueId>,
    pub result_types: Vec<Type>,
    pub attrs: Vec<NamedAttr>,
    pub successors: Vec<Successor>,
    pub loc: Loc,
}

impl NewOp {
    pub fn new(kind: OpKind) -> Self {
        NewOp {
            kind,
            unregistered_name: None,
            operands: Vec::new(),
            result_types: Vec::new(),
            attrs: Vec::new(),
            successors: Vec::new(),
            loc: Loc::UNKNOWN,
        }
    }
    pub fn unregistered(name: &str) -> Self {
        let mut op = NewOp::new(OpKind::Unregistered);
        op.unregistered_name = Some(name.into());
        op
    }
    pub fn operands(mut self, operands: impl IntoIterator<Item = ValueId>) -> Self {
        self.operands.extend(operands);
        self
    }
    pub fn results(mut self, types: impl IntoIterator<Item = Type>) -> Self {
        self.result_types.extend(types);
        self
    }
    pub fn result(mut self, ty: Type) -> Self {
        self.result_types.push(ty);
        self
    }
    pub fn attr(mut self, name: impl Into<Cow<'static, str>>, value: Attribute) -> Self {
        // Most ops have one attribute: room for exactly one, not the four a first
        // `push` reserves (an attribute is 80 bytes and lowered modules have many).
        self.attrs.reserve_exact(1);
        self.attrs.push(NamedAttr::new(name, value));
        self
    }
    pub fn successor(mut self, block: BlockId, args: Vec<ValueId>) -> Self {
        self.successors.push(Successor { block, args });
        self
    }
    pub fn loc(mut self, loc: Loc) -> Self {
        self.loc = loc;
        self
    }
}

impl Body {
    pub fn new() -> Self {
        Body::default()
    }

    pub fn entry(&self) -> Option<BlockId> {
        self.layout.first().copied()
    }
    pub fn value(&self, v: ValueId) -> &ValueData {
        &self.values[v.index()]
    }
    pub fn value_type(&self, v: ValueId) -> &Type {
        &self.values[v.index()].ty
    }
    pub fn op(&self, op: OpId) -> &OpData {
        &self.ops[op.index()]
    }
    pub fn op_mut(&mut self, op: OpId) -> &mut OpData {
        &mut self.ops[op.index()]
    }
    pub fn block(&self, b: BlockId) -> &BlockData {
        &self.blocks[b.index()]
    }
    pub fn block_mut(&mut self, b: BlockId) -> &mut BlockData {
        &mut self.blocks[b.index()]
    }
    pub fn block_args(&self, b: BlockId) -> &[ValueId] {
        &self.blocks[b.index()].args
    }
    /// The op defining `v`, if it is an op result.
    pub fn defining_op(&self, v: ValueId) -> Option<OpId> {
        match self.values[v.index()].def {
            ValueDef::OpResult { op, .. } => Some(op),
            ValueDef::BlockArg { .. } => None,
        }
    }
    /// The integer value of `v` when a `constant` op defines it.
    pub fn int_constant(&self, v: ValueId) -> Option<i128> {
        let op = self.op(self.defining_op(v)?);
        if op.kind != OpKind::Constant {
            return None;
        }
        op.attr("value")?.as_int()
    }
    /// The last op of a block, if it has any (its terminator once verified).
    pub fn terminator(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b.index()].ops.last().copied()
    }

    /// Creates a block with arguments of the given types and appends it to the layout.
    pub fn add_block(&mut self, arg_types: &[Type]) -> BlockId {
        let b = self.create_block(arg_types);
        self.layout.push(b);
        b
    }

    /// Creates a block that is not yet in the layout (insert it with `layout.insert`).
    pub fn create_block(&mut self, arg_types: &[Type]) -> BlockId {
        let b = BlockId(self.blocks.len() as u32);
        self.blocks.push(BlockData::default());
        for t in arg_types {
            self.add_block_arg(b, t.clone());
        }
        b
    }

    pub fn add_block_arg(&mut self, b: BlockId, ty: Type) -> ValueId {
        let index = self.blocks[b.index()].args.len() as u32;
        let v = ValueId(self.values.len() as u32);
        self.values.push(ValueData {
            ty,
            def: ValueDef::BlockArg { block: b, index },
        });
        self.blocks[b.index()].args.push(v);
        v
    }

    /// Creates a detached op with fresh result values.
    pub fn create_op(&mut self, new: NewOp) -> OpId {
        let id = OpId(self.ops.len() as u32);
        let mut results = Vec::with_capacity(new.result_types.len());
        for (i, ty) in new.result_types.into_iter().enumerate() {
            let v = ValueId(self.values.len() as u32);
            self.values.push(ValueData {
                ty,
                def: ValueDef::OpResult {
                    op: id,
                    index: i as u32,
                },
            });
            results.push(v);
        }
        self.ops.push(OpData {
            kind: new.kind,
            unregistered_name: new.unregistered_name,
            operands: new.operands,
            results,
            attrs: new.attrs,
            successors: new.successors,
            loc: new.loc,
            parent: None,
        });
        id
    }

    /// Creates an op and appends it to the end of `block`.
    pub fn append_op(&mut self, block: BlockId, new: NewOp) -> OpId {
        let op = self.create_op(new);
        self.ops[op.index()].parent = Some(block);
        self.blocks[block.index()].ops.push(op);
        op
    }

    /// Creates an op and inserts it at position `pos` of `block`.
    pub fn insert_op(&mut self, block: BlockId, pos: usize, new: NewOp) -> OpId {
        let op = self.create_op(new);
        self.ops[op.index()].parent = Some(block);
        self.blocks[block.index()].ops.insert(pos, op);
        op
    }

    /// Unlinks an op from its block. Its results must no longer be used.
    pub fn remove_op(&mut self, op: OpId) {
        if let Some(b) = self.ops[op.index()].parent.take() {
            self.blocks[b.index()].ops.retain(|&o| o != op);
        }
    }

    /// Replaces every use of `from` (as an operand or a successor operand) with `to`.
    pub fn replace_all_uses(&mut self, from: ValueId, to: ValueId) {
        for &b in &self.layout {
            for &op in &self.blocks[b.index()].ops {
                let data = &mut self.ops[op.index()];
                for o in data
                    .operands
                    .iter_mut()
                    .chain(data.successors.iter_mut().flat_map(|s| s.args.iter_mut()))
                {
                    if *o == from {
                        *o = to;
                    }
                }
            }
        }
    }

    /// Every linked op, in layout order.
    pub fn walk_ops(&self) -> impl Iterator<Item = OpId> + '_ {
        self.layout
            .iter()
            .flat_map(move |b| self.blocks[b.index()].ops.iter().copied())
    }

    /// A builder that appends to `block`.
    pub fn builder(&mut self, block: BlockId) -> Builder<'_> {
        Builder {
            body: self,
            block,
            loc: Loc::UNKNOWN,
        }
    }
}

/// Appends ops to one block: the convenient way for generators and the converter to
/// construct IR without going through text.
pub struct Builder<'a> {
    pub body: &'a mut Body,
    pub block: BlockId,
    pub loc: Loc,
}

impl<'a> Builder<'a> {
    /// Sets the location given to the ops built from now on.
    pub fn at(&mut self, loc: Loc) -> &mut Self {
        self.loc = loc;
        self
    }
    /// Appends `op` (with the builder's location unless it has its own) and returns its id.
    pub fn push(&mut self, mut op: NewOp) -> OpId {
        if op.loc == Loc::UNKNOWN {
            op.loc = self.loc;
        }
        self.body.append_op(self.block, op)
    }
    /// Appends a single-result op and returns its result.
    pub fn push1(&mut self, op: NewOp) -> ValueId {
        let id = self.push(op);
        self.body.ops[id.index()].results[0]
    }
    pub fn ty(&self, v: ValueId) -> Type {
        self.body.value_type(v).clone()
    }

    // ---- Standard-dialect conveniences ----

    pub fn const_int(&mut self, value: i128, ty: Type) -> ValueId {
        self.push1(
            NewOp::new(OpKind::Constant)
                .attr("value", Attribute::int(value, ty.clone()))
                .result(ty),
        )
    }
    pub fn const_index(&mut self, value: i64) -> ValueId {
        self.const_int(value as i128, Type::Index)
    }
    pub fn const_float(&mut self, value: f64, ty: Type) -> ValueId {
        self.push1(
            NewOp::new(OpKind::Constant)
                .attr("value", Attribute::float(value, ty.clone()))
                .result(ty),
        )
    }
    /// A binary op whose result has the type of its operands (arith, logic, shifts).
    pub fn binary(&mut self, kind: OpKind, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.ty(a);
        self.push1(NewOp::new(kind).operands([a, b]).result(ty))
    }
    pub fn cmpi(&mut self, pred: &str, a: ValueId, b: ValueId) -> ValueId {
        let ty = match self.body.value_type(a) {
            Type::Vector(v) => Type::vector(v.shape.clone(), Type::i1()),
            _ => Type::i1(),
        };
        self.push1(
            NewOp::new(OpKind::CmpI)
                .operands([a, b])
                .attr("predicate", Attribute::Str(pred.into()))
                .result(ty),
        )
    }
    pub fn cmpf(&mut self, pred: &str, a: ValueId, b: ValueId) -> ValueId {
        let ty = match self.body.value_type(a) {
            Type::Vector(v) => Type::vector(v.shape.clone(), Type::i1()),
            _ => Type::i1(),
        };
        self.push1(
            NewOp::new(OpKind::CmpF)
                .operands([a, b])
                .attr("predicate", Attribute::Str(pred.into()))
                .result(ty),
        )
    }
    pub fn select(&mut self, c: ValueId, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.ty(a);
        self.push1(NewOp::new(OpKind::Select).operands([c, a, b]).result(ty))
    }
    /// A one-operand op with an explicit result type (casts, `negf`, `splat`, ...).
    pub fn unary(&mut self, kind: OpKind, a: ValueId, result: Type) -> ValueId {
        self.push1(NewOp::new(kind).operands([a]).result(result))
    }
    pub fn load(&mut self, memref: ValueId, indices: &[ValueId]) -> ValueId {
        let elem = self
            .body
            .value_type(memref)
            .memref_elem()
            .cloned()
            .expect("load from a non-memref value");
        let mut operands = vec![memref];
        operands.extend_from_slice(indices);
        self.push1(NewOp::new(OpKind::Load).operands(operands).result(elem))
    }
    pub fn store(&mut self, value: ValueId, memref: ValueId, indices: &[ValueId]) -> OpId {
        let mut operands = vec![value, memref];
        operands.extend_from_slice(indices);
        self.push(NewOp::new(OpKind::Store).operands(operands))
    }
    pub fn br(&mut self, dest: BlockId, args: Vec<ValueId>) -> OpId {
        self.push(NewOp::new(OpKind::Br).successor(dest, args))
    }
    pub fn cond_br(
        &mut self,
        cond: ValueId,
        t: BlockId,
        t_args: Vec<ValueId>,
        f: BlockId,
        f_args: Vec<ValueId>,
    ) -> OpId {
        self.push(
            NewOp::new(OpKind::CondBr)
                .operands([cond])
                .successor(t, t_args)
                .successor(f, f_args),
        )
    }
    pub fn ret(&mut self, values: Vec<ValueId>) -> OpId {
        self.push(NewOp::new(OpKind::Return).operands(values))
    }
    pub fn call(&mut self, callee: &str, args: Vec<ValueId>, results: Vec<Type>) -> OpId {
        self.push(
            NewOp::new(OpKind::Call)
                .operands(args)
                .attr("callee", Attribute::SymbolRef(callee.into()))
                .results(results),
        )
    }
}

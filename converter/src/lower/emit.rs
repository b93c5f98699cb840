//! `Emitter`: appends LLVM-dialect ops to one block with the attribute conventions of
//! `ir/ops.rs`, so that the lowering patterns read as the IR they produce.

use super::types::field_type;
use crate::diag::Loc;
use crate::ir::{Attribute, BlockId, Body, NewOp, OpKind, Type, ValueId};

/// The GEP index that marks "the next dynamic index operand" in `indices`.
pub const DYNAMIC_INDEX: i64 = i64::MIN;

pub struct Emitter<'a> {
    pub body: &'a mut Body,
    pub block: BlockId,
    pub loc: Loc,
    /// The lowered index type.
    pub index: Type,
}

impl<'a> Emitter<'a> {
    pub fn new(body: &'a mut Body, block: BlockId, loc: Loc, index: Type) -> Emitter<'a> {
        Emitter {
            body,
            block,
            loc,
            index,
        }
    }

    pub fn ty(&self, v: ValueId) -> Type {
        self.body.value_type(v).clone()
    }

    /// Appends an op; returns its results.
    pub fn push(&mut self, mut op: NewOp) -> Vec<ValueId> {
        op.loc = self.loc;
        let id = self.body.append_op(self.block, op);
        self.body.op(id).results.clone()
    }

    /// Appends a one-result op.
    pub fn push1(&mut self, mut op: NewOp) -> ValueId {
        op.loc = self.loc;
        let id = self.body.append_op(self.block, op);
        self.body.op(id).results[0]
    }

    /// `llvm.mlir.constant` of an integer type (`value` is wrapped to the width).
    pub fn const_int(&mut self, value: i128, ty: &Type) -> ValueId {
        self.push1(
            NewOp::new(OpKind::LlvmConstant)
                .attr("value", Attribute::int(value, ty.clone()))
                .result(ty.clone()),
        )
    }

    /// An index constant (of the lowered index type).
    pub fn const_index(&mut self, value: i64) -> ValueId {
        let t = self.index.clone();
        self.const_int(value as i128, &t)
    }

    pub fn const_i64(&mut self, value: i64) -> ValueId {
        self.const_int(value as i128, &Type::i64())
    }

    pub fn const_i32(&mut self, value: i32) -> ValueId {
        self.const_int(value as i128, &Type::i32())
    }

    /// `llvm.mlir.constant` with an already converted attribute.
    pub fn constant(&mut self, value: Attribute, ty: Type) -> ValueId {
        self.push1(
            NewOp::new(OpKind::LlvmConstant)
                .attr("value", value)
                .result(ty),
        )
    }

    pub fn undef(&mut self, ty: &Type) -> ValueId {
        self.push1(NewOp::new(OpKind::LlvmUndef).result(ty.clone()))
    }

    /// `llvm.mlir.zero` (a null pointer for pointer types).
    pub fn zero(&mut self, ty: &Type) -> ValueId {
        self.push1(NewOp::new(OpKind::LlvmZero).result(ty.clone()))
    }

    pub fn insert(&mut self, agg: ValueId, val: ValueId, pos: &[i64]) -> ValueId {
        let ty = self.ty(agg);
        self.push1(
            NewOp::new(OpKind::LlvmInsertValue)
                .operands([agg, val])
                .attr("position", positions(pos))
                .result(ty),
        )
    }

    pub fn extract(&mut self, agg: ValueId, pos: &[i64]) -> ValueId {
        let ty = field_type(self.body.value_type(agg), pos).unwrap_or(Type::LlvmVoid);
        self.push1(
            NewOp::new(OpKind::LlvmExtractValue)
                .operands([agg])
                .attr("position", positions(pos))
                .result(ty),
        )
    }

    /// A struct or array built from `values` with undef + insertvalue.
    pub fn pack(&mut self, ty: &Type, values: &[ValueId]) -> ValueId {
        let mut agg = self.undef(ty);
        for (i, &v) in values.iter().enumerate() {
            agg = self.insert(agg, v, &[i as i64]);
        }
        agg
    }

    /// A binary op whose result has the type of `a`.
    pub fn binary(&mut self, kind: OpKind, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.ty(a);
        self.push1(NewOp::new(kind).operands([a, b]).result(ty))
    }

    pub fn add(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.binary(OpKind::LlvmAdd, a, b)
    }

    pub fn mul(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.binary(OpKind::LlvmMul, a, b)
    }

    /// A one-operand op with an explicit result type (casts, fneg, ...).
    pub fn unary(&mut self, kind: OpKind, a: ValueId, result: Type) -> ValueId {
        self.push1(NewOp::new(kind).operands([a]).result(result))
    }

    pub fn icmp(&mut self, pred: &str, a: ValueId, b: ValueId) -> ValueId {
        self.push1(
            NewOp::new(OpKind::LlvmICmp)
                .operands([a, b])
                .attr("predicate", Attribute::Str(pred.into()))
                .result(Type::i1()),
        )
    }

    pub fn select(&mut self, c: ValueId, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.ty(a);
        self.push1(
            NewOp::new(OpKind::LlvmSelect)
                .operands([c, a, b])
                .result(ty),
        )
    }

    /// Converts between unsigned integer widths: zext when widening, trunc when
    /// narrowing, nothing when equal. (Every conversion the lowering makes is of a
    /// count or a size: byte counts to `malloc`'s i64, an unranked rank to the index
    /// type.)
    pub fn int_resize(&mut self, v: ValueId, to: &Type) -> ValueId {
        let from = self.ty(v).bit_width().unwrap_or(64);
        let to_w = to.bit_width().unwrap_or(64);
        if from == to_w {
            v
        } else if from < to_w {
            self.unary(OpKind::LlvmZExt, v, to.clone())
        } else {
            self.unary(OpKind::LlvmTrunc, v, to.clone())
        }
    }

    /// `llvm.bitcast` of a pointer to a pointer to `pointee` in the same address space
    /// (nothing when it already is one).
    pub fn ptr_cast(&mut self, p: ValueId, pointee: &Type) -> ValueId {
        let space = self.body.value_type(p).addr_space().unwrap_or(0);
        let to = Type::llvm_ptr_in(pointee.clone(), space);
        if *self.body.value_type(p) == to {
            return p;
        }
        self.unary(OpKind::LlvmBitcast, p, to)
    }

    /// A pointer cast to the pointer type `to`: `llvm.addrspacecast` when the address
    /// space changes (the pointee may change with it), else `ptr_cast`.
    pub fn cast_to_ptr(&mut self, p: ValueId, to: &Type) -> ValueId {
        let (Type::LlvmPtr(pointee, space), Some(from)) = (to, self.ty(p).addr_space()) else {
            return p;
        };
        if *space == from {
            return self.ptr_cast(p, pointee);
        }
        self.unary(OpKind::LlvmAddrSpaceCast, p, to.clone())
    }

    pub fn ptrtoint(&mut self, p: ValueId, ty: &Type) -> ValueId {
        self.unary(OpKind::LlvmPtrToInt, p, ty.clone())
    }

    pub fn inttoptr(&mut self, i: ValueId, ty: &Type) -> ValueId {
        self.unary(OpKind::LlvmIntToPtr, i, ty.clone())
    }

    /// `llvm.getelementptr base[indices]` where `indices` mixes constants and
    /// `Err(value)` dynamic operands; `elem` is the GEP's source element type and the
    /// result points to `result_pointee`.
    pub fn gep(
        &mut self,
        base: ValueId,
        elem: &Type,
        indices: &[GepIndex],
        result_pointee: &Type,
    ) -> ValueId {
        let mut operands = vec![base];
        let mut consts = Vec::with_capacity(indices.len());
        for i in indices {
            match *i {
                GepIndex::Const(c) => consts.push(c),
                GepIndex::Value(v) => {
                    consts.push(DYNAMIC_INDEX);
                    operands.push(v);
                }
            }
        }
        let space = self.body.value_type(base).addr_space().unwrap_or(0);
        self.push1(
            NewOp::new(OpKind::LlvmGep)
                .operands(operands)
                .attr("elem_type", Attribute::Type(elem.clone()))
                .attr("indices", positions(&consts))
                .result(Type::llvm_ptr_in(result_pointee.clone(), space)),
        )
    }

    /// The size in bytes of `count` elements of `elem`, as an integer of type `ty`, by the
    /// GEP-on-null idiom (`ptrtoint (gep null[count])`), right on every data layout.
    pub fn size_of(&mut self, elem: &Type, count: GepIndex, ty: &Type) -> ValueId {
        let null = self.zero(&Type::llvm_ptr(elem.clone()));
        let p = self.gep(null, elem, &[count], elem);
        self.ptrtoint(p, ty)
    }

    pub fn load(&mut self, ptr: ValueId, ty: &Type) -> ValueId {
        self.push1(
            NewOp::new(OpKind::LlvmLoad)
                .operands([ptr])
                .attr("elem_type", Attribute::Type(ty.clone()))
                .result(ty.clone()),
        )
    }

    pub fn store(&mut self, val: ValueId, ptr: ValueId) {
        self.push(NewOp::new(OpKind::LlvmStore).operands([val, ptr]));
    }

    /// `llvm.alloca count x elem` (with an alignment when given).
    pub fn alloca(&mut self, count: ValueId, elem: &Type, align: Option<u64>) -> ValueId {
        self.alloca_in(count, elem, align, 0)
    }

    /// `llvm.alloca count x elem` giving a pointer in address space `space`, as LLVM 11
    /// and today's MLIR lower `alloca` of a memref in a memory space.
    pub fn alloca_in(
        &mut self,
        count: ValueId,
        elem: &Type,
        align: Option<u64>,
        space: u32,
    ) -> ValueId {
        let mut op = NewOp::new(OpKind::LlvmAlloca)
            .operands([count])
            .attr("elem_type", Attribute::Type(elem.clone()))
            .result(Type::llvm_ptr_in(elem.clone(), space));
        if let Some(a) = align {
            op = op.attr("alignment", Attribute::int(a as i128, Type::i64()));
        }
        self.push1(op)
    }

    /// A direct call; returns the result unless the callee returns void.
    pub fn call(&mut self, callee: &str, args: Vec<ValueId>, fty: &Type) -> Option<ValueId> {
        let result = match fty {
            Type::LlvmFunc(f) if f.result != Type::LlvmVoid => Some(f.result.clone()),
            _ => None,
        };
        let op = NewOp::new(OpKind::LlvmCall)
            .operands(args)
            .attr("callee", Attribute::SymbolRef(callee.to_string()))
            .attr("callee_type", Attribute::Type(fty.clone()))
            .results(result);
        self.push(op).first().copied()
    }

    /// An indirect call through the function pointer `fptr`.
    pub fn call_indirect(
        &mut self,
        fptr: ValueId,
        args: Vec<ValueId>,
        fty: &Type,
    ) -> Option<ValueId> {
        let result = match fty {
            Type::LlvmFunc(f) if f.result != Type::LlvmVoid => Some(f.result.clone()),
            _ => None,
        };
        let mut operands = vec![fptr];
        operands.extend(args);
        let op = NewOp::new(OpKind::LlvmCall)
            .operands(operands)
            .attr("callee_type", Attribute::Type(fty.clone()))
            .results(result);
        self.push(op).first().copied()
    }

    /// `llvm.intr.memcpy(dst, src, len)`, not volatile.
    pub fn memcpy(&mut self, dst: ValueId, src: ValueId, len: ValueId) {
        self.push(
            NewOp::new(OpKind::LlvmMemcpy)
                .operands([dst, src, len])
                .attr("isVolatile", Attribute::Bool(false)),
        );
    }
}

/// One GEP index: a constant or a dynamic operand.
#[derive(Clone, Copy, Debug)]
pub enum GepIndex {
    Const(i64),
    Value(ValueId),
}

/// An array attribute of i64 integers (insertvalue/extractvalue/GEP positions).
pub fn positions(pos: &[i64]) -> Attribute {
    Attribute::Array(
        pos.iter()
            .map(|&p| Attribute::Int {
                value: p as i128,
                ty: Type::i64(),
            })
            .collect(),
    )
}

//! Reads `llvm.func`s in a Standard module, and whole lowered modules: the signature's
//! LLVM function type, and the custom form of the LLVM-dialect ops their bodies hold, as
//! stdlower's modern printer writes them and as `mlir-opt` 22 prints the lowering of
//! `run --via upstream`'s pipeline (which `interp --via upstream` reads back):
//! arithmetic with its `overflow<nsw, nuw>` and `exact` flags, casts, constants
//! (`llvm.mlir.constant`, `undef`, `poison`, `zero`, `addressof`), comparisons,
//! `llvm.select`, aggregates (`insertvalue`, `extractvalue`), vector element ops
//! (`insertelement`, `extractelement`, `shufflevector`), memory (`getelementptr` with
//! its `inbounds`/`nusw`/`nuw` flags, `load`, `store`, `alloca`), direct and indirect
//! `llvm.call`, the float intrinsics `llvm.intr.*` that [`OpKind`] knows, branches,
//! `llvm.return` and `llvm.unreachable`. Any other LLVM-dialect op may be written in its
//! generic form (`"llvm.intr.memcpy"(...) <{isVolatile = false}> : ...`); an op or a
//! modifier stdlower does not model is an error at its location.
//!
//! How each form maps onto the IR's conventions (`crate::ir::ops`): flags become the
//! attributes upstream's generic form gives them (`overflowFlags` as the string
//! `"nsw"`, `"nuw"` or `"nsw, nuw"`; `isExact` a unit; `noWrapFlags` MLIR's bit mask,
//! inbounds = 3, nusw = 2, nuw = 4), the element type of `getelementptr`, `load` and
//! `alloca` is `elem_type`, `getelementptr`'s constant and dynamic indices are
//! `indices`, and a call's function type is `callee_type`. An opaque `!llvm.ptr` reads
//! as a pointer to `i8` (see [`Parser::parse_llvm_dialect_type`]): a module of opaque
//! pointers is verified by `verify::verify_opaque_llvm_module`.

use super::{OpSpec, PResult, Parser, TypedUse, UseRef};
use crate::diag::Loc;
use crate::ir::{Attribute, NamedAttr, OpKind, Type};
use crate::lower::emit::DYNAMIC_INDEX;
use crate::syntax::lexer::Tok;

/// MLIR's `GEPNoWrapFlags` bits (`inbounds` is `inbounds_flag | nusw`).
const GEP_INBOUNDS: i128 = 3;
const GEP_NUSW: i128 = 2;
const GEP_NUW: i128 = 4;

impl<'a> Parser<'a> {
    /// The type of an `llvm.func` with parameters `inputs` and `results` (at most one).
    pub(super) fn llvm_func_type(
        &self,
        loc: Loc,
        inputs: &[Type],
        mut results: Vec<Type>,
    ) -> PResult<Type> {
        if results.len() > 1 {
            return Err(self.err_at(
                loc,
                format!(
                    "an llvm.func returns at most one value, this one {}",
                    results.len()
                ),
            ));
        }
        let result = results.pop().unwrap_or(Type::LlvmVoid);
        Ok(Type::llvm_func(result, inputs.to_vec()))
    }

    /// An LLVM-dialect op named `full` (already consumed) in custom form.
    pub(super) fn parse_llvm_op(&mut self, full: &str, loc: Loc) -> PResult<OpSpec<'a>> {
        use OpKind::*;
        // LLVM 11's name of the null pointer constant, today's `llvm.mlir.zero` of a
        // pointer type.
        let null = full == "llvm.mlir.null";
        let full = match full {
            "llvm.mlir.null" => "llvm.mlir.zero",
            f => f,
        };
        let kind = match OpKind::from_name(full) {
            Some(k) if k.is_llvm() => k,
            _ => return Err(self.err_at(loc, format!("unknown operation '{full}'"))),
        };
        let mut s = OpSpec::new(kind);
        match kind {
            LlvmAdd | LlvmSub | LlvmMul | LlvmSDiv | LlvmUDiv | LlvmSRem | LlvmURem | LlvmAnd
            | LlvmOr | LlvmXor | LlvmShl | LlvmAShr | LlvmLShr | LlvmFAdd | LlvmFSub
            | LlvmFMul | LlvmFDiv | LlvmFRem => {
                let exact = matches!(kind, LlvmSDiv | LlvmUDiv | LlvmAShr | LlvmLShr)
                    && self.eat_kw("exact");
                let a = self.parse_use()?;
                let b = self.comma_use()?;
                let flags = if matches!(kind, LlvmAdd | LlvmSub | LlvmMul | LlvmShl) {
                    self.parse_overflow_flags()?
                } else {
                    None
                };
                s.attrs = self.parse_opt_attr_dict()?;
                if exact {
                    s.attrs.push(NamedAttr::new("isExact", Attribute::Unit));
                }
                if let Some(f) = flags {
                    s.attrs.push(NamedAttr::new("overflowFlags", Attribute::Str(f)));
                }
                let (_, ty) = self.colon_type()?;
                s.operands = vec![(a, Some(ty.clone())), (b, Some(ty.clone()))];
                s.results.push(ty);
            }
            LlvmFNeg => {
                let a = self.parse_use()?;
                s.attrs = self.parse_opt_attr_dict()?;
                let (_, ty) = self.colon_type()?;
                s.operands = vec![(a, Some(ty.clone()))];
                s.results.push(ty);
            }
            LlvmSExt | LlvmZExt | LlvmTrunc | LlvmSIToFP | LlvmFPToSI | LlvmFPExt
            | LlvmFPTrunc | LlvmBitcast | LlvmPtrToInt | LlvmIntToPtr | LlvmAddrSpaceCast => {
                let a = self.parse_use()?;
                if kind == LlvmTrunc && self.is_kw("overflow") {
                    return Err(self.err_here(
                        "'overflow' flags on llvm.trunc are not supported",
                    ));
                }
                s.attrs = self.parse_opt_attr_dict()?;
                let (_, from) = self.colon_type()?;
                self.expect_kw("to")?;
                let to = self.parse_type()?;
                s.operands = vec![(a, Some(from))];
                s.results.push(to);
            }
            LlvmConstant => {
                self.expect(Tok::LParen, "'(' and the constant's value")?;
                let value = self.parse_attr()?;
                self.expect(Tok::RParen, "')' after the constant's value")?;
                s.attrs = self.parse_opt_attr_dict()?;
                let (_, ty) = self.colon_type()?;
                s.attrs.insert(0, NamedAttr::new("value", value));
                s.results.push(ty);
            }
            LlvmUndef | LlvmPoison | LlvmZero => {
                s.attrs = self.parse_opt_attr_dict()?;
                let (tloc, ty) = self.colon_type()?;
                if null && !matches!(ty, Type::LlvmPtr(..)) {
                    return Err(self.err_at(
                        tloc,
                        "'llvm.mlir.null' makes a pointer: expected an LLVM pointer type",
                    ));
                }
                s.results.push(ty);
            }
            LlvmAddressOf => {
                if self.tok.kind != Tok::AtIdent {
                    return Err(self.unexpected("a symbol ('@name')"));
                }
                let t = self.advance();
                let name = self.symbol_name(t)?;
                s.attrs = self.parse_opt_attr_dict()?;
                s.attrs
                    .insert(0, NamedAttr::new("global_name", Attribute::SymbolRef(name)));
                let (_, ty) = self.colon_type()?;
                s.results.push(ty);
            }
            LlvmICmp | LlvmFCmp => {
                let pred = self.parse_string("a predicate such as \"slt\"")?;
                let pred = match (kind, pred.as_str()) {
                    (LlvmFCmp, "_false") => "false".to_string(),
                    (LlvmFCmp, "_true") => "true".to_string(),
                    _ => pred,
                };
                let a = self.parse_use()?;
                let b = self.comma_use()?;
                let mut attrs = self.parse_opt_attr_dict()?;
                let (_, ty) = self.colon_type()?;
                let result = match ty.as_vector() {
                    Some(v) => Type::vector(v.shape.clone(), Type::i1()),
                    None => Type::i1(),
                };
                attrs.insert(0, NamedAttr::new("predicate", Attribute::Str(pred)));
                s.attrs = attrs;
                s.operands = vec![(a, Some(ty.clone())), (b, Some(ty))];
                s.results.push(result);
            }
            LlvmSelect => {
                let c = self.parse_use()?;
                let a = self.comma_use()?;
                let b = self.comma_use()?;
                s.attrs = self.parse_opt_attr_dict()?;
                let (_, cty) = self.colon_type()?;
                self.expect(Tok::Comma, "',' and the type of the selected values")?;
                let ty = self.parse_type()?;
                s.operands = vec![(c, Some(cty)), (a, Some(ty.clone())), (b, Some(ty.clone()))];
                s.results.push(ty);
            }
            LlvmInsertValue | LlvmExtractValue => {
                let value = if kind == LlvmInsertValue {
                    let v = self.parse_use()?;
                    self.expect(Tok::Comma, "',' and the aggregate")?;
                    Some(v)
                } else {
                    None
                };
                let agg = self.parse_use()?;
                let pos_loc = self.tok.loc;
                let pos = self.parse_int_list("the position")?;
                s.attrs = self.parse_opt_attr_dict()?;
                let (_, aty) = self.colon_type()?;
                let leaf = aggregate_member(&aty, &pos).ok_or_else(|| {
                    self.err_at(
                        pos_loc,
                        format!("position {pos:?} is not a member of {aty}"),
                    )
                })?;
                s.attrs.insert(0, NamedAttr::new("position", int_array(&pos, Type::i64())));
                s.operands.push((agg, Some(aty.clone())));
                match value {
                    Some(v) => {
                        s.operands.push((v, Some(leaf)));
                        s.results.push(aty);
                    }
                    None => s.results.push(leaf),
                }
            }
            LlvmInsertElement | LlvmExtractElement => {
                let value = if kind == LlvmInsertElement {
                    let v = self.parse_use()?;
                    self.expect(Tok::Comma, "',' and the vector")?;
                    Some(v)
                } else {
                    None
                };
                let vec = self.parse_use()?;
                self.expect(Tok::LSquare, "'[' and the position")?;
                let at = self.parse_use()?;
                let (_, at_ty) = self.colon_type()?;
                self.expect(Tok::RSquare, "']' after the position")?;
                s.attrs = self.parse_opt_attr_dict()?;
                let (tloc, vty) = self.colon_type()?;
                let elem = vty
                    .as_vector()
                    .map(|v| v.elem.clone())
                    .ok_or_else(|| self.err_at(tloc, format!("expected a vector type, found {vty}")))?;
                s.operands.push((vec, Some(vty.clone())));
                match value {
                    Some(v) => {
                        s.operands.push((v, Some(elem)));
                        s.operands.push((at, Some(at_ty)));
                        s.results.push(vty);
                    }
                    None => {
                        s.operands.push((at, Some(at_ty)));
                        s.results.push(elem);
                    }
                }
            }
            LlvmShuffleVector => {
                let a = self.parse_use()?;
                let b = self.comma_use()?;
                let mask = self.parse_int_list_typed("the mask", true)?;
                s.attrs = self.parse_opt_attr_dict()?;
                let (tloc, vty) = self.colon_type()?;
                let elem = vty
                    .as_vector()
                    .map(|v| v.elem.clone())
                    .ok_or_else(|| self.err_at(tloc, format!("expected a vector type, found {vty}")))?;
                if mask.is_empty() {
                    return Err(self.err_at(tloc, "an empty shuffle mask"));
                }
                // LLVM 11 wrote both operands' types.
                let bty = match self.eat(Tok::Comma) {
                    true => self.parse_type()?,
                    false => vty.clone(),
                };
                s.attrs.insert(0, NamedAttr::new("mask", int_array(&mask, Type::i32())));
                s.operands = vec![(a, Some(vty)), (b, Some(bty))];
                s.results.push(Type::vector(vec![mask.len() as u64], elem));
            }
            LlvmGep => self.parse_gep(&mut s)?,
            LlvmLoad => {
                self.no_memory_modifiers()?;
                let p = self.parse_use()?;
                self.no_memory_modifiers()?;
                s.attrs = self.parse_opt_attr_dict()?;
                let seen = self.legacy_types_read();
                let (tloc, pty) = self.colon_type()?;
                // LLVM 11 typed the load by its pointer alone.
                let ty = if self.tok.kind != Tok::Arrow && self.legacy_types_read() > seen {
                    self.pointee(tloc, &pty)?
                } else {
                    self.expect(Tok::Arrow, "'->' and the loaded type")?;
                    self.parse_type()?
                };
                s.attrs.insert(0, NamedAttr::new("elem_type", Attribute::Type(ty.clone())));
                s.operands.push((p, Some(pty)));
                s.results.push(ty);
            }
            LlvmStore => {
                self.no_memory_modifiers()?;
                let v = self.parse_use()?;
                let p = self.comma_use()?;
                self.no_memory_modifiers()?;
                s.attrs = self.parse_opt_attr_dict()?;
                let seen = self.legacy_types_read();
                let (tloc, vty) = self.colon_type()?;
                // LLVM 11 typed the store by its pointer alone.
                let (vty, pty) = if self.tok.kind != Tok::Comma && self.legacy_types_read() > seen {
                    (self.pointee(tloc, &vty)?, vty)
                } else {
                    self.expect(Tok::Comma, "',' and the address type")?;
                    (vty, self.parse_type()?)
                };
                s.operands = vec![(v, Some(vty)), (p, Some(pty))];
            }
            LlvmAlloca => {
                if self.is_kw("inalloca") {
                    return Err(self.err_here("'inalloca' allocations are not supported"));
                }
                let n = self.parse_use()?;
                self.expect_kw("x")?;
                let elem = self.parse_type()?;
                s.attrs = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon, "':' and the alloca's type")?;
                let tloc = self.tok.loc;
                let (ins, res) = self.parse_fn_type_parts()?;
                let (Some(nty), true, [rty]) = (ins.first(), ins.len() == 1, &res[..]) else {
                    return Err(self.err_at(tloc, "expected the alloca's type '(I) -> P'"));
                };
                s.attrs.insert(0, NamedAttr::new("elem_type", Attribute::Type(elem)));
                s.operands.push((n, Some(nty.clone())));
                s.results.push(rty.clone());
            }
            LlvmCall => self.parse_llvm_call(&mut s)?,
            k if k.llvm_float_intrinsic_arity().is_some() => {
                self.expect(Tok::LParen, "'(' and the intrinsic's operands")?;
                let uses = self.parse_use_list(Tok::RParen)?;
                self.expect(Tok::RParen, "')' or ',' in the operands")?;
                s.attrs = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon, "':' and the intrinsic's type")?;
                let tloc = self.tok.loc;
                let (ins, res) = self.parse_fn_type_parts()?;
                if ins.len() != uses.len() || res.len() != 1 {
                    return Err(self.err_at(
                        tloc,
                        format!(
                            "expected a type of {} operand(s) and one result",
                            uses.len()
                        ),
                    ));
                }
                s.operands = uses.into_iter().zip(ins.into_iter().map(Some)).collect();
                s.results = res;
            }
            LlvmBr | LlvmCondBr => self.parse_branch(&mut s)?,
            LlvmReturn => {
                // Today's form puts the attributes first (`llvm.return {a} %x : i32`),
                // LLVM 11's parser read them after the operand (`llvm.return %x {a} :
                // !llvm.i32`): either is read, one of the two dictionaries.
                s.attrs = self.parse_opt_attr_dict()?;
                if self.tok.kind == Tok::PercentIdent && !self.at_result_names() {
                    let a = self.parse_use()?;
                    let after = self.tok.loc;
                    let trailing = match s.attrs.is_empty() {
                        true => self.parse_opt_attr_dict()?,
                        false => Vec::new(),
                    };
                    let seen = self.legacy_types_read();
                    let (_, ty) = self.colon_type()?;
                    if !trailing.is_empty() && self.legacy_types_read() == seen {
                        return Err(self.err_at(
                            after,
                            "the attributes of llvm.return go before its operand \
                             (`llvm.return {...} %x : T`; after it only in LLVM 11's notation)",
                        ));
                    }
                    s.attrs.extend(trailing);
                    s.operands = vec![(a, Some(ty))];
                }
            }
            LlvmUnreachable => s.attrs = self.parse_opt_attr_dict()?,
            _ => {
                return Err(self.err_at(
                    loc,
                    format!(
                        "the custom form of '{full}' is not supported in an llvm.func: write its generic form (\"{full}\"(...) : ...)"
                    ),
                ))
            }
        }
        Ok(s)
    }
}

impl<'a> Parser<'a> {
    /// `overflow<nsw, nuw>` after an integer op's operands: the flags as the string
    /// `overflowFlags` holds (`None` when there are none).
    fn parse_overflow_flags(&mut self) -> PResult<Option<String>> {
        if !self.eat_kw("overflow") {
            return Ok(None);
        }
        self.expect(Tok::Less, "'<' after 'overflow'")?;
        let (mut nsw, mut nuw) = (false, false);
        loop {
            match self.tok.kind {
                Tok::BareIdent if self.is_kw("nsw") => nsw = true,
                Tok::BareIdent if self.is_kw("nuw") => nuw = true,
                Tok::BareIdent if self.is_kw("none") => {}
                _ => return Err(self.unexpected("'nsw', 'nuw' or 'none'")),
            }
            self.advance();
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::Greater, "'>' after the overflow flags")?;
        Ok(match (nsw, nuw) {
            (true, true) => Some("nsw, nuw".into()),
            (true, false) => Some("nsw".into()),
            (false, true) => Some("nuw".into()),
            (false, false) => None,
        })
    }

    /// `[1, -2, 3]`: a bracketed list of integers (possibly empty).
    fn parse_int_list(&mut self, what: &str) -> PResult<Vec<i64>> {
        self.parse_int_list_typed(what, false)
    }

    /// [`Self::parse_int_list`], where `typed` also reads MLIR 13's `0 : i32` entries
    /// (its printing of a shuffle mask, `[0 : i32, 1 : i32]`).
    fn parse_int_list_typed(&mut self, what: &str, typed: bool) -> PResult<Vec<i64>> {
        self.expect(Tok::LSquare, &format!("'[' to start {what}"))?;
        let mut v = Vec::new();
        if self.eat(Tok::RSquare) {
            return Ok(v);
        }
        loop {
            let neg = self.eat(Tok::Minus);
            if self.tok.kind != Tok::Int {
                return Err(self.unexpected("an integer"));
            }
            let t = self.advance();
            v.push(self.parse_i64_literal(t, neg)?);
            if typed && self.tok.kind == Tok::Colon {
                self.advance();
                let loc = self.tok.loc;
                if self.parse_type()? != Type::i32() {
                    return Err(self.err_at(loc, format!("expected i32 entries in {what}")));
                }
            }
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RSquare, &format!("']' or ',' in {what}"))?;
        Ok(v)
    }

    /// `(A, B) -> R` or `(A) -> ()`: the parameter and result types of a builtin
    /// function type, as LLVM ops write their types.
    fn parse_fn_type_parts(&mut self) -> PResult<(Vec<Type>, Vec<Type>)> {
        let loc = self.tok.loc;
        match self.parse_type()? {
            Type::Function(ft) => Ok((ft.inputs.clone(), ft.results.clone())),
            t => Err(self.err_at(loc, format!("expected a function type, found {t}"))),
        }
    }

    /// What the pointer type `t`, read at `loc`, points to: the type LLVM 11's memory
    /// ops leave unwritten.
    fn pointee(&self, loc: Loc, t: &Type) -> PResult<Type> {
        match t {
            Type::LlvmPtr(p, _) => Ok((**p).clone()),
            t => Err(self.err_at(loc, format!("expected a pointer type, found {t}"))),
        }
    }

    /// `volatile`, `atomic`, `nontemporal` and the like, which stdlower does not model:
    /// an error where one is written.
    fn no_memory_modifiers(&self) -> PResult<()> {
        match self.tok.kind {
            Tok::BareIdent
                if matches!(
                    self.spelling(self.tok),
                    "volatile" | "atomic" | "invariant" | "invariant_group" | "syncscope"
                ) =>
            {
                Err(self.err_here(format!(
                    "'{}' memory accesses are not supported",
                    self.spelling(self.tok)
                )))
            }
            _ => Ok(()),
        }
    }

    /// `llvm.getelementptr [inbounds|nusw|nuw] %base[%i, 0, ...] {attrs} : (B, I...) -> R, T`.
    fn parse_gep(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        let mut flags = 0i128;
        while self.tok.kind == Tok::BareIdent {
            flags |= match self.spelling(self.tok) {
                "inbounds" => GEP_INBOUNDS,
                "nusw" => GEP_NUSW,
                "nuw" => GEP_NUW,
                "none" => 0,
                other => {
                    return Err(self.err_here(format!(
                        "unknown getelementptr flag '{other}' (expected inbounds, nusw or nuw)"
                    )))
                }
            };
            self.advance();
            if !self.eat(Tok::Pipe) {
                break;
            }
        }
        let base = self.parse_use()?;
        self.expect(Tok::LSquare, "'[' to start the indices")?;
        let mut indices = Vec::new();
        let mut dynamic: Vec<UseRef<'a>> = Vec::new();
        if self.tok.kind != Tok::RSquare {
            loop {
                if self.tok.kind == Tok::PercentIdent {
                    dynamic.push(self.parse_use()?);
                    indices.push(DYNAMIC_INDEX);
                } else {
                    let neg = self.eat(Tok::Minus);
                    if self.tok.kind != Tok::Int {
                        return Err(self.unexpected("an index ('%value' or an integer)"));
                    }
                    let t = self.advance();
                    let v = self.parse_i64_literal(t, neg)?;
                    if i32::try_from(v).is_err() {
                        return Err(self.err_at(
                            t.loc,
                            "a constant index out of range: getelementptr's constant indices \
                             are 32-bit (a wider one is written as a value)",
                        ));
                    }
                    indices.push(v);
                }
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RSquare, "']' or ',' in the indices")?;
        let mut attrs = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon, "':' and the getelementptr's type")?;
        let tloc = self.tok.loc;
        let seen = self.legacy_types_read();
        let (ins, res) = self.parse_fn_type_parts()?;
        // LLVM 11 indexed from the base's pointee; today's syntax names the element type.
        let elem = match ins.first() {
            Some(base) if self.tok.kind != Tok::Comma && self.legacy_types_read() > seen => {
                self.pointee(tloc, base)?
            }
            _ => {
                self.expect(Tok::Comma, "',' and the element type")?;
                self.parse_type()?
            }
        };
        let ([rty], true) = (&res[..], ins.len() == 1 + dynamic.len()) else {
            return Err(self.err_at(
                tloc,
                format!(
                    "expected the type of the base and of {} dynamic index(es), and one result",
                    dynamic.len()
                ),
            ));
        };
        attrs.insert(0, NamedAttr::new("elem_type", Attribute::Type(elem)));
        attrs.insert(
            1,
            NamedAttr::new("indices", int_array(&indices, Type::i64())),
        );
        if flags != 0 {
            attrs.push(NamedAttr::new(
                "noWrapFlags",
                Attribute::int(flags, Type::i32()),
            ));
        }
        s.attrs = attrs;
        let mut types = ins.into_iter().map(Some);
        let mut ops: Vec<TypedUse<'a>> = vec![(base, types.next().flatten())];
        ops.extend(dynamic.into_iter().zip(types));
        s.operands = ops;
        s.results.push(rty.clone());
        Ok(())
    }

    /// `llvm.call @f(%a...) {attrs} : (A...) -> R` or, indirect,
    /// `llvm.call %fp(%a...) {attrs} : !llvm.ptr, (A...) -> R`.
    fn parse_llvm_call(&mut self, s: &mut OpSpec<'a>) -> PResult<()> {
        if self.tok.kind == Tok::BareIdent {
            return Err(self.err_here(format!(
                "'{}' on an llvm.call is not supported",
                self.spelling(self.tok)
            )));
        }
        let callee = match self.tok.kind {
            Tok::AtIdent => {
                let t = self.advance();
                Some(self.symbol_name(t)?)
            }
            _ => None,
        };
        let fp = if callee.is_none() {
            Some(self.parse_use()?)
        } else {
            None
        };
        self.expect(Tok::LParen, "'(' to start the call's arguments")?;
        let args = self.parse_use_list(Tok::RParen)?;
        self.expect(Tok::RParen, "')' or ',' in the call's arguments")?;
        if self.is_kw("vararg") {
            return Err(self.err_here("variadic calls are not supported"));
        }
        let mut attrs = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon, "':' and the call's type")?;
        // LLVM 11's indirect call has no pointer type before the function type: the
        // pointer's own type (typed) says it.
        let fp_ty = if fp.is_some() && self.tok.kind != Tok::LParen {
            let t = self.parse_type()?;
            self.expect(Tok::Comma, "',' and the callee's function type")?;
            Some(t)
        } else {
            None
        };
        let tloc = self.tok.loc;
        let (ins, mut res) = self.parse_fn_type_parts()?;
        if ins.len() != args.len() || res.len() > 1 {
            return Err(self.err_at(
                tloc,
                format!(
                    "expected a function type of {} argument(s) and at most one result",
                    args.len()
                ),
            ));
        }
        let result = res.pop();
        let fty = Type::llvm_func(result.clone().unwrap_or(Type::LlvmVoid), ins.clone());
        if let Some(c) = callee {
            attrs.insert(0, NamedAttr::new("callee", Attribute::SymbolRef(c)));
        }
        attrs.push(NamedAttr::new("callee_type", Attribute::Type(fty)));
        s.attrs = attrs;
        if let Some(fp) = fp {
            s.operands.push((fp, fp_ty));
        }
        s.operands
            .extend(args.into_iter().zip(ins.into_iter().map(Some)));
        s.results.extend(result);
        Ok(())
    }
}

/// The type of the member at `pos` of the aggregate type `t` (`t` itself for `[]`).
fn aggregate_member(t: &Type, pos: &[i64]) -> Option<Type> {
    let Some((&i, rest)) = pos.split_first() else {
        return Some(t.clone());
    };
    let i = usize::try_from(i).ok()?;
    match t {
        Type::LlvmStruct(fs) => aggregate_member(fs.get(i)?, rest),
        Type::LlvmArray(n, e) if (i as u64) < *n => aggregate_member(e, rest),
        _ => None,
    }
}

/// An array attribute of integers of type `ty`.
fn int_array(v: &[i64], ty: Type) -> Attribute {
    Attribute::Array(
        v.iter()
            .map(|&x| Attribute::int(x as i128, ty.clone()))
            .collect(),
    )
}

impl<'a> Parser<'a> {
    /// An LLVM-dialect type after its `!llvm.` name (the current token): `!llvm.ptr`,
    /// `!llvm.ptr<3>`, `!llvm.struct<(T, ...)>`, `!llvm.array<N x T>`; `None` when the
    /// name is not one of these. An opaque pointer's pointee, which only the legacy
    /// printer shows, is `i8`, as the lowering's `malloc` returns.
    pub(super) fn parse_llvm_dialect_type(&mut self, name: &str) -> PResult<Option<Type>> {
        let short = match name.strip_prefix("!llvm.") {
            Some(s @ ("ptr" | "struct" | "array")) => s,
            _ => return self.parse_legacy_llvm_type(name),
        };
        self.advance();
        self.llvm_type_after(short).map(Some)
    }

    /// The rest of an LLVM type whose keyword `kw` (`ptr`, `struct`, `array`) has been read.
    fn llvm_type_after(&mut self, kw: &str) -> PResult<Type> {
        match kw {
            "ptr" => {
                if !self.eat(Tok::Less) {
                    return Ok(Type::llvm_ptr(Type::i8()));
                }
                if self.tok.kind != Tok::Int {
                    return self.typed_ptr_after_less();
                }
                let loc = self.tok.loc;
                let space = self.parse_u64("an address space")?;
                let space = u32::try_from(space)
                    .map_err(|_| self.err_at(loc, "the address space does not fit 32 bits"))?;
                self.expect(Tok::Greater, "'>' after the address space")?;
                Ok(Type::llvm_ptr_in(Type::i8(), space))
            }
            "struct" => {
                self.expect(Tok::Less, "'<' after struct")?;
                self.expect(Tok::LParen, "'(' to start the struct's fields")?;
                let mut fields = Vec::new();
                if !self.eat(Tok::RParen) {
                    loop {
                        fields.push(self.parse_llvm_field_type()?);
                        if !self.eat(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RParen, "')' or ',' in the struct's fields")?;
                }
                self.expect(Tok::Greater, "'>' to end the struct type")?;
                Ok(Type::llvm_struct(fields))
            }
            _ => {
                self.expect(Tok::Less, "'<' after array")?;
                let n = self.parse_u64("the array's length")?;
                self.expect_kw("x")?;
                let elem = self.parse_llvm_field_type()?;
                self.expect(Tok::Greater, "'>' to end the array type")?;
                Ok(Type::llvm_array(n, elem))
            }
        }
    }

    /// The rest of a typed pointer, as MLIR 13 to 16 print it, after `!llvm.ptr<`:
    /// `f32>`, `ptr<i8>>`, `struct<(...)>, 3>`, `func<i32 (i64)>>`. It counts as a
    /// type in LLVM 11's notation ([`Parser::legacy_types_read`]), which typed pointers
    /// come with: a `load` typed by its pointer alone, a `getelementptr` without its
    /// element type.
    fn typed_ptr_after_less(&mut self) -> PResult<Type> {
        let pointee = self.parse_llvm_field_type()?;
        let mut space = 0;
        if self.eat(Tok::Comma) {
            let loc = self.tok.loc;
            let s = self.parse_u64("an address space")?;
            space = u32::try_from(s)
                .map_err(|_| self.err_at(loc, "the address space does not fit 32 bits"))?;
        }
        self.expect(Tok::Greater, "'>' after the pointee type")?;
        self.legacy_types += 1;
        Ok(Type::llvm_ptr_in(pointee, space))
    }

    /// `func<R (A, B)>` of a typed function pointer, after `func`.
    fn llvm_func_type_after(&mut self) -> PResult<Type> {
        self.expect(Tok::Less, "'<' after func")?;
        let result = self.parse_llvm_field_type()?;
        self.expect(Tok::LParen, "'(' and the parameter types")?;
        let mut params = Vec::new();
        if !self.eat(Tok::RParen) {
            loop {
                params.push(self.parse_llvm_field_type()?);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')' or ',' in the parameter types")?;
        }
        self.expect(Tok::Greater, "'>' to end the function type")?;
        Ok(Type::llvm_func(result, params))
    }

    /// A type inside an LLVM struct or array, where LLVM types drop their `!llvm.`.
    fn parse_llvm_field_type(&mut self) -> PResult<Type> {
        if self.tok.kind == Tok::BareIdent {
            let s = self.spelling(self.tok);
            if matches!(s, "ptr" | "struct" | "array") {
                self.advance();
                return self.llvm_type_after(s);
            }
            if s == "func" {
                self.advance();
                return self.llvm_func_type_after();
            }
            if s == "void" {
                self.advance();
                return Ok(Type::LlvmVoid);
            }
        }
        self.enter()?;
        let t = self.parse_type();
        self.leave();
        t
    }
}

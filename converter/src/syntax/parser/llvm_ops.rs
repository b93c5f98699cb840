//! Reads `llvm.func`s in a Standard module: the signature's LLVM function type, and the
//! custom form of the LLVM-dialect ops their bodies hold, as stdlower's modern printer
//! writes them (which is also what mlir-opt 22 reads): integer and float arithmetic,
//! casts, `llvm.mlir.constant`, `llvm.mlir.undef`, `llvm.icmp`/`llvm.fcmp`,
//! `llvm.select`, `llvm.br`, `llvm.cond_br`, `llvm.return` and `llvm.unreachable`. Any
//! other LLVM-dialect op is read in its generic form (`"llvm.extractvalue"(...)`).

use super::{OpSpec, PResult, Parser};
use crate::diag::Loc;
use crate::ir::{Attribute, NamedAttr, OpKind, Type};
use crate::syntax::lexer::Tok;

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
        let kind = match OpKind::from_name(full) {
            Some(k) if k.is_llvm() => k,
            _ => return Err(self.err_at(loc, format!("unknown operation '{full}'"))),
        };
        let mut s = OpSpec::new(kind);
        match kind {
            LlvmAdd | LlvmSub | LlvmMul | LlvmSDiv | LlvmUDiv | LlvmSRem | LlvmURem | LlvmAnd
            | LlvmOr | LlvmXor | LlvmShl | LlvmAShr | LlvmLShr | LlvmFAdd | LlvmFSub
            | LlvmFMul | LlvmFDiv | LlvmFRem => {
                let a = self.parse_use()?;
                let b = self.comma_use()?;
                s.attrs = self.parse_opt_attr_dict()?;
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
            LlvmUndef => {
                s.attrs = self.parse_opt_attr_dict()?;
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
            LlvmBr | LlvmCondBr => self.parse_branch(&mut s)?,
            LlvmReturn => {
                if self.tok.kind == Tok::PercentIdent && !self.at_result_names() {
                    let a = self.parse_use()?;
                    let (_, ty) = self.colon_type()?;
                    s.operands = vec![(a, Some(ty))];
                }
            }
            LlvmUnreachable => {}
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
    /// An LLVM-dialect type after its `!llvm.` name (the current token): `!llvm.ptr`,
    /// `!llvm.ptr<3>`, `!llvm.struct<(T, ...)>`, `!llvm.array<N x T>`; `None` when the
    /// name is not one of these. An opaque pointer's pointee, which only the legacy
    /// printer shows, is `i8`, as the lowering's `malloc` returns.
    pub(super) fn parse_llvm_dialect_type(&mut self, name: &str) -> PResult<Option<Type>> {
        let short = match name.strip_prefix("!llvm.") {
            Some(s @ ("ptr" | "struct" | "array")) => s,
            _ => return Ok(None),
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

    /// A type inside an LLVM struct or array, where LLVM types drop their `!llvm.`.
    fn parse_llvm_field_type(&mut self) -> PResult<Type> {
        if self.tok.kind == Tok::BareIdent {
            let s = self.spelling(self.tok);
            if matches!(s, "ptr" | "struct" | "array") {
                self.advance();
                return self.llvm_type_after(s);
            }
        }
        self.enter()?;
        let t = self.parse_type();
        self.leave();
        t
    }
}

//! Modules and functions: the top level of both dialects.

use super::attr::{find_attr, Attribute, NamedAttr};
use super::body::Body;
use super::types::{FunctionType, Type};
use crate::diag::Loc;
use std::sync::Arc;

/// One attribute dictionary per argument (or result) of a function.
pub type AttrDicts = Vec<Vec<NamedAttr>>;

/// Which dialect a function belongs to: a Standard `func` or a lowered `llvm.func`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub enum FuncKind {
    Std,
    Llvm,
}

#[derive(Clone, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct Func {
    pub name: String,
    pub kind: FuncKind,
    /// `Type::Function` for Standard functions, `Type::LlvmFunc` for LLVM ones.
    pub ty: Type,
    pub attrs: Vec<NamedAttr>,
    /// The attribute dictionary of each argument (`%a: i32 {dialect.a = true}`), by
    /// position; empty when no argument has one (then every argument has none).
    pub arg_attrs: AttrDicts,
    /// The same for the results (`-> (i32 {dialect.r})`).
    pub res_attrs: AttrDicts,
    /// `None` for an external declaration.
    pub body: Option<Body>,
    pub loc: Loc,
}

impl Func {
    /// A Standard function with a body whose entry block has the function's arguments.
    pub fn new_std(name: &str, inputs: Vec<Type>, results: Vec<Type>) -> Func {
        let mut body = Body::new();
        body.add_block(&inputs);
        Func {
            name: name.to_string(),
            kind: FuncKind::Std,
            ty: Type::function(inputs, results),
            attrs: Vec::new(),
            arg_attrs: Vec::new(),
            res_attrs: Vec::new(),
            body: Some(body),
            loc: Loc::UNKNOWN,
        }
    }
    /// An external Standard function declaration.
    pub fn new_std_decl(name: &str, inputs: Vec<Type>, results: Vec<Type>) -> Func {
        Func {
            name: name.to_string(),
            kind: FuncKind::Std,
            ty: Type::function(inputs, results),
            attrs: Vec::new(),
            arg_attrs: Vec::new(),
            res_attrs: Vec::new(),
            body: None,
            loc: Loc::UNKNOWN,
        }
    }
    /// An external LLVM-dialect function declaration of type `ty` (an `LlvmFunc`), such
    /// as a runtime function the lowering calls.
    pub fn new_llvm_decl(name: &str, ty: Type) -> Func {
        Func {
            name: name.to_string(),
            kind: FuncKind::Llvm,
            ty,
            attrs: Vec::new(),
            arg_attrs: Vec::new(),
            res_attrs: Vec::new(),
            body: None,
            loc: Loc::UNKNOWN,
        }
    }
    /// The signature of a Standard function.
    pub fn std_type(&self) -> Option<&FunctionType> {
        self.ty.as_function()
    }
    pub fn is_external(&self) -> bool {
        self.body.is_none()
    }
    pub fn attr(&self, name: &str) -> Option<&Attribute> {
        find_attr(&self.attrs, name)
    }
    pub fn has_attr(&self, name: &str) -> bool {
        self.attr(name).is_some()
    }
    /// The attributes of argument `i` (none when it has no dictionary).
    pub fn arg_attr_dict(&self, i: usize) -> &[NamedAttr] {
        self.arg_attrs.get(i).map_or(&[], |v| &v[..])
    }
    /// The attributes of result `i` (none when it has no dictionary).
    pub fn res_attr_dict(&self, i: usize) -> &[NamedAttr] {
        self.res_attrs.get(i).map_or(&[], |v| &v[..])
    }
    /// Sets the argument and result dictionaries, keeping the lists empty when every
    /// dictionary is.
    pub fn set_arg_res_attrs(&mut self, args: AttrDicts, results: AttrDicts) {
        self.arg_attrs = if args.iter().all(Vec::is_empty) {
            Vec::new()
        } else {
            args
        };
        self.res_attrs = if results.iter().all(Vec::is_empty) {
            Vec::new()
        } else {
            results
        };
    }
}

#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct Module {
    pub funcs: Vec<Func>,
    /// The file the module was read from (for diagnostics), or a made-up name.
    pub file: Arc<str>,
    /// The original source text when parsed from a file, so diagnostics can show the line.
    pub source: Option<Arc<str>>,
    pub attrs: Vec<NamedAttr>,
    /// How the Standard printer and the upstream export write dense constants: those
    /// not a splat with more elements than this in MLIR's hex form
    /// (`dense<"0x0000803F...">`, mlir-opt's `--mlir-print-elementsattrs-with-hex-if-larger`),
    /// `None` for none. The parser sets it to the threshold the file followed, if it
    /// followed one, so that printing a parsed module keeps each literal's form.
    pub dense_hex_if_larger: Option<u64>,
}

impl Module {
    pub fn new(file: &str) -> Module {
        Module {
            funcs: Vec::new(),
            file: file.into(),
            source: None,
            attrs: Vec::new(),
            dense_hex_if_larger: None,
        }
    }
    pub fn func(&self, name: &str) -> Option<&Func> {
        self.funcs.iter().find(|f| f.name == name)
    }
    pub fn func_mut(&mut self, name: &str) -> Option<&mut Func> {
        self.funcs.iter_mut().find(|f| f.name == name)
    }
    pub fn func_index(&self, name: &str) -> Option<usize> {
        self.funcs.iter().position(|f| f.name == name)
    }
}

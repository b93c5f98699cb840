//! The host's LLVM target, for callers outside this crate that must not link LLVM
//! themselves (the harness's `verify-abi`): every use of inkwell stays here, and the
//! public API speaks only the converter's types and plain data.
//!
//! - [`HostTarget`]: the host's triple, pointer width, and the size, alignment and
//!   field offsets of a converter [`Type`] as LLVM's data layout for the host lays it
//!   out ([`HostTarget::measure`]).
//! - [`write_object`]: a lowered module translated and written as a native object file.
//! - [`jit_with_externals`]: a lowered module compiled by MCJIT with its external
//!   functions mapped to caller-supplied addresses; the returned [`LoadedCode`] holds
//!   the addresses of the requested functions and keeps the code alive.

use crate::translate::{basic_type, translate_module};
use crate::JitError;
use converter::ir::{Module, Type};
use inkwell::context::Context;
use inkwell::execution_engine::ExecutionEngine;
use inkwell::module::Module as LlvmModule;
use inkwell::targets::{
    CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine,
};
use inkwell::types::BasicTypeEnum;
use inkwell::OptimizationLevel;
use std::mem::ManuallyDrop;
use std::path::Path;

/// Size and offset of one field of a struct, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldLayout {
    pub offset: u64,
    pub size: u64,
}

/// ABI size and alignment of a type, in bytes, and its fields' layout when it is a
/// struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeLayout {
    pub size: u64,
    pub align: u64,
    /// One entry per field in struct order; `None` when the type is not a struct.
    pub fields: Option<Vec<FieldLayout>>,
}

/// The host's LLVM target machine and a context to build types in.
pub struct HostTarget {
    ctx: Context,
    tm: TargetMachine,
}

impl HostTarget {
    /// Initializes the native target and creates a target machine for the host CPU.
    pub fn new() -> Result<HostTarget, JitError> {
        Target::initialize_native(&InitializationConfig::default()).map_err(JitError::Target)?;
        let triple = TargetMachine::get_default_triple();
        let target = Target::from_triple(&triple).map_err(|e| JitError::Target(e.to_string()))?;
        let tm = target
            .create_target_machine(
                &triple,
                &TargetMachine::get_host_cpu_name().to_string(),
                &TargetMachine::get_host_cpu_features().to_string(),
                OptimizationLevel::Default,
                RelocMode::PIC,
                CodeModel::Default,
            )
            .ok_or_else(|| {
                JitError::Target("cannot create a target machine for the host".into())
            })?;
        Ok(HostTarget {
            ctx: Context::create(),
            tm,
        })
    }

    /// The host's target triple, e.g. `x86_64-pc-linux-gnu`.
    pub fn triple(&self) -> String {
        self.tm.get_triple().as_str().to_string_lossy().into_owned()
    }

    /// The host's LLVM data layout string (what the JIT compiles with), e.g. for
    /// telling upstream MLIR the sizes its lowering must assume.
    pub fn data_layout(&self) -> String {
        self.tm
            .get_target_data()
            .get_data_layout()
            .as_str()
            .to_string_lossy()
            .into_owned()
    }

    /// The pointer width in bits (what `index` lowers to on the host).
    pub fn pointer_bits(&self) -> u32 {
        self.tm.get_target_data().get_pointer_byte_size(None) * 8
    }

    /// Size, alignment and (for structs) each field's offset and size of `ty`
    /// translated to LLVM, per the host's data layout.
    pub fn measure(&self, ty: &Type) -> Result<TypeLayout, JitError> {
        let td = self.tm.get_target_data();
        let lt = basic_type(&self.ctx, ty).map_err(|e| JitError::Layout(e.0))?;
        let fields = match lt {
            BasicTypeEnum::StructType(st) => {
                let mut fields = Vec::new();
                for (i, ft) in st.get_field_types().iter().enumerate() {
                    let offset = td.offset_of_element(&st, i as u32).ok_or_else(|| {
                        JitError::Layout(format!("no offset for field {i} of {ty}"))
                    })?;
                    fields.push(FieldLayout {
                        offset,
                        size: td.get_abi_size(ft),
                    });
                }
                Some(fields)
            }
            _ => None,
        };
        Ok(TypeLayout {
            size: td.get_abi_size(&lt),
            align: u64::from(td.get_abi_alignment(&lt)),
            fields,
        })
    }

    /// Translates `lowered` into a module of `ctx` named `name`, for the host.
    fn translate<'ctx>(
        &self,
        ctx: &'ctx Context,
        lowered: &Module,
        name: &str,
    ) -> Result<LlvmModule<'ctx>, JitError> {
        let module = translate_module(ctx, lowered, name)?;
        module.set_triple(&self.tm.get_triple());
        module.set_data_layout(&self.tm.get_target_data().get_data_layout());
        Ok(module)
    }
}

/// Translates the lowered module (as an LLVM module named `name`) and writes it as a
/// native object file for the host at `path`.
pub fn write_object(lowered: &Module, name: &str, path: &Path) -> Result<(), JitError> {
    let host = HostTarget::new()?;
    let ctx = Context::create();
    let module = host.translate(&ctx, lowered, name)?;
    host.tm
        .write_to_file(&module, FileType::Object, path)
        .map_err(|e| JitError::Emit(format!("cannot write the object file: {e}")))
}

/// Code compiled by [`jit_with_externals`]: the addresses of the requested functions,
/// valid as long as this value lives.
pub struct LoadedCode {
    addrs: Vec<(String, usize)>,
    // Dropped by hand in `Drop`, in this order: engine, module, context.
    ee: ManuallyDrop<ExecutionEngine<'static>>,
    module: ManuallyDrop<LlvmModule<'static>>,
    /// From `Box::into_raw`; freed last in `Drop`.
    ctx: *mut Context,
}

impl LoadedCode {
    /// The address of the requested function `name`.
    pub fn address(&self, name: &str) -> Option<usize> {
        self.addrs.iter().find(|(n, _)| n == name).map(|&(_, a)| a)
    }

    /// The requested functions and their addresses, in request order.
    pub fn addresses(&self) -> &[(String, usize)] {
        &self.addrs
    }
}

impl Drop for LoadedCode {
    fn drop(&mut self) {
        // SAFETY: `ee` and `module` are dropped exactly once, here, and never used
        // afterwards; both borrow the context, which is freed only after them. `ctx`
        // came from `Box::into_raw` in `jit_with_externals` and is freed only here.
        unsafe {
            ManuallyDrop::drop(&mut self.ee);
            ManuallyDrop::drop(&mut self.module);
            drop(Box::from_raw(self.ctx));
        }
    }
}

/// Translates `lowered` (as an LLVM module named `name`), compiles it with MCJIT for
/// the host, maps every external function it declares (other than `llvm.*`
/// intrinsics) to the address `resolve` gives for its name, and looks up the
/// functions `names`. A `resolve` error is returned as is ([`JitError::Resolve`]).
pub fn jit_with_externals(
    lowered: &Module,
    name: &str,
    resolve: &dyn Fn(&str) -> Result<usize, String>,
    names: &[&str],
) -> Result<LoadedCode, JitError> {
    let host = HostTarget::new()?;
    let ctx_ptr = Box::into_raw(Box::new(Context::create()));
    // SAFETY: `ctx_ptr` points to a live heap context that nothing frees before the
    // engine and module built from it are dropped: on success `LoadedCode::drop` frees
    // it after them; on failure `build` has returned, dropping everything borrowing it,
    // before it is freed below.
    let ctx: &'static Context = unsafe { &*ctx_ptr };
    let build = || -> Result<_, JitError> {
        let module = host.translate(ctx, lowered, name)?;
        let mut mappings = Vec::new();
        let mut f = module.get_first_function();
        while let Some(func) = f {
            f = func.get_next_function();
            if func.count_basic_blocks() > 0 {
                continue;
            }
            let fname = func.get_name().to_string_lossy().into_owned();
            if fname.starts_with("llvm.") {
                continue;
            }
            mappings.push((func, resolve(&fname).map_err(JitError::Resolve)?));
        }
        let ee = module
            .create_jit_execution_engine(OptimizationLevel::None)
            .map_err(|e| JitError::Emit(format!("cannot create the JIT: {e}")))?;
        for (func, addr) in &mappings {
            ee.add_global_mapping(func, *addr);
        }
        let mut addrs = Vec::new();
        for &n in names {
            let a = ee
                .get_function_address(n)
                .map_err(|e| JitError::Emit(format!("no JIT'd @{n}: {e}")))?;
            addrs.push((n.to_string(), a));
        }
        Ok((ee, module, addrs))
    };
    match build() {
        Ok((ee, module, addrs)) => Ok(LoadedCode {
            addrs,
            ee: ManuallyDrop::new(ee),
            module: ManuallyDrop::new(module),
            ctx: ctx_ptr,
        }),
        Err(e) => {
            // SAFETY: `build` has returned and everything it made from the context is
            // dropped; `ctx_ptr` came from `Box::into_raw` above and is freed once.
            drop(unsafe { Box::from_raw(ctx_ptr) });
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(rank: usize) -> Type {
        let i64t = Type::i64();
        let ptr = Type::llvm_ptr(Type::F32);
        let arr = Type::llvm_array(rank as u64, i64t.clone());
        let mut f = vec![ptr.clone(), ptr, i64t];
        if rank > 0 {
            f.push(arr.clone());
            f.push(arr);
        }
        Type::llvm_struct(f)
    }

    #[test]
    fn measures_the_rank_2_descriptor() {
        let host = HostTarget::new().expect("host target");
        assert!(!host.triple().is_empty());
        let l = host.measure(&desc(2)).expect("measure");
        if host.pointer_bits() == 64 {
            assert_eq!((l.size, l.align), (56, 8));
            let offs: Vec<u64> = l.fields.iter().flatten().map(|f| f.offset).collect();
            assert_eq!(offs, [0, 8, 16, 24, 40]);
            let sizes: Vec<u64> = l.fields.iter().flatten().map(|f| f.size).collect();
            assert_eq!(sizes, [8, 8, 8, 16, 16]);
        }
    }

    #[test]
    fn scalars_have_no_fields() {
        let host = HostTarget::new().expect("host target");
        let l = host.measure(&Type::Int(8)).expect("measure");
        assert_eq!((l.size, l.align, l.fields), (1, 1, None));
        let l = host.measure(&desc(0)).expect("measure");
        assert_eq!(l.fields.map(|f| f.len()), Some(3));
    }
}

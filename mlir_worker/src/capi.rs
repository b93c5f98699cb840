//! The few functions of MLIR's C API (`mlir-c/IR.h`, `Pass.h`, `Diagnostics.h`,
//! `RegisterEverything.h`, `Target/LLVMIR.h`) and LLVM's (`llvm-c/Core.h`) that the worker calls, declared
//! as those headers of MLIR 22 declare them.

#![allow(non_camel_case_types)]

use std::ffi::c_void;

macro_rules! handle {
    ($($name:ident),*) => {$(
        #[repr(C)]
        #[derive(Clone, Copy)]
        pub struct $name {
            pub ptr: *mut c_void,
        }
    )*};
}

handle!(
    MlirContext,
    MlirDialectRegistry,
    MlirModule,
    MlirOperation,
    MlirPassManager,
    MlirOpPassManager,
    MlirDiagnostic,
    MlirLocation
);

#[repr(C)]
#[derive(Clone, Copy)]
pub struct MlirStringRef {
    pub data: *const u8,
    pub length: usize,
}

impl MlirStringRef {
    pub fn of(s: &[u8]) -> MlirStringRef {
        MlirStringRef {
            data: s.as_ptr(),
            length: s.len(),
        }
    }
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct MlirLogicalResult {
    pub value: i8,
}

impl MlirLogicalResult {
    pub fn succeeded(self) -> bool {
        self.value != 0
    }
}

pub type MlirStringCallback = extern "C" fn(MlirStringRef, *mut c_void);
pub type MlirDiagnosticHandler = extern "C" fn(MlirDiagnostic, *mut c_void) -> MlirLogicalResult;

extern "C" {
    pub fn mlirDialectRegistryCreate() -> MlirDialectRegistry;
    pub fn mlirDialectRegistryDestroy(registry: MlirDialectRegistry);
    pub fn mlirRegisterAllDialects(registry: MlirDialectRegistry);
    pub fn mlirRegisterAllPasses();
    pub fn mlirContextCreateWithRegistry(
        registry: MlirDialectRegistry,
        threading_enabled: bool,
    ) -> MlirContext;
    pub fn mlirContextDestroy(context: MlirContext);
    pub fn mlirContextAttachDiagnosticHandler(
        context: MlirContext,
        handler: MlirDiagnosticHandler,
        user_data: *mut c_void,
        delete_user_data: Option<extern "C" fn(*mut c_void)>,
    ) -> u64;
    pub fn mlirDiagnosticPrint(
        diagnostic: MlirDiagnostic,
        callback: MlirStringCallback,
        user_data: *mut c_void,
    );
    pub fn mlirDiagnosticGetSeverity(diagnostic: MlirDiagnostic) -> u32;
    pub fn mlirDiagnosticGetLocation(diagnostic: MlirDiagnostic) -> MlirLocation;
    pub fn mlirLocationIsAFileLineColRange(location: MlirLocation) -> bool;
    pub fn mlirLocationFileLineColRangeGetStartLine(location: MlirLocation) -> i32;
    pub fn mlirLocationFileLineColRangeGetStartColumn(location: MlirLocation) -> i32;
    pub fn mlirModuleCreateParse(context: MlirContext, module: MlirStringRef) -> MlirModule;
    pub fn mlirModuleDestroy(module: MlirModule);
    pub fn mlirModuleGetOperation(module: MlirModule) -> MlirOperation;
    pub fn mlirOperationPrint(
        op: MlirOperation,
        callback: MlirStringCallback,
        user_data: *mut c_void,
    );
    pub fn mlirPassManagerCreate(context: MlirContext) -> MlirPassManager;
    pub fn mlirPassManagerDestroy(pm: MlirPassManager);
    pub fn mlirPassManagerGetAsOpPassManager(pm: MlirPassManager) -> MlirOpPassManager;
    pub fn mlirPassManagerRunOnOp(pm: MlirPassManager, op: MlirOperation) -> MlirLogicalResult;
    pub fn mlirParsePassPipeline(
        pm: MlirOpPassManager,
        pipeline: MlirStringRef,
        callback: MlirStringCallback,
        user_data: *mut c_void,
    ) -> MlirLogicalResult;
    pub fn mlirRegisterAllLLVMTranslations(context: MlirContext);
    pub fn mlirTranslateModuleToLLVMIR(module: MlirOperation, context: *mut c_void) -> *mut c_void;
    pub fn LLVMContextCreate() -> *mut c_void;
    pub fn LLVMContextDispose(context: *mut c_void);
    pub fn LLVMDisposeModule(module: *mut c_void);
    pub fn LLVMGetVersion(major: *mut u32, minor: *mut u32, patch: *mut u32);
}

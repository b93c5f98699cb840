//! One MLIR context with every dialect, pass and LLVM IR translation registered,
//! threading off (as `mlir-opt --mlir-disable-threading`), that parses a module and
//! runs a pass pipeline on it and prints it, or translates it to LLVM IR; every diagnostic it emits is collected, and any one makes the
//! request fail. The context is made anew every [`RENEW`] requests, so that what it
//! keeps (uniqued types and attributes) stays bounded over a long campaign.

use crate::capi::*;
use std::ffi::c_void;

/// Requests a context serves before it is made anew.
const RENEW: u32 = 64;

pub struct Session {
    context: Option<MlirContext>,
    served: u32,
    /// The diagnostics of the request being served: the context's handler writes through
    /// a pointer to the `Vec` itself, which the box keeps at one address.
    #[allow(clippy::box_collection)]
    diagnostics: Box<Vec<u8>>,
}

extern "C" fn append(text: MlirStringRef, to: *mut c_void) {
    // SAFETY: `to` is the `Vec<u8>` the caller passed, alive for the call; `text` points
    // at `length` bytes MLIR owns for the call.
    unsafe {
        let to = &mut *(to as *mut Vec<u8>);
        to.extend_from_slice(std::slice::from_raw_parts(text.data, text.length));
    }
}

/// Writes a diagnostic as `mlir-opt` words one read from standard input,
/// `<stdin>:LINE:COL: SEVERITY: MESSAGE` (without a location when it has no line and
/// column), so that its line names the nested module it is about.
extern "C" fn on_diagnostic(d: MlirDiagnostic, to: *mut c_void) -> MlirLogicalResult {
    // SAFETY: `to` is the session's diagnostics buffer, which outlives its context; `d`
    // is alive for the call.
    unsafe {
        let loc = mlirDiagnosticGetLocation(d);
        let buf = &mut *(to as *mut Vec<u8>);
        if mlirLocationIsAFileLineColRange(loc) {
            let line = mlirLocationFileLineColRangeGetStartLine(loc);
            let col = mlirLocationFileLineColRangeGetStartColumn(loc);
            buf.extend_from_slice(format!("<stdin>:{line}:{col}: ").as_bytes());
        }
        let severity = match mlirDiagnosticGetSeverity(d) {
            0 => "error",
            1 => "warning",
            2 => "note",
            _ => "remark",
        };
        buf.extend_from_slice(format!("{severity}: ").as_bytes());
        mlirDiagnosticPrint(d, append, to);
        buf.push(b'\n');
    }
    MlirLogicalResult { value: 1 }
}

impl Session {
    pub fn new() -> Session {
        // SAFETY: registers MLIR's passes once per process, before any pipeline is parsed.
        unsafe { mlirRegisterAllPasses() };
        let mut s = Session {
            context: None,
            served: 0,
            diagnostics: Box::default(),
        };
        s.context();
        s.served = 0;
        s
    }

    fn context(&mut self) -> MlirContext {
        if self.served >= RENEW {
            if let Some(c) = self.context.take() {
                // SAFETY: no module or pass manager of this context is alive between requests.
                unsafe { mlirContextDestroy(c) };
            }
            self.served = 0;
        }
        self.served += 1;
        if let Some(c) = self.context {
            return c;
        }
        // SAFETY: a registry made, filled and dropped here; the context copies it. The
        // handler's buffer is boxed, so its address outlives the context.
        let c = unsafe {
            let registry = mlirDialectRegistryCreate();
            mlirRegisterAllDialects(registry);
            let c = mlirContextCreateWithRegistry(registry, false);
            mlirDialectRegistryDestroy(registry);
            mlirRegisterAllLLVMTranslations(c);
            let to = &mut *self.diagnostics as *mut Vec<u8> as *mut c_void;
            mlirContextAttachDiagnosticHandler(c, on_diagnostic, to, None);
            c
        };
        self.context = Some(c);
        c
    }

    /// Whether `module` (LLVM dialect) parses and translates to LLVM IR that LLVM's
    /// verifier takes, as `mlir-translate --mlir-to-llvmir` parses and translates it
    /// (the IR is not printed); `Err` with the diagnostics otherwise.
    pub fn translate(&mut self, module: &[u8]) -> Result<Vec<u8>, Vec<u8>> {
        self.with_parsed(module, |_, op, _| {
            // SAFETY: the LLVM context is made here and disposed before return, after
            // the LLVM module made in it.
            unsafe {
                let llvm = LLVMContextCreate();
                let ir = mlirTranslateModuleToLLVMIR(op, llvm);
                let translated = !ir.is_null();
                if translated {
                    LLVMDisposeModule(ir);
                }
                LLVMContextDispose(llvm);
                translated.then(Vec::new)
            }
        })
    }

    /// `module` parsed, `pipeline` run on it, and printed; `Err` with the diagnostics
    /// when anything emitted one or failed.
    pub fn lower(&mut self, pipeline: &[u8], module: &[u8]) -> Result<Vec<u8>, Vec<u8>> {
        self.with_parsed(module, |context, op, diagnostics| {
            // SAFETY: the pass manager is made from the module's context and destroyed
            // before return; the callbacks' buffers are alive for each call.
            unsafe {
                let pm = mlirPassManagerCreate(context);
                let parsed = mlirParsePassPipeline(
                    mlirPassManagerGetAsOpPassManager(pm),
                    MlirStringRef::of(pipeline),
                    append,
                    diagnostics,
                );
                let ran = parsed.succeeded() && mlirPassManagerRunOnOp(pm, op).succeeded();
                mlirPassManagerDestroy(pm);
                ran.then(|| {
                    let mut printed: Vec<u8> = Vec::with_capacity(module.len() * 2);
                    let buf = &mut printed as *mut Vec<u8> as *mut c_void;
                    mlirOperationPrint(op, append, buf);
                    printed.push(b'\n');
                    printed
                })
            }
        })
    }

    /// `module` parsed in this session's context and given to `work` (with the context,
    /// the module's operation and the diagnostics buffer for callbacks), then destroyed:
    /// `work`'s answer, or `Err` with the diagnostics when the parse or `work` failed
    /// (`None`) or anything emitted a diagnostic.
    fn with_parsed(
        &mut self,
        module: &[u8],
        work: impl FnOnce(MlirContext, MlirOperation, *mut c_void) -> Option<Vec<u8>>,
    ) -> Result<Vec<u8>, Vec<u8>> {
        let context = self.context();
        self.diagnostics.clear();
        let diagnostics = &mut *self.diagnostics as *mut Vec<u8> as *mut c_void;
        // SAFETY: the module is made from this context and destroyed before return.
        let answer = unsafe {
            let m = mlirModuleCreateParse(context, MlirStringRef::of(module));
            if m.ptr.is_null() {
                None
            } else {
                let answer = work(context, mlirModuleGetOperation(m), diagnostics);
                mlirModuleDestroy(m);
                answer
            }
        };
        match answer {
            Some(a) => self.outcome(false, a),
            None => self.outcome(true, Vec::new()),
        }
    }

    /// `Ok(answer)` when nothing failed or emitted a diagnostic, else `Err` with the
    /// diagnostics.
    fn outcome(&mut self, failed: bool, answer: Vec<u8>) -> Result<Vec<u8>, Vec<u8>> {
        if failed || !self.diagnostics.is_empty() {
            let mut d = std::mem::take(&mut *self.diagnostics);
            if d.is_empty() {
                d.extend_from_slice(b"stdlower-mlir: failed without a diagnostic");
            }
            return Err(d);
        }
        Ok(answer)
    }
}

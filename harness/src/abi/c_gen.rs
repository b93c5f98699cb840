//! The C side of `verify-abi`: the element typedefs every generated program shares,
//! the layout-probe programs (C, and C++ against MLIR's `CRunnerUtils.h`), compiler
//! discovery, compiling and running, and a self-removing temporary directory.

use super::{AbiError, Elem};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A C or C++ compiler taking part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compiler {
    /// How it was named (`cc`, `/usr/bin/clang-22`).
    pub path: String,
    /// Its label in the table: the file name.
    pub label: String,
}

impl Compiler {
    pub fn new(path: &str) -> Compiler {
        let label = Path::new(path)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.to_string());
        Compiler {
            path: path.to_string(),
            label,
        }
    }
}

/// Finds `name` as given (a path) or on `PATH`.
pub fn find_program(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        let p = PathBuf::from(name);
        return p.is_file().then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The C compilers to use: the `--cc` ones (each must exist), else `cc` and
/// `clang-22`, each when present.
pub fn c_compilers(explicit: &[String]) -> Result<Vec<Compiler>, AbiError> {
    if !explicit.is_empty() {
        let mut out = Vec::new();
        for c in explicit {
            if find_program(c).is_none() {
                return Err(AbiError::CompilerNotFound(c.clone()));
            }
            out.push(Compiler::new(c));
        }
        return Ok(out);
    }
    let found: Vec<Compiler> = ["cc", "clang-22"]
        .iter()
        .filter(|c| find_program(c).is_some())
        .map(|c| Compiler::new(c))
        .collect();
    if found.is_empty() {
        return Err(AbiError::NoCompiler);
    }
    Ok(found)
}

/// The C++ compilers that compile against `CRunnerUtils.h` (`clang++-22`, `c++`).
pub fn cxx_compilers() -> Vec<Compiler> {
    ["clang++-22", "c++"]
        .iter()
        .filter(|c| find_program(c).is_some())
        .map(|c| Compiler::new(c))
        .collect()
}

/// The directory holding `mlir/ExecutionEngine/CRunnerUtils.h`, when installed.
pub fn mlir_include_dir() -> Option<PathBuf> {
    let out = Command::new("llvm-config-22")
        .arg("--includedir")
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    dir.join("mlir/ExecutionEngine/CRunnerUtils.h")
        .is_file()
        .then_some(dir)
}

/// A temporary directory removed (with its contents) when dropped, or on a signal in a
/// command that asks for it ([`crate::process::temp_cleanup`]).
#[derive(Debug)]
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    pub fn new(tag: &str) -> Result<TempDir, AbiError> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let path =
            std::env::temp_dir().join(format!("stdlower-{tag}-{}-{nanos}", std::process::id()));
        if let Err(source) = std::fs::create_dir_all(&path) {
            return Err(AbiError::CreateDir { path, source });
        }
        crate::process::temp_cleanup::register(&path);
        Ok(TempDir { path })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `text` to `name` in the directory and returns its path.
    pub fn write(&self, name: &str, text: &str) -> Result<PathBuf, AbiError> {
        let path = self.path.join(name);
        match std::fs::write(&path, text) {
            Ok(()) => Ok(path),
            Err(source) => Err(AbiError::Write { path, source }),
        }
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
        crate::process::temp_cleanup::unregister(&self.path);
    }
}

/// Runs a command, returning its stdout, or an error with its stderr.
pub fn run_command(cmd: &mut Command, what: &str) -> Result<String, AbiError> {
    let out = cmd.output().map_err(|source| AbiError::Spawn {
        what: what.to_string(),
        source,
    })?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(AbiError::Failed {
            what: what.to_string(),
            status: out.status,
            stderr: err.lines().take(20).collect::<Vec<_>>().join("\n"),
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Compiles `srcs` (plus `extra` arguments) into `out` with `comp`.
pub fn compile(
    comp: &Compiler,
    srcs: &[&Path],
    out: &Path,
    extra: &[&str],
) -> Result<(), AbiError> {
    let mut c = Command::new(&comp.path);
    c.args(["-O1", "-w", "-o"]).arg(out).args(srcs).args(extra);
    run_command(&mut c, &format!("{} {}", comp.label, srcs[0].display())).map(|_| ())
}

/// The C typedef of an element type: `E_<ident>`.
pub fn c_elem(e: &Elem) -> String {
    format!("E_{}", e.ident)
}

/// Includes and element typedefs shared by every generated program (C and C++).
/// Where the compiler lacks `_BitInt(17)` or `_Float16`, a type of the same storage
/// is substituted and the program reports it with a `NOTE` line.
pub const PRELUDE: &str = r#"#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifndef __cplusplus
#include <stdbool.h>
#define ALIGNOF(T) _Alignof(T)
#else
#define ALIGNOF(T) alignof(T)
#endif
typedef bool E_i1;
typedef int8_t E_i8;
typedef int16_t E_i16;
typedef int32_t E_i32;
typedef int64_t E_i64;
#if defined(__BITINT_MAXWIDTH__) && __BITINT_MAXWIDTH__ >= 17
typedef _BitInt(17) E_i17;
#define I17_NOTE ""
#else
typedef int32_t E_i17;
#define I17_NOTE "i17 spelled int32_t (no _BitInt(17) in this compiler)"
#endif
#ifdef __FLT16_MAX__
typedef _Float16 E_f16;
#define F16_NOTE ""
#else
typedef uint16_t E_f16;
#define F16_NOTE "f16 spelled uint16_t (no _Float16 in this compiler)"
#endif
typedef float E_f32;
typedef double E_f64;
typedef intptr_t E_index;
typedef float E_v4f32 __attribute__((vector_size(16)));
static void print_notes(void) {
  if (I17_NOTE[0]) printf("NOTE %s\n", I17_NOTE);
  if (F16_NOTE[0]) printf("NOTE %s\n", F16_NOTE);
}
"#;

/// The canonical field names of a ranked descriptor (rank 0 has the first three).
pub const DESC_FIELDS: [&str; 5] = ["allocated", "aligned", "offset", "sizes", "strides"];
/// The field names of the unranked descriptor.
pub const UNRANKED_FIELDS: [&str; 2] = ["rank", "descriptor"];
/// The field names of the packed results struct `{i8, T, memref}`.
pub const RESULT_FIELDS: [&str; 3] = ["r0", "r1", "r2"];

/// Which struct definitions a layout probe uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    /// Plain C structs written from the spec's `MemRefDescriptor` template.
    C,
    /// C++ with MLIR's `StridedMemRefType` / `UnrankedMemRefType`.
    MlirCxx,
}

/// The C name of the descriptor struct of `e` at `rank`.
pub fn desc_name(e: &Elem, rank: usize) -> String {
    format!("D_{}_{rank}", e.ident)
}

/// Struct definitions (C flavor: descriptors, unranked and results; C++ flavor:
/// typedefs of MLIR's templates) for every element type and rank.
pub fn struct_defs(elems: &[Elem], ranks: &[usize], flavor: Flavor) -> String {
    let mut s = String::new();
    for e in elems {
        let t = c_elem(e);
        let i = e.ident;
        for &r in ranks {
            let d = desc_name(e, r);
            match flavor {
                Flavor::C if r == 0 => s.push_str(&format!(
                    "typedef struct {{ {t} *allocated; {t} *aligned; intptr_t offset; }} {d};\n"
                )),
                Flavor::C => s.push_str(&format!(
                    "typedef struct {{ {t} *allocated; {t} *aligned; intptr_t offset; \
                     intptr_t sizes[{r}]; intptr_t strides[{r}]; }} {d};\n"
                )),
                Flavor::MlirCxx => {
                    s.push_str(&format!("typedef StridedMemRefType<{t}, {r}> {d};\n"))
                }
            }
            s.push_str(&format!(
                "typedef struct {{ int8_t r0; {t} r1; {d} r2; }} R_{i}_{r};\n"
            ));
        }
        match flavor {
            Flavor::C => s.push_str(&format!(
                "typedef struct {{ int64_t rank; void *descriptor; }} U_{i};\n"
            )),
            Flavor::MlirCxx => s.push_str(&format!("typedef UnrankedMemRefType<{t}> U_{i};\n")),
        }
    }
    s
}

/// A program printing `KEY PROP VALUE` lines: `size`, `align`, `FIELD.off` and
/// `FIELD.size` of every descriptor (`desc:T:N`), unranked descriptor
/// (`unranked:T`), results struct (`results:T:N`) and element (`elem:T`).
pub fn layout_program(elems: &[Elem], ranks: &[usize], flavor: Flavor) -> String {
    let mut s = String::from(PRELUDE);
    if flavor == Flavor::MlirCxx {
        s.push_str("#include \"mlir/ExecutionEngine/CRunnerUtils.h\"\n");
    }
    s.push_str(&struct_defs(elems, ranks, flavor));
    s.push_str(
        "#define STRUCT(S, key) printf(\"%s size %zu\\n%s align %zu\\n\", key, sizeof(S), key, (size_t)ALIGNOF(S));\n\
         #define FIELD(S, key, f, name) printf(\"%s %s.off %zu\\n%s %s.size %zu\\n\", key, name, (size_t)offsetof(S, f), key, name, sizeof(((S*)0)->f));\n\
         int main(void) {\n  print_notes();\n",
    );
    let (alloc, aligned) = match flavor {
        Flavor::C => ("allocated", "aligned"),
        Flavor::MlirCxx => ("basePtr", "data"),
    };
    for e in elems {
        let t = c_elem(e);
        let i = e.ident;
        s.push_str(&format!("  STRUCT({t}, \"elem:{i}\")\n"));
        for &r in ranks {
            let d = desc_name(e, r);
            let key = format!("\"desc:{i}:{r}\"");
            s.push_str(&format!("  STRUCT({d}, {key})\n"));
            s.push_str(&format!("  FIELD({d}, {key}, {alloc}, \"allocated\")\n"));
            s.push_str(&format!("  FIELD({d}, {key}, {aligned}, \"aligned\")\n"));
            s.push_str(&format!("  FIELD({d}, {key}, offset, \"offset\")\n"));
            if r > 0 {
                s.push_str(&format!("  FIELD({d}, {key}, sizes, \"sizes\")\n"));
                s.push_str(&format!("  FIELD({d}, {key}, strides, \"strides\")\n"));
            }
            let key = format!("\"results:{i}:{r}\"");
            s.push_str(&format!("  STRUCT(R_{i}_{r}, {key})\n"));
            for f in RESULT_FIELDS {
                s.push_str(&format!("  FIELD(R_{i}_{r}, {key}, {f}, \"{f}\")\n"));
            }
        }
        let key = format!("\"unranked:{i}\"");
        s.push_str(&format!("  STRUCT(U_{i}, {key})\n"));
        for f in UNRANKED_FIELDS {
            s.push_str(&format!("  FIELD(U_{i}, {key}, {f}, \"{f}\")\n"));
        }
    }
    s.push_str("  return 0;\n}\n");
    s
}

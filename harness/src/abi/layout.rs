//! Part 1 of `verify-abi`: the layout of our converted structs (ranked and unranked
//! memref descriptors, packed multi-result structs, elements) as LLVM's target data
//! for the host lays them out, against what each C compiler computes for the
//! equivalent C struct and what C++ computes for MLIR's own `StridedMemRefType` /
//! `UnrankedMemRefType` from `CRunnerUtils.h`.
//!
//! The "ours" side is a function from a [`Case`] to the converted [`Type`], so a test
//! can inject a deliberately wrong layout without it ever being in the product.

use super::c_gen::{self, Compiler, Flavor, TempDir};
use super::report::{Check, Difference};
use super::{AbiError, Elem, Selection};
use converter::ir::Type;
use converter::lower::types::TypeConverter;
use jit::host::HostTarget;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// One struct (or element) whose layout is compared.
#[derive(Clone, Debug)]
pub enum Case {
    /// The element type itself (size and alignment of a buffer element).
    Elem(Elem),
    /// The ranked descriptor of `memref<?x...xT>`.
    Desc(Elem, usize),
    /// The unranked descriptor of `memref<*xT>`.
    Unranked(Elem),
    /// The packed results struct of a function returning `(i8, T, memref<rank x T>)`.
    Results(Elem, usize),
}

impl Case {
    /// The key the probe programs print it under.
    pub fn key(&self) -> String {
        match self {
            Case::Elem(e) => format!("elem:{}", e.ident),
            Case::Desc(e, r) => format!("desc:{}:{r}", e.ident),
            Case::Unranked(e) => format!("unranked:{}", e.ident),
            Case::Results(e, r) => format!("results:{}:{r}", e.ident),
        }
    }

    /// Its field names, in struct order.
    pub fn fields(&self) -> &'static [&'static str] {
        match self {
            Case::Elem(_) => &[],
            Case::Desc(_, 0) => &c_gen::DESC_FIELDS[..3],
            Case::Desc(..) => &c_gen::DESC_FIELDS,
            Case::Unranked(_) => &c_gen::UNRANKED_FIELDS,
            Case::Results(..) => &c_gen::RESULT_FIELDS,
        }
    }

    pub fn elem(&self) -> &Elem {
        match self {
            Case::Elem(e) | Case::Desc(e, _) | Case::Unranked(e) | Case::Results(e, _) => e,
        }
    }

    /// The table row's rank column: the rank, `*` (unranked) or `-` (element).
    pub fn rank_label(&self) -> String {
        match self {
            Case::Elem(_) => "-".into(),
            Case::Desc(_, r) | Case::Results(_, r) => r.to_string(),
            Case::Unranked(_) => "*".into(),
        }
    }

    /// The table column prefix: `results` for results structs, else `layout`.
    fn column(&self) -> &'static str {
        match self {
            Case::Results(..) => "results",
            _ => "layout",
        }
    }
}

/// Every case of a selection, in table order.
pub fn cases(sel: &Selection) -> Vec<Case> {
    let mut out = Vec::new();
    for e in &sel.elems {
        out.push(Case::Elem(e.clone()));
        for &r in &sel.ranks {
            out.push(Case::Desc(e.clone(), r));
            out.push(Case::Results(e.clone(), r));
        }
        out.push(Case::Unranked(e.clone()));
    }
    out
}

/// The dynamically shaped memref of rank `rank`.
pub fn dyn_memref(e: &Elem, rank: usize) -> Type {
    Type::memref(vec![None; rank], e.ty.clone())
}

/// The product's converted type of a case, from the lowering's type converter.
pub fn converted(tc: &TypeConverter, case: &Case) -> Result<Type, AbiError> {
    let ty = match case {
        Case::Elem(e) => tc.convert(&e.ty),
        Case::Desc(e, r) => tc.convert(&dyn_memref(e, *r)),
        Case::Unranked(e) => tc.convert(&Type::unranked_memref(e.ty.clone())),
        Case::Results(e, r) => tc.func_result(&[Type::i8(), e.ty.clone(), dyn_memref(e, *r)]),
    };
    ty.map_err(AbiError::Convert)
}

/// Measured layout: `size`, `align`, `FIELD.off`, `FIELD.size` -> bytes.
pub type Measured = BTreeMap<String, u64>;

/// The host's target (LLVM's, reached through [`jit::host`]).
pub struct Host {
    target: HostTarget,
}

impl Host {
    pub fn new() -> Result<Host, AbiError> {
        Ok(Host {
            target: HostTarget::new().map_err(|e| AbiError::Host(e.to_string()))?,
        })
    }

    pub fn triple(&self) -> String {
        self.target.triple()
    }

    /// The pointer width in bits (what `index` lowers to on the host).
    pub fn pointer_bits(&self) -> u32 {
        self.target.pointer_bits()
    }

    /// Size, alignment and (for structs) each named field's offset and size of `ty`
    /// translated to LLVM, per the host's data layout.
    pub fn measure(&self, ty: &Type, fields: &[&str]) -> Result<Measured, AbiError> {
        let l = self
            .target
            .measure(ty)
            .map_err(|e| AbiError::Host(e.to_string()))?;
        let mut m = Measured::new();
        m.insert("size".into(), l.size);
        m.insert("align".into(), l.align);
        if fields.is_empty() {
            return Ok(m);
        }
        let Some(ftys) = l.fields else {
            return Err(AbiError::NotStruct(ty.clone()));
        };
        if ftys.len() != fields.len() {
            return Err(AbiError::FieldCount {
                ty: ty.clone(),
                llvm: ftys.len(),
                c: fields.len(),
            });
        }
        for (name, f) in fields.iter().zip(&ftys) {
            m.insert(format!("{name}.off"), f.offset);
            m.insert(format!("{name}.size"), f.size);
        }
        Ok(m)
    }
}

/// One compared side: a compiler's probe output.
#[derive(Clone, Debug, Default)]
pub struct Side {
    /// The table column suffix, e.g. `cc` or `mlir/clang++-22`.
    pub label: String,
    /// key -> measured layout; empty when `error` is set.
    pub values: HashMap<String, Measured>,
    /// Why the side has no values (compilation or run failed).
    pub error: Option<String>,
    pub notes: Vec<String>,
}

/// Parses the `KEY PROP VALUE` / `NOTE text` lines of a probe program.
pub fn parse_probe(label: &str, text: &str) -> Side {
    let mut side = Side {
        label: label.to_string(),
        ..Side::default()
    };
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("NOTE ") {
            side.notes.push(format!("{label}: {n}"));
            continue;
        }
        let mut it = line.split_whitespace();
        if let (Some(k), Some(p), Some(v)) = (it.next(), it.next(), it.next()) {
            if let Ok(v) = v.parse::<u64>() {
                side.values
                    .entry(k.to_string())
                    .or_default()
                    .insert(p.to_string(), v);
            }
        }
    }
    side
}

/// Compiles and runs the layout probe of `flavor` with `comp` in `dir`.
pub fn probe(
    dir: &TempDir,
    comp: &Compiler,
    flavor: Flavor,
    sel: &Selection,
    mlir_include: Option<&Path>,
) -> Side {
    let label = match flavor {
        Flavor::C => comp.label.clone(),
        Flavor::MlirCxx => format!("mlir/{}", comp.label),
    };
    let r = (|| -> Result<String, AbiError> {
        let stem = format!("layout-{}", label.replace(['/', '+', '.'], "_"));
        let ext = if flavor == Flavor::C { "c" } else { "cpp" };
        let src = dir.write(
            &format!("{stem}.{ext}"),
            &c_gen::layout_program(&sel.elems, &sel.ranks, flavor),
        )?;
        let exe = dir.path().join(&stem);
        let mut extra: Vec<String> = Vec::new();
        if let Some(inc) = mlir_include {
            extra.push("-std=c++17".into());
            extra.push(format!("-I{}", inc.display()));
        }
        let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
        c_gen::compile(comp, &[&src], &exe, &extra)?;
        c_gen::run_command(&mut std::process::Command::new(&exe), &stem)
    })();
    match r {
        Ok(text) => parse_probe(&label, &text),
        Err(e) => Side {
            label,
            error: Some(e.to_string()),
            ..Side::default()
        },
    }
}

/// Compares our measurements with every side: one check per case and side.
pub fn compare(cases: &[Case], ours: &[Result<Measured, AbiError>], sides: &[Side]) -> Vec<Check> {
    let mut out = Vec::new();
    for (case, mine) in cases.iter().zip(ours) {
        let elem = case.elem().name;
        let rank = case.rank_label();
        for side in sides {
            let col = format!("{}:{}", case.column(), side.label);
            let mine = match mine {
                Ok(m) => m,
                Err(e) => {
                    out.push(Check::error(elem, &rank, &col, format!("ours: {e}")));
                    continue;
                }
            };
            if let Some(e) = &side.error {
                out.push(Check::error(elem, &rank, &col, e.clone()));
                continue;
            }
            let Some(theirs) = side.values.get(&case.key()) else {
                out.push(Check::error(
                    elem,
                    &rank,
                    &col,
                    format!("{} printed nothing for {}", side.label, case.key()),
                ));
                continue;
            };
            let mut diffs = Vec::new();
            for (prop, v) in mine {
                let t = theirs.get(prop);
                if t != Some(v) {
                    diffs.push(Difference {
                        field: prop.clone(),
                        ours: v.to_string(),
                        theirs: t.map_or("missing".into(), u64::to_string),
                    });
                }
            }
            for (prop, t) in theirs {
                if !mine.contains_key(prop) {
                    diffs.push(Difference {
                        field: prop.clone(),
                        ours: "missing".into(),
                        theirs: t.to_string(),
                    });
                }
            }
            out.push(Check::compared(elem, &rank, &col, diffs));
        }
    }
    out
}

/// The result of the layout part.
#[derive(Debug, Default)]
pub struct LayoutOutcome {
    pub target: String,
    pub checks: Vec<Check>,
    pub notes: Vec<String>,
}

/// Runs the layout part: measures `ours` for every case of `sel` on the host, probes
/// every C compiler (C flavor) and every C++ compiler against `CRunnerUtils.h` (when
/// `mlir_include` is given), and compares.
pub fn run_layout(
    sel: &Selection,
    ccs: &[Compiler],
    cxxs: &[Compiler],
    mlir_include: Option<&Path>,
    ours: &dyn Fn(&Case) -> Result<Type, AbiError>,
) -> Result<LayoutOutcome, AbiError> {
    let host = Host::new()?;
    let cases = cases(sel);
    let mine: Vec<Result<Measured, AbiError>> = cases
        .iter()
        .map(|c| ours(c).and_then(|t| host.measure(&t, c.fields())))
        .collect();
    let dir = TempDir::new("abi-layout")?;
    let mut sides: Vec<Side> = ccs
        .iter()
        .map(|c| probe(&dir, c, Flavor::C, sel, None))
        .collect();
    if let Some(inc) = mlir_include {
        sides.extend(
            cxxs.iter()
                .map(|c| probe(&dir, c, Flavor::MlirCxx, sel, Some(inc))),
        );
    }
    let mut notes: Vec<String> = sides.iter().flat_map(|s| s.notes.clone()).collect();
    notes.dedup();
    Ok(LayoutOutcome {
        target: host.triple(),
        checks: compare(&cases, &mine, &sides),
        notes,
    })
}

/// The product's side: the lowering's type converter with the host's `index` width.
pub fn product_ours() -> Result<impl Fn(&Case) -> Result<Type, AbiError>, AbiError> {
    let bits = Host::new()?.pointer_bits();
    let tc = TypeConverter::new(bits);
    Ok(move |c: &Case| converted(&tc, c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::report::Status;

    #[test]
    fn probe_output_is_parsed_and_compared() {
        let side = parse_probe(
            "cc",
            "NOTE something\ndesc:f32:0 size 24\ndesc:f32:0 align 8\n\
             desc:f32:0 offset.off 16\ndesc:f32:0 offset.size 4\n",
        );
        assert_eq!(side.notes, ["cc: something"]);
        let e = crate::abi::parse_types("f32").unwrap_or_default().remove(0);
        let case = Case::Desc(e, 0);
        let mut ours = Measured::new();
        ours.insert("size".into(), 24);
        ours.insert("align".into(), 8);
        ours.insert("offset.off".into(), 16);
        ours.insert("offset.size".into(), 8);
        let checks = compare(&[case], &[Ok(ours)], &[side]);
        assert_eq!(checks.len(), 1);
        assert_eq!(checks[0].status, Status::Mismatch);
        assert_eq!(checks[0].check, "layout:cc");
        assert_eq!(checks[0].differences.len(), 1);
        assert_eq!(checks[0].differences[0].field, "offset.size");
        assert_eq!(checks[0].differences[0].ours, "8");
        assert_eq!(checks[0].differences[0].theirs, "4");
    }

    #[test]
    fn host_measures_the_product_descriptor() {
        let Ok(ours) = product_ours() else { return };
        let Ok(host) = Host::new() else { return };
        let e = crate::abi::parse_types("f32").unwrap_or_default().remove(0);
        let c = Case::Desc(e, 2);
        let m = ours(&c)
            .and_then(|t| host.measure(&t, c.fields()))
            .unwrap_or_default();
        if host.pointer_bits() == 64 {
            assert_eq!(m.get("size"), Some(&56));
            assert_eq!(m.get("strides.off"), Some(&40));
            assert_eq!(m.get("strides.size"), Some(&16));
        }
    }
}

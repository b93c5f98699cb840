//! The calling convention at the boundary, in Standard types: the entry's arguments
//! (`RtValue`s) become the lowered function's parameters (a memref becomes a fresh heap
//! buffer and its descriptor fields, or its aligned pointer under the bare pointer
//! convention; an unranked memref its rank and a pointer to a descriptor in memory),
//! and its result is read back the same way, memrefs through their views. External
//! functions the module declares with a Standard signature are called with the
//! arguments rebuilt as `RtValue`s (memrefs as snapshots of their views), as the
//! Standard interpreter calls them.

use crate::exec::{from_leaves, ExternalCall, Machine};
use crate::layout::{align_of, alloc_size};
use crate::memory::{rules, Fault, Kind, Memory};
use crate::value::{Ptr, Val};
use converter::ir::{Module, Type};
use converter::lower::TypeConverter;
use converter::value::RtValue;
use interp::ints::sext;

/// What the lowering was told about the boundary.
#[derive(Clone, Copy, Debug)]
pub struct Abi {
    pub index_bits: u32,
    pub bare_ptr: bool,
}

impl Abi {
    fn conv(&self, t: &Type) -> Result<Type, String> {
        TypeConverter::new(self.index_bits).convert(t)
    }
    fn index(&self, x: i64) -> Val {
        Val::Int(sext(x as i128, self.index_bits))
    }
}

/// A scalar leaf of Standard type `t` (`RtValue` to register value).
fn scalar_in(abi: &Abi, t: &Type, v: &RtValue) -> Result<Val, String> {
    Ok(match (t, v) {
        (Type::Int(w), RtValue::Int(x)) => Val::Int(sext(*x, *w)),
        (Type::Index, RtValue::Int(x)) => Val::Int(sext(*x, abi.index_bits)),
        (Type::F16 | Type::BF16, RtValue::Float(b)) => Val::Float(*b & 0xffff),
        (Type::F32, RtValue::Float(b)) => Val::Float(*b & 0xffff_ffff),
        (Type::F64, RtValue::Float(b)) => Val::Float(*b),
        _ => return Err(format!("{v:?} is not a value of type {t}")),
    })
}

/// The lowered value of a scalar or vector of Standard type `t`.
fn value_in(abi: &Abi, t: &Type, v: &RtValue) -> Result<Val, String> {
    match (t, v) {
        (Type::Vector(vt), RtValue::Vector(xs)) => {
            if xs.len() as u64 != vt.num_elements() {
                return Err(format!("{} elements for {t}", xs.len()));
            }
            let leaves = xs
                .iter()
                .map(|x| scalar_in(abi, &vt.elem, x))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(from_leaves(&abi.conv(t)?, &mut leaves.into_iter()))
        }
        _ => scalar_in(abi, t, v),
    }
}

/// The entry's arguments, as they are pushed one by one: a view (`RtValue::View`, see
/// `converter::arg_view`) shares the buffer an earlier memref argument was given.
pub struct EntryArgs<'a> {
    pub types: &'a [Type],
    pub values: &'a [RtValue],
    /// The buffer each memref argument pushed so far was given (allocated and aligned
    /// pointer).
    bufs: Vec<Option<(Ptr, Ptr)>>,
}

impl<'a> EntryArgs<'a> {
    pub fn new(types: &'a [Type], values: &'a [RtValue]) -> EntryArgs<'a> {
        EntryArgs {
            types,
            values,
            bufs: vec![None; values.len()],
        }
    }

    /// Memref argument `i` in memory: a fresh buffer, or, for a view, its base's.
    fn memref(&mut self, mem: &mut Memory, abi: &Abi, i: usize) -> Result<LoweredMemRef, String> {
        let (t, v) = (&self.types[i], &self.values[i]);
        if !matches!(v, RtValue::View(_)) {
            let l = memref_in(mem, abi, t, v, false)?;
            self.bufs[i] = l.buffer();
            return Ok(l);
        }
        let (j, view) = converter::arg_view::resolve(self.types, self.values, i)?;
        let (alloc, p) = self.bufs[j].ok_or_else(|| format!("argument {j} has no buffer"))?;
        // Under the bare pointer convention the callee takes the type's static offset,
        // which is the view's: the pointer is the base's.
        Ok(if abi.bare_ptr {
            LoweredMemRef::Bare(p)
        } else {
            LoweredMemRef::Ranked {
                alloc,
                p,
                offset: view.offset,
                sizes: view.signed_sizes(),
                strides: view.strides,
            }
        })
    }
}

/// Appends the lowered parameters of entry argument `i`.
pub fn push_arg(
    m: &mut Machine,
    abi: &Abi,
    args: &mut EntryArgs<'_>,
    i: usize,
    out: &mut Vec<Val>,
) -> Result<(), String> {
    let (t, v) = (&args.types[i], &args.values[i]);
    match (t, v) {
        (Type::Function(_), RtValue::Func(name)) => {
            let f = m
                .func_index(name)
                .ok_or_else(|| format!("no function '@{name}'"))?;
            out.push(Val::Ptr(m.func_ptr(f)));
        }
        (Type::MemRef(_) | Type::UnrankedMemRef(..), _) => match args.memref(&mut m.mem, abi, i)? {
            LoweredMemRef::Bare(p) => out.push(Val::Ptr(p)),
            LoweredMemRef::Ranked {
                alloc,
                p,
                offset,
                sizes,
                strides,
            } => {
                out.extend([Val::Ptr(alloc), Val::Ptr(p), abi.index(offset)]);
                out.extend(sizes.iter().chain(&strides).map(|&x| abi.index(x)));
            }
            LoweredMemRef::Unranked { rank, desc } => {
                out.push(Val::Int(rank as i128));
                out.push(Val::Ptr(desc));
            }
        },
        _ => out.push(value_in(abi, t, v)?),
    }
    Ok(())
}

/// Appends the parameter of entry argument `i` as a C wrapper (`_mlir_ciface_`) takes
/// it: a memref as a pointer to its descriptor (ranked: the descriptor struct;
/// unranked: `{i64 rank, pointer}`) in memory of its own, anything else as
/// [`push_arg`] does.
pub fn push_arg_c(
    m: &mut Machine,
    abi: &Abi,
    args: &mut EntryArgs<'_>,
    i: usize,
    out: &mut Vec<Val>,
) -> Result<(), String> {
    let t = &args.types[i];
    let dt = match t {
        Type::MemRef(mt) => descriptor_type(abi, &mt.elem, mt.rank())?,
        // `UnrankedMemRefType` of CRunnerUtils.h: an `int64_t` rank whatever the index.
        Type::UnrankedMemRef(..) => {
            Type::llvm_struct(vec![Type::Int(64), Type::llvm_ptr(Type::i8())])
        }
        _ => return push_arg(m, abi, args, i, out),
    };
    let value = match args.memref(&mut m.mem, abi, i)? {
        // No function has a C wrapper under the bare pointer convention.
        LoweredMemRef::Bare(_) => {
            return Err(format!(
                "no C interface for {t} under the bare pointer convention"
            ))
        }
        l => l.value(abi),
    };
    let d = m
        .mem
        .alloc(Kind::Heap, alloc_size(&dt), 16, converter::Loc::UNKNOWN)?;
    m.mem.store(d, &dt, &value, 1).map_err(|f| f.message)?;
    out.push(Val::Ptr(d));
    Ok(())
}

/// Where a C wrapper of a function with Standard results `results` writes them, when
/// it writes them to memory (several results, or a memref): memory of its own for a
/// value of the lowered function's result type (from `lowered_ty`, its type), and that
/// type. `None` when the wrapper returns its result directly.
pub fn c_interface_out(
    m: &mut Machine,
    results: &[Type],
    lowered_ty: Option<&Type>,
) -> Result<Option<(Ptr, Type)>, String> {
    let through_memory = results.len() > 1
        || results
            .iter()
            .any(|t| matches!(t, Type::MemRef(_) | Type::UnrankedMemRef(..)));
    if !through_memory {
        return Ok(None);
    }
    let t = match lowered_ty {
        Some(Type::LlvmFunc(ft)) => ft.result.clone(),
        _ => return Err("the wrapped function is not in the lowered module".into()),
    };
    let p = m.mem.alloc(
        Kind::Heap,
        alloc_size(&t),
        align_of(&t).max(16),
        converter::Loc::UNKNOWN,
    )?;
    Ok(Some((p, t)))
}

/// The lowered value of a memref an external function returned: a fresh heap buffer
/// with its elements (the program's to free, as the Standard interpreter's is), as the
/// lowered function returns it: the descriptor struct (also under the bare pointer
/// convention, which LLVM 11 applied to arguments only), or an unranked memref's rank
/// and pointer to a descriptor.
fn memref_result(mem: &mut Memory, abi: &Abi, t: &Type, v: &RtValue) -> Result<Val, String> {
    // Results are descriptors under either convention (LLVM 11).
    let abi = &Abi {
        bare_ptr: false,
        ..*abi
    };
    Ok(memref_in(mem, abi, t, v, true)?.value(abi))
}

/// A memref value in memory, as the lowering passes one.
enum LoweredMemRef {
    /// The aligned pointer alone (the bare pointer convention).
    Bare(Ptr),
    /// A ranked descriptor's fields: the allocated pointer `alloc`, the aligned `p`.
    Ranked {
        alloc: Ptr,
        p: Ptr,
        offset: i64,
        sizes: Vec<i64>,
        strides: Vec<i64>,
    },
    /// An unranked memref: its rank and a pointer to its ranked descriptor in memory.
    Unranked { rank: usize, desc: Ptr },
}

impl LoweredMemRef {
    /// The allocated and aligned pointers of a ranked memref (`None` for an unranked
    /// one: no view shares it).
    fn buffer(&self) -> Option<(Ptr, Ptr)> {
        match self {
            LoweredMemRef::Bare(p) => Some((*p, *p)),
            LoweredMemRef::Ranked { alloc, p, .. } => Some((*alloc, *p)),
            LoweredMemRef::Unranked { .. } => None,
        }
    }

    /// The value the lowered code passes: the aligned pointer under the bare pointer
    /// convention, the descriptor struct of a ranked memref, an unranked memref's rank
    /// and pointer to its descriptor.
    fn value(self, abi: &Abi) -> Val {
        match self {
            LoweredMemRef::Bare(p) => Val::Ptr(p),
            LoweredMemRef::Ranked {
                alloc,
                p,
                offset,
                sizes,
                strides,
            } => ranked_descriptor(abi, (alloc, p), offset, &sizes, &strides),
            LoweredMemRef::Unranked { rank, desc } => {
                Val::agg(vec![Val::Int(rank as i128), Val::Ptr(desc)])
            }
        }
    }
}

/// Puts the memref value `v` of Standard type `t` (ranked or unranked) into memory: a
/// heap buffer with its elements in `t`'s layout and, when unranked, its descriptor.
/// `owned`: the blocks are the program's to free (a result of an external function)
/// and count in `heap_blocks`; an argument's are not.
fn memref_in(
    mem: &mut Memory,
    abi: &Abi,
    t: &Type,
    v: &RtValue,
    owned: bool,
) -> Result<LoweredMemRef, String> {
    let RtValue::MemRef { shape, elems } = v else {
        return Err(format!("{v:?} is not a value of type {t}"));
    };
    let sizes: Vec<i64> = shape.iter().map(|&s| s as i64).collect();
    match t {
        Type::MemRef(mt) => {
            if shape.len() != mt.rank() {
                return Err(format!("a value of rank {} for {t}", shape.len()));
            }
            for (i, (got, want)) in shape.iter().zip(&mt.shape).enumerate() {
                if want.is_some_and(|w| w != *got) {
                    return Err(format!("dimension {i} has size {got}, {t} says otherwise"));
                }
            }
            let layout = mt.strided_form();
            let stat: Vec<Option<i64>> = layout
                .as_ref()
                .map(|l| l.strides.clone())
                .unwrap_or_default();
            let offset = layout.as_ref().and_then(|l| l.offset).unwrap_or(0);
            let pad = !owned && !abi.bare_ptr;
            let ((alloc, p), strides) =
                fill(mem, abi, &mt.elem, shape, elems, (offset, pad), &stat)?;
            mem.heap_blocks += i64::from(owned);
            Ok(if abi.bare_ptr {
                LoweredMemRef::Bare(p)
            } else {
                LoweredMemRef::Ranked {
                    alloc,
                    p,
                    offset,
                    sizes,
                    strides,
                }
            })
        }
        Type::UnrankedMemRef(e, _) => {
            let (p, strides) = fill(mem, abi, e, shape, elems, (0, !owned), &[])?;
            let dt = descriptor_type(abi, e, shape.len())?;
            let d = mem.alloc(Kind::Heap, alloc_size(&dt), 16, converter::Loc::UNKNOWN)?;
            mem.heap_blocks += 2 * i64::from(owned);
            let value = ranked_descriptor(abi, p, 0, &sizes, &strides);
            mem.store(d, &dt, &value, 1).map_err(|f| f.message)?;
            Ok(LoweredMemRef::Unranked {
                rank: shape.len(),
                desc: d,
            })
        }
        _ => Err(format!("{t} is not a memref type")),
    }
}

/// The value of a ranked descriptor struct whose pointers are `p` (allocated, aligned)
/// (rank 0: no size or stride arrays).
fn ranked_descriptor(abi: &Abi, p: (Ptr, Ptr), offset: i64, sizes: &[i64], strides: &[i64]) -> Val {
    let ix = |xs: &[i64]| Val::agg(xs.iter().map(|&x| abi.index(x)).collect());
    let mut fields = vec![Val::Ptr(p.0), Val::Ptr(p.1), abi.index(offset)];
    if !sizes.is_empty() {
        fields.push(ix(sizes));
        fields.push(ix(strides));
    }
    Val::agg(fields)
}

/// The ranked descriptor struct of a memref of `elem` with `rank` dimensions.
fn descriptor_type(abi: &Abi, elem: &Type, rank: usize) -> Result<Type, String> {
    let p = Type::llvm_ptr(abi.conv(elem)?);
    let ix = Type::Int(abi.index_bits);
    let mut fs = vec![p.clone(), p, ix.clone()];
    if rank > 0 {
        fs.push(Type::llvm_array(rank as u64, ix.clone()));
        fs.push(Type::llvm_array(rank as u64, ix));
    }
    Ok(Type::llvm_struct(fs))
}

/// A heap buffer (not counted as the program's) holding `elems` in a view of `shape`
/// with the static strides given (dynamic ones row-major): its allocated and aligned
/// pointers, and its strides. With `pad`, the aligned pointer lies one alignment
/// (64 bytes or more) past the allocated one, never written, as a realigning `alloc`
/// leaves them: a lowering that reads through the allocated pointer reads poison, and
/// one that frees the aligned pointer frees no allocation's start.
fn fill(
    mem: &mut Memory,
    abi: &Abi,
    elem: &Type,
    shape: &[u64],
    elems: &[RtValue],
    (offset, pad): (i64, bool),
    stat_strides: &[Option<i64>],
) -> Result<((Ptr, Ptr), Vec<i64>), String> {
    let n = shape
        .iter()
        .try_fold(1u64, |a, &d| a.checked_mul(d))
        .ok_or("a memref argument too large")?;
    if n != elems.len() as u64 {
        return Err(format!(
            "a memref of shape {shape:?} with {} elements",
            elems.len()
        ));
    }
    let mut strides = vec![1i64; shape.len()];
    let mut run = 1i64;
    for i in (0..shape.len()).rev() {
        strides[i] = stat_strides.get(i).copied().flatten().unwrap_or(run);
        run = run.max(
            strides[i]
                .saturating_abs()
                .saturating_mul(shape[i].max(1) as i64),
        );
    }
    // Every element address the view reaches, whatever the signs of the strides; the
    // offset must leave room below it for the negative ones.
    let sizes: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    let (low, high) = converter::value::reach(offset, &sizes, &strides);
    if low < 0 {
        return Err(format!(
            "a memref argument whose layout reaches {} elements before its buffer",
            -low
        ));
    }
    let span = if n == 0 {
        offset as u64
    } else {
        high as u64 + 1
    };
    let lt = abi.conv(elem)?;
    let es = alloc_size(&lt);
    let align = align_of(&lt).max(64);
    let pad = if pad { align } else { 0 };
    let alloc = mem.alloc(
        Kind::Heap,
        span.saturating_mul(es).saturating_add(pad),
        align,
        converter::Loc::UNKNOWN,
    )?;
    let p = Ptr {
        addr: alloc.addr + pad,
        prov: alloc.prov,
    };
    for (e, lin) in elems
        .iter()
        .zip(converter::value::RowMajor::new(offset, &sizes, &strides))
    {
        let v = value_in(abi, elem, e)?;
        let at = Ptr {
            addr: p.addr + lin as u64 * es,
            prov: p.prov,
        };
        mem.store(at, &lt, &v, 1).map_err(|f| f.message)?;
    }
    Ok(((alloc, p), strides))
}

/// Why a result could not be read: undefined behaviour or a plain error.
pub enum ReadError {
    Ub(&'static str, String),
    Error(String),
}

impl From<Fault> for ReadError {
    fn from(f: Fault) -> Self {
        ReadError::Ub(f.rule, f.message)
    }
}

fn poison(what: &str) -> ReadError {
    ReadError::Ub(
        rules::POISON_RESULT,
        format!("{what} is poison or undef (uninitialized memory, or an operation whose result LangRef leaves undefined)"),
    )
}

fn index_of(v: &Val) -> Result<i64, ReadError> {
    match v {
        Val::Int(x) => Ok(*x as i64),
        _ => Err(poison("a descriptor field of the result")),
    }
}

fn scalar_out(t: &Type, v: &Val, what: &str) -> Result<RtValue, ReadError> {
    match (t, v) {
        (Type::F16 | Type::BF16 | Type::F32 | Type::F64, Val::Float(b)) => Ok(RtValue::Float(*b)),
        (_, Val::Int(x)) => Ok(RtValue::Int(*x)),
        (_, v) if v.is_indeterminate() => Err(poison(what)),
        _ => Err(ReadError::Error(format!(
            "{what}: {v:?} is not a value of type {t}"
        ))),
    }
}

fn leaves(v: &Val, out: &mut Vec<Val>) {
    match v {
        Val::Agg(xs) => xs.iter().for_each(|x| leaves(x, out)),
        x => out.push(x.clone()),
    }
}

/// The `RtValue` of a lowered scalar or vector value of Standard type `t`.
fn value_out(t: &Type, v: &Val, what: &str) -> Result<RtValue, ReadError> {
    match t {
        Type::Vector(vt) => {
            let mut ls = Vec::new();
            leaves(v, &mut ls);
            Ok(RtValue::Vector(
                ls.iter()
                    .map(|x| scalar_out(&vt.elem, x, what))
                    .collect::<Result<_, _>>()?,
            ))
        }
        t => scalar_out(t, v, what),
    }
}

/// Reads a view (aligned pointer, offset, sizes, strides in elements) row-major.
/// With `lenient`, poison elements read as zero (external arguments).
#[allow(clippy::too_many_arguments)]
fn read_view(
    mem: &Memory,
    abi: &Abi,
    elem: &Type,
    aligned: &Val,
    offset: i64,
    sizes: &[i64],
    strides: &[i64],
    lenient: bool,
) -> Result<RtValue, ReadError> {
    if sizes.iter().any(|&s| s < 0) {
        return Err(ReadError::Error(format!(
            "a memref result with negative sizes {sizes:?}"
        )));
    }
    let n = sizes
        .iter()
        .try_fold(1u64, |a, &d| a.checked_mul(d as u64))
        .filter(|&n| n <= 1 << 28)
        .ok_or_else(|| ReadError::Error("a memref result too large to read".into()))?;
    let mut elems = Vec::with_capacity(n as usize);
    if n > 0 {
        let Val::Ptr(p) = aligned else {
            return Err(poison("the aligned pointer of a memref result"));
        };
        let lt = abi.conv(elem).map_err(ReadError::Error)?;
        let es = alloc_size(&lt) as i64;
        let mut walk = converter::value::RowMajor::new(offset, sizes, strides);
        while let Some(lin) = walk.next() {
            let idx = walk.index();
            let at = Ptr {
                addr: p.addr.wrapping_add(lin.wrapping_mul(es) as u64),
                prov: p.prov,
            };
            let v = mem.load(at, &lt, 1)?;
            let what = format!("element {idx:?} of a memref result");
            let r = match value_out(elem, &v, &what) {
                Err(ReadError::Ub(..)) if lenient => match elem {
                    Type::Vector(vt) => {
                        RtValue::Vector(vec![RtValue::Int(0); vt.num_elements() as usize])
                    }
                    t if t.is_float() => RtValue::Float(0),
                    _ => RtValue::Int(0),
                },
                r => r?,
            };
            elems.push(r);
        }
    }
    Ok(RtValue::MemRef {
        shape: sizes.iter().map(|&s| s as u64).collect(),
        elems,
    })
}

/// The `RtValue` of result (or external argument) of Standard type `t` from its
/// lowered parameters `vs` (several for a memref under the default convention).
fn from_params(
    mem: &mut Memory,
    abi: &Abi,
    t: &Type,
    vs: &mut dyn Iterator<Item = Val>,
    lenient: bool,
    names: &dyn Fn(&Val) -> Option<String>,
) -> Result<RtValue, ReadError> {
    let mut next = || {
        vs.next()
            .ok_or_else(|| ReadError::Error("fewer lowered values than the signature needs".into()))
    };
    match t {
        Type::Function(_) => {
            let v = next()?;
            names(&v).map(RtValue::Func).ok_or_else(|| {
                ReadError::Error(format!(
                    "{v:?} is not the address of a function of the module"
                ))
            })
        }
        Type::MemRef(mt) if abi.bare_ptr => {
            let p = next()?;
            let layout = mt.strided_form();
            let offset = layout.as_ref().and_then(|l| l.offset).unwrap_or(0);
            let sizes: Vec<i64> = mt.shape.iter().map(|d| d.unwrap_or(0) as i64).collect();
            let strides: Vec<i64> = (0..mt.rank())
                .map(|i| {
                    layout
                        .as_ref()
                        .and_then(|l| l.strides.get(i).copied().flatten())
                        .unwrap_or(1)
                })
                .collect();
            read_view(mem, abi, &mt.elem, &p, offset, &sizes, &strides, lenient)
        }
        Type::MemRef(mt) => {
            let _allocated = next()?;
            let aligned = next()?;
            let offset = index_of(&next()?)?;
            let r = mt.rank();
            let sizes = (0..r)
                .map(|_| index_of(&next()?))
                .collect::<Result<Vec<_>, _>>()?;
            let strides = (0..r)
                .map(|_| index_of(&next()?))
                .collect::<Result<Vec<_>, _>>()?;
            read_view(
                mem, abi, &mt.elem, &aligned, offset, &sizes, &strides, lenient,
            )
        }
        Type::UnrankedMemRef(e, _) => {
            let rank = index_of(&next()?)?;
            let d = next()?;
            let Val::Ptr(dp) = d else {
                return Err(poison("the descriptor pointer of an unranked memref"));
            };
            if !(0..=64).contains(&rank) {
                return Err(ReadError::Error(format!(
                    "an unranked memref of rank {rank}"
                )));
            }
            let dt = descriptor_type(abi, e, rank as usize).map_err(ReadError::Error)?;
            let desc = mem.load(dp, &dt, 1)?;
            let mut fs = Vec::new();
            leaves(&desc, &mut fs);
            let ranked = Type::memref(vec![None; rank as usize], (**e).clone());
            let bare = Abi {
                bare_ptr: false,
                ..*abi
            };
            let v = from_params(mem, &bare, &ranked, &mut fs.into_iter(), lenient, names)?;
            Ok(v)
        }
        t => value_out(t, &next()?, "the result"),
    }
}

/// Reads the entry's results (Standard types `results`) from the lowered return value.
/// An unranked memref's descriptor is freed as the caller of the unranked return
/// protocol does.
pub fn results_out(
    m: &mut Machine,
    abi: &Abi,
    results: &[Type],
    ret: Option<Val>,
) -> Result<Vec<RtValue>, ReadError> {
    let per_result: Vec<Val> = match (results.len(), ret) {
        (0, _) => Vec::new(),
        (1, Some(v)) => vec![v],
        (_, Some(Val::Agg(xs))) => xs.to_vec(),
        _ => {
            return Err(ReadError::Error(
                "the lowered function returned no value".into(),
            ))
        }
    };
    let mut out = Vec::with_capacity(results.len());
    for (t, v) in results.iter().zip(per_result) {
        let parts = match (t, &v) {
            (Type::MemRef(_) | Type::UnrankedMemRef(..), Val::Agg(_)) => {
                let mut ls = Vec::new();
                flat_fields(&v, &mut ls);
                ls
            }
            _ => vec![v],
        };
        let desc = match (t, parts.get(1)) {
            (Type::UnrankedMemRef(..), Some(Val::Ptr(d))) => Some(*d),
            _ => None,
        };
        let names = |v: &Val| m.func_of(v).map(|f| m.func_name(f).to_string());
        let names_vec: Vec<(Val, String)> = parts
            .iter()
            .filter_map(|p| names(p).map(|n| (p.clone(), n)))
            .collect();
        let lookup = |v: &Val| {
            names_vec
                .iter()
                .find(|(p, _)| p == v)
                .map(|(_, n)| n.clone())
        };
        // A memref result is its descriptor under either convention (LLVM 11's bare
        // pointer convention covers arguments only); a lowering that returns a bare
        // pointer (MLIR 22's, under the convention) is read as one, from the type.
        let result_abi = Abi {
            bare_ptr: abi.bare_ptr
                && matches!((t, parts.first()), (Type::MemRef(_), Some(Val::Ptr(_))) if parts.len() == 1),
            ..*abi
        };
        out.push(from_params(
            &mut m.mem,
            &result_abi,
            t,
            &mut parts.into_iter(),
            false,
            &lookup,
        )?);
        if let Some(d) = desc {
            if let Some(a) = m.mem.allocs.get_mut(d.prov as usize) {
                if a.kind == Kind::Heap && a.state == crate::memory::State::Live && a.base == d.addr
                {
                    a.state = crate::memory::State::Freed(converter::Loc::UNKNOWN);
                    m.mem.heap_blocks -= 1;
                }
            }
        }
    }
    Ok(out)
}

/// The fields of a descriptor struct in order, its arrays flattened.
fn flat_fields(v: &Val, out: &mut Vec<Val>) {
    match v {
        Val::Agg(xs) => xs.iter().for_each(|x| match x {
            Val::Agg(_) => flat_fields(x, out),
            x => out.push(x.clone()),
        }),
        x => out.push(x.clone()),
    }
}

/// External functions declared in the Standard module, called through the
/// Standard interpreter's `Externals`.
pub struct StdExternals<'a> {
    pub std: &'a Module,
    pub abi: Abi,
    pub ext: &'a mut dyn interp::Externals,
}

impl StdExternals<'_> {
    /// The Standard arguments of a call of `_mlir_ciface_<f>`, the C interface of
    /// external `f` (`args` without the results' out-pointer): a memref's descriptor is
    /// read through its pointer, every other argument is the value itself.
    fn c_interface_args(
        &self,
        mem: &mut Memory,
        inputs: &[Type],
        args: &[Val],
    ) -> Result<Vec<RtValue>, String> {
        if args.len() != inputs.len() {
            return Err(format!(
                "{} arguments for {} parameters",
                args.len(),
                inputs.len()
            ));
        }
        let mut rts = Vec::with_capacity(inputs.len());
        for (t, a) in inputs.iter().zip(args) {
            let fields = if t.is_memref() {
                let Val::Ptr(p) = a else {
                    return Err(format!(
                        "a memref of type {t} passed as {a:?}, not a pointer"
                    ));
                };
                let d = mem
                    .load(*p, &self.abi.conv(t)?, 8)
                    .map_err(|f| format!("the descriptor of a {t}: {}", f.message))?;
                let mut fields = Vec::new();
                flat_fields(&d, &mut fields);
                fields
            } else {
                vec![a.clone()]
            };
            let v = from_params(mem, &self.abi, t, &mut fields.into_iter(), true, &|_| None)
                .map_err(|(ReadError::Ub(_, m) | ReadError::Error(m))| {
                    format!("argument of type {t}: {m}")
                })?;
            rts.push(v);
        }
        Ok(rts)
    }
}

impl ExternalCall for StdExternals<'_> {
    fn call(
        &mut self,
        mem: &mut Memory,
        name: &str,
        args: &[Val],
    ) -> Option<Result<Option<Val>, String>> {
        // `_mlir_ciface_<f>`, which the lowering of external `f` with the C interface
        // calls: results through a pointer passed first when they are a struct
        // (several, or one memref), memrefs as pointers to their descriptors.
        let c_of = name
            .strip_prefix("_mlir_ciface_")
            .filter(|of| self.std.func(of).is_some_and(|f| f.is_external()));
        let std_name = c_of.unwrap_or(name);
        let f = self.std.func(std_name)?;
        let ft = f.std_type()?;
        let by_ptr = c_of.is_some()
            && (ft.results.len() > 1 || ft.results.first().is_some_and(Type::is_memref));
        let rts = if c_of.is_some() {
            let skip = usize::from(by_ptr);
            match self.c_interface_args(mem, &ft.inputs, args.get(skip..).unwrap_or(&[])) {
                Ok(rts) => rts,
                Err(e) => return Some(Err(e)),
            }
        } else {
            let mut it = args.iter().cloned();
            let mut rts = Vec::with_capacity(ft.inputs.len());
            for t in &ft.inputs {
                match from_params(mem, &self.abi, t, &mut it, true, &|_| None) {
                    Ok(v) => rts.push(v),
                    Err(ReadError::Ub(_, m) | ReadError::Error(m)) => {
                        return Some(Err(format!("argument of type {t}: {m}")))
                    }
                }
            }
            rts
        };
        let rs = match self.ext.call(std_name, &rts)? {
            Ok(rs) => rs,
            Err(e) => return Some(Err(e)),
        };
        if rs.len() != ft.results.len() {
            return Some(Err(format!(
                "returned {} values, {} expected",
                rs.len(),
                ft.results.len()
            )));
        }
        let vals = ft
            .results
            .iter()
            .zip(&rs)
            .map(|(t, v)| match t {
                Type::MemRef(_) | Type::UnrankedMemRef(..) => memref_result(mem, &self.abi, t, v),
                Type::Function(_) => Err(format!(
                    "results of type {t} from externals are not supported"
                )),
                t => value_in(&self.abi, t, v),
            })
            .collect::<Result<Vec<_>, _>>();
        let packed = vals.map(|mut vs| match vs.len() {
            0 => None,
            1 => vs.pop(),
            _ => Some(Val::agg(vs)),
        });
        if !by_ptr {
            return Some(packed);
        }
        // Stored through the out-pointer, as the C function would.
        let stored = packed.and_then(|v| {
            let (Some(Val::Ptr(out)), Some(v)) = (args.first(), v) else {
                return Err("no out-pointer for the results".to_string());
            };
            let tys = ft
                .results
                .iter()
                .map(|t| self.abi.conv(t))
                .collect::<Result<Vec<_>, _>>()?;
            let ty = match &tys[..] {
                [one] => one.clone(),
                _ => Type::LlvmStruct(tys.into()),
            };
            mem.store(*out, &ty, &v, 8)
                .map_err(|f| format!("the results through the out-pointer: {}", f.message))
        });
        Some(stored.map(|()| None))
    }
}

//! Conversions between the shared runtime values (`converter::value::RtValue`) and
//! register contents: entry arguments and external results in, results and external
//! arguments out. Memref arguments become fresh heap buffers laid out as their type
//! says (row-major unless the type has static strides); memref results are read back
//! through their view, and reading an uninitialized or dead element is UB.

use crate::compile::{lanes_of, scalar_kind, view_check, Program, Scalar};
use crate::exec::{Obj, Out};
use crate::floats;
use crate::ints;
use crate::memory::{AllocError, BufKind, Memory, View};
use crate::trap::Ub;
use converter::ir::Type;
use converter::value::RtValue;
use converter::Loc;
use std::rc::Rc;

/// The runtime value of a scalar register of type `t`.
fn scalar_to_rt(prog: &Program, t: &Type, x: i128) -> RtValue {
    match t {
        Type::Function(_) => RtValue::Func(
            prog.funcs
                .get(x as usize)
                .map_or_else(|| format!("<function {x}>"), |f| f.name.clone()),
        ),
        _ => match scalar_kind(t, prog.index_width) {
            Some(Scalar::Float(_)) => RtValue::Float(x as u64),
            _ => RtValue::Int(x),
        },
    }
}

fn lanes_to_rt(prog: &Program, elem: &Type, lanes: &[i128]) -> RtValue {
    match elem {
        Type::Vector(v) => RtValue::Vector(
            lanes
                .iter()
                .map(|&x| scalar_to_rt(prog, &v.elem, x))
                .collect(),
        ),
        t => scalar_to_rt(prog, t, lanes[0]),
    }
}

/// Reads a value of type `t` out; memref contents must be live and initialized.
pub fn to_rt(prog: &Program, mem: &Memory, t: &Type, v: &Out) -> Result<RtValue, Ub> {
    Ok(match (t, v) {
        (Type::Vector(vt), Out::O(Obj::Vec(xs))) => RtValue::Vector(
            xs.iter()
                .map(|&x| scalar_to_rt(prog, &vt.elem, x))
                .collect(),
        ),
        (Type::MemRef(_) | Type::UnrankedMemRef(..), Out::O(Obj::Mem(view))) => {
            let elem = t.memref_elem().cloned().unwrap_or(Type::i8());
            let elems = mem
                .read_view(view)?
                .into_iter()
                .map(|l| lanes_to_rt(prog, &elem, l))
                .collect();
            RtValue::MemRef {
                shape: view.dims.iter().map(|d| d.0 as u64).collect(),
                elems,
            }
        }
        (t, Out::S(x)) => scalar_to_rt(prog, t, *x),
        (_, _) => RtValue::Int(0),
    })
}

/// Like [`to_rt`] for arguments of external functions: a memref whose contents cannot
/// be read (uninitialized or dead) is passed with zero elements in their place.
pub fn to_rt_lenient(prog: &Program, mem: &Memory, t: &Type, v: &Out) -> RtValue {
    match to_rt(prog, mem, t, v) {
        Ok(r) => r,
        Err(_) => match v {
            Out::O(Obj::Mem(view)) => RtValue::MemRef {
                shape: view.dims.iter().map(|d| d.0 as u64).collect(),
                elems: vec![RtValue::Int(0); view.num_elements().max(0) as usize],
            },
            _ => RtValue::Int(0),
        },
    }
}

fn scalar_from_rt(prog: &Program, t: &Type, v: &RtValue) -> Result<i128, String> {
    match (scalar_kind(t, prog.index_width), v) {
        (Some(Scalar::Int(w)), RtValue::Int(x)) => Ok(ints::sext(*x, w)),
        (Some(Scalar::Float(k)), RtValue::Float(b)) => {
            let bits = match k {
                floats::FKind::F64 => *b as i128,
                floats::FKind::F32 => (*b as u32) as i128,
                _ => (*b as u16) as i128,
            };
            Ok(bits)
        }
        (None, RtValue::Func(name)) if matches!(t, Type::Function(_)) => prog
            .by_name
            .get(name)
            .map(|&i| i as i128)
            .ok_or_else(|| format!("no function '@{name}'")),
        _ => Err(format!("{v:?} is not a value of type {t}")),
    }
}

fn elem_cells(prog: &Program, elem: &Type, v: &RtValue, out: &mut Vec<i128>) -> Result<(), String> {
    match (elem, v) {
        (Type::Vector(vt), RtValue::Vector(xs)) if xs.len() as u64 == vt.num_elements() => {
            for x in xs {
                out.push(scalar_from_rt(prog, &vt.elem, x)?);
            }
            Ok(())
        }
        (Type::Vector(_), _) => Err(format!("{v:?} is not a value of type {elem}")),
        (t, x) => {
            out.push(scalar_from_rt(prog, t, x)?);
            Ok(())
        }
    }
}

/// Makes a register value of type `t` from a runtime value; memrefs get fresh buffers.
/// Entry argument `k`, a view of an earlier argument's buffer (`RtValue::View`): the
/// same buffer as that argument's value in `ins`, seen through the view
/// (see `converter::arg_view`).
pub fn view_from_rt(
    types: &[Type],
    args: &[RtValue],
    ins: &[Out],
    k: usize,
) -> Result<Out, String> {
    let (j, l) = converter::arg_view::resolve(types, args, k)?;
    let Some(Out::O(Obj::Mem(base))) = ins.get(j) else {
        return Err(format!("argument {j} is not a memref"));
    };
    let view = View {
        buf: base.buf,
        offset: l.offset,
        dims: l.signed_sizes().into_iter().zip(l.strides).collect(),
    };
    let check =
        view_check(&types[k]).ok_or_else(|| format!("{}: layout is not strided", types[k]))?;
    check.check(&view, "argument").map_err(|e| e.message)?;
    Ok(Out::O(Obj::Mem(Rc::new(view))))
}

pub fn from_rt(prog: &Program, mem: &mut Memory, t: &Type, v: &RtValue) -> Result<Out, String> {
    match (t, v) {
        (Type::Vector(vt), RtValue::Vector(xs)) => {
            if xs.len() as u64 != vt.num_elements() {
                return Err(format!("{} elements for {t}", xs.len()));
            }
            let cells = xs
                .iter()
                .map(|x| scalar_from_rt(prog, &vt.elem, x))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Out::O(Obj::Vec(Rc::from(cells))))
        }
        (Type::MemRef(_) | Type::UnrankedMemRef(..), RtValue::MemRef { shape, elems }) => {
            let elem = t.memref_elem().cloned().unwrap_or(Type::i8());
            let sizes: Vec<i64> = shape
                .iter()
                .map(|&s| i64::try_from(s).unwrap_or(i64::MAX))
                .collect();
            let n = sizes
                .iter()
                .try_fold(1i64, |n, &s| n.checked_mul(s))
                .unwrap_or(i64::MAX);
            if n != elems.len() as i64 {
                return Err(format!(
                    "a memref of shape {shape:?} with {} elements",
                    elems.len()
                ));
            }
            let check = view_check(t).ok_or_else(|| format!("{t}: layout is not strided"))?;
            if let Some(r) = check.rank {
                if r != sizes.len() {
                    return Err(format!("a value of rank {} for {t}", sizes.len()));
                }
            }
            // Lay the buffer out as the type says where it is static; each dynamic
            // stride spans the dimensions inside it, so no two elements share a cell
            // (row-major strides mixed with static ones could overlap).
            let layout = match check.rank {
                Some(_) if check.offset.is_some() || check.strides.iter().any(|s| s.is_some()) => {
                    let mut strides = vec![1i64; sizes.len()];
                    let mut run = 1i64;
                    for i in (0..sizes.len()).rev() {
                        strides[i] = check.strides.get(i).copied().flatten().unwrap_or(run);
                        run = run.max(strides[i].saturating_abs().saturating_mul(sizes[i].max(1)));
                    }
                    Some((check.offset.unwrap_or(0), strides))
                }
                _ => None,
            };
            let lanes = lanes_of(&elem);
            let view = match mem.alloc(
                BufKind::Heap,
                lanes,
                &sizes,
                layout.as_ref().map(|(o, s)| (*o, &s[..])),
                0,
                Loc::UNKNOWN,
            ) {
                Ok(v) => v,
                Err(AllocError::Ub(e)) => return Err(e.message),
                Err(AllocError::TooLarge(c)) => {
                    return Err(format!("a memref of {c} elements is too large"))
                }
            };
            check.check(&view, "argument").map_err(|e| e.message)?;
            let mut cells = Vec::with_capacity(elems.len() * lanes);
            for e in elems {
                elem_cells(prog, &elem, e, &mut cells)?;
            }
            mem.fill_view(&view, &cells).map_err(|e| e.message)?;
            Ok(Out::O(Obj::Mem(Rc::new(view))))
        }
        (t, v) => Ok(Out::S(scalar_from_rt(prog, t, v)?)),
    }
}

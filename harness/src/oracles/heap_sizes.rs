//! The `heap-sizes` oracle: every `malloc` and `aligned_alloc` call the lowered code
//! makes asks for exactly what the Standard program's allocation needs, as the rules
//! say, computed here from the Standard types alone.
//!
//! Executing oracles cannot see a lowering that allocates a few bytes too many (the
//! realigning `alloc` asking `malloc` for `bytes + a + 1` instead of `bytes + a - 1`:
//! nothing reads the extra bytes), nor an `aligned_alloc` with another alignment that
//! the allocator happens to honour. This oracle compares the calls themselves: the
//! Standard interpreter records the heap allocations the program makes, in order
//! ([`interp::HeapEvent`]: each `alloc` with its element type, sizes, layout and
//! `alignment`; each return of an unranked memref, whose ranked descriptor the callee
//! copies to the heap), the LLVM-level interpreter records the lowered code's calls
//! ([`llinterp::HeapCall`]), and the two lists must be the same length and agree
//! call by call with the expectation below. Sizes and alignments come from the data
//! layout (`llinterp::layout`), never from the converter.
//!
//! The rules (LLVM 11's `AllocOpLowering`, with stdlower's documented additions):
//! - an `alloc` of `n` elements (the product of the sizes; for a strided layout one past
//!   the highest element address it can reach, `offset + 1 + sum(max(0, (size_i - 1) *
//!   stride_i))`, whatever the signs of the strides, and 0 when a dimension has no
//!   extent) of LLVM type `T` needs `b = n * sizeof(T)` bytes, `sizeof` being the
//!   allocation size (GEP's stride);
//! - without `--use-aligned-alloc`: `malloc(b)`, or `malloc(b + a - 1)` when the
//!   alignment `a` is above 1: `a` is the `alignment` attribute, raised to the element's
//!   ABI alignment when that exceeds the 16 bytes `malloc` guarantees;
//! - with `--use-aligned-alloc`: `aligned_alloc(a, b rounded up to a multiple of a)`,
//!   `a` the `alignment` attribute (raised as above), else the element's bit width
//!   times its element count in bytes (LLVM 11's `getMemRefEltSizeInBytes`) rounded up
//!   to a power of two and at least 16;
//! - a function returning an unranked memref of rank `r` copies the ranked descriptor
//!   (`{ptr, ptr, iX, [r x iX], [r x iX]}`, `iX` the index type) to `malloc` of its
//!   allocation size.
//!
//! Only the entry call is compared, only when both levels returned values, and not in
//! a module whose `llvm.func` bodies call anything (they could call `malloc` where the
//! Standard interpreter cannot see it: `heap_blocks::comparable`).

use crate::oracles::Oracle;
use converter::ir::{Module, Type};
use interp::HeapEvent;
use llinterp::layout::{align_of, alloc_size, MALLOC_ALIGNMENT};
use llinterp::HeapCall;

/// The oracle's name.
pub const ORACLE: Oracle = Oracle::HeapSizes;

/// The LLVM type a memref element of Standard type `t` is stored as: `index` is the
/// index-width integer, an n-D vector an array of 1-D vectors.
fn stored_type(t: &Type, index_bits: u32) -> Type {
    match t {
        Type::Index => Type::Int(index_bits),
        Type::Vector(v) => {
            let (last, outer) = v.shape.split_last().unwrap_or((&1, &[]));
            let mut ty = Type::vector(vec![*last], stored_type(&v.elem, index_bits));
            for &d in outer.iter().rev() {
                ty = Type::LlvmArray(d, ty.into());
            }
            ty
        }
        t => t.clone(),
    }
}

/// LLVM 11's element size for `aligned_alloc`'s default alignment: bit width times
/// element count, in bytes rounded up.
fn elem_bits(t: &Type, index_bits: u32) -> u64 {
    match t {
        Type::Index => index_bits as u64,
        Type::Int(w) => *w as u64,
        Type::F16 | Type::BF16 => 16,
        Type::F32 => 32,
        Type::F64 => 64,
        Type::Vector(v) => elem_bits(&v.elem, index_bits).saturating_mul(v.num_elements()),
        t => alloc_size(t).saturating_mul(8),
    }
}

/// The call a correct lowering makes for `e`; `None` when the rules give no size this
/// oracle can hold the lowering to (a size that overflows the index type).
pub fn expected(e: &HeapEvent, index_bits: u32, aligned_alloc: bool) -> Option<HeapCall> {
    let limit: u64 = if index_bits == 32 {
        i32::MAX as u64
    } else {
        i64::MAX as u64
    };
    match e {
        HeapEvent::UnrankedReturn { rank } => {
            let ptr = Type::llvm_ptr(Type::i8());
            let index = Type::Int(index_bits);
            let rank = *rank as u64;
            let mut fields = vec![ptr.clone(), ptr, index.clone()];
            if rank > 0 {
                fields.push(Type::LlvmArray(rank, index.clone().into()));
                fields.push(Type::LlvmArray(rank, index.into()));
            }
            Some(HeapCall {
                align: None,
                size: alloc_size(&Type::LlvmStruct(fields.into())),
            })
        }
        HeapEvent::Alloc {
            elem,
            sizes,
            layout,
            alignment,
        } => {
            let count: i128 = match layout {
                None => sizes.iter().map(|&s| s as i128).product(),
                // Every element address the layout can reach, whatever the signs of the
                // strides; nothing when a dimension has no extent.
                Some(_) if sizes.contains(&0) => 0,
                Some((offset, strides)) => {
                    let highest: i128 = sizes
                        .iter()
                        .zip(strides)
                        .map(|(&s, &st)| ((s as i128 - 1) * st as i128).max(0))
                        .sum();
                    *offset as i128 + 1 + highest
                }
            };
            let ty = stored_type(elem, index_bits);
            let bytes = u64::try_from(count.checked_mul(alloc_size(&ty) as i128)?).ok()?;
            let natural = align_of(&ty);
            let raised = |a: u64| {
                if natural > MALLOC_ALIGNMENT {
                    a.max(natural)
                } else {
                    a
                }
            };
            let call = if aligned_alloc {
                let a = match alignment {
                    Some(a) => raised(*a),
                    None => elem_bits(elem, index_bits)
                        .div_ceil(8)
                        .max(1)
                        .checked_next_power_of_two()?
                        .max(MALLOC_ALIGNMENT),
                };
                HeapCall {
                    align: Some(a),
                    size: bytes.checked_next_multiple_of(a)?,
                }
            } else {
                let a = raised(alignment.unwrap_or(1));
                HeapCall {
                    align: None,
                    size: bytes.checked_add(a - 1)?,
                }
            };
            (call.size <= limit).then_some(call)
        }
    }
}

fn show(c: &HeapCall) -> String {
    match c.align {
        Some(a) => format!("aligned_alloc({a}, {})", c.size),
        None => format!("malloc({})", c.size),
    }
}

fn show_event(e: &HeapEvent) -> String {
    match e {
        HeapEvent::Alloc {
            elem,
            sizes,
            layout,
            alignment,
        } => {
            let mut s = format!("alloc of {sizes:?} x {elem}");
            if let Some((o, st)) = layout {
                s += &format!(", offset {o}, strides {st:?}");
            }
            if let Some(a) = alignment {
                s += &format!(", alignment {a}");
            }
            s
        }
        HeapEvent::UnrankedReturn { rank } => {
            format!("return of an unranked memref of rank {rank}")
        }
    }
}

/// The finding's detail when the lowered code's heap calls `calls` are not those the
/// Standard program's allocations `events` call for; `None` when they are, or when
/// either list is missing (a run that did not return, or one with too many calls).
pub fn check(
    m: &Module,
    events: Option<&[HeapEvent]>,
    calls: Option<&[HeapCall]>,
    index_bits: u32,
    aligned_alloc: bool,
) -> Option<String> {
    let (events, calls) = (events?, calls?);
    if !crate::oracles::heap_blocks::comparable(m) {
        return None;
    }
    for (i, e) in events.iter().enumerate() {
        // A size the rules cannot give (it overflows the index type): nothing to hold
        // the rest of the calls to, since they would be matched out of step.
        let want = expected(e, index_bits, aligned_alloc)?;
        match calls.get(i) {
            Some(got) if *got == want => {}
            Some(got) => {
                return Some(format!(
                    "heap allocation {i} ({}): the lowered code calls {}, the rules call for {}\n",
                    show_event(e),
                    show(got),
                    show(&want)
                ))
            }
            None => {
                return Some(format!(
                "heap allocation {i} ({}): the lowered code makes no call, the rules call for {}\n",
                show_event(e),
                show(&want)
            ))
            }
        }
    }
    calls.get(events.len()).map(|extra| {
        format!(
            "the lowered code calls {} after the {} heap allocation(s) of the Standard program\n",
            show(extra),
            events.len()
        )
    })
}

/// The oracle, for its registry row: [`check`] on the Standard run's heap events and
/// the LLVM level's heap calls, once both levels agree on the values (it runs after
/// `llvm-level`), where the LLVM level gave its calls.
pub struct HeapSizes;

impl crate::oracles::check::Check for HeapSizes {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [crate::oracles::check::Need] {
        use crate::oracles::check::Need;
        &[Need::InterpRun, Need::LlvmLevelRun]
    }

    fn applies(&self, case: &crate::oracles::check::Case<'_>) -> crate::oracles::check::Applies {
        use crate::oracles::check::Applies;
        if case.llvm_level().heap_calls.is_none() {
            return Applies::No("no heap calls from the LLVM level".into());
        }
        Applies::Yes
    }

    fn check(&self, case: &crate::oracles::check::Case<'_>) -> crate::oracles::check::Judged {
        let finding = check(
            case.module,
            case.interp().heap_events.as_deref(),
            case.llvm_level().heap_calls.as_deref(),
            case.lopts.index_bitwidth,
            case.lopts.use_aligned_alloc,
        );
        crate::oracles::check::Judged::of(finding)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alloc(elem: Type, sizes: &[i64], alignment: Option<u64>) -> HeapEvent {
        HeapEvent::Alloc {
            elem,
            sizes: sizes.to_vec(),
            layout: None,
            alignment,
        }
    }

    fn malloc(size: u64) -> HeapCall {
        HeapCall { align: None, size }
    }

    #[test]
    fn malloc_sizes_follow_the_element_layout() {
        let e = |t, s: &[i64], a| expected(&alloc(t, s, a), 64, false);
        assert_eq!(e(Type::F32, &[4, 3], None), Some(malloc(48)));
        // i17 is allocated in 4 bytes, index in 8 (4 at a 32-bit index).
        assert_eq!(e(Type::Int(17), &[5], None), Some(malloc(20)));
        assert_eq!(e(Type::Index, &[2], None), Some(malloc(16)));
        assert_eq!(
            expected(&alloc(Type::Index, &[2], None), 32, false),
            Some(malloc(8))
        );
        // vector<3xf32> takes 16 bytes; vector<2x3xf32> is [2 x <3 x float>].
        let v3 = Type::vector(vec![3], Type::F32);
        assert_eq!(e(v3, &[2], None), Some(malloc(32)));
        let v23 = Type::vector(vec![2, 3], Type::F32);
        assert_eq!(e(v23, &[1], None), Some(malloc(32)));
        // An alignment pads by a - 1; 1 pads nothing.
        assert_eq!(e(Type::F64, &[2], Some(64)), Some(malloc(16 + 63)));
        assert_eq!(e(Type::F64, &[2], Some(1)), Some(malloc(16)));
        // A vector aligned above malloc's 16 bytes pads even without the attribute,
        // and raises a smaller attribute.
        let v8 = Type::vector(vec![8], Type::F32);
        assert_eq!(e(v8.clone(), &[1], None), Some(malloc(32 + 31)));
        assert_eq!(e(v8, &[1], Some(8)), Some(malloc(32 + 31)));
        // Zero elements.
        assert_eq!(e(Type::F32, &[0, 7], None), Some(malloc(0)));
    }

    #[test]
    fn strided_layouts_count_offset_and_spread() {
        let ev = HeapEvent::Alloc {
            elem: Type::i64(),
            sizes: vec![2, 2],
            layout: Some((3, vec![4, 2])),
            alignment: None,
        };
        // docs/upstream-differences.md: 3 + 1 + 1 * 4 + 1 * 2 = 10 i64s.
        assert_eq!(expected(&ev, 64, false), Some(malloc(80)));
        // A negative stride reaches below the offset, not above it (issue 39: `offset
        // 3, strides [-1]` of 4 elements needs 4, not 0), a zero one stays put, and a
        // dimension without extent reaches nothing.
        let with = |sizes: Vec<i64>, offset: i64, strides: Vec<i64>| HeapEvent::Alloc {
            elem: Type::F32,
            sizes,
            layout: Some((offset, strides)),
            alignment: None,
        };
        assert_eq!(
            expected(&with(vec![4], 3, vec![-1]), 64, false),
            Some(malloc(16))
        );
        assert_eq!(
            expected(&with(vec![3, 5], 10, vec![-5, 0]), 64, false),
            Some(malloc(44))
        );
        assert_eq!(
            expected(&with(vec![10, 0, 2], 0, vec![1, 1, 1]), 64, false),
            Some(malloc(0))
        );
    }

    #[test]
    fn aligned_alloc_rounds_the_size_up_to_the_alignment() {
        let e = |t, s: &[i64], a| expected(&alloc(t, s, a), 64, true);
        let call = |align, size| {
            Some(HeapCall {
                align: Some(align),
                size,
            })
        };
        assert_eq!(e(Type::F32, &[3], None), call(16, 16));
        assert_eq!(e(Type::F32, &[8], None), call(16, 32));
        assert_eq!(e(Type::F32, &[3], Some(64)), call(64, 64));
        assert_eq!(e(Type::Int(8), &[3], Some(1)), call(1, 3));
        // LLVM 11's element size: bits times count, so vector<8xf32> is 32 bytes.
        let v8 = Type::vector(vec![8], Type::F32);
        assert_eq!(e(v8, &[1], None), call(32, 32));
    }

    #[test]
    fn unranked_returns_copy_the_ranked_descriptor() {
        let e = |r, ib| expected(&HeapEvent::UnrankedReturn { rank: r }, ib, false);
        assert_eq!(e(0, 64), Some(malloc(24)));
        assert_eq!(e(2, 64), Some(malloc(56)));
        // 16 + 5 * 4 = 36, padded to the pointers' 8.
        assert_eq!(e(2, 32), Some(malloc(40)));
    }

    #[test]
    fn any_difference_is_a_finding() {
        let m = Module::default();
        let events = [alloc(Type::F32, &[4], Some(32))];
        let right = [malloc(16 + 31)];
        assert_eq!(check(&m, Some(&events), Some(&right), 64, false), None);
        let padded = [malloc(16 + 33)];
        let f = check(&m, Some(&events), Some(&padded), 64, false).unwrap();
        assert!(
            f.contains("calls malloc(49), the rules call for malloc(47)"),
            "{f}"
        );
        let missing = check(&m, Some(&events), Some(&[]), 64, false).unwrap();
        assert!(missing.contains("makes no call"), "{missing}");
        let extra = [malloc(47), malloc(8)];
        let f = check(&m, Some(&events), Some(&extra), 64, false).unwrap();
        assert!(
            f.contains("calls malloc(8) after the 1 heap allocation"),
            "{f}"
        );
        // Nothing to compare without both lists.
        assert_eq!(check(&m, None, Some(&padded), 64, false), None);
        assert_eq!(check(&m, Some(&events), None, 64, false), None);
    }
}

//! Byte-addressed memory: every allocation (heap, stack, the functions whose address
//! is taken) has a base address of its own, bytes, and a defined-bit per byte (bytes
//! never written, or written from poison or undef, are undefined and load as poison).
//!
//! Addresses are handed out in increasing order with a gap after each allocation and
//! never reused, so an address belongs to at most one allocation (freed ones included,
//! so that a late access is reported as use after free). Pointers carry the allocation
//! they were derived from; a pointer made by `inttoptr` or loaded from memory gets the
//! allocation whose range (one past the end included) holds its address, as if every
//! allocation's address were exposed (LangRef's integer-to-pointer casts).
//!
//! Values are laid out as [`crate::layout`] says: little-endian, vectors bit-packed,
//! the padding bits of odd-width integers zero.

use crate::layout::{alloc_size, field_offset, size_in_bits, store_size};
use crate::value::{Ptr, Val, NO_PROV};
use converter::ir::Type;
use converter::Loc;

/// Where an allocation came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Heap,
    Stack,
    /// The address of the function with this index (size 0: it can only be called).
    Func(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Live,
    /// Freed by the `free` call at this location.
    Freed(Loc),
    /// `alloca` memory of a function that returned.
    Returned,
}

#[derive(Debug)]
pub struct Alloc {
    pub base: u64,
    pub size: u64,
    pub bytes: Vec<u8>,
    pub defined: Vec<bool>,
    pub kind: Kind,
    pub state: State,
    pub loc: Loc,
}

/// The largest allocation the interpreter makes, in bytes.
pub const MAX_ALLOC: u64 = 1 << 31;

/// Bytes left unused after every allocation.
const GAP: u64 = 64;

#[derive(Debug)]
pub struct Memory {
    pub allocs: Vec<Alloc>,
    next: u64,
    /// Heap allocations made by the program minus those it freed.
    pub heap_blocks: i64,
    /// The program's calls of `malloc` and `aligned_alloc`, the first
    /// [`crate::MAX_HEAP_CALLS`] of them.
    pub heap_calls: Vec<crate::HeapCall>,
    /// Set when there were more than that.
    pub heap_calls_overflowed: bool,
}

impl Default for Memory {
    fn default() -> Self {
        Memory {
            allocs: Vec::new(),
            next: 0x1000_0000,
            heap_blocks: 0,
            heap_calls: Vec::new(),
            heap_calls_overflowed: false,
        }
    }
}

/// Why an access failed: a rule name and a message (the caller adds the op and its
/// location).
#[derive(Debug)]
pub struct Fault {
    pub rule: &'static str,
    pub message: String,
}

fn fault(rule: &'static str, message: String) -> Fault {
    Fault { rule, message }
}

impl Memory {
    /// Records a call of `malloc` or `aligned_alloc` ([`Memory::heap_calls`]).
    pub fn heap_call(&mut self, call: crate::HeapCall) {
        if self.heap_calls.len() < crate::MAX_HEAP_CALLS {
            self.heap_calls.push(call);
        } else {
            self.heap_calls_overflowed = true;
        }
    }

    /// A new allocation of `size` bytes whose base is a multiple of `align` (at least
    /// 16, what `malloc` guarantees on x86-64) and of no larger power of two: code that
    /// counts on more alignment than it asked for, such as a realignment computed but
    /// not used (docs/findings/mlir22-bare-ptr-return-allocated.md), goes wrong here as
    /// it may natively.
    pub fn alloc(&mut self, kind: Kind, size: u64, align: u64, loc: Loc) -> Result<Ptr, String> {
        if size > MAX_ALLOC {
            return Err(format!(
                "an allocation of {size} bytes is larger than the interpreter's limit of {MAX_ALLOC}"
            ));
        }
        let a = align.clamp(crate::layout::MALLOC_ALIGNMENT, 1 << 32);
        let base = self.next.next_multiple_of(2 * a) + a;
        self.next = base + size + GAP;
        let id = self.allocs.len() as u32;
        self.allocs.push(Alloc {
            base,
            size,
            bytes: vec![0; size as usize],
            defined: vec![false; size as usize],
            kind,
            state: State::Live,
            loc,
        });
        Ok(Ptr {
            addr: base,
            prov: id,
        })
    }

    /// The allocation whose range (one past the end included) holds `addr`.
    pub fn find(&self, addr: u64) -> u32 {
        let i = self.allocs.partition_point(|a| a.base <= addr);
        if i > 0 {
            let a = &self.allocs[i - 1];
            if addr - a.base <= a.size {
                return (i - 1) as u32;
            }
        }
        NO_PROV
    }

    /// Checks that `len` bytes at `p` may be accessed with alignment `align`; the
    /// allocation and the offset in it.
    pub fn check(&self, p: Ptr, len: u64, align: u64, what: &str) -> Result<(u32, usize), Fault> {
        if p.prov == NO_PROV {
            return Err(if p.addr == 0 {
                fault(
                    rules::NULL,
                    format!("{what} of {len} bytes through a null pointer"),
                )
            } else {
                fault(
                    rules::NO_PROVENANCE,
                    format!(
                        "{what} of {len} bytes at {:#x}, an address of no allocation",
                        p.addr
                    ),
                )
            });
        }
        let a = &self.allocs[p.prov as usize];
        match a.state {
            State::Live => {}
            State::Freed(at) => {
                return Err(fault(
                    interp::trap::rules::USE_AFTER_FREE,
                    format!(
                        "{what} of memory freed by free{}{}",
                        at_loc(at),
                        allocated(a.loc)
                    ),
                ))
            }
            State::Returned => {
                return Err(fault(
                    interp::trap::rules::USE_AFTER_RETURN,
                    format!(
                        "{what} of alloca memory{} after its function returned",
                        allocated(a.loc)
                    ),
                ))
            }
        }
        if let Kind::Func(_) = a.kind {
            return Err(fault(
                interp::trap::rules::OUT_OF_BOUNDS,
                format!("{what} of {len} bytes through a function pointer"),
            ));
        }
        let off = p.addr.wrapping_sub(a.base) as i64;
        if off < 0 || (off as u64).checked_add(len).is_none_or(|e| e > a.size) {
            return Err(fault(
                interp::trap::rules::OUT_OF_BOUNDS,
                format!(
                    "out-of-bounds {what} of {len} bytes at offset {off} of a {}-byte {} allocation{}",
                    a.size,
                    kind_name(a.kind),
                    allocated(a.loc)
                ),
            ));
        }
        if align > 1 && !p.addr.is_multiple_of(align) {
            return Err(fault(
                rules::MISALIGNED,
                format!(
                    "{what} at offset {off} of a {} allocation (address {:#x}) is not aligned to {align} bytes",
                    kind_name(a.kind),
                    p.addr
                ),
            ));
        }
        Ok((p.prov, off as usize))
    }

    /// Loads a value of type `t` from `p` (checked, alignment `align`).
    pub fn load(&self, p: Ptr, t: &Type, align: u64) -> Result<Val, Fault> {
        let len = store_size(t);
        let (id, off) = self.check(p, len, align, "load")?;
        let a = &self.allocs[id as usize];
        Ok(self.decode(t, &a.bytes[off..], &a.defined[off..]))
    }

    /// Stores `v` of type `t` at `p` (checked, alignment `align`).
    pub fn store(&mut self, p: Ptr, t: &Type, v: &Val, align: u64) -> Result<(), Fault> {
        let len = store_size(t);
        let (id, off) = self.check(p, len, align, "store")?;
        let a = &mut self.allocs[id as usize];
        let end = off + len as usize;
        encode(t, v, &mut a.bytes[off..end], &mut a.defined[off..end]);
        Ok(())
    }

    /// Reads the value of type `t` at the start of `bytes`.
    pub fn decode(&self, t: &Type, bytes: &[u8], defined: &[bool]) -> Val {
        match t {
            Type::LlvmStruct(fs) => Val::agg(
                fs.iter()
                    .enumerate()
                    .map(|(i, f)| {
                        let o = field_offset(fs, i) as usize;
                        self.decode(f, &bytes[o..], &defined[o..])
                    })
                    .collect(),
            ),
            Type::LlvmArray(n, e) => {
                let s = alloc_size(e) as usize;
                Val::agg(
                    (0..*n as usize)
                        .map(|i| self.decode(e, &bytes[i * s..], &defined[i * s..]))
                        .collect(),
                )
            }
            Type::Vector(v) => {
                let w = size_in_bits(&v.elem) as usize;
                Val::agg(
                    (0..v.num_elements() as usize)
                        .map(|i| {
                            let (lo, hi) = (i * w / 8, (i * w + w).div_ceil(8));
                            if defined[lo..hi].iter().all(|&d| d) {
                                leaf(self, &v.elem, get_bits(bytes, i * w, w as u32))
                            } else {
                                Val::Poison
                            }
                        })
                        .collect(),
                )
            }
            _ => {
                let w = size_in_bits(t);
                let n = w.div_ceil(8) as usize;
                if defined[..n].iter().all(|&d| d) {
                    leaf(self, t, get_bits(bytes, 0, w as u32))
                } else {
                    Val::Poison
                }
            }
        }
    }

    /// Copies `len` bytes (contents and definedness) from `src` to `dst`.
    pub fn copy(&mut self, dst: (u32, usize), src: (u32, usize), len: usize) {
        let s = &self.allocs[src.0 as usize];
        let bytes = s.bytes[src.1..src.1 + len].to_vec();
        let def = s.defined[src.1..src.1 + len].to_vec();
        let d = &mut self.allocs[dst.0 as usize];
        d.bytes[dst.1..dst.1 + len].copy_from_slice(&bytes);
        d.defined[dst.1..dst.1 + len].copy_from_slice(&def);
    }
}

/// A scalar of type `t` from its bits.
fn leaf(mem: &Memory, t: &Type, bits: u128) -> Val {
    match t {
        Type::F16 | Type::BF16 | Type::F32 | Type::F64 => Val::Float(bits as u64),
        Type::LlvmPtr(..) => {
            let addr = bits as u64;
            Val::Ptr(Ptr {
                addr,
                prov: if addr == 0 { NO_PROV } else { mem.find(addr) },
            })
        }
        t => Val::Int(converter::ir::sign_extend(
            bits as i128,
            crate::value::int_width(t),
        )),
    }
}

/// The bits of a scalar value (`None` for poison and undef).
fn bits_of(v: &Val) -> Option<u128> {
    match v {
        Val::Int(x) => Some(*x as u128),
        Val::Float(b) => Some(*b as u128),
        Val::Ptr(p) => Some(p.addr as u128),
        _ => None,
    }
}

/// Element `i` of an aggregate or vector value `v`; any other value stands for every
/// element (a splat), and `None` is past the end of an aggregate.
fn element(v: &Val, i: usize) -> Option<&Val> {
    match v {
        Val::Agg(xs) => xs.get(i),
        other => Some(other),
    }
}

/// Writes `v` of type `t` into `bytes` (exactly its store size).
pub fn encode(t: &Type, v: &Val, bytes: &mut [u8], defined: &mut [bool]) {
    match t {
        Type::LlvmStruct(fs) => {
            // Padding between fields stays as it was.
            for (i, f) in fs.iter().enumerate() {
                let Some(x) = element(v, i) else { break };
                let o = field_offset(fs, i) as usize;
                let n = store_size(f) as usize;
                encode(f, x, &mut bytes[o..o + n], &mut defined[o..o + n]);
            }
        }
        Type::LlvmArray(n, e) => {
            let s = alloc_size(e) as usize;
            let k = store_size(e) as usize;
            for i in 0..*n as usize {
                let Some(x) = element(v, i) else { break };
                encode(
                    e,
                    x,
                    &mut bytes[i * s..i * s + k],
                    &mut defined[i * s..i * s + k],
                );
            }
        }
        Type::Vector(vt) => {
            let w = size_in_bits(&vt.elem) as usize;
            defined.fill(true);
            bytes.fill(0);
            for i in 0..vt.num_elements() as usize {
                let Some(x) = element(v, i) else { break };
                match bits_of(x) {
                    Some(b) => put_bits(bytes, i * w, w as u32, b),
                    None => defined[i * w / 8..(i * w + w).div_ceil(8)].fill(false),
                }
            }
        }
        _ => match bits_of(v) {
            Some(b) => {
                bytes.fill(0);
                put_bits(bytes, 0, size_in_bits(t) as u32, b);
                defined.fill(true);
            }
            None => defined.fill(false),
        },
    }
}

/// Writes the low `w` bits of `bits` at bit offset `off` of `buf`, little-endian.
fn put_bits(buf: &mut [u8], off: usize, w: u32, bits: u128) {
    if off.is_multiple_of(8) && w.is_multiple_of(8) {
        let (o, n) = (off / 8, (w / 8) as usize);
        buf[o..o + n].copy_from_slice(&bits.to_le_bytes()[..n]);
        return;
    }
    for i in 0..w as usize {
        let bit = ((bits >> i) & 1) as u8;
        let at = off + i;
        buf[at / 8] = (buf[at / 8] & !(1 << (at % 8))) | (bit << (at % 8));
    }
}

fn get_bits(buf: &[u8], off: usize, w: u32) -> u128 {
    let mut v = 0u128;
    if off.is_multiple_of(8) {
        let o = off / 8;
        let n = (w as usize).div_ceil(8);
        for i in 0..n {
            v |= (buf[o + i] as u128) << (8 * i);
        }
        return if w >= 128 { v } else { v & ((1u128 << w) - 1) };
    }
    for i in 0..w as usize {
        let at = off + i;
        v |= (((buf[at / 8] >> (at % 8)) & 1) as u128) << i;
    }
    v
}

pub fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Heap => "heap",
        Kind::Stack => "stack",
        Kind::Func(_) => "function",
    }
}

/// ` at LINE:COL`, or nothing for an unknown location.
pub fn at_loc(loc: Loc) -> String {
    if loc.is_known() {
        format!(" at {}:{}", loc.line, loc.col)
    } else {
        String::new()
    }
}

/// ` (allocated at LINE:COL)`, or nothing for an unknown location.
fn allocated(loc: Loc) -> String {
    if loc.is_known() {
        format!(" (allocated at {}:{})", loc.line, loc.col)
    } else {
        String::new()
    }
}

/// The names of the rules this interpreter adds to `interp::trap::rules`.
pub mod rules {
    pub const NULL: &str = "null dereference";
    pub const NO_PROVENANCE: &str = "access without provenance";
    pub const MISALIGNED: &str = "misaligned access";
    pub const POISON_BRANCH: &str = "branch on poison";
    pub const POISON_ADDRESS: &str = "poison address";
    pub const POISON_DIVISOR: &str = "poison divisor";
    pub const POISON_CALLEE: &str = "poison callee";
    pub const POISON_RESULT: &str = "poison result";
    pub const UNREACHABLE: &str = "unreachable";
    pub const MEMCPY_OVERLAP: &str = "overlapping memcpy";
    pub const BAD_CALLEE: &str = "invalid call";
    /// A call of the C library's `malloc`, `aligned_alloc` or `free` through a
    /// declaration whose type is not the C function's (`malloc(i32)`: the upper half of
    /// the `size_t` register is undefined).
    pub const LIBC_SIGNATURE: &str = "C library signature mismatch";
}

//! The binaries' global allocator: mimalloc, entered through its plain `mi_malloc`
//! family whenever the alignment asked for is one every mimalloc block has (16
//! bytes), which is nearly always. The `mimalloc` crate's allocator goes through the
//! aligned entry points for every allocation, and their extra checks were a
//! measurable part of `stdlower lower` (which allocates ~1M small vectors on a
//! 50,000-op module). Larger alignments take the aligned entry points.

use libmimalloc_sys::{mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned};
use libmimalloc_sys::{mi_zalloc, mi_zalloc_aligned};
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment of every block mimalloc hands out (`MI_MAX_ALIGN_SIZE`).
const NATURAL_ALIGN: usize = 16;

/// mimalloc, without the aligned entry points where they are not needed.
pub struct Allocator;

// SAFETY: every pointer comes from mimalloc with at least the layout's alignment
// (`mi_malloc` blocks are 16-byte aligned; larger alignments use the aligned calls),
// and every pointer freed or reallocated came from this allocator.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= NATURAL_ALIGN {
            mi_malloc(layout.size()) as *mut u8
        } else {
            mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= NATURAL_ALIGN {
            mi_zalloc(layout.size()) as *mut u8
        } else {
            mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi_free(ptr as *mut c_void)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= NATURAL_ALIGN {
            mi_realloc(ptr as *mut c_void, new_size) as *mut u8
        } else {
            mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
        }
    }
}

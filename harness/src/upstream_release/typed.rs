//! Normalizations `typed_pointers` and `indirect_call_types`, for the structural
//! comparison with MLIR 13 to 16. `typed_pointers`:
//! those releases print a pointer with its pointee (`!llvm.ptr<f32>`, `ptr<f32, 3>` in a
//! struct, `!llvm.ptr<func<i32 (i64)>>`), our modern printing and MLIR 22 print opaque
//! pointers (`!llvm.ptr`, `!llvm.ptr<3>`). The pointee is what execution of LLVM IR
//! cannot see either (LLVM 22 reads typed IR as opaque): it is dropped from upstream's
//! text before the two are read, and the address space kept. `indirect_call_types`:
//! those releases type an indirect call by its function type alone (`llvm.call %f(%a) :
//! (i64) -> i64`), today's syntax puts the callee's pointer type first (`llvm.call
//! %f(%a) : !llvm.ptr, (i64) -> i64`), which is what the structural reader reads.

/// `text` with each indirect `llvm.call` typed as today's syntax types it.
pub fn indirect_call_types(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    for l in text.split_inclusive('\n') {
        match l.find("llvm.call %") {
            Some(at) => {
                let (head, tail) = l.split_at(at);
                out.push_str(head);
                // After the operands and the call's attributes, if any.
                out.push_str(&tail.replacen(" : (", " : !llvm.ptr, (", 1));
            }
            None => out.push_str(l),
        }
    }
    out
}

/// `text` with every typed pointer type made opaque: `!llvm.ptr<T>` becomes `!llvm.ptr`,
/// `!llvm.ptr<T, N>` becomes `!llvm.ptr<N>`, and the same inside aggregates (`ptr<T>`
/// without `!llvm.`). An address-space-only pointer (`!llvm.ptr<3>`) is left as it is.
pub fn opaque_pointers(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let at_ptr = b[i..].starts_with(b"ptr<")
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'));
        if !at_ptr {
            let c = text[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
            continue;
        }
        let open = i + 3;
        let Some(close) = matching_angle(b, open) else {
            out.push_str(&text[i..]);
            break;
        };
        let inner = text[open + 1..close].trim();
        if inner.bytes().all(|c| c.is_ascii_digit()) {
            out.push_str(&text[i..=close]);
        } else {
            match top_level_comma(inner) {
                Some(space) if space.trim() != "0" => {
                    out.push_str("ptr<");
                    out.push_str(space.trim());
                    out.push('>');
                }
                _ => out.push_str("ptr"),
            }
        }
        i = close + 1;
    }
    out
}

/// The index of the `>` that closes the `<` at `open`, skipping nested `<...>` and the
/// `->` of function types.
fn matching_angle(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut k = open;
    while k < b.len() {
        match b[k] {
            b'<' => depth += 1,
            b'>' if k > 0 && b[k - 1] == b'-' => {}
            b'>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            b'\n' => return None,
            _ => {}
        }
        k += 1;
    }
    None
}

/// What follows a comma at the top level of a pointer's `<...>` (its address space).
fn top_level_comma(inner: &str) -> Option<&str> {
    let mut depth = 0i32;
    for (k, c) in inner.char_indices() {
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' => depth -= 1,
            ',' if depth == 0 => return Some(&inner[k + 1..]),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{indirect_call_types, opaque_pointers};

    #[test]
    fn indirect_calls_get_the_callee_pointer_type() {
        assert_eq!(
            indirect_call_types("    %24 = llvm.call %5(%16) : (i64) -> i64 loc(#loc3)\n"),
            "    %24 = llvm.call %5(%16) : !llvm.ptr, (i64) -> i64 loc(#loc3)\n"
        );
        assert_eq!(
            indirect_call_types("llvm.call %3() {stdlower.n = 2 : i64} : () -> ()\n"),
            "llvm.call %3() {stdlower.n = 2 : i64} : !llvm.ptr, () -> ()\n"
        );
        let direct = "    %2 = llvm.call @f(%1) : (i64) -> i64\n";
        assert_eq!(indirect_call_types(direct), direct);
    }

    #[test]
    fn typed_pointers_become_opaque_and_keep_their_address_space() {
        assert_eq!(opaque_pointers("!llvm.ptr<f32>"), "!llvm.ptr");
        assert_eq!(opaque_pointers("!llvm.ptr<ptr<i8>>"), "!llvm.ptr");
        assert_eq!(opaque_pointers("!llvm.ptr<f32, 3>"), "!llvm.ptr<3>");
        assert_eq!(opaque_pointers("!llvm.ptr<3>"), "!llvm.ptr<3>");
        assert_eq!(
            opaque_pointers(
                "!llvm.struct<(ptr<f32, 5>, ptr<f32, 5>, i64, array<1 x i64>, array<1 x i64>)>"
            ),
            "!llvm.struct<(ptr<5>, ptr<5>, i64, array<1 x i64>, array<1 x i64>)>"
        );
        assert_eq!(
            opaque_pointers("%9 = llvm.mlir.addressof @f : !llvm.ptr<func<i32 (i32, ptr<f32>)>>"),
            "%9 = llvm.mlir.addressof @f : !llvm.ptr"
        );
        assert_eq!(
            opaque_pointers("llvm.func @g(%a: !llvm.ptr<i8>) -> !llvm.ptr<struct<(i64, ptr<i8>)>>"),
            "llvm.func @g(%a: !llvm.ptr) -> !llvm.ptr"
        );
        // Words that end in `ptr` are not pointers.
        assert_eq!(opaque_pointers("@myptr<x>"), "@myptr<x>");
    }
}

//! Normalization `typed_pointers`, for the structural comparison with MLIR 13 to 16:
//! those releases print a pointer with its pointee (`!llvm.ptr<f32>`, `ptr<f32, 3>` in a
//! struct, `!llvm.ptr<func<i32 (i64)>>`), our modern printing and MLIR 22 print opaque
//! pointers (`!llvm.ptr`, `!llvm.ptr<3>`). The pointee is what execution of LLVM IR
//! cannot see either (LLVM 22 reads typed IR as opaque): it is dropped from upstream's
//! text before the two are read, and the address space kept.

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
    use super::opaque_pointers;

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

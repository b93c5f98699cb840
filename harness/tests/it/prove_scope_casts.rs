//! Wrong lowerings around `memref_cast` between strided layouts and memrefs in a
//! memory space other than 0, each refuted with arguments that replay (the correct
//! lowering proved): the static offset of the source layout lost across a cast to a
//! dynamic layout, and a memref in space 3 whose stride is read from its size field.
//! Needs `z3` (skipped without it, failing when `CI` is set).

use crate::prove_wrong::have_z3;
use converter::ir::{Attribute, Body, OpKind, Type};

/// `@f` of `text`: the correct lowering proved, the one `mutate` makes refuted with
/// arguments that replay.
fn refuted(text: &str, mutate: &dyn Fn(&mut Body)) {
    crate::common::assert_refuted_and_replayed(&crate::common::prove_f_and_its_mutant(
        text, mutate,
    ));
}

fn position(xs: &[i128]) -> Attribute {
    Attribute::Array(
        xs.iter()
            .map(|&value| Attribute::Int {
                value,
                ty: Type::i64(),
            })
            .collect(),
    )
}

/// The result of the read of descriptor field `at`.
fn read_of(body: &Body, at: &[i128]) -> converter::ir::ValueId {
    let p = position(at);
    body.walk_ops()
        .map(|o| body.op(o))
        .find(|op| op.kind == OpKind::LlvmExtractValue && op.attr("position") == Some(&p))
        .map(|op| op.results[0])
        .unwrap_or_else(|| panic!("no read of field {at:?}"))
}

const CAST: &str = "func @f(%m: memref<4xi32, offset: 2, strides: [1]>, %i: index) -> i32 {
  %c = memref_cast %m : memref<4xi32, offset: 2, strides: [1]> to memref<?xi32, offset: ?, strides: [?]>
  %x = load %c[%i] : memref<?xi32, offset: ?, strides: [?]>
  return %x : i32
}
";

#[test]
fn an_offset_lost_across_a_memref_cast_is_refuted() {
    if !have_z3() {
        return;
    }
    refuted(CAST, &|body| {
        let offset = read_of(body, &[2]);
        // The sum that adds the offset in: its other operand stands for it.
        let add = body
            .walk_ops()
            .find(|&o| {
                let op = body.op(o);
                op.kind == OpKind::LlvmAdd && op.operands.contains(&offset)
            })
            .expect("the offset added in");
        let op = body.op(add);
        let other = *op.operands.iter().find(|&&v| v != offset).unwrap();
        let sum = op.results[0];
        body.replace_all_uses(sum, other);
    });
}

const SPACE: &str = "func @f(%m: memref<?xi32, 3>, %i: index) -> i32 {
  %x = load %m[%i] : memref<?xi32, 3>
  return %x : i32
}
";

#[test]
fn a_stride_read_from_the_size_field_in_memory_space_3_is_refuted() {
    if !have_z3() {
        return;
    }
    refuted(SPACE, &|body| {
        let stride = read_of(body, &[4, 0]);
        let o = body.defining_op(stride).expect("an extractvalue");
        body.op_mut(o).set_attr("position", position(&[3, 0]));
    });
}

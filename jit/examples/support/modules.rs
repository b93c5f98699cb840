// Module texts shared by the JIT examples (included with `include!`).

/// A Standard module of about 50 ops: integer and float arithmetic, compares,
/// selects, casts, a loop and a memref; `seed` changes its constants so that every
/// module is distinct (and LLVM cannot reuse uniqued constants between them).
#[allow(dead_code)]
pub fn module_50_ops(seed: u64) -> String {
    let k1 = seed % 1000 + 3;
    let k2 = seed.wrapping_mul(2654435761) % 100_000 + 7;
    let kf = (seed % 97) as f64 * 0.5 + 0.25;
    format!(
        r#"func @main(%a: i64, %b: i64) -> (i64, f64) {{
  %k1 = constant {k1} : i64
  %k2 = constant {k2} : i64
  %x0 = addi %a, %k1 : i64
  %x1 = muli %x0, %k2 : i64
  %x2 = xor %x1, %b : i64
  %x3 = subi %x2, %k1 : i64
  %x4 = and %x3, %k2 : i64
  %x5 = or %x4, %a : i64
  %c0 = cmpi "slt", %x5, %b : i64
  %x6 = select %c0, %x5, %x3 : i64
  %s = constant 3 : i64
  %x7 = shift_left %x6, %s : i64
  %x8 = shift_right_signed %x7, %s : i64
  %x9 = remi_signed %x8, %k1 : i64
  %f0 = sitofp %x9 : i64 to f64
  %kf = constant {kf:?} : f64
  %f1 = mulf %f0, %kf : f64
  %f2 = addf %f1, %kf : f64
  %f3 = divf %f2, %kf : f64
  %c1 = cmpf "ogt", %f3, %kf : f64
  %f4 = select %c1, %f3, %f2 : f64
  %n = constant 8 : index
  %m = alloc(%n) : memref<?xi64>
  %i0 = constant 0 : index
  %one = constant 1 : index
  br ^loop(%i0, %x9 : index, i64)
^loop(%i: index, %acc: i64):
  %more = cmpi "slt", %i, %n : index
  cond_br %more, ^body, ^done
^body:
  %ii = index_cast %i : index to i64
  %t0 = muli %ii, %k1 : i64
  %t1 = addi %acc, %t0 : i64
  store %t1, %m[%i] : memref<?xi64>
  %i2 = addi %i, %one : index
  br ^loop(%i2, %t1 : index, i64)
^done:
  %c3 = constant 3 : index
  %v = load %m[%c3] : memref<?xi64>
  %r0 = addi %v, %acc : i64
  %r1 = trunci %r0 : i64 to i32
  %r2 = sexti %r1 : i32 to i64
  %r3 = divi_signed %r2, %k1 : i64
  dealloc %m : memref<?xi64>
  return %r3, %f4 : i64, f64
}}
"#
    )
}

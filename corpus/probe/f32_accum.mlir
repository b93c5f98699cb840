// run: @main() -> 99.99905 : f32
// Adding 0.1 a thousand times in f32 accumulates rounding error.
func @main() -> f32 {
  %c0 = constant 0 : i32
  %c1 = constant 1 : i32
  %n = constant 1000 : i32
  %z = constant 0.0 : f32
  %t = constant 0.1 : f32
  br ^l(%c0, %z : i32, f32)
^l(%i: i32, %acc: f32):
  %d = cmpi "eq", %i, %n : i32
  cond_br %d, ^x, ^b
^b:
  %a2 = addf %acc, %t : f32
  %i2 = addi %i, %c1 : i32
  br ^l(%i2, %a2 : i32, f32)
^x:
  return %acc : f32
}

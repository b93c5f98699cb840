// run: @main() -> timeout
// A loop that never exits: the interpreter runs out of fuel, the native code is killed
// when its time is up.
func @main() -> i64 {
  %c0 = constant 0 : i64
  %c1 = constant 1 : i64
  br ^loop(%c0 : i64)
^loop(%i: i64):
  %j = addi %i, %c1 : i64
  br ^loop(%j : i64)
}

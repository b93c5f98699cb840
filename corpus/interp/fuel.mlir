// Non-termination is bounded by fuel; unbounded recursion by the call-depth limit.
// run: @spin() -> out-of-fuel
// run: @deep(0 : i64) -> out-of-fuel
func @spin() {
  br ^loop
^loop:
  br ^loop
}
func @deep(%n: i64) -> i64 {
  %one = constant 1 : i64
  %m = addi %n, %one : i64
  %r = call @deep(%m) : (i64) -> i64
  return %r : i64
}

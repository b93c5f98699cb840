// run: @main() -> 2880067194370816120 : i64
// fib(90) iteratively with three block arguments.
module {
  func @main() -> i64 {
    %c0 = constant 0 : i64
    %c1 = constant 1 : i64
    %n = constant 90 : i32
    %i0 = constant 0 : i32
    br ^loop(%i0, %c0, %c1 : i32, i64, i64)
  ^loop(%i: i32, %a: i64, %b: i64):
    %done = cmpi "eq", %i, %n : i32
    cond_br %done, ^exit, ^step
  ^step:
    %s = addi %a, %b : i64
    %one = constant 1 : i32
    %i2 = addi %i, %one : i32
    br ^loop(%i2, %b, %s : i32, i64, i64)
  ^exit:
    return %a : i64
  }
}

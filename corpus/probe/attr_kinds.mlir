// run: @main() -> 14 : i32
// Attribute kinds in module, function and op dictionaries: arrays, nested
// dictionaries, escaped strings, types, symbols, floats, typed integers, dense vectors.
module attributes {test.arr = [1, "two", 3.0 : f32, @sym, i32, unit], test.dict = {a = 1 : i64, b = "x\"y\n"}} {
  func @main() -> i32 attributes {test.ty = memref<?xf32>, test.f = 1.5 : f64, test.b = false, test.s = @main, test.nested = [[1, 2], []], test.i = -3 : i8, test.int = 42} {
    %a = constant {test.x = [1 : index, 2 : index]} 7 : i32
    %b = addi %a, %a {test.y = dense<1.0> : vector<2xf32>} : i32
    return %b : i32
  }
}

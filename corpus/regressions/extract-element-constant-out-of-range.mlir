// An n-D extract_element whose constant outer index is out of range, in a branch that
// runs only when asked: the module is valid and must lower (it failed with "internal
// error": the lowering named field 5 of a 2-element array). Out of range, the row goes
// through memory like a dynamic index's; executed, it is undefined behaviour at both
// levels. Found by the mutant sample of 2026-11-27 (`field_type`'s bounds guard).
// run: @main(false) -> 6.0 : f32
// run: @main(true) -> ub "out of bounds"
// run --level llvm: @main(true) -> ub "out of bounds: llvm.load (from 'std.extract_element')"
func @main(%b: i1) -> f32 {
  %v = constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : vector<2x4xf32>
  %c5 = constant 5 : index
  %c1 = constant 1 : index
  %x = extract_element %v[%c1, %c1] : vector<2x4xf32>
  cond_br %b, ^bb1, ^bb2
^bb1:
  %y = extract_element %v[%c5, %c1] : vector<2x4xf32>
  return %y : f32
^bb2:
  return %x : f32
}

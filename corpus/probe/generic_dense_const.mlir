// run: @main() -> 2.0 : f32
// A generic-form dense vector constant and extract_element.
func @main() -> f32 {
  %v = "std.constant"() {value = dense<[1.0, 2.0]> : vector<2xf32>} : () -> vector<2xf32>
  %c1 = "std.constant"() {value = 1 : index} : () -> index
  %e = "std.extract_element"(%v, %c1) : (vector<2xf32>, index) -> f32
  "std.return"(%e) : (f32) -> ()
}

// run: @main() -> inf : f32, 1.5 : f16, -1 : i8, -3 : index
// Generic-form constants with hex values and typed float attributes.
func @main() -> (f32, f16, i8, index) {
  %a = "std.constant"() {value = 0x7F800000 : f32} : () -> f32
  %b = "std.constant"() {value = 1.500000e+00 : f16} : () -> f16
  %c = "std.constant"() {value = 0xFF : i8} : () -> i8
  %d = "std.constant"() {value = -3 : index} : () -> index
  "std.return"(%a, %b, %c, %d) : (f32, f16, i8, index) -> ()
}

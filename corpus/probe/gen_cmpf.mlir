// run: @main() -> 1 : i1
// Generic-form cmpf: `{predicate = 4 : i64}` is olt.
func @main() -> i1 {
  %a = "std.constant"() {value = 1.5 : f64} : () -> f64
  %b = "std.constant"() {value = 2.5 : f64} : () -> f64
  %c = "std.cmpf"(%a, %b) {predicate = 4 : i64} : (f64, f64) -> i1
  "std.return"(%c) : (i1) -> ()
}

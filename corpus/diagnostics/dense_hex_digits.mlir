// A hex dense literal is `0x` and an even number of hex digits; mlir-opt 22 reports
// anything else at the string.
func @main() -> vector<2xi8> {
  // expected-error@+1:40 {{expected string containing hex digits starting with `0x`}}
  %0 = "std.constant"() {value = dense<"0x01G2"> : vector<2xi8>} : () -> vector<2xi8>
  return %0 : vector<2xi8>
}

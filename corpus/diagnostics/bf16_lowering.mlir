// RUN: lower
// expected-error@+1 {{bf16}}
func @f(%a: bf16) -> bf16 {
  return %a : bf16
}

!word = type i16
// expected-error@+1 {{redefinition of alias '!word'}}
!word = type i32
func @f(%a: !word) -> !word {
  return %a : !word
}

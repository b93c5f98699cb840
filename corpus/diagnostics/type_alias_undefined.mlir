!word = type i16
func @f(%a: !word) -> !word {
  // expected-error@+1 {{undefined type alias '!wrod'}}
  %b = addi %a, %a : !wrod
  return %b : !word
}

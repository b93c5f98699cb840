func @main() {
  return
}
// expected-error@+1:1 {{redefinition of symbol '@main'}}
func.func @main() {
  func.return
}

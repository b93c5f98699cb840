// An explicit module terminator must end the module body.
module {
  "module_terminator"() : () -> ()
  // expected-error@+1 {{expected '}': module_terminator must end the module body, found 'func'}}
  func @f() {
    return
  }
}

func @f() {
^entry:
  // expected-error@+1 {{successor #0 is the entry block ^bb0}}
  br ^entry
}

// expected-error@+1:14 {{expected non-empty function body}}
func @main() {
}

// run: @main() ->
// No result prints nothing.
func @main() {
  return
}

// MLIR 13: cmpi of a vector with itself folds to a scalar i1 attribute, and the constant
// materialized for the vector result fails the verifier.
// run: @main() -> [true, true, true] : vector<3xi1>
func @same(%v: vector<3xi1>) -> vector<3xi1> {
  %c = cmpi "uge", %v, %v : vector<3xi1>
  return %c : vector<3xi1>
}
func @main() -> vector<3xi1> {
  %v = constant dense<[true, false, true]> : vector<3xi1>
  %r = call @same(%v) : (vector<3xi1>) -> vector<3xi1>
  return %r : vector<3xi1>
}

// run: @main() -> 3 : i32
// Type aliases in vector, memref and signature types beside an unused affine-map alias.
!t = type i32
!v = type vector<4x!t>
!m = type memref<2x!t>
#map0 = affine_map<(d0) -> (d0)>
func @main() -> !t {
  %a = constant dense<[1, 2, 3, 4]> : !v
  %c2 = constant 2 : index
  %e = extract_element %a[%c2] : !v
  %m = alloc() : !m
  %c0 = constant 0 : index
  store %e, %m[%c0] : !m
  %r = load %m[%c0] : !m
  return %r : !t
}

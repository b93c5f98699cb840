// run: @main() -> 7 : i32
// Affine maps as attribute values (inline, through aliases, in arrays) on the
// module, a function and an op.
#map0 = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(i)[s] -> (i * s + 1)>
module attributes {test.m = #map0} {
  func @main() -> i32 attributes {test.a = affine_map<(d0) -> (d0 floordiv 2)>, test.b = [#map1, #map0]} {
    %a = constant {test.c = #map1} 7 : i32
    return %a : i32
  }
}

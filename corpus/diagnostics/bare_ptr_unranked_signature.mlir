// RUN: lower --use-bare-ptr-memref-call-conv
// Unranked memrefs have no bare pointer form.
func @main() -> index {
  %m = alloca() : memref<2xf32>
  %u = memref_cast %m : memref<2xf32> to memref<*xf32>
  // expected-error@+1:8 {{cannot pass 'memref<*xf32>' under the bare pointer calling convention: unranked memrefs have no bare pointer form}}
  %r = call @rank_of(%u) : (memref<*xf32>) -> index
  return %r : index
}
// expected-error@+1:1 {{cannot pass 'memref<*xf32>' under the bare pointer calling convention: unranked memrefs have no bare pointer form}}
func @rank_of(%u: memref<*xf32>) -> index {
  %r = rank %u : memref<*xf32>
  return %r : index
}

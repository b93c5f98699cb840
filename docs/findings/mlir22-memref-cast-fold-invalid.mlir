func.func @f(%a: memref<4xf32>) -> memref<5xf32> {
  %u = memref.cast %a : memref<4xf32> to memref<?xf32>
  %s = memref.cast %u : memref<?xf32> to memref<5xf32>
  return %s : memref<5xf32>
}

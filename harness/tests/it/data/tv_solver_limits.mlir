// A generated module (stdlower gen --swarm --seed 79253248908617305) on which the tv
// oracle asks many queries that reach z3's time limit: campaign case 241 of
// `campaign --count 1000 --every tv=1`, once a hang finding (30 s of solver time).
// run: @main() -> -1 : i7
module {
  func @main() -> i7 {
    %0 = constant {test.note = "gen"} 2 : index
    %1 = constant @f5 : (index, index, i32, f64) -> ()
    %2:2 = call @f4(%0, %1) {test.note = "gen"} : (index, (index, index, i32, f64) -> ()) -> (i128, memref<3x?x1xf32>)
    %3 = constant 0 : index
    %4 = dim %2#1, %3 : memref<3x?x1xf32>
    %5 = constant -1 : index
    %6 = remi_unsigned %5, %4 : index
    %7 = constant 1 : index
    %8 = dim %2#1, %7 : memref<3x?x1xf32>
    %9 = remi_unsigned %5, %8 : index
    %10 = constant 0 : index
    %11 = load %2#1[%6, %9, %10] : memref<3x?x1xf32>
    %12 = constant -1 : i65
    %13 = constant 956974149563169135 : index
    %14 = index_cast %13 : index to i33
    %15 = constant 3 : index
    %16 = remi_unsigned %5, %15 : index
    %17 = dim %2#1, 1 : memref<3x?x1xf32>
    %18 = remi_unsigned %13, %17 {test.flag = true} : index
    %19 = constant 0 : index
    %20 = load %2#1[%16, %18, %19] {test.note = "gen"} : memref<3x?x1xf32>
    %21 = constant -37 : i33
    %22 = cmpi "sgt", %14, %21 : i33
    cond_br %22, ^bb1, ^bb1
  ^bb1:
    %23 = constant -0.0 : f32
    %24 = constant 14.0 : f32
    cond_br %22, ^bb2(%23 : f32), ^bb2(%24 : f32)
  ^bb2(%25: f32):
    %26 = constant -2147483648 : i32
    %27:2 = call @"\C6\92f1"(%13, %13) {stdlower.n = 6} : (index, index) -> (memref<*xi128>, memref<?x?xindex>)
    %28 = memref_cast %27#0 : memref<*xi128> to memref<i128>
    %29 = constant 0 : index
    %30 = dim %27#1, %29 {stdlower.n = 7} : memref<?x?xindex>
    %31 = remi_unsigned %13, %30 : index
    %32 = constant 1 : index
    %33 = dim %27#1, %32 : memref<?x?xindex>
    %34 = remi_unsigned %5, %33 : index
    %35 = load %27#1[%31, %34] : memref<?x?xindex>
    %36 = constant 1 : i64
    %37 = constant -1 : index
    %38 = constant 60000.0 : f16
    %39:3 = call @"f2 one"(%36, %37, %23, %38) {test.flag = true} : (i64, index, f32, f16) -> (i65, memref<?x4x?xi17>, memref<?x2xi8>)
    %40 = constant {test.note = "gen"} -1 : i7
    dealloc %2#1 : memref<3x?x1xf32>
    dealloc %28 : memref<i128>
    dealloc %27#1 : memref<?x?xindex>
    dealloc %39#1 : memref<?x4x?xi17>
    %41 = memref_cast %39#2 : memref<?x2xi8> to memref<?x?xi8>
    dealloc %41 : memref<?x?xi8>
    return %40 : i7
  }
  func @"\C6\92f1"(%arg0: index, %arg1: index) -> (memref<*xi128>, memref<?x?xindex>) {
    %0 = alloc() : memref<i128>
    %1 = constant 0 : index
    %2 = index_cast %1 : index to i128
    store %2, %0[] {test.note = "gen"} : memref<i128>
    %3 = constant 2 : index
    %4 = constant 2 : index
    %5 = alloc(%3, %4) : memref<?x?xindex>
    %6 = constant 0 : index
    %7 = constant 0 : index
    %8 = constant {stdlower.n = 3} 0 : index
    store %6, %5[%7, %8] : memref<?x?xindex>
    %9 = constant 1 : index
    %10 = constant 0 : index
    %11 = constant 1 : index
    store %9, %5[%10, %11] : memref<?x?xindex>
    %12 = constant 2 : index
    %13 = constant 1 : index
    %14 = constant 0 : index
    store %12, %5[%13, %14] : memref<?x?xindex>
    %15 = constant 3 : index
    %16 = constant 1 : index
    %17 = constant 1 : index
    store %15, %5[%16, %17] {test.flag = true} : memref<?x?xindex>
    %18 = constant 0 : i1
    %19 = constant 0 : i1
    %20 = subi %18, %19 : i1
    %21 = load %0[] : memref<i128>
    %22 = constant 0 : i8
    %23 = muli %22, %22 : i8
    %24 = constant -88 : i127
    %25 = and %24, %24 : i127
    %26 = index_cast %arg1 : index to i8
    %27 = memref_cast %0 : memref<i128> to memref<*xi128>
    return %27, %5 : memref<*xi128>, memref<?x?xindex>
  }
  func @"f2 one"(%arg0: i64, %arg1: index, %arg2: f32, %arg3: f16) -> (i65, memref<?x4x?xi17>, memref<?x2xi8>) {
    %0 = constant 0 : i64
    %1 = cmpi "sgt", %arg0, %0 : i64
    cond_br %1, ^bb19, ^bb20
  ^bb1:
    %2 = memref_cast %151 : memref<?x2xi8> to memref<*xi8>
    dealloc %2 : memref<*xi8>
    dealloc %97 : memref<?x2x3xf32>
    dealloc %45 : memref<?x1x2xf32>
    return {stdlower.n = 9} %71, %74, %16 : i65, memref<?x4x?xi17>, memref<?x2xi8>
  ^bb2:
    %3 = constant {test.flag = true} 2 : index
    %4 = constant 3 : index
    %5 = divi_unsigned %13, %3 : index
    %6 = remi_unsigned %5, %4 : index
    %7 = constant {test.flag = true} 1 : index
    %8 = constant 2 : index
    %9 = divi_unsigned %13, %7 : index
    %10 = remi_unsigned %9, %8 : index
    %11 = index_cast %13 : index to i8
    store %11, %16[%6, %10] : memref<?x2xi8>
    %12 = addi %13, %19 : index
    br ^bb3(%12 : index)
  ^bb3(%13: index):
    %14 = cmpi "ult", %13, %17 {test.flag = true} : index
    cond_br %14, ^bb2, ^bb1
  ^bb4:
    %15 = constant 3 : index
    %16 = alloc(%15) : memref<?x2xi8>
    %17 = constant 6 : index
    %18 = constant {test.note = "gen"} 0 : index
    %19 = constant 1 : index
    br ^bb3(%18 : index)
  ^bb5:
    %20 = constant 4 : index
    %21 = constant 3 : index
    %22 = divi_unsigned %34, %20 : index
    %23 = remi_unsigned %22, %21 : index
    %24 = constant 1 : index
    %25 = constant 4 : index
    %26 = divi_unsigned %34, %24 : index
    %27 = remi_unsigned %26, %25 {test.note = "gen"} : index
    %28 = constant {test.note = "gen"} 1 : index
    %29 = constant {test.flag = true} 1 : index
    %30 = divi_unsigned %34, %28 : index
    %31 = remi_unsigned %30, %29 : index
    %32 = index_cast %34 : index to i17
    store %32, %74[%23, %27, %31] : memref<?x4x?xi17>
    %33 = addi %34, %77 : index
    br ^bb6(%33 : index)
  ^bb6(%34: index):
    %35 = cmpi "ult", %34, %75 {test.unit} : index
    cond_br %35, ^bb5, ^bb4
  ^bb7:
    %36 = constant 3 : index
    %37 = dim %97, 1 : memref<?x2x3xf32>
    %38 = remi_unsigned %arg1, %37 : index
    %39 = dim %97, 2 {test.note = "gen"} : memref<?x2x3xf32>
    %40 = remi_unsigned %arg1, %39 : index
    %41 = load %97[%36, %38, %40] : memref<?x2x3xf32>
    %42 = constant 1 : index
    %43 = constant 1 : index
    %44 = addi %42, %43 : index
    %45 = alloc(%44) {alignment = 4, test.note = "gen"} : memref<?x1x2xf32>
    %46 = constant 0 : index
    %47 = index_cast %46 : index to i32
    %48 = sitofp %47 : i32 to f32
    %49 = constant 0 : index
    %50 = constant 0 : index
    %51 = constant 0 : index
    store %48, %45[%49, %50, %51] : memref<?x1x2xf32>
    %52 = constant 1 : index
    %53 = index_cast %52 : index to i32
    %54 = sitofp %53 : i32 to f32
    %55 = constant {test.flag = true} 0 : index
    %56 = constant 0 : index
    %57 = constant 1 : index
    store %54, %45[%55, %56, %57] : memref<?x1x2xf32>
    %58 = constant 2 : index
    %59 = index_cast %58 : index to i32
    %60 = sitofp %59 : i32 to f32
    %61 = constant 1 : index
    %62 = constant 0 : index
    %63 = constant 0 : index
    store %60, %45[%61, %62, %63] : memref<?x1x2xf32>
    %64 = constant 3 : index
    %65 = index_cast %64 : index to i32
    %66 = sitofp %65 : i32 to f32
    %67 = constant 1 : index
    %68 = constant 0 : index
    %69 = constant 1 : index
    store %66, %45[%67, %68, %69] : memref<?x1x2xf32>
    %70 = addi %arg1, %arg1 : index
    %71 = constant 5 : i65
    %72 = constant {test.unit} 3 : index
    %73 = constant 1 : index
    %74 = alloc(%72, %73) {test.flag = true} : memref<?x4x?xi17>
    %75 = constant 12 : index
    %76 = constant 0 : index
    %77 = constant {test.note = "gen"} 1 : index
    br ^bb6(%76 : index)
  ^bb8:
    %78 = constant 6 : index
    %79 = constant 4 : index
    %80 = divi_unsigned %94, %78 : index
    %81 = remi_unsigned %80, %79 : index
    %82 = constant 3 : index
    %83 = constant 2 : index
    %84 = divi_unsigned %94, %82 : index
    %85 = remi_unsigned %84, %83 : index
    %86 = constant {test.unit} 1 : index
    %87 = constant 3 : index
    %88 = divi_unsigned %94, %86 : index
    %89 = remi_unsigned %88, %87 : index
    %90 = index_cast %94 : index to i32
    %91 = sitofp %90 {test.note = "gen"} : i32 to f32
    %92 = addf %91, %arg2 {test.note = "gen"} : f32
    store %92, %97[%81, %85, %89] : memref<?x2x3xf32>
    %93 = addi %94, %100 : index
    br ^bb9(%93 : index)
  ^bb9(%94: index):
    %95 = cmpi "ult", %94, %98 : index
    cond_br %95, ^bb8, ^bb7
  ^bb10:
    %96 = constant 4 : index
    %97 = alloc(%96) {alignment = 32} : memref<?x2x3xf32>
    %98 = constant 24 : index
    %99 = constant 0 : index
    %100 = constant {test.note = "gen"} 1 : index
    br ^bb9(%99 : index) {stdlower.n = 5}
  ^bb11:
    %101 = constant 2 : index
    %102 = constant 4 : index
    %103 = divi_unsigned %111, %101 : index
    %104 = remi_unsigned %103, %102 : index
    %105 = constant 1 : index
    %106 = constant 2 : index
    %107 = divi_unsigned %111, %105 : index
    %108 = remi_unsigned %107, %106 : index
    %109 = index_cast %111 : index to i8
    store %109, %151[%104, %108] : memref<?x2xi8>
    %110 = addi %111, %154 : index
    br ^bb12(%110 : index)
  ^bb12(%111: index):
    %112 = cmpi "ult", %111, %152 : index
    cond_br %112, ^bb11, ^bb10
  ^bb13:
    return %155, %158, %128 : i65, memref<?x4x?xi17>, memref<?x2xi8>
  ^bb14:
    %113 = constant 2 : index
    %114 = constant 4 : index
    %115 = divi_unsigned %123, %113 {test.note = "gen"} : index
    %116 = remi_unsigned %115, %114 : index
    %117 = constant 1 : index
    %118 = constant 2 : index
    %119 = divi_unsigned %123, %117 : index
    %120 = remi_unsigned %119, %118 : index
    %121 = index_cast %123 : index to i8
    store %121, %128[%116, %120] : memref<?x2xi8>
    %122 = addi %123, %131 : index
    br ^bb15(%122 : index)
  ^bb15(%123: index):
    %124 = cmpi "ult", %123, %129 : index
    cond_br %124, ^bb14, ^bb13
  ^bb16:
    %125 = constant 3 : index
    %126 = constant 1 : index
    %127 = addi %125, %126 : index
    %128 = alloc(%127) : memref<?x2xi8>
    %129 = constant 8 : index
    %130 = constant 0 : index
    %131 = constant 1 : index
    br ^bb15(%130 : index)
  ^bb17:
    %132 = constant 12 : index
    %133 = constant 4 : index
    %134 = divi_unsigned %146, %132 : index
    %135 = remi_unsigned %134, %133 : index
    %136 = constant 3 : index
    %137 = constant 4 : index
    %138 = divi_unsigned %146, %136 : index
    %139 = remi_unsigned %138, %137 : index
    %140 = constant 1 : index
    %141 = constant 3 : index
    %142 = divi_unsigned %146, %140 : index
    %143 = remi_unsigned %142, %141 : index
    %144 = index_cast %146 : index to i17
    store %144, %158[%135, %139, %143] : memref<?x4x?xi17>
    %145 = addi %146, %161 : index
    br ^bb18(%145 : index)
  ^bb18(%146: index):
    %147 = cmpi "ult", %146, %159 : index
    cond_br %147, ^bb17, ^bb16
  ^bb19:
    %148 = constant 1 : i64
    %149 = subi %arg0, %148 : i64
    %150 = constant 4 : index
    %151 = alloc(%150) : memref<?x2xi8>
    %152 = constant 8 : index
    %153 = constant 0 : index
    %154 = constant 1 : index
    br ^bb12(%153 : index)
  ^bb20:
    %155 = constant 2118021771281964833 : i65
    %156 = constant 4 : index
    %157 = constant 3 : index
    %158 = alloc(%156, %157) : memref<?x4x?xi17>
    %159 = constant 48 : index
    %160 = constant 0 : index
    %161 = constant 1 : index
    br ^bb18(%160 : index)
  }
  func @f3(%arg0: i64, %arg1: i7, %arg2: memref<?x4xf64, offset: ?, strides: [?, ?]>, %arg3: memref<1x?xi17, offset: 3, strides: [?, 1]>) attributes {llvm.emit_c_interface} {
    %0 = constant -2147483648 : index
    %1 = constant 0 : index
    %2 = subi %0, %0 : index
    %3 = addi %2, %1 : index
    %4 = dim %arg2, %3 : memref<?x4xf64, offset: ?, strides: [?, ?]>
    %5 = remi_unsigned %0, %4 : index
    %6 = constant 0 : index
    %7 = load %arg2[%5, %6] : memref<?x4xf64, offset: ?, strides: [?, ?]>
    %8 = constant 0 : index
    %9 = dim %arg2, %8 : memref<?x4xf64, offset: ?, strides: [?, ?]>
    %10 = constant {test.note = "gen"} -52 : index
    %11 = remi_unsigned %10, %9 : index
    %12 = constant 4 : index
    %13 = remi_unsigned %0, %12 : index
    %14 = load %arg2[%11, %13] : memref<?x4xf64, offset: ?, strides: [?, ?]>
    %15 = constant 1 : index
    %16 = remi_unsigned %0, %15 {stdlower.n = 8} : index
    %17 = dim %arg3, 1 : memref<1x?xi17, offset: 3, strides: [?, 1]>
    %18 = remi_unsigned %0, %17 : index
    %19 = load %arg3[%16, %18] {test.unit} : memref<1x?xi17, offset: 3, strides: [?, 1]>
    %20 = constant {test.flag = true} 1 : index
    %21 = constant {test.unit} 2 : index
    %22 = remi_unsigned %21, %20 : index
    %23 = dim %arg3, 1 : memref<1x?xi17, offset: 3, strides: [?, 1]>
    %24 = remi_unsigned %0, %23 : index
    %25 = load %arg3[%22, %24] : memref<1x?xi17, offset: 3, strides: [?, 1]>
    %26 = constant 0 : i64
    %27 = constant 1 : i64
    %28 = cmpi "slt", %arg0, %27 : i64
    cond_br %28, ^bb2, ^bb1
  ^bb1:
    %29 = constant {test.unit} 1 : i64
    %30 = subi %arg0, %29 : i64
    %31 = constant 1294446152 : i32
    %32 = sexti %31 : i32 to i33
    %33 = cmpi "ule", %31, %31 : i32
    %34 = dim %arg2, 0 : memref<?x4xf64, offset: ?, strides: [?, ?]>
    %35 = remi_unsigned %21, %34 : index
    %36 = constant 2 : index
    store %14, %arg2[%35, %36] : memref<?x4xf64, offset: ?, strides: [?, ?]>
    return
  ^bb2:
    return
  }
  func @f4(%arg0: index, %arg1: (index, index, i32, f64) -> ()) -> (i128, memref<3x?x1xf32>) {
    %0 = constant 0 : index
    %1 = constant {test.note = "gen"} 1 : index
    %2 = cmpi "slt", %arg0, %1 : index
    cond_br %2, ^bb1, ^bb2 {stdlower.n = 8}
  ^bb1:
    %3 = constant 1 : i128
    %4 = constant 1 : index
    %5 = alloc(%4) {alignment = 1, test.flag = true} : memref<3x?x1xf32>
    %6 = constant 0 : index
    %7 = index_cast %6 : index to i32
    %8 = sitofp %7 : i32 to f32
    %9 = constant 0 : index
    %10 = constant {test.unit} 0 : index
    %11 = constant 0 : index
    store %8, %5[%9, %10, %11] : memref<3x?x1xf32>
    %12 = constant 1 : index
    %13 = index_cast %12 : index to i32
    %14 = sitofp %13 : i32 to f32
    %15 = constant 1 : index
    %16 = constant {test.note = "gen"} 0 : index
    %17 = constant 0 : index
    store %14, %5[%15, %16, %17] : memref<3x?x1xf32>
    %18 = constant 2 : index
    %19 = index_cast %18 : index to i32
    %20 = sitofp %19 : i32 to f32
    %21 = constant 2 : index
    %22 = constant 0 : index
    %23 = constant 0 : index
    store %20, %5[%21, %22, %23] : memref<3x?x1xf32>
    return {test.note = "gen"} %3, %5 : i128, memref<3x?x1xf32>
  ^bb2:
    %24 = constant 1 : index
    %25 = subi %arg0, %24 : index
    %26:2 = call @f4(%25, %arg1) : (index, (index, index, i32, f64) -> ()) -> (i128, memref<3x?x1xf32>)
    %27 = constant -49 : i65
    %28 = cmpi "ne", %27, %27 : i65
    %29 = constant 0 : i8
    %30 = muli %29, %29 : i8
    return %26#0, %26#1 : i128, memref<3x?x1xf32>
  }
  func @f5(%arg0: index, %arg1: index, %arg2: i32, %arg3: f64) attributes {llvm.emit_c_interface} {
    %0 = constant 3 : index
    %1 = constant 1 : index
    %2 = addi %0, %1 : index
    %3 = alloca(%2) {alignment = 64} : memref<1x?xi8>
    %4 = constant {test.note = "gen"} 0 : index
    %5 = index_cast %4 {test.unit} : index to i8
    %6 = constant 0 : index
    %7 = constant 0 : index
    store %5, %3[%6, %7] : memref<1x?xi8>
    %8 = constant 1 : index
    %9 = index_cast %8 : index to i8
    %10 = constant 0 : index
    %11 = constant 1 : index
    store %9, %3[%10, %11] : memref<1x?xi8>
    %12 = constant 2 : index
    %13 = index_cast %12 : index to i8
    %14 = constant 0 : index
    %15 = constant 2 : index
    store %13, %3[%14, %15] {test.flag = true} : memref<1x?xi8>
    %16 = constant 3 : index
    %17 = index_cast %16 : index to i8
    %18 = constant 0 : index
    %19 = constant 3 : index
    store %17, %3[%18, %19] : memref<1x?xi8>
    %20 = cmpi "sle", %arg2, %arg2 : i32
    %21 = constant 0 : i127
    %22 = cmpi "slt", %21, %21 : i127
    %23 = constant {test.note = "gen"} -5.25 : f16
    return
  }
  func @f6(%arg0: memref<1x3xindex, offset: ?, strides: [?, ?]> {test.note = "gen"}, %arg1: memref<?xi8, offset: ?, strides: [?]>, %arg2: memref<?xf64, offset: 9, strides: [?]>, %arg3: f32) -> (index, i8) attributes {llvm.emit_c_interface} {
    %0 = constant {test.note = "gen"} 0 : index
    %1 = constant -60 : index
    %2 = constant 1 : index
    %3 = subi %1, %1 : index
    %4 = addi %3, %2 {test.note = "gen"} : index
    %5 = dim %arg0, %4 : memref<1x3xindex, offset: ?, strides: [?, ?]>
    %6 = remi_unsigned %1, %5 : index
    %7 = load %arg0[%0, %6] : memref<1x3xindex, offset: ?, strides: [?, ?]>
    %8 = constant 0 : index
    %9 = dim %arg0, %8 {test.unit} : memref<1x3xindex, offset: ?, strides: [?, ?]>
    %10 = constant 2 : index
    %11 = remi_unsigned %10, %9 : index
    %12 = constant 3 : index
    %13 = constant 1 : index
    %14 = remi_unsigned %13, %12 : index
    %15 = load %arg0[%11, %14] {test.note = "gen"} : memref<1x3xindex, offset: ?, strides: [?, ?]>
    %16 = dim %arg1, 0 : memref<?xi8, offset: ?, strides: [?]>
    %17 = remi_unsigned %15, %16 : index
    %18 = load %arg1[%17] : memref<?xi8, offset: ?, strides: [?]>
    %19 = dim %arg1, 0 {test.unit} : memref<?xi8, offset: ?, strides: [?]>
    %20 = remi_unsigned %15, %19 : index
    %21 = load %arg1[%20] : memref<?xi8, offset: ?, strides: [?]>
    %22 = constant 0 : index
    %23 = subi %10, %10 : index
    %24 = addi %23, %22 : index
    %25 = dim %arg2, %24 : memref<?xf64, offset: 9, strides: [?]>
    %26 = constant -1 : index
    %27 = remi_unsigned %26, %25 {test.unit} : index
    %28 = load %arg2[%27] : memref<?xf64, offset: 9, strides: [?]>
    %29 = constant 0 : index
    %30 = subi %13, %13 : index
    %31 = addi %30, %29 : index
    %32 = dim %arg2, %31 : memref<?xf64, offset: 9, strides: [?]>
    %33 = remi_unsigned %13, %32 : index
    %34 = load %arg2[%33] {test.note = "gen"} : memref<?xf64, offset: 9, strides: [?]>
    %35 = constant 1 : index
    %36 = constant 1 : index
    %37 = addi %35, %36 : index
    %38 = alloc(%37) : memref<?xi127>
    %39 = constant 0 : index
    %40 = index_cast %39 : index to i127
    %41 = constant 0 : index
    store %40, %38[%41] : memref<?xi127>
    %42 = constant 1 : index
    %43 = index_cast %42 {test.note = "gen"} : index to i127
    %44 = constant 1 : index
    store %43, %38[%44] : memref<?xi127>
    %45 = constant -2427327733 : i33
    %46 = subi %45, %45 : i33
    %47 = constant 1 : index
    %48 = load %38[%47] : memref<?xi127>
    %49 = constant 2147483647 : index
    %50 = cmpi "ult", %21, %21 : i8
    %51 = dim %arg1, 0 : memref<?xi8, offset: ?, strides: [?]>
    %52 = remi_unsigned %15, %51 : index
    %53 = load %arg1[%52] : memref<?xi8, offset: ?, strides: [?]>
    %54 = constant -18446744073709551616 : i65
    %55 = muli %54, %54 {stdlower.n = 0} : i65
    dealloc %38 : memref<?xi127>
    return %15, %21 : index, i8
  }
  llvm.func @free(!llvm.ptr)
}

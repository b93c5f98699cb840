module {
  llvm.func @free(!llvm.ptr)
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @main() -> !llvm.struct<(vector<7xi65>, i64, i17)> {
    %0 = llvm.mlir.constant(dense<1.000000e+00> : vector<1xf64>) : vector<1xf64>
    %1 = llvm.mlir.constant(dense<0.000000e+00> : vector<1xf64>) : vector<1xf64>
    %2 = llvm.mlir.constant(1 : i17) : i17
    %3 = llvm.mlir.constant(dense<-77> : vector<7xi65>) : vector<7xi65>
    %4 = llvm.mlir.constant(dense<2.500000e-01> : vector<1xf64>) : vector<1xf64>
    %5 = llvm.mlir.constant(8.000000e+00 : f16) : f16
    %6 = llvm.mlir.constant(4 : index) : i64
    %7 = llvm.mlir.constant(6 : index) : i64
    %8 = llvm.mlir.constant(24 : index) : i64
    %9 = llvm.mlir.constant(3 : index) : i64
    %10 = llvm.mlir.constant(1 : index) : i64
    %11 = llvm.mlir.constant(0 : index) : i64
    %12 = llvm.mlir.constant(2 : index) : i64
    %13 = llvm.mlir.constant(1 : index) : i64
    %14 = llvm.alloca %12 x vector<1xf64> : (i64) -> !llvm.ptr
    %15 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %16 = llvm.insertvalue %14, %15[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %17 = llvm.insertvalue %14, %16[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %18 = llvm.mlir.constant(0 : index) : i64
    %19 = llvm.insertvalue %18, %17[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %20 = llvm.insertvalue %12, %19[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %21 = llvm.insertvalue %13, %20[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %22 = llvm.extractvalue %21[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %23 = llvm.getelementptr inbounds|nuw %22[%11] : (!llvm.ptr, i64) -> !llvm.ptr, vector<1xf64>
    llvm.store %1, %23 : vector<1xf64>, !llvm.ptr
    %24 = llvm.extractvalue %21[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %25 = llvm.getelementptr inbounds|nuw %24[%10] : (!llvm.ptr, i64) -> !llvm.ptr, vector<1xf64>
    llvm.store %0, %25 : vector<1xf64>, !llvm.ptr
    %26 = llvm.mlir.constant(3 : index) : i64
    %27 = llvm.mlir.constant(1 : index) : i64
    %28 = llvm.mlir.constant(2 : index) : i64
    %29 = llvm.mlir.constant(1 : index) : i64
    %30 = llvm.mlir.constant(2 : index) : i64
    %31 = llvm.mlir.constant(6 : index) : i64
    %32 = llvm.mul %31, %6 : i64
    %33 = llvm.mlir.zero : !llvm.ptr
    %34 = llvm.getelementptr %33[%32] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %35 = llvm.ptrtoint %34 : !llvm.ptr to i64
    %36 = llvm.call @malloc(%35) : (i64) -> !llvm.ptr
    %37 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)>
    %38 = llvm.insertvalue %36, %37[0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %39 = llvm.insertvalue %36, %38[1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %40 = llvm.mlir.constant(0 : index) : i64
    %41 = llvm.insertvalue %40, %39[2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %42 = llvm.insertvalue %6, %41[3, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %43 = llvm.insertvalue %26, %42[3, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %44 = llvm.insertvalue %27, %43[3, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %45 = llvm.insertvalue %28, %44[3, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %46 = llvm.insertvalue %31, %45[4, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %47 = llvm.insertvalue %30, %46[4, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %48 = llvm.insertvalue %28, %47[4, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %49 = llvm.insertvalue %29, %48[4, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    llvm.br ^bb1(%11 : i64)
  ^bb1(%50: i64):  // 2 preds: ^bb0, ^bb2
    %51 = llvm.icmp "ult" %50, %8 : i64
    llvm.cond_br %51, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %52 = llvm.udiv %50, %7 : i64
    %53 = llvm.urem %52, %6 : i64
    %54 = llvm.udiv %50, %12 : i64
    %55 = llvm.urem %54, %9 : i64
    %56 = llvm.urem %50, %12 : i64
    %57 = llvm.extractvalue %49[1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %58 = llvm.mlir.constant(6 : index) : i64
    %59 = llvm.mul %53, %58 overflow<nsw, nuw> : i64
    %60 = llvm.mlir.constant(2 : index) : i64
    %61 = llvm.mul %55, %60 overflow<nsw, nuw> : i64
    %62 = llvm.add %59, %61 overflow<nsw, nuw> : i64
    %63 = llvm.mlir.constant(2 : index) : i64
    %64 = llvm.mul %11, %63 overflow<nsw, nuw> : i64
    %65 = llvm.add %62, %64 overflow<nsw, nuw> : i64
    %66 = llvm.add %65, %56 overflow<nsw, nuw> : i64
    %67 = llvm.getelementptr inbounds|nuw %57[%66] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %50, %67 : i64, !llvm.ptr
    %68 = llvm.add %50, %10 : i64
    llvm.br ^bb1(%68 : i64)
  ^bb3:  // pred: ^bb1
    %69 = llvm.intr.fabs(%5) : (f16) -> f16
    %70 = llvm.fmul %69, %69 : f16
    %71 = llvm.extractvalue %21[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %72 = llvm.getelementptr inbounds|nuw %71[%11] : (!llvm.ptr, i64) -> !llvm.ptr, vector<1xf64>
    llvm.store %4, %72 : vector<1xf64>, !llvm.ptr
    %73 = llvm.call @f2(%70) : (f16) -> !llvm.struct<(i127, f32)>
    %74 = llvm.extractvalue %73[0] : !llvm.struct<(i127, f32)> 
    %75 = llvm.extractvalue %73[1] : !llvm.struct<(i127, f32)> 
    %76 = llvm.extractvalue %49[0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    llvm.call @free(%76) : (!llvm.ptr) -> ()
    %77 = llvm.mlir.poison : !llvm.struct<(vector<7xi65>, i64, i17)>
    %78 = llvm.insertvalue %3, %77[0] : !llvm.struct<(vector<7xi65>, i64, i17)> 
    %79 = llvm.insertvalue %6, %78[1] : !llvm.struct<(vector<7xi65>, i64, i17)> 
    %80 = llvm.insertvalue %2, %79[2] : !llvm.struct<(vector<7xi65>, i64, i17)> 
    llvm.return %80 : !llvm.struct<(vector<7xi65>, i64, i17)>
  }
  llvm.func @f1(%arg0: i32 {test.note = "gen"}) attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.constant(2 : i64) : i64
    %1 = llvm.mlir.constant(1 : i64) : i64
    %2 = llvm.mlir.constant(3 : i64) : i64
    %3 = llvm.mlir.constant(0 : i64) : i64
    %4 = llvm.mlir.constant(false) : i1
    %5 = llvm.mlir.constant(2 : index) : i64
    %6 = llvm.mlir.constant(3 : index) : i64
    %7 = llvm.mlir.constant(1 : index) : i64
    %8 = llvm.mlir.constant(0 : index) : i64
    %9 = llvm.mlir.constant(9 : index) : i64
    %10 = llvm.mlir.constant(1 : i32) : i32
    %11 = llvm.icmp "slt" %arg0, %10 : i32
    llvm.cond_br %11, ^bb1, ^bb2
  ^bb1:  // 3 preds: ^bb0, ^bb8, ^bb8
    llvm.return
  ^bb2:  // pred: ^bb0
    %12 = llvm.sub %arg0, %10 : i32
    %13 = llvm.mlir.constant(3 : index) : i64
    %14 = llvm.mlir.constant(3 : index) : i64
    %15 = llvm.mlir.constant(1 : index) : i64
    %16 = llvm.mlir.constant(9 : index) : i64
    %17 = llvm.alloca %16 x f64 : (i64) -> !llvm.ptr
    %18 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %19 = llvm.insertvalue %17, %18[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %20 = llvm.insertvalue %17, %19[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %21 = llvm.mlir.constant(0 : index) : i64
    %22 = llvm.insertvalue %21, %20[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %23 = llvm.insertvalue %13, %22[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %24 = llvm.insertvalue %14, %23[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %25 = llvm.insertvalue %14, %24[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %26 = llvm.insertvalue %15, %25[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    llvm.br ^bb3(%8 : i64)
  ^bb3(%27: i64):  // 2 preds: ^bb2, ^bb4
    %28 = llvm.icmp "ult" %27, %9 : i64
    llvm.cond_br %28, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %29 = llvm.udiv %27, %6 : i64
    %30 = llvm.urem %29, %6 : i64
    %31 = llvm.urem %27, %6 : i64
    %32 = llvm.trunc %27 : i64 to i32
    %33 = llvm.sitofp %32 : i32 to f64
    %34 = llvm.extractvalue %26[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %35 = llvm.mlir.constant(3 : index) : i64
    %36 = llvm.mul %30, %35 overflow<nsw, nuw> : i64
    %37 = llvm.add %36, %31 overflow<nsw, nuw> : i64
    %38 = llvm.getelementptr inbounds|nuw %34[%37] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %33, %38 : f64, !llvm.ptr
    %39 = llvm.add %27, %7 : i64
    llvm.br ^bb3(%39 : i64)
  ^bb5:  // pred: ^bb3
    %40 = llvm.mlir.constant(4 : index) : i64
    %41 = llvm.mlir.constant(1 : index) : i64
    %42 = llvm.alloca %40 x i64 : (i64) -> !llvm.ptr
    %43 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %44 = llvm.insertvalue %42, %43[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %45 = llvm.insertvalue %42, %44[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %46 = llvm.mlir.constant(0 : index) : i64
    %47 = llvm.insertvalue %46, %45[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %48 = llvm.insertvalue %40, %47[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %49 = llvm.insertvalue %41, %48[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %50 = llvm.extractvalue %49[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %51 = llvm.getelementptr inbounds|nuw %50[%8] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %3, %51 : i64, !llvm.ptr
    %52 = llvm.extractvalue %49[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %53 = llvm.getelementptr inbounds|nuw %52[%7] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %1, %53 : i64, !llvm.ptr
    %54 = llvm.extractvalue %49[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %55 = llvm.getelementptr inbounds|nuw %54[%5] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %0, %55 : i64, !llvm.ptr
    %56 = llvm.extractvalue %49[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %57 = llvm.getelementptr inbounds|nuw %56[%6] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %2, %57 : i64, !llvm.ptr
    llvm.call @f1(%12) : (i32) -> ()
    llvm.br ^bb6(%3 : i64)
  ^bb6(%58: i64):  // 2 preds: ^bb5, ^bb7
    %59 = llvm.icmp "eq" %58, %2 : i64
    llvm.cond_br %59, ^bb8, ^bb7
  ^bb7:  // pred: ^bb6
    %60 = llvm.add %58, %1 : i64
    llvm.br ^bb6(%60 : i64)
  ^bb8:  // pred: ^bb6
    llvm.cond_br %4, ^bb1, ^bb1
  }
  llvm.func @_mlir_ciface_f1(%arg0: i32 {test.note = "gen"}) attributes {llvm.emit_c_interface} {
    llvm.call @f1(%arg0) : (i32) -> ()
    llvm.return
  }
  llvm.func @f2(%arg0: f16) -> !llvm.struct<(i127, f32)> {
    %0 = llvm.mlir.constant(3.250000e+00 : f32) : f32
    %1 = llvm.mlir.constant(1 : i127) : i127
    %2 = llvm.mlir.constant(2 : index) : i64
    %3 = llvm.mlir.constant(32 : i8) : i8
    %4 = llvm.mlir.constant(4 : index) : i64
    %5 = llvm.mlir.constant(0 : index) : i64
    %6 = llvm.mlir.constant(12 : index) : i64
    %7 = llvm.mlir.constant(1 : index) : i64
    %8 = llvm.mlir.constant(3 : index) : i64
    %9 = llvm.mlir.constant(3 : index) : i64
    %10 = llvm.mlir.constant(1 : index) : i64
    %11 = llvm.mul %4, %9 : i64
    %12 = llvm.mul %11, %7 : i64
    %13 = llvm.alloca %12 x i8 : (i64) -> !llvm.ptr
    %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
    %15 = llvm.insertvalue %13, %14[0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %16 = llvm.insertvalue %13, %15[1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %17 = llvm.mlir.constant(0 : index) : i64
    %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %19 = llvm.insertvalue %7, %18[3, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %20 = llvm.insertvalue %9, %19[3, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %21 = llvm.insertvalue %4, %20[3, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %22 = llvm.insertvalue %11, %21[4, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %23 = llvm.insertvalue %4, %22[4, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %24 = llvm.insertvalue %10, %23[4, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    llvm.br ^bb1(%5 : i64)
  ^bb1(%25: i64):  // 2 preds: ^bb0, ^bb2
    %26 = llvm.icmp "ult" %25, %6 : i64
    llvm.cond_br %26, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %27 = llvm.udiv %25, %4 : i64
    %28 = llvm.urem %27, %8 : i64
    %29 = llvm.urem %25, %4 : i64
    %30 = llvm.trunc %25 : i64 to i8
    %31 = llvm.extractvalue %24[1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %32 = llvm.extractvalue %24[4, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %33 = llvm.mul %5, %32 overflow<nsw, nuw> : i64
    %34 = llvm.extractvalue %24[4, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %35 = llvm.mul %28, %34 overflow<nsw, nuw> : i64
    %36 = llvm.add %33, %35 overflow<nsw, nuw> : i64
    %37 = llvm.add %36, %29 overflow<nsw, nuw> : i64
    %38 = llvm.getelementptr inbounds|nuw %31[%37] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    llvm.store %30, %38 : i8, !llvm.ptr
    %39 = llvm.add %25, %7 : i64
    llvm.br ^bb1(%39 : i64)
  ^bb3:  // pred: ^bb1
    %40 = llvm.extractvalue %24[1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %41 = llvm.extractvalue %24[4, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %42 = llvm.mul %5, %41 overflow<nsw, nuw> : i64
    %43 = llvm.extractvalue %24[4, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %44 = llvm.mul %2, %43 overflow<nsw, nuw> : i64
    %45 = llvm.add %42, %44 overflow<nsw, nuw> : i64
    %46 = llvm.add %45, %7 overflow<nsw, nuw> : i64
    %47 = llvm.getelementptr inbounds|nuw %40[%46] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    llvm.store %3, %47 : i8, !llvm.ptr
    %48 = llvm.mlir.poison : !llvm.struct<(i127, f32)>
    %49 = llvm.insertvalue %1, %48[0] : !llvm.struct<(i127, f32)> 
    %50 = llvm.insertvalue %0, %49[1] : !llvm.struct<(i127, f32)> 
    llvm.return %50 : !llvm.struct<(i127, f32)>
  }
  llvm.func @f3(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64, %arg14: i64, %arg15: i64, %arg16: i64, %arg17: i64, %arg18: !llvm.ptr, %arg19: !llvm.ptr, %arg20: i64, %arg21: i64, %arg22: i64) -> !llvm.struct<(vector<3xi127>, i64, f16)> attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)>
    %1 = llvm.insertvalue %arg7, %0[0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %2 = llvm.insertvalue %arg8, %1[1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %3 = llvm.insertvalue %arg9, %2[2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %4 = llvm.insertvalue %arg10, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %5 = llvm.insertvalue %arg14, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %6 = llvm.insertvalue %arg11, %5[3, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %7 = llvm.insertvalue %arg15, %6[4, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %8 = llvm.insertvalue %arg12, %7[3, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %9 = llvm.insertvalue %arg16, %8[4, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %10 = llvm.insertvalue %arg13, %9[3, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %11 = llvm.insertvalue %arg17, %10[4, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %12 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %13 = llvm.insertvalue %arg0, %12[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %14 = llvm.insertvalue %arg1, %13[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %15 = llvm.insertvalue %arg2, %14[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %16 = llvm.insertvalue %arg3, %15[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %17 = llvm.insertvalue %arg5, %16[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %18 = llvm.insertvalue %arg4, %17[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %19 = llvm.insertvalue %arg6, %18[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %20 = llvm.mlir.constant(0.000000e+00 : f16) : f16
    %21 = llvm.mlir.constant(2 : index) : i64
    %22 = llvm.mlir.constant(1 : index) : i64
    %23 = llvm.mlir.constant(0 : index) : i64
    %24 = llvm.extractvalue %19[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %25 = llvm.urem %22, %24 : i64
    %26 = llvm.extractvalue %19[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %27 = llvm.urem %22, %26 : i64
    %28 = llvm.extractvalue %19[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %29 = llvm.extractvalue %19[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %30 = llvm.mul %25, %29 overflow<nsw, nuw> : i64
    %31 = llvm.add %30, %27 overflow<nsw, nuw> : i64
    %32 = llvm.getelementptr inbounds|nuw %28[%31] : (!llvm.ptr, i64) -> !llvm.ptr, vector<3xi127>
    %33 = llvm.load %32 : !llvm.ptr -> vector<3xi127>
    %34 = llvm.extractvalue %11[3, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %35 = llvm.urem %23, %34 : i64
    %36 = llvm.extractvalue %11[1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %37 = llvm.extractvalue %11[2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %38 = llvm.getelementptr %36[%37] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %39 = llvm.extractvalue %11[4, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %40 = llvm.mul %21, %39 overflow<nsw, nuw> : i64
    %41 = llvm.extractvalue %11[4, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %42 = llvm.mul %23, %41 overflow<nsw, nuw> : i64
    %43 = llvm.add %40, %42 overflow<nsw, nuw> : i64
    %44 = llvm.mlir.constant(3 : index) : i64
    %45 = llvm.mul %35, %44 overflow<nsw, nuw> : i64
    %46 = llvm.add %43, %45 overflow<nsw, nuw> : i64
    %47 = llvm.mlir.constant(2 : index) : i64
    %48 = llvm.mul %23, %47 overflow<nsw, nuw> : i64
    %49 = llvm.add %46, %48 overflow<nsw, nuw> : i64
    %50 = llvm.getelementptr inbounds|nuw %38[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %51 = llvm.load %50 : !llvm.ptr -> i64
    %52 = llvm.mlir.poison : !llvm.struct<(vector<3xi127>, i64, f16)>
    %53 = llvm.insertvalue %33, %52[0] : !llvm.struct<(vector<3xi127>, i64, f16)> 
    %54 = llvm.insertvalue %51, %53[1] : !llvm.struct<(vector<3xi127>, i64, f16)> 
    %55 = llvm.insertvalue %20, %54[2] : !llvm.struct<(vector<3xi127>, i64, f16)> 
    llvm.return %55 : !llvm.struct<(vector<3xi127>, i64, f16)>
  }
  llvm.func @_mlir_ciface_f3(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %0 = llvm.load %arg1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %1 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %2 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %3 = llvm.extractvalue %0[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %4 = llvm.extractvalue %0[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %5 = llvm.extractvalue %0[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %6 = llvm.extractvalue %0[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %7 = llvm.extractvalue %0[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %8 = llvm.load %arg2 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)>
    %9 = llvm.extractvalue %8[0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %10 = llvm.extractvalue %8[1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %11 = llvm.extractvalue %8[2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %12 = llvm.extractvalue %8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %13 = llvm.extractvalue %8[3, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %14 = llvm.extractvalue %8[3, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %15 = llvm.extractvalue %8[3, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %16 = llvm.extractvalue %8[4, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %17 = llvm.extractvalue %8[4, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %18 = llvm.extractvalue %8[4, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %19 = llvm.extractvalue %8[4, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %20 = llvm.load %arg3 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %21 = llvm.extractvalue %20[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %22 = llvm.extractvalue %20[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %23 = llvm.extractvalue %20[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %24 = llvm.extractvalue %20[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %25 = llvm.extractvalue %20[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %26 = llvm.call @f3(%1, %2, %3, %4, %5, %6, %7, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %21, %22, %23, %24, %25) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64) -> !llvm.struct<(vector<3xi127>, i64, f16)>
    llvm.store %26, %arg0 : !llvm.struct<(vector<3xi127>, i64, f16)>, !llvm.ptr
    llvm.return
  }
  llvm.func @llvm_f0(%arg0: i64, %arg1: i64, %arg2: i1) -> i64 attributes {dialect.generated} {
    %0 = llvm.mlir.constant(-5 : i64) : i64
    %1 = llvm.and %0, %0 : i64
    llvm.cond_br %arg2, ^bb1(%0 : i64), ^bb1(%1 : i64)
  ^bb1(%2: i64):  // 2 preds: ^bb0, ^bb0
    llvm.return %2 : i64
  }
  llvm.func @llvm_f1(%arg0: i64, %arg1: i64, %arg2: i1) -> i64 {
    %0 = llvm.mlir.constant(8 : i64) : i64
    llvm.cond_br %arg2, ^bb1(%0 : i64), ^bb1(%arg0 : i64)
  ^bb1(%1: i64):  // 2 preds: ^bb0, ^bb0
    %2 = llvm.xor %1, %0 : i64
    llvm.return %2 : i64
  }
}


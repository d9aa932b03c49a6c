// A host-compiler stand-in for the CUDA keywords the generated kernels use, so that CI (which
// has no GPU and no nvcc) can check them with `g++ -std=c++17 -fsyntax-only -include shim.h`.
#pragma once
#include <cstddef>
#define __global__
#define __device__
#define __shared__
#define __align__(n) alignas(n)
struct cute_shim_dim3 { unsigned x, y, z; };
static const cute_shim_dim3 threadIdx = {0, 0, 0};
inline std::size_t __cvta_generic_to_shared(const void *p) { return reinterpret_cast<std::size_t>(p); }

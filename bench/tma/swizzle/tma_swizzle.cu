// bench/tma/swizzle/tma_swizzle.cu: swizzled TMA loads measured on the GPU. For every case of
// OFFSETS (written by gen_offsets.sh from `cute show`), encodes a 2-D tensor map with the CUDA
// driver (cuTensorMapEncodeTiled, the case's swizzle), loads one box into a 1024-byte-aligned
// shared array with cp.async.bulk.tensor, dumps the shared array to global memory and compares,
// for each element (row r, column c) of the box, the bytes at the element offset the layout gives
// (cute's offset of (r, c), times the element size) with the global element (c1 + r, c0 + c).
// Every global byte is distinct per element position (a hash of its byte address), so an element
// found at the wrong place does not match. Prints one line per (case, layout): matches / elements.
//   nvcc -std=c++17 -arch=sm_90a -o tma_swizzle tma_swizzle.cu -lcuda && ./tma_swizzle OFFSETS
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

constexpr int kSmemBytes = 32768;

__global__ void tma_load_box(const __grid_constant__ CUtensorMap map, int c0, int c1, unsigned bytes,
                             unsigned char *dump)
{
    extern __shared__ __align__(1024) unsigned char dyn[];
    __shared__ __align__(8) unsigned long long bar;
    const unsigned sbar = static_cast<unsigned>(__cvta_generic_to_shared(&bar));
    // the box lands at a 1024-byte-aligned shared address (the swizzle pattern repeats every 1024 bytes)
    const unsigned raw = static_cast<unsigned>(__cvta_generic_to_shared(dyn));
    const unsigned sdst = (raw + 1023u) & ~1023u;
    const unsigned char *smem = dyn + (sdst - raw);
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(sbar) : "memory");
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(sbar), "r"(bytes) : "memory");
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                     ::"r"(sdst), "l"(&map), "r"(c0), "r"(c1), "r"(sbar) : "memory");
    }
    unsigned done = 0;
    while (!done) {
        asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                     : "=r"(done) : "r"(sbar) : "memory");
    }
    for (unsigned i = threadIdx.x; i < bytes; i += blockDim.x) dump[i] = smem[i];
}

static unsigned char global_byte(size_t i) { return static_cast<unsigned char>((i * 2654435761u) >> 13); }

int main(int argc, char **argv)
{
    if (argc < 2) { std::fprintf(stderr, "usage: tma_swizzle OFFSETS [DUMP]\n"); return 2; }
    FILE *f = std::fopen(argv[1], "r");
    if (!f) { std::perror(argv[1]); return 2; }
    FILE *dumpf = argc > 2 ? std::fopen(argv[2], "w") : nullptr;
    cudaFuncSetAttribute(tma_load_box, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes + 1024);
    char name[128], tag[512];
    int elem, g0, g1, b0, b1, c0, c1, swz, bad = 0, lines = 0;
    std::string last;
    std::vector<unsigned char> host, smem;
    while (std::fscanf(f, "%127s %d %d %d %d %d %d %d %d %511s", name, &elem, &g0, &g1, &b0, &b1, &c0, &c1, &swz, tag) == 10) {
        std::vector<long> off(static_cast<size_t>(b0) * b1);
        for (auto &o : off) if (std::fscanf(f, "%ld", &o) != 1) { std::fprintf(stderr, "short offsets line\n"); return 2; }
        const unsigned bytes = static_cast<unsigned>(b0) * b1 * elem;
        if (last != name) {  // a new case: load its box
            last = name;
            const size_t gbytes = static_cast<size_t>(g0) * g1 * elem;
            host.resize(gbytes);
            for (size_t i = 0; i < gbytes; ++i) host[i] = global_byte(i);
            unsigned char *dg = nullptr, *dd = nullptr;
            if (cudaMalloc(&dg, gbytes) != cudaSuccess || cudaMalloc(&dd, kSmemBytes) != cudaSuccess) { std::printf("cudaMalloc failed\n"); return 1; }
            cudaMemcpy(dg, host.data(), gbytes, cudaMemcpyHostToDevice);
            cudaMemset(dd, 0, kSmemBytes);
            CUtensorMap map;
            const CUtensorMapDataType dt = elem == 1 ? CU_TENSOR_MAP_DATA_TYPE_UINT8 : elem == 2 ? CU_TENSOR_MAP_DATA_TYPE_UINT16 : CU_TENSOR_MAP_DATA_TYPE_UINT32;
            const CUtensorMapSwizzle sw = swz == 128 ? CU_TENSOR_MAP_SWIZZLE_128B : swz == 64 ? CU_TENSOR_MAP_SWIZZLE_64B : swz == 32 ? CU_TENSOR_MAP_SWIZZLE_32B : CU_TENSOR_MAP_SWIZZLE_NONE;
            cuuint64_t gdim[2] = {static_cast<cuuint64_t>(g0), static_cast<cuuint64_t>(g1)};
            cuuint64_t gstride[1] = {static_cast<cuuint64_t>(g0) * elem};
            cuuint32_t box[2] = {static_cast<cuuint32_t>(b0), static_cast<cuuint32_t>(b1)}, estride[2] = {1, 1};
            CUresult r = cuTensorMapEncodeTiled(&map, dt, 2, dg, gdim, gstride, box, estride, CU_TENSOR_MAP_INTERLEAVE_NONE, sw,
                                                CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
            if (r != CUDA_SUCCESS) { std::printf("%s: cuTensorMapEncodeTiled failed (%d)\n", name, static_cast<int>(r)); return 1; }
            tma_load_box<<<1, 128, kSmemBytes + 1024>>>(map, c0, c1, bytes, dd);
            cudaError_t e = cudaDeviceSynchronize();
            if (e != cudaSuccess) { std::printf("%s: kernel failed: %s\n", name, cudaGetErrorString(e)); return 1; }
            smem.resize(bytes);
            cudaMemcpy(smem.data(), dd, bytes, cudaMemcpyDeviceToHost);
            cudaFree(dg);
            cudaFree(dd);
            if (dumpf) {
                std::fprintf(dumpf, "%s %u", name, bytes);
                for (unsigned i = 0; i < bytes; ++i) std::fprintf(dumpf, " %02x", smem[i]);
                std::fprintf(dumpf, "\n");
            }
        }
        // element (r, c) of the box: global element (c1 + r, c0 + c); smem bytes at off[r * b0 + c] * elem
        long match = 0;
        long first_bad = -1;
        for (int r = 0; r < b1; ++r)
            for (int c = 0; c < b0; ++c) {
                const long o = off[static_cast<size_t>(r) * b0 + c];
                const size_t g = (static_cast<size_t>(c1 + r) * g0 + c0 + c) * elem;
                bool ok = o >= 0 && (o + 1) * elem <= static_cast<long>(bytes) && std::memcmp(&smem[o * elem], &host[g], elem) == 0;
                if (ok) ++match; else if (first_bad < 0) first_bad = static_cast<long>(r) * b0 + c;
            }
        const long n = static_cast<long>(b0) * b1;
        std::printf("%s\t%d-byte\tbox (%d,%d) at (%d,%d)\t%dB swizzle\t%s\t%ld/%ld elements where the layout says%s\n", name, elem, b0, b1, c0, c1, swz,
                    tag, match, n, match == n ? "" : (" (first miss: box element " + std::to_string(first_bad) + ")").c_str());
        bad += match != n && std::strncmp(tag, "expect-miss:", 12) != 0;
        bad += match == n && std::strncmp(tag, "expect-miss:", 12) == 0;
        ++lines;
    }
    std::printf("tma_swizzle: %d layout checks, %d not as expected\n", lines, bad);
    return bad == 0 && lines > 0 ? 0 : 1;
}

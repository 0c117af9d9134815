// One block per row: a chunk of the vertically blurred difference, with the
// horizontal filter's reach on both sides, goes to shared memory, then each
// thread filters one column horizontally. Integer arithmetic throughout, in
// the CPU's order of shifts and roundings (motion_dsp.c).
#include <cstdint>
#include <cstdlib>

#include "cuda/cuda_check.h"
#include "cuda/cuda_reduce.cuh"
#include "motion_cuda.h"

namespace
{

constexpr unsigned kThreads = 256;
constexpr int kTaps = 5;
constexpr int kRadius = kTaps / 2;

// Q16 taps, summing to 65536 (the CPU's motion_filter).
__constant__ int32_t kFilter[kTaps] = {3571, 16004, 26386, 16004, 3571};

// motion_mirror_index(): reflected about the first and last sample.
__device__ unsigned mirror(int i, unsigned n)
{
    if (i < 0)
        return static_cast<unsigned>(-i);
    if (static_cast<unsigned>(i) >= n)
        return 2 * n - static_cast<unsigned>(i) - 2;
    return static_cast<unsigned>(i);
}

template <typename Sample> __global__ void row_sad(MotionCudaRows a)
{
    __shared__ int32_t blurred[kThreads + 2 * kRadius];
    const unsigned y = blockIdx.x;
    const Sample *prev[kTaps], *cur[kTaps];
    for (int k = 0; k < kTaps; k++) {
        const unsigned src_y = mirror(static_cast<int>(y) - kRadius + k, a.h);
        prev[k] = reinterpret_cast<const Sample *>(static_cast<const char *>(a.prev) +
                                                   src_y * a.prev_pitch);
        cur[k] = reinterpret_cast<const Sample *>(static_cast<const char *>(a.cur) +
                                                  src_y * a.cur_pitch);
    }
    const int64_t round = INT64_C(1) << (a.bpc - 1);

    uint32_t sum = 0;
    for (unsigned x0 = 0; x0 < a.w; x0 += kThreads) {
        const unsigned span = min(kThreads, a.w - x0) + 2 * kRadius;
        for (unsigned j = threadIdx.x; j < span; j += kThreads) {
            const unsigned col = mirror(static_cast<int>(x0 + j) - kRadius, a.w);
            int64_t acc = 0;
            for (int k = 0; k < kTaps; k++)
                acc += static_cast<int64_t>(kFilter[k]) * (prev[k][col] - cur[k][col]);
            blurred[j] = static_cast<int32_t>((acc + round) >> a.bpc);
        }
        __syncthreads();
        if (x0 + threadIdx.x < a.w) {
            int64_t acc = 0;
            for (int k = 0; k < kTaps; k++)
                acc += static_cast<int64_t>(kFilter[k]) * blurred[threadIdx.x + k];
            sum += static_cast<uint32_t>(abs(static_cast<int32_t>((acc + (1 << 15)) >> 16)));
        }
        __syncthreads();
    }
    sum = vmaf_cuda_block_sum<kThreads>(sum);
    if (!threadIdx.x)
        a.row_sad[y] = sum;
}

} // namespace

extern "C" int motion_cuda_row_sad(const MotionCudaRows *rows, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    if (rows->bpc > 8) {
        row_sad<uint16_t><<<rows->h, kThreads, 0, s>>>(*rows);
        return VMAF_CUDA_CHECK_LAUNCH(row_sad<uint16_t>);
    }
    row_sad<uint8_t><<<rows->h, kThreads, 0, s>>>(*rows);
    return VMAF_CUDA_CHECK_LAUNCH(row_sad<uint8_t>);
}

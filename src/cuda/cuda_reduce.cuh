// Sums over a thread block, for the twins' kernels. Integer sums: the order
// of the additions cannot change the result, also where they wrap.
#ifndef VMAF_CUDA_CUDA_REDUCE_CUH
#define VMAF_CUDA_CUDA_REDUCE_CUH

// The sum of v over a block of Threads threads (a multiple of 32, at most
// 1024), in thread 0. Every thread of the block must call it.
template <unsigned Threads, typename T> __device__ T vmaf_cuda_block_sum(T v)
{
    static_assert(Threads % 32 == 0 && Threads <= 1024, "whole warps, 32 at most");
    __shared__ T warp_sum[Threads / 32];
    for (int offset = 16; offset; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (!lane)
        warp_sum[warp] = v;
    __syncthreads();
    if (warp)
        return v;
    v = lane < Threads / 32 ? warp_sum[lane] : T(0);
    for (int offset = 16; offset; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

#endif

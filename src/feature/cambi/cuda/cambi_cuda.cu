// Per view: the largest input sample (where the depth is checked), loading,
// the mask; per scale the mode filter and the c-values; then one kernel adds
// the partials of every view and scale. The steps are cambi_cuda_tile.h's,
// with the tiles and the window counts in shared memory.
#include <cerrno>
#include <cstdint>

#include "cambi_cuda.h"
#include "cambi_cuda_tile.h"
#include "cuda/cuda_check.h"
#include "cuda/cuda_reduce.cuh"

namespace
{

constexpr unsigned kThreads = CAMBI_CUDA_THREADS;
constexpr unsigned kLanes = CAMBI_CUDA_LANES;

__device__ unsigned block_max(unsigned v)
{
    __shared__ unsigned warp_max[kThreads / 32];
    for (int offset = 16; offset; offset >>= 1) {
        const unsigned other = __shfl_down_sync(0xffffffffu, v, offset);
        v = other > v ? other : v;
    }
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (!lane)
        warp_max[warp] = v;
    __syncthreads();
    v = threadIdx.x < kThreads / 32 ? warp_max[threadIdx.x] : 0;
    if (warp)
        return v;
    for (int offset = 16; offset; offset >>= 1) {
        const unsigned other = __shfl_down_sync(0xffffffffu, v, offset);
        v = other > v ? other : v;
    }
    return v;
}

__global__ void __launch_bounds__(kThreads) max_kernel(const __grid_constant__ CambiCudaView v)
{
    const unsigned max = block_max(cambi_tile_row_max(&v, blockIdx.x, threadIdx.x));
    if (!threadIdx.x)
        v.max_partials[blockIdx.x] = max;
}

// blockDim (CAMBI_CUDA_TILE_W, CAMBI_CUDA_TILE_H) in the three pixel kernels.
__global__ void __launch_bounds__(kThreads) load_kernel(const __grid_constant__ CambiCudaView v)
{
    cambi_tile_load(&v, blockIdx.y * CAMBI_CUDA_TILE_H + threadIdx.y,
                    blockIdx.x * CAMBI_CUDA_TILE_W + threadIdx.x);
}

__global__ void __launch_bounds__(kThreads) mask_kernel(const __grid_constant__ CambiCudaView v)
{
    __shared__ CambiFlatTile tile;
    for (unsigned k = threadIdx.y * CAMBI_CUDA_TILE_W + threadIdx.x; k < CAMBI_FLAT_CNT;
         k += kThreads)
        cambi_tile_flat(&v, blockIdx.x, blockIdx.y, k, &tile);
    __syncthreads();
    cambi_tile_mask(&v, blockIdx.x, blockIdx.y, threadIdx.x, threadIdx.y, &tile);
}

__global__ void __launch_bounds__(kThreads)
    mode_kernel(const __grid_constant__ CambiCudaView v, unsigned scale)
{
    cambi_tile_mode(&v, scale, blockIdx.y * CAMBI_CUDA_TILE_H + threadIdx.y,
                    blockIdx.x * CAMBI_CUDA_TILE_W + threadIdx.x);
}

// One warp: the lanes' window counts are the dynamic shared memory. Every
// lane reaches every __syncwarp(), which orders the shared accesses around
// it: the segments before the counts read them, the counts before the
// c-values read them, the c-values before the next counts change them.
__global__ void __launch_bounds__(kLanes)
    c_value_kernel(const __grid_constant__ CambiCudaView v, unsigned scale, unsigned slot)
{
    extern __shared__ uint32_t count_words[];
    __shared__ CambiCountTile tile;
    uint16_t *counts = reinterpret_cast<uint16_t *>(count_words);
    const unsigned lane = threadIdx.x, bx = blockIdx.x;
    const unsigned r = v.half_window, h = v.scale[scale].h;
    unsigned lo, first, end;
    cambi_tile_strip(&v, scale, blockIdx.y, &lo, &first, &end);

    cambi_tile_clear(&v, lane, counts);
    cambi_tile_segment(&v, scale, bx, 0, false, lane, tile.seg[1]);
    const unsigned counted_end = first + r < h ? first + r : h;
    for (unsigned y = lo; y < counted_end; y++) {
        cambi_tile_segment(&v, scale, bx, static_cast<int>(y), true, lane, tile.seg[0]);
        __syncwarp();
        cambi_tile_count(&v, scale, bx, lane, &tile, counts);
        __syncwarp();
    }
    CambiCudaTotals acc = {};
    for (unsigned i = first; i < end; i++) {
        const int in = static_cast<int>(i + r);
        const int out = static_cast<int>(i) - static_cast<int>(r) - 1;
        cambi_tile_segment(&v, scale, bx, in, i + r < h, lane, tile.seg[0]);
        cambi_tile_segment(&v, scale, bx, out, out >= static_cast<int>(lo), lane, tile.seg[1]);
        __syncwarp();
        cambi_tile_count(&v, scale, bx, lane, &tile, counts);
        __syncwarp();
        cambi_tile_c_value(&v, scale, slot, bx, i, lane, counts, &acc);
    }
    uint64_t sum = acc.sum;
    unsigned nonzero = acc.nonzero;
    for (int offset = 16; offset; offset >>= 1) {
        sum += __shfl_down_sync(0xffffffffu, sum, offset);
        nonzero += __shfl_down_sync(0xffffffffu, nonzero, offset);
    }
    if (!lane) {
        const CambiCudaScale &sc = v.scale[scale];
        sc.partials[blockIdx.y * sc.blocks_x + bx] = CambiCudaTotals{sum, nonzero, 0};
    }
}

// Block (item, view): the totals of scale `item`, or the largest sample at
// item CAMBI_CUDA_SCALES.
__global__ void __launch_bounds__(kThreads) reduce_kernel(const __grid_constant__ CambiCudaFrame f)
{
    const CambiCudaView &v = f.view[blockIdx.y];
    const unsigned item = blockIdx.x;
    if (item == CAMBI_CUDA_SCALES) {
        unsigned max = 0;
        for (unsigned b = threadIdx.x; v.max_partials && b < v.max_blocks; b += kThreads)
            max = v.max_partials[b] > max ? v.max_partials[b] : max;
        max = block_max(max);
        if (!threadIdx.x)
            f.result->max_sample[blockIdx.y] = max;
        return;
    }
    const CambiCudaScale &sc = v.scale[item];
    uint64_t sum = 0, nonzero = 0;
    for (unsigned b = threadIdx.x; b < sc.blocks_x * sc.blocks_y; b += kThreads) {
        sum += sc.partials[b].sum;
        nonzero += sc.partials[b].nonzero;
    }
    sum = vmaf_cuda_block_sum<kThreads>(sum);
    // The sums share their shared memory: the first must be read first.
    __syncthreads();
    nonzero = vmaf_cuda_block_sum<kThreads>(nonzero);
    if (!threadIdx.x)
        f.result->totals[blockIdx.y][item] =
            CambiCudaTotals{sum, static_cast<uint32_t>(nonzero), 0};
}

dim3 tiles(unsigned w, unsigned h)
{
    return dim3((w + CAMBI_CUDA_TILE_W - 1) / CAMBI_CUDA_TILE_W,
                (h + CAMBI_CUDA_TILE_H - 1) / CAMBI_CUDA_TILE_H);
}

int enqueue_view(const CambiCudaView &v, unsigned slot, cudaStream_t s)
{
    const dim3 block(CAMBI_CUDA_TILE_W, CAMBI_CUDA_TILE_H);
    if (v.max_partials) {
        max_kernel<<<v.max_blocks, kThreads, 0, s>>>(v);
        if (int err = VMAF_CUDA_CHECK_LAUNCH(max_kernel))
            return err;
    }
    load_kernel<<<tiles(v.w, v.h), block, 0, s>>>(v);
    int err = VMAF_CUDA_CHECK_LAUNCH(load_kernel);
    if (err)
        return err;
    mask_kernel<<<tiles(v.w, v.h), block, 0, s>>>(v);
    err = VMAF_CUDA_CHECK_LAUNCH(mask_kernel);
    const size_t counts = cambi_cuda_counts_size(v.band_size);
    for (unsigned scale = 0; !err && scale < CAMBI_CUDA_SCALES; scale++) {
        const CambiCudaScale &sc = v.scale[scale];
        mode_kernel<<<tiles(sc.cols, sc.h), block, 0, s>>>(v, scale);
        err = VMAF_CUDA_CHECK_LAUNCH(mode_kernel);
        if (err)
            break;
        c_value_kernel<<<dim3(sc.blocks_x, sc.blocks_y), kLanes, counts, s>>>(v, scale, slot);
        err = VMAF_CUDA_CHECK_LAUNCH(c_value_kernel);
    }
    return err;
}

int prepare(size_t counts_size, VmafCudaStream)
{
    int device, optin;
    int err = VMAF_CUDA_CHECK(cudaGetDevice(&device));
    if (!err)
        err = VMAF_CUDA_CHECK(
            cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    if (err)
        return err;
    if (counts_size + sizeof(CambiCountTile) > static_cast<size_t>(optin))
        return -ENOSPC;
    // The limit is the kernel's, shared by every instance, whose windows and
    // so counts differ: always the most the device allows, so that instances
    // set up on several threads agree.
    cudaFuncAttributes attr;
    err = VMAF_CUDA_CHECK(cudaFuncGetAttributes(&attr, c_value_kernel));
    if (err)
        return err;
    return VMAF_CUDA_CHECK(cudaFuncSetAttribute(c_value_kernel,
                                                cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                optin - static_cast<int>(attr.sharedSizeBytes)));
}

int enqueue(const CambiCudaFrame *f, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    int err = 0;
    for (unsigned i = 0; !err && i < f->views; i++)
        err = enqueue_view(f->view[i], f->slot, s);
    if (err)
        return err;
    reduce_kernel<<<dim3(CAMBI_CUDA_SCALES + 1, f->views), kThreads, 0, s>>>(*f);
    return VMAF_CUDA_CHECK_LAUNCH(reduce_kernel);
}

} // namespace

VMAF_GPU_KERNELS(CambiGpuKernels, cambi) = {prepare, enqueue};

// The frame's kernels: chroma upsampled across a thread per output, then
// linear RGB of scale 0 a thread per pixel; per scale the downsampling and
// XYB a thread per pixel, the row blur a thread per row and lane through
// tiles in shared memory (so that both the XYB it reads and the lanes it
// writes move as whole rows), the column blur a thread per column and lane
// walking down, and the maps' terms a thread per pixel; last, the running
// double sums of every scale's maps at once (serial_sums.h). --fmad=false
// keeps every rounding the CPU makes.
#include <cstdint>

#include "cuda/cuda_check.h"
#include "ssimulacra2_cuda.h"
#include "ssimulacra2_cuda_tile.h"

namespace
{

constexpr unsigned kPixelThreads = SSIMU2_CUDA_BLOCK_W * SSIMU2_CUDA_BLOCK_H;
constexpr int kRows = SSIMU2_CUDA_ROWS;
// A tile's outputs read the XYB from SSIMU2_BLUR_BEFORE columns before it
// to SSIMU2_BLUR_AFTER after.
constexpr int kTileIn = kRows + SSIMU2_BLUR_BEFORE + SSIMU2_BLUR_AFTER;
constexpr unsigned kRowThreads = kRows * SSIMU2_MAPS;

dim3 pixel_grid(unsigned w, unsigned h, unsigned z)
{
    return dim3((w + SSIMU2_CUDA_BLOCK_W - 1) / SSIMU2_CUDA_BLOCK_W,
                (h + SSIMU2_CUDA_BLOCK_H - 1) / SSIMU2_CUDA_BLOCK_H, z);
}

// Chroma subsampled across, upsampled across: row y of the chroma plane,
// output column x, plane blockIdx.z (picture * 2 + U or V).
template <bool Hbd>
__global__ void __launch_bounds__(kPixelThreads)
    chroma_rows(const __grid_constant__ Ssimu2CudaFrame f)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    const unsigned w = f.scale[0].w, pic = blockIdx.z / 2, p = blockIdx.z % 2;
    if (x >= w || y >= f.scale[0].h >> f.log2_h)
        return;
    f.chroma[pic][p][(size_t)y * w + x] = ssimu2_tile_chroma_row(&f, pic, 1 + p, y, x, Hbd);
}

template <bool Hbd>
__global__ void __launch_bounds__(kPixelThreads) linear(const __grid_constant__ Ssimu2CudaFrame f)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y, pic = blockIdx.z;
    const Ssimu2CudaScale *sc = &f.scale[0];
    if (x < sc->w && y < sc->h)
        ssimu2_tile_linear_pixel(&f, pic, x, y, Hbd);
}

// Scale s from scale s - 1, plane blockIdx.z (picture * 3 + channel).
__global__ void __launch_bounds__(kPixelThreads)
    downsample(const __grid_constant__ Ssimu2CudaFrame f, unsigned s)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    const Ssimu2CudaScale *sc = &f.scale[s], *up = &f.scale[s - 1];
    if (x >= sc->w || y >= sc->h)
        return;
    const unsigned pic = blockIdx.z / 3, c = blockIdx.z % 3;
    sc->linear[pic][c][(size_t)y * sc->w + x] =
        ssimu2_tile_downsample(up->linear[pic][c], up->w, up->h, x, y);
}

__global__ void __launch_bounds__(kPixelThreads)
    xyb(const __grid_constant__ Ssimu2CudaFrame f, unsigned s)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y, pic = blockIdx.z;
    const Ssimu2CudaScale *sc = &f.scale[s];
    if (x < sc->w && y < sc->h)
        ssimu2_tile_xyb_pixel(&f, s, pic, (size_t)y * sc->w + x);
}

constexpr unsigned kTileFloats = 2 * kRows * kTileIn;
constexpr unsigned kTileLoads = (kTileFloats + kRowThreads - 1) / kRowThreads;

// Thread t's share of the tile of both pictures' XYB of channel c that the
// outputs x0 to x0 + kRows - 1 of rows y0.. read, zeros outside the picture.
__device__ void load_tile(float (&v)[kTileLoads], const Ssimu2CudaFrame &f,
                          const Ssimu2CudaScale *sc, unsigned c, int x0, int y0, unsigned t)
{
#pragma unroll
    for (unsigned j = 0; j < kTileLoads; j++) {
        const unsigned k = t + j * kRowThreads;
        const unsigned pic = k / (kRows * kTileIn), r = k / kTileIn % kRows, i = k % kTileIn;
        const int x = x0 - SSIMU2_BLUR_BEFORE + (int)i, y = y0 + (int)r;
        v[j] = k < kTileFloats && x >= 0 && x < (int)sc->w && y < (int)sc->h
                   ? __ldg(f.xyb[pic][c] + (size_t)y * sc->w + (unsigned)x)
                   : 0.0f;
    }
}

__device__ void store_tile(float (&in)[2][kRows][kTileIn + 1], const float (&v)[kTileLoads],
                           unsigned t)
{
#pragma unroll
    for (unsigned j = 0; j < kTileLoads; j++) {
        const unsigned k = t + j * kRowThreads;
        if (k < kTileFloats)
            in[k / (kRows * kTileIn)][k / kTileIn % kRows][k % kTileIn] = v[j];
    }
}

// A strip of kRows rows of channel blockIdx.y: thread (row, lane). Tiles of
// kRows columns: both pictures' XYB of the columns a tile's outputs read
// into shared memory (the next tile's loads in flight while this one is
// blurred), the lanes' outputs into shared memory, then out as rows.
__global__ void __launch_bounds__(kRowThreads)
    blur_rows(const __grid_constant__ Ssimu2CudaFrame f, unsigned s)
{
    // Rows padded to an odd length: a warp's threads (rows) use distinct
    // banks.
    __shared__ float in[2][kRows][kTileIn + 1];
    __shared__ float out[SSIMU2_MAPS][kRows][kRows + 1];
    const Ssimu2CudaScale *sc = &f.scale[s];
    const unsigned c = blockIdx.y, lanes = sc->lanes[c];
    if (!lanes)
        return;
    const int w = (int)sc->w, h = (int)sc->h;
    const int row = (int)threadIdx.x, lane = (int)threadIdx.y;
    const int y0 = (int)blockIdx.x * kRows;
    const unsigned t = threadIdx.y * kRows + threadIdx.x;
    const bool active = lane < (int)lanes && y0 + row < h;
    const unsigned map = ssimu2_tile_lane_map(lanes, (unsigned)lane);
    const size_t pixels = (size_t)sc->w * sc->h;
    Ssimu2LaneBlur st = {{0, 0, 0}, {0, 0, 0}};
    float next[kTileLoads];
    load_tile(next, f, sc, c, 0, y0, t);
    store_tile(in, next, t);
    __syncthreads();
    for (int x0 = 0; x0 < w; x0 += kRows) {
        const bool more = x0 + kRows < w;
        if (more)
            load_tile(next, f, sc, c, x0 + kRows, y0, t);
        const int end = more ? x0 + kRows : w;
        if (active)
            ssimu2_tile_blur_lane(&st, &f.gauss, in[0][row], in[1][row], x0 - SSIMU2_BLUR_BEFORE,
                                  map, w, x0 ? x0 : SSIMU2_BLUR_FIRST, end, out[lane][row], x0);
        __syncthreads();
        for (unsigned k = t; k < lanes * kRows * kRows; k += kRowThreads) {
            const unsigned l = k / (kRows * kRows), r = k / kRows % kRows, i = k % kRows;
            const int x = x0 + (int)i, y = y0 + (int)r;
            if (x < w && y < h)
                f.row_blurred[(sc->slot[c] + l) * pixels + (size_t)y * sc->w + (unsigned)x] =
                    out[l][r][i];
        }
        if (more)
            store_tile(in, next, t);
        __syncthreads();
    }
}

// Rows n0 .. n0 + kRun - 1's inputs of the column blur: rows
// n - SSIMU2_BLUR_BEFORE and n + SSIMU2_BLUR_AFTER, zeros outside.
template <int kRun>
__device__ void load_run(float (&top)[kRun], float (&bottom)[kRun], const float *src,
                         unsigned pitch, int h, int n0)
{
#pragma unroll
    for (int j = 0; j < kRun; j++) {
        const int t = n0 + j - SSIMU2_BLUR_BEFORE, b = n0 + j + SSIMU2_BLUR_AFTER;
        top[j] = t >= 0 && t < h ? __ldg(src + (size_t)t * pitch) : 0.0f;
        bottom[j] = b < h ? __ldg(src + (size_t)b * pitch) : 0.0f;
    }
}

// A thread per column and slot, down the rows in runs, the next run's loads
// in flight while a run is blurred.
__global__ void __launch_bounds__(SSIMU2_CUDA_COLUMNS)
    blur_columns(const __grid_constant__ Ssimu2CudaFrame f, unsigned s)
{
    constexpr int kRun = 8;
    const Ssimu2CudaScale *sc = &f.scale[s];
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= sc->w)
        return;
    const int h = (int)sc->h;
    const size_t pixels = (size_t)sc->w * sc->h, off = blockIdx.y * pixels + x;
    const float *__restrict__ src = f.row_blurred + off;
    float *__restrict__ dst = f.blurred + off;
    Ssimu2LaneColumn st = {{0, 0, 0}, {0, 0, 0}};
    float top[kRun], bottom[kRun];
    load_run<kRun>(top, bottom, src, sc->w, h, SSIMU2_BLUR_FIRST);
    for (int n0 = SSIMU2_BLUR_FIRST; n0 < h; n0 += kRun) {
        float next_top[kRun], next_bottom[kRun];
        load_run<kRun>(next_top, next_bottom, src, sc->w, h, n0 + kRun);
#pragma unroll
        for (int j = 0; j < kRun; j++) {
            const int n = n0 + j;
            if (n >= h)
                break;
            const float v = ssimu2_tile_column_step(&st, &f.gauss, n - SSIMU2_BLUR_BEFORE >= 0,
                                                    top[j], n + SSIMU2_BLUR_AFTER < h, bottom[j]);
            if (n >= 0)
                dst[(size_t)n * sc->w] = v;
        }
#pragma unroll
        for (int j = 0; j < kRun; j++) {
            top[j] = next_top[j];
            bottom[j] = next_bottom[j];
        }
    }
}

// Pixel (x, y) of scale s, channel blockIdx.z.
__global__ void __launch_bounds__(kPixelThreads)
    maps(const __grid_constant__ Ssimu2CudaFrame f, unsigned s)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    const Ssimu2CudaScale *sc = &f.scale[s];
    if (x >= sc->w || y >= sc->h)
        return;
    ssimu2_tile_maps(&f, s, blockIdx.z, (size_t)y * sc->w + x);
}

int enqueue_scale(const Ssimu2CudaFrame *f, unsigned s, cudaStream_t st)
{
    const Ssimu2CudaScale *sc = &f->scale[s];
    const dim3 block(SSIMU2_CUDA_BLOCK_W, SSIMU2_CUDA_BLOCK_H);
    int err = 0;
    if (s) {
        downsample<<<pixel_grid(sc->w, sc->h, 6), block, 0, st>>>(*f, s);
        if ((err = VMAF_CUDA_CHECK_LAUNCH(downsample)))
            return err;
    }
    if (!sc->slots)
        return 0;
    xyb<<<pixel_grid(sc->w, sc->h, 2), block, 0, st>>>(*f, s);
    if ((err = VMAF_CUDA_CHECK_LAUNCH(xyb)))
        return err;
    const dim3 strips((sc->h + kRows - 1) / kRows, 3);
    blur_rows<<<strips, dim3(kRows, SSIMU2_MAPS), 0, st>>>(*f, s);
    if ((err = VMAF_CUDA_CHECK_LAUNCH(blur_rows)))
        return err;
    const dim3 columns((sc->w + SSIMU2_CUDA_COLUMNS - 1) / SSIMU2_CUDA_COLUMNS, sc->slots);
    blur_columns<<<columns, SSIMU2_CUDA_COLUMNS, 0, st>>>(*f, s);
    if ((err = VMAF_CUDA_CHECK_LAUNCH(blur_columns)))
        return err;
    maps<<<pixel_grid(sc->w, sc->h, 3), block, 0, st>>>(*f, s);
    return VMAF_CUDA_CHECK_LAUNCH(maps);
}

int enqueue(const Ssimu2CudaFrame *f, VmafCudaStream stream)
{
    static_assert(SSIMU2_CUDA_ROWS % SSIMU2_BLUR_GROUP == 0, "tiles end on whole groups");
    cudaStream_t st = reinterpret_cast<cudaStream_t>(stream);
    // The sums not made are 0.
    int err =
        VMAF_CUDA_CHECK(cudaMemsetAsync(f->sums, 0, sizeof(double) * SSIMU2_SCALES * 3 * 6, st));
    if (err)
        return err;
    const Ssimu2CudaScale *sc = &f->scale[0];
    const dim3 block(SSIMU2_CUDA_BLOCK_W, SSIMU2_CUDA_BLOCK_H);
    if (!f->gbr && f->log2_w) {
        const dim3 rows = pixel_grid(sc->w, sc->h >> f->log2_h, 4);
        if (f->bpc > 8) {
            chroma_rows<true><<<rows, block, 0, st>>>(*f);
            err = VMAF_CUDA_CHECK_LAUNCH(chroma_rows<true>);
        } else {
            chroma_rows<false><<<rows, block, 0, st>>>(*f);
            err = VMAF_CUDA_CHECK_LAUNCH(chroma_rows<false>);
        }
        if (err)
            return err;
    }
    if (f->bpc > 8) {
        linear<true><<<pixel_grid(sc->w, sc->h, 2), block, 0, st>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(linear<true>);
    } else {
        linear<false><<<pixel_grid(sc->w, sc->h, 2), block, 0, st>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(linear<false>);
    }
    for (unsigned s = 0; !err && s < f->scales; s++)
        err = enqueue_scale(f, s, st);
    return err ? err : vmaf_serial_sums_enqueue(&f->serial, f->sums, stream);
}

} // namespace

VMAF_GPU_KERNELS(Ssimu2GpuKernels, ssimulacra2) = {enqueue};

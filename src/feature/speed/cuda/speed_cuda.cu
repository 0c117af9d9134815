// The speed twins' kernels: one launch per step of speed_cuda_tile.h, each
// over every plane of the frame (blockIdx.z or blockIdx.y), in the order the
// CPU's pipeline runs them. Only the sums of steps 5 are long: the CPU's
// sequential float and double sums, one thread each.
#include <cstdint>

#include "cuda/cuda_check.h"
#include "speed_cuda.h"
#include "speed_cuda_tile.h"

namespace
{

// 2D steps: a block of kTileW x kTileH outputs of one plane.
constexpr unsigned kTileW = 32, kTileH = 8;
constexpr unsigned kRowThreads = 128, kSolveThreads = 128;
// The QR: one thread per element of the 25 x 25 matrices.
constexpr unsigned kQrThreads = 640;
static_assert(kQrThreads >= SPEED_TILE_MATRIX, "a thread per element");

template <SpeedTileStep S>
__global__ void __launch_bounds__(kTileW *kTileH)
    plane_step(const __grid_constant__ SpeedCudaFrame f, unsigned w, unsigned h)
{
    const unsigned x = blockIdx.x * kTileW + threadIdx.x, y = blockIdx.y * kTileH + threadIdx.y;
    if (x >= w || y >= h)
        return;
    speed_tile_step(&f, S, blockIdx.z, x, y);
}

__global__ void __launch_bounds__(kRowThreads)
    antialias_rows(const __grid_constant__ SpeedCudaFrame f)
{
    const unsigned c = blockIdx.x * kRowThreads + threadIdx.x;
    if (c < f.scaled_w)
        speed_tile_antialias_rows(&f, blockIdx.z, blockIdx.y, c);
}

__global__ void __launch_bounds__(32) window_means(const __grid_constant__ SpeedCudaFrame f)
{
    if (threadIdx.x < SPEED_BLOCK_ELEMS)
        speed_tile_mean(&f, blockIdx.y, static_cast<int>(threadIdx.x));
}

// Block a: row a of the lower triangle.
__global__ void __launch_bounds__(32) covariance(const __grid_constant__ SpeedCudaFrame f)
{
    const int a = static_cast<int>(blockIdx.x), b = static_cast<int>(threadIdx.x);
    if (b <= a)
        speed_tile_covariance(&f, blockIdx.y, a, b);
}

__global__ void __launch_bounds__(kQrThreads)
    householder_qr(const __grid_constant__ SpeedCudaFrame f)
{
    __shared__ SpeedQrTile t;
    const SpeedCudaPlane *pl = &f.plane[blockIdx.y];
    const int e = static_cast<int>(threadIdx.x);
    const bool owner = e < SPEED_TILE_MATRIX;
    if (owner)
        speed_qr_start(&t, pl->cov, e);
    for (int k = 0; k + 1 < SPEED_BLOCK_ELEMS; k++) {
        __syncthreads();
        if (owner)
            speed_qr_minor_step(&t, k, e);
        __syncthreads();
        if (!e)
            speed_qr_vector(&t, k);
        __syncthreads();
        if (owner)
            speed_qr_reflect(&t, e);
        __syncthreads();
        if (owner)
            speed_qr_products(&t, e);
        __syncthreads();
        if (owner)
            speed_qr_commit(&t, e);
    }
    __syncthreads();
    if (owner)
        speed_qr_finish(&t, pl, e);
    __syncthreads();
    if (!e)
        speed_qr_pivots(&t, pl);
}

__global__ void __launch_bounds__(kSolveThreads)
    solve_blocks(const __grid_constant__ SpeedCudaFrame f)
{
    __shared__ float qt[SPEED_TILE_MATRIX], r[SPEED_TILE_MATRIX];
    const SpeedCudaPlane *pl = &f.plane[blockIdx.y];
    for (unsigned e = threadIdx.x; e < SPEED_TILE_MATRIX; e += kSolveThreads) {
        qt[e] = pl->qt[e];
        r[e] = pl->r[e];
    }
    __syncthreads();
    const unsigned b = blockIdx.x * kSolveThreads + threadIdx.x;
    if (b < f.n_blocks)
        speed_tile_solve(&f, blockIdx.y, qt, r, b);
}

unsigned blocks_for(unsigned n, unsigned per_block)
{
    return (n + per_block - 1) / per_block;
}

template <SpeedTileStep S>
int launch_plane_step(const SpeedCudaFrame &f, unsigned w, unsigned h, cudaStream_t stream)
{
    const dim3 grid(blocks_for(w, kTileW), blocks_for(h, kTileH), f.planes);
    plane_step<S><<<grid, dim3(kTileW, kTileH), 0, stream>>>(f, w, h);
    return VMAF_CUDA_CHECK_LAUNCH(plane_step<S>);
}

int enqueue(const SpeedCudaFrame *f, VmafCudaStream stream)
{
    cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    int err = launch_plane_step<SPEED_STEP_LOAD>(*f, f->w, f->h, s);
    if (!err && f->resize)
        err = launch_plane_step<SPEED_STEP_RESAMPLE>(*f, f->scaled_w, f->scaled_h, s);
    if (!err) {
        antialias_rows<<<dim3(blocks_for(f->scaled_w, kRowThreads), f->small_h, f->planes),
                         kRowThreads, 0, s>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(antialias_rows);
    }
    if (!err)
        err = launch_plane_step<SPEED_STEP_ANTIALIAS_COLS>(*f, f->small_w, f->small_h, s);
    if (!err)
        err = launch_plane_step<SPEED_STEP_LOCAL_MEAN_ROWS>(*f, f->small_w, f->small_h, s);
    if (!err)
        err = launch_plane_step<SPEED_STEP_CENTRE>(*f, f->small_w, f->small_h, s);
    if (!err) {
        window_means<<<dim3(1, f->planes), 32, 0, s>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(window_means);
    }
    if (!err) {
        covariance<<<dim3(SPEED_BLOCK_ELEMS, f->planes), 32, 0, s>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(covariance);
    }
    if (!err) {
        householder_qr<<<dim3(1, f->planes), kQrThreads, 0, s>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(householder_qr);
    }
    if (!err) {
        solve_blocks<<<dim3(blocks_for(f->n_blocks, kSolveThreads), f->planes), kSolveThreads, 0,
                       s>>>(*f);
        err = VMAF_CUDA_CHECK_LAUNCH(solve_blocks);
    }
    return err;
}

} // namespace

VMAF_GPU_KERNELS(SpeedGpuKernels, speed) = {enqueue};

// The frame's kernels: samples to floats, four decimations (each from the
// scale the one before wrote), the terms of every plane's scales in one
// launch of float_ssim's pass kernel, then the running sums (serial_sums.h).
#include <cstdint>

#include "cuda/cuda_check.h"
#include "float_ms_ssim_cuda.h"
#include "float_ms_ssim_cuda_tile.h"

namespace
{

__constant__ float kLpf[MS_SSIM_LPF_RADIUS + 1][MS_SSIM_LPF_RADIUS + 1] = MS_SSIM_LPF_TAPS;

struct Planes {
    MsSsimCudaPlane plane[3];
};

// z: plane * 2 + picture.
__global__ void __launch_bounds__(MS_SSIM_CUDA_BLOCK_W *MS_SSIM_CUDA_BLOCK_H)
    load(const __grid_constant__ Planes planes, unsigned bpc)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    ms_ssim_tile_load(&planes.plane[blockIdx.z / 2], bpc, blockIdx.z % 2, x, y);
}

__global__ void __launch_bounds__(MS_SSIM_CUDA_BLOCK_W *MS_SSIM_CUDA_BLOCK_H)
    decimate(const __grid_constant__ Planes planes, unsigned scale)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    ms_ssim_tile_decimate(&planes.plane[blockIdx.z / 2], scale, blockIdx.z % 2, kLpf, x, y);
}

dim3 grid_of(unsigned w, unsigned h, unsigned planes)
{
    return dim3((w + MS_SSIM_CUDA_BLOCK_W - 1) / MS_SSIM_CUDA_BLOCK_W,
                (h + MS_SSIM_CUDA_BLOCK_H - 1) / MS_SSIM_CUDA_BLOCK_H, 2 * planes);
}

int enqueue(const MsSsimCudaFrame *f, VmafCudaStream stream)
{
    static_assert(SSIM_TERM_C == SSIM_TERM_L + 1 && SSIM_TERM_S == SSIM_TERM_L + 2,
                  "l, c and s consecutive");
    static_assert(3 * MS_SSIM_SCALES <= SSIM_PASS_CUDA_MAX, "every pass in one launch");
    cudaStream_t st = reinterpret_cast<cudaStream_t>(stream);
    Planes planes = {};
    for (unsigned p = 0; p < f->planes; p++)
        planes.plane[p] = f->plane[p];
    // Luma is the largest plane: its grid covers the others.
    const dim3 block(MS_SSIM_CUDA_BLOCK_W, MS_SSIM_CUDA_BLOCK_H);
    load<<<grid_of(f->plane[0].w[0], f->plane[0].h[0], f->planes), block, 0, st>>>(planes, f->bpc);
    int err = VMAF_CUDA_CHECK_LAUNCH(load);
    for (unsigned i = 1; !err && i < MS_SSIM_SCALES; i++) {
        decimate<<<grid_of(f->plane[0].w[i], f->plane[0].h[i], f->planes), block, 0, st>>>(planes,
                                                                                           i);
        err = VMAF_CUDA_CHECK_LAUNCH(decimate);
    }
    SsimPassCuda pass[SSIM_PASS_CUDA_MAX];
    const unsigned passes = ms_ssim_cuda_passes(f, pass);
    if (!err)
        err = ssim_pass_cuda_terms(pass, passes, f->c1, f->c2, f->c3, stream);
    return err ? err : vmaf_serial_sums_enqueue(&f->serial, f->sums, stream);
}

} // namespace

VMAF_GPU_KERNELS(MsSsimGpuKernels, float_ms_ssim) = {enqueue};

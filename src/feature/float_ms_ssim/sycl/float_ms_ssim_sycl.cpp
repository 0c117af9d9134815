// The SYCL kernels of the float_ms_ssim twin: float_ms_ssim_cuda.cu's
// frame, samples to floats, four decimations (each from the scale the one
// before wrote), the terms of every plane's scales in one SSIM pass
// (ssim_pass_sycl_terms()), then the running sums (sycl/serial_sums_sycl.h),
// with ../cuda/float_ms_ssim_cuda_tile.h's steps.
#include <cstdint>

#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/float_ms_ssim_cuda.h"
#include "../cuda/float_ms_ssim_cuda_tile.h"
#include "sycl/serial_sums_sycl.h"
}

namespace
{

struct Planes {
    MsSsimCudaPlane plane[3];
};

struct Lpf {
    float c[MS_SSIM_LPF_RADIUS + 1][MS_SSIM_LPF_RADIUS + 1];
};

// Groups of MS_SSIM_CUDA_BLOCK_H x MS_SSIM_CUDA_BLOCK_W over w x h, for each
// picture of each plane (the first dimension: plane * 2 + picture).
sycl::nd_range<3> blocks(unsigned w, unsigned h, unsigned planes)
{
    const unsigned bx = (w + MS_SSIM_CUDA_BLOCK_W - 1) / MS_SSIM_CUDA_BLOCK_W;
    const unsigned by = (h + MS_SSIM_CUDA_BLOCK_H - 1) / MS_SSIM_CUDA_BLOCK_H;
    return sycl::nd_range<3>(
        sycl::range<3>(2 * planes, by * MS_SSIM_CUDA_BLOCK_H, bx * MS_SSIM_CUDA_BLOCK_W),
        sycl::range<3>(1, MS_SSIM_CUDA_BLOCK_H, MS_SSIM_CUDA_BLOCK_W));
}

struct Load {
    Planes planes;
    unsigned bpc;

    void operator()(sycl::nd_item<3> it) const
    {
        const unsigned z = it.get_group(0);
        ms_ssim_tile_load(&planes.plane[z / 2], bpc, z % 2, it.get_global_id(2),
                          it.get_global_id(1));
    }
};

struct Decimate {
    Planes planes;
    unsigned scale;
    Lpf lpf;

    void operator()(sycl::nd_item<3> it) const
    {
        const unsigned z = it.get_group(0);
        ms_ssim_tile_decimate(&planes.plane[z / 2], scale, z % 2, lpf.c, it.get_global_id(2),
                              it.get_global_id(1));
    }
};

int enqueue(const MsSsimCudaFrame *f, VmafCudaStream stream)
{
    Planes planes = {};
    for (unsigned p = 0; p < f->planes; p++)
        planes.plane[p] = f->plane[p];
    // Luma is the largest plane: its groups cover the others.
    int err = vmaf_sycl_submit(stream, "float_ms_ssim's planes", [&](sycl::handler &h) {
        h.parallel_for(blocks(f->plane[0].w[0], f->plane[0].h[0], f->planes), Load{planes, f->bpc});
    });
    for (unsigned i = 1; !err && i < MS_SSIM_SCALES; i++)
        err = vmaf_sycl_submit(stream, "float_ms_ssim's decimation", [&](sycl::handler &h) {
            h.parallel_for(blocks(f->plane[0].w[i], f->plane[0].h[i], f->planes),
                           Decimate{planes, i, Lpf{MS_SSIM_LPF_TAPS}});
        });
    SsimPassCuda pass[SSIM_PASS_CUDA_MAX];
    const unsigned passes = ms_ssim_cuda_passes(f, pass);
    if (!err)
        err = ssim_pass_sycl_terms(pass, passes, f->c1, f->c2, f->c3, stream);
    return err ? err : vmaf_sycl_serial_sums_enqueue(&f->serial, f->sums, stream);
}

} // namespace

extern "C" const MsSsimGpuKernels float_ms_ssim_sycl_kernels = {enqueue};

// The SYCL kernel of the integer ssim twin: ssim_cuda.cu's, a work group per
// tile running ../cuda/ssim_cuda_tile.h's steps with the tile in local
// memory; then the values are added up in raster order as the CPU's running
// sum does (sycl/serial_sums_sycl.h).
#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/ssim_cuda.h"
#include "../cuda/ssim_cuda_tile.h"
#include "sycl/serial_sums_sycl.h"
}

namespace
{

constexpr unsigned kThreads = SSIM_CUDA_THREADS;

struct PixelValues {
    SsimCudaFrame f;
    sycl::local_accessor<SsimTile, 1> tile; // one

    void operator()(sycl::nd_item<2> it) const
    {
        SsimTile *tl = &tile[0];
        const unsigned bx = it.get_group(1), by = it.get_group(0), t = it.get_local_id(1);
        for (unsigned i = t; i < SSIM_TILE_IN_H * SSIM_TILE_IN_W; i += kThreads)
            ssim_tile_load(tl, &f, bx, by, i);
        sycl::group_barrier(it.get_group());
        for (unsigned i = t; i < SSIM_TILE_IN_H * SSIM_CUDA_TILE_W; i += kThreads)
            ssim_tile_rows(tl, i);
        sycl::group_barrier(it.get_group());
        for (unsigned i = t; i < SSIM_CUDA_TILE_H * SSIM_CUDA_TILE_W; i += kThreads)
            ssim_tile_pixel(tl, &f, bx, by, i);
    }
};

int enqueue(const SsimCudaFrame *f, VmafCudaStream stream)
{
    const sycl::nd_range<2> range(
        sycl::range<2>(ssim_cuda_blocks_y(f->h), ssim_cuda_blocks_x(f->w) * kThreads),
        sycl::range<2>(1, kThreads));
    const int err = vmaf_sycl_submit(stream, "ssim's values", [&](sycl::handler &h) {
        h.parallel_for(range, PixelValues{*f, sycl::local_accessor<SsimTile, 1>(1, h)});
    });
    return err ? err : vmaf_sycl_serial_sums_enqueue(&f->serial, f->sum, stream);
}

} // namespace

extern "C" const SsimGpuKernels ssim_sycl_kernels = {enqueue};

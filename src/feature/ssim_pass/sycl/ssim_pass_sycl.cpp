// The SSIM pass on SYCL: ssim_pass_cuda.cu's, a work group per tile of
// window positions of one pass (the range's first dimension), the steps of
// ../cuda/ssim_pass_cuda_tile.h with the tile in local memory. Float
// arithmetic in the CPU's order, no contraction (-ffp-contract=off).
#include <cerrno>

#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/ssim_pass_cuda.h"
#include "../cuda/ssim_pass_cuda_tile.h"
}

namespace
{

constexpr unsigned kThreads = SSIM_PASS_CUDA_THREADS;

struct Taps {
    float c[SSIM_WINDOW];
};

struct PassTerms {
    SsimPassLaunch passes;
    Taps taps;
    float c1, c2, c3;
    sycl::local_accessor<SsimPassTile, 1> tile; // one

    void operator()(sycl::nd_item<3> it) const
    {
        const SsimPassCuda &p = passes.pass[it.get_group(0)];
        const unsigned bx = it.get_group(2), by = it.get_group(1), t = it.get_local_id(2);
        if (bx >= ssim_pass_cuda_blocks_x(&p) || by >= ssim_pass_cuda_blocks_y(&p))
            return; // the whole group
        SsimPassTile *tl = &tile[0];
        for (unsigned i = t; i < SSIM_PASS_TILE_IN_H * SSIM_PASS_TILE_IN_W; i += kThreads)
            ssim_pass_tile_load(tl, &p, bx, by, i);
        sycl::group_barrier(it.get_group());
        for (unsigned i = t; i < SSIM_PASS_TILE_IN_H * SSIM_PASS_CUDA_TILE_W; i += kThreads)
            ssim_pass_tile_rows(tl, taps.c, i);
        sycl::group_barrier(it.get_group());
        for (unsigned i = t; i < SSIM_PASS_CUDA_TILE_H * SSIM_PASS_CUDA_TILE_W; i += kThreads)
            ssim_pass_tile_terms(tl, &p, taps.c, c1, c2, c3, bx, by, i);
    }
};

} // namespace

extern "C" int ssim_pass_sycl_terms(const SsimPassCuda *pass, unsigned count, float c1, float c2,
                                    float c3, VmafCudaStream stream)
{
    if (!count || count > SSIM_PASS_CUDA_MAX)
        return -EINVAL;
    SsimPassLaunch args = {};
    ssim_pass_launch_of(pass, count, &args);
    const sycl::nd_range<3> range(sycl::range<3>(count, args.blocks_y, args.blocks_x * kThreads),
                                  sycl::range<3>(1, 1, kThreads));
    return vmaf_sycl_submit(stream, "the SSIM pass", [&](sycl::handler &h) {
        h.parallel_for(range, PassTerms{args, Taps{FLOAT_SSIM_GAUSSIAN_TAPS}, c1, c2, c3,
                                        sycl::local_accessor<SsimPassTile, 1>(1, h)});
    });
}

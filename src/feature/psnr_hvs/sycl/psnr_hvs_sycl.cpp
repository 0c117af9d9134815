// The SYCL kernel of the psnr_hvs twin: psnr_hvs_cuda.cu's, an item per 8x8
// block pair of any plane running ../cuda/psnr_hvs_cuda_tile.h. Float and
// integer arithmetic in the CPU's order, no contraction
// (-ffp-contract=off).
#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/psnr_hvs_cuda.h"
#include "../cuda/psnr_hvs_cuda_tile.h"
}

namespace
{

constexpr unsigned kThreads = PSNR_HVS_CUDA_THREADS;
static_assert(kThreads % PSNR_HVS_CUDA_GROUP == 0, "whole groups a work group");

template <bool Hbd> struct BlockTerms {
    PsnrHvsCudaFrame f;

    void operator()(sycl::nd_item<1> it) const
    {
        psnr_hvs_cuda_thread_block(&f, it.get_global_id(0), Hbd);
    }
};

template <bool Hbd> int launch(const PsnrHvsCudaFrame *f, VmafCudaStream stream)
{
    const unsigned groups = (f->blocks + kThreads - 1) / kThreads;
    const sycl::nd_range<1> range(sycl::range<1>(groups * kThreads), sycl::range<1>(kThreads));
    return vmaf_sycl_submit(stream, "psnr_hvs's blocks",
                            [&](sycl::handler &h) { h.parallel_for(range, BlockTerms<Hbd>{*f}); });
}

int enqueue(const PsnrHvsCudaFrame *f, VmafCudaStream stream)
{
    return f->bpc > 8 ? launch<true>(f, stream) : launch<false>(f, stream);
}

} // namespace

extern "C" const PsnrHvsGpuKernels psnr_hvs_sycl_kernels = {enqueue};

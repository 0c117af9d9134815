// The SYCL kernel of the float_psnr twin: float_psnr_cuda.cu's, a work group
// per luma row adding the counts of ../cuda/float_psnr_cuda_tile.h in
// integers, so the order of the additions cannot change them.
#include <cstdint>

#include "sycl/sycl_reduce.hpp"
#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/float_psnr_cuda.h"
#include "../cuda/float_psnr_cuda_tile.h"
}

namespace
{

constexpr unsigned kThreads = FLOAT_PSNR_CUDA_THREADS;

template <bool Hbd> struct RowSse {
    FloatPsnrCudaFrame f;
    sycl::local_accessor<uint64_t, 1> scratch; // kThreads

    void operator()(sycl::nd_item<1> it) const
    {
        const unsigned y = it.get_group(0), t = it.get_local_id(0);
        uint64_t sum[1] = {float_psnr_cuda_thread_sse(&f, y, t, Hbd)};
        vmaf_sycl_group_sums<kThreads>(it, &scratch[0], sum);
        if (!t)
            f.row_sse[y] = sum[0];
    }
};

template <bool Hbd> int launch(const FloatPsnrCudaFrame *f, VmafCudaStream stream)
{
    const sycl::nd_range<1> range(sycl::range<1>(f->h * kThreads), sycl::range<1>(kThreads));
    return vmaf_sycl_submit(stream, "float_psnr's rows", [&](sycl::handler &h) {
        h.parallel_for(range, RowSse<Hbd>{*f, sycl::local_accessor<uint64_t, 1>(kThreads, h)});
    });
}

int enqueue(const FloatPsnrCudaFrame *f, VmafCudaStream stream)
{
    return f->bpc > 8 ? launch<true>(f, stream) : launch<false>(f, stream);
}

} // namespace

extern "C" const FloatPsnrGpuKernels float_psnr_sycl_kernels = {enqueue};

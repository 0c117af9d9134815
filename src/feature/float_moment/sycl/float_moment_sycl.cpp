// The SYCL kernel of the float_moment twin: float_moment_cuda.cu's, a work
// group per row and picture adding the sums of
// ../cuda/float_moment_cuda_tile.h in integers, so the order of the
// additions cannot change them.
#include <cstdint>

#include "sycl/sycl_reduce.hpp"
#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/float_moment_cuda.h"
#include "../cuda/float_moment_cuda_tile.h"
}

namespace
{

constexpr unsigned kThreads = FLOAT_MOMENT_CUDA_THREADS;

template <bool Hbd> struct RowSums {
    FloatMomentCudaFrame f;
    sycl::local_accessor<uint64_t, 1> scratch; // 2 * kThreads

    void operator()(sycl::nd_item<2> it) const
    {
        const unsigned p = it.get_group(0), y = it.get_group(1), t = it.get_local_id(1);
        const FloatMomentCudaSums s = float_moment_cuda_thread_sums(&f, p, y, t, Hbd);
        uint64_t sums[2] = {s.samples, s.squares};
        vmaf_sycl_group_sums<kThreads>(it, &scratch[0], sums);
        if (!t)
            f.rows[p * f.h + y] = FloatMomentCudaSums{sums[0], sums[1]};
    }
};

template <bool Hbd> int launch(const FloatMomentCudaFrame *f, VmafCudaStream stream)
{
    const sycl::nd_range<2> range(sycl::range<2>(2, f->h * kThreads), sycl::range<2>(1, kThreads));
    return vmaf_sycl_submit(stream, "float_moment's rows", [&](sycl::handler &h) {
        h.parallel_for(range, RowSums<Hbd>{*f, sycl::local_accessor<uint64_t, 1>(2 * kThreads, h)});
    });
}

int enqueue(const FloatMomentCudaFrame *f, VmafCudaStream stream)
{
    return f->bpc > 8 ? launch<true>(f, stream) : launch<false>(f, stream);
}

} // namespace

extern "C" const FloatMomentGpuKernels float_moment_sycl_kernels = {enqueue};

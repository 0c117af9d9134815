// The SYCL kernel of the psnr twin: psnr_cuda.cu's, a work group per row and
// plane summing the row's squared errors (../cuda/psnr_cuda.h) in integers,
// so the order of the additions cannot change the result.
#include <cstdint>

#include "sycl/sycl_reduce.hpp"
#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/psnr_cuda.h"
}

namespace
{

constexpr unsigned kThreads = 256;

// 8-bit: the row sum wraps modulo 2^32, as the CPU's does; 16-bit: summed
// in 64 bits.
template <typename Sample, typename Acc> struct RowSse {
    PsnrCudaPlanes planes;
    sycl::local_accessor<Acc, 1> scratch; // kThreads

    void operator()(sycl::nd_item<2> it) const
    {
        const PsnrCudaPlane &p = planes.plane[it.get_group(0)];
        const unsigned y = it.get_group(1), t = it.get_local_id(1);
        if (y >= p.h) // the same for the whole group
            return;
        const Sample *ref =
            reinterpret_cast<const Sample *>(static_cast<const char *>(p.ref) + y * p.pitch);
        const Sample *dist =
            reinterpret_cast<const Sample *>(static_cast<const char *>(p.dist) + y * p.pitch);
        Acc acc[1] = {0};
        for (unsigned x = t; x < p.w; x += kThreads)
            acc[0] += psnr_square_error(ref[x], dist[x]);
        vmaf_sycl_group_sums<kThreads>(it, &scratch[0], acc);
        if (!t)
            p.row_sse[y] = acc[0];
    }
};

template <typename Sample, typename Acc>
int launch(const PsnrCudaPlanes &args, unsigned planes, unsigned rows, VmafCudaStream stream)
{
    const sycl::nd_range<2> range(sycl::range<2>(planes, rows * kThreads),
                                  sycl::range<2>(1, kThreads));
    return vmaf_sycl_submit(stream, "psnr's rows", [&](sycl::handler &h) {
        h.parallel_for(range, RowSse<Sample, Acc>{args, sycl::local_accessor<Acc, 1>(kThreads, h)});
    });
}

int row_sse(const PsnrCudaPlane plane[3], unsigned planes, unsigned bpc, VmafCudaStream stream)
{
    PsnrCudaPlanes args = {};
    const unsigned rows = psnr_cuda_planes_of(plane, planes, &args);
    if (!rows)
        return 0;
    return bpc == 8 ? launch<uint8_t, uint32_t>(args, planes, rows, stream)
                    : launch<uint16_t, uint64_t>(args, planes, rows, stream);
}

} // namespace

extern "C" const PsnrGpuKernels psnr_sycl_kernels = {row_sse};

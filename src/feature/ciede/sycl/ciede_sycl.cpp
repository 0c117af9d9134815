// The SYCL kernels of the ciede twin: ciede_cuda.cu's, an item per pixel for
// the colour differences (../cuda/ciede_cuda_tile.h), then their running sum
// (sycl/serial_sums_sycl.h). The colour arithmetic is double libm (pow,
// atan2, cos, sin, exp, sqrt) as on the CPU, without contraction
// (-ffp-contract=off).
#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/ciede_cuda.h"
#include "../cuda/ciede_cuda_tile.h"
#include "sycl/serial_sums_sycl.h"
}

namespace
{

template <bool Hbd> struct Pixels {
    CiedeCudaFrame f;

    void operator()(sycl::nd_item<2> it) const
    {
        const unsigned x = it.get_global_id(1), y = it.get_global_id(0);
        if (x < f.geo.w && y < f.geo.h)
            ciede_tile_pixel(&f, x, y, Hbd);
    }
};

template <bool Hbd> int launch(const CiedeCudaFrame *f, VmafCudaStream stream)
{
    const unsigned bx = (f->geo.w + CIEDE_CUDA_BLOCK_W - 1) / CIEDE_CUDA_BLOCK_W;
    const unsigned by = (f->geo.h + CIEDE_CUDA_BLOCK_H - 1) / CIEDE_CUDA_BLOCK_H;
    const sycl::nd_range<2> range(sycl::range<2>(by * CIEDE_CUDA_BLOCK_H, bx * CIEDE_CUDA_BLOCK_W),
                                  sycl::range<2>(CIEDE_CUDA_BLOCK_H, CIEDE_CUDA_BLOCK_W));
    return vmaf_sycl_submit(stream, "ciede's pixels",
                            [&](sycl::handler &h) { h.parallel_for(range, Pixels<Hbd>{*f}); });
}

int enqueue(const CiedeCudaFrame *f, VmafCudaStream stream)
{
    const int err = f->geo.bpc > 8 ? launch<true>(f, stream) : launch<false>(f, stream);
    return err ? err : vmaf_sycl_serial_sums_enqueue(&f->serial, f->sum, stream);
}

} // namespace

extern "C" const CiedeGpuKernels ciede_sycl_kernels = {enqueue};

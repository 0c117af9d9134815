// The SYCL kernels of the float_ssim twin: float_ssim_cuda.cu's frame, both
// luma planes to float, their decimation where the geometry asks for it,
// the SSIM pass (ssim_pass_sycl_terms()) and the terms' running sums
// (sycl/serial_sums_sycl.h), with ../cuda/float_ssim_cuda_tile.h's steps.
#include <cstddef>

#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/float_ssim_cuda.h"
#include "../cuda/float_ssim_cuda_tile.h"
#include "sycl/serial_sums_sycl.h"
}

namespace
{

constexpr unsigned kThreads = FLOAT_SSIM_CUDA_THREADS;

// n items a picture, in groups of kThreads; the range's first dimension is
// the picture.
sycl::nd_range<2> per_picture(size_t n)
{
    const size_t groups = (n + kThreads - 1) / kThreads;
    return sycl::nd_range<2>(sycl::range<2>(2, groups * kThreads), sycl::range<2>(1, kThreads));
}

struct LoadPlanes {
    FloatSsimCudaFrame f;

    void operator()(sycl::nd_item<2> it) const
    {
        const size_t i = it.get_global_id(1);
        if (i < static_cast<size_t>(f.w) * f.h)
            float_ssim_cuda_load(&f, it.get_group(0), i);
    }
};

struct DecimatePlanes {
    FloatSsimCudaFrame f;

    void operator()(sycl::nd_item<2> it) const
    {
        const size_t i = it.get_global_id(1);
        if (i < static_cast<size_t>(f.scaled_w) * f.scaled_h)
            float_ssim_cuda_decimate(&f, it.get_group(0), i);
    }
};

int enqueue(const FloatSsimCudaFrame *f, float c1, float c2, float c3, VmafCudaStream stream)
{
    int err = vmaf_sycl_submit(stream, "float_ssim's planes", [&](sycl::handler &h) {
        h.parallel_for(per_picture(static_cast<size_t>(f->w) * f->h), LoadPlanes{*f});
    });
    if (!err && f->factor > 1)
        err = vmaf_sycl_submit(stream, "float_ssim's decimation", [&](sycl::handler &h) {
            h.parallel_for(per_picture(static_cast<size_t>(f->scaled_w) * f->scaled_h),
                           DecimatePlanes{*f});
        });
    if (!err)
        err = ssim_pass_sycl_terms(&f->pass, 1, c1, c2, c3, stream);
    return err ? err : vmaf_sycl_serial_sums_enqueue(&f->serial, f->sums, stream);
}

} // namespace

extern "C" const FloatSsimGpuKernels float_ssim_sycl_kernels = {enqueue};

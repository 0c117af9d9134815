// The SYCL kernel of the float_ansnr twin: float_ansnr_cuda.cu's, a work
// group per row walking it in chunks with the steps of
// ../cuda/float_ansnr_cuda_tile.h; one item adds each chunk's energies in
// the CPU's order. Float arithmetic, no contraction (-ffp-contract=off).
#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/float_ansnr_cuda.h"
#include "../cuda/float_ansnr_cuda_tile.h"
}

namespace
{

constexpr unsigned kThreads = FLOAT_ANSNR_CUDA_THREADS;

template <bool Hbd> struct RowEnergies {
    FloatAnsnrCudaFrame f;
    sycl::local_accessor<FloatAnsnrTile, 1> tile; // one

    void operator()(sycl::nd_item<1> it) const
    {
        FloatAnsnrTile *tl = &tile[0];
        const unsigned y = it.get_group(0), t = it.get_local_id(0);
        FloatAnsnrEnergy row = {0, 0};
        for (unsigned c0 = 0; c0 < f.w; c0 += FLOAT_ANSNR_CUDA_CHUNK) {
            for (unsigned q = t; q < FLOAT_ANSNR_CUDA_SPAN; q += kThreads)
                float_ansnr_tile_load(&f, y, c0, q, Hbd, tl);
            sycl::group_barrier(it.get_group());
            float_ansnr_tile_filter(&f, c0, t, tl);
            sycl::group_barrier(it.get_group());
            if (!t)
                float_ansnr_tile_energies(&f, c0, tl, &row);
            // The next chunk overwrites the tile.
            sycl::group_barrier(it.get_group());
        }
        if (!t)
            f.rows[y] = row;
    }
};

template <bool Hbd> int launch(const FloatAnsnrCudaFrame *f, VmafCudaStream stream)
{
    const sycl::nd_range<1> range(sycl::range<1>(f->h * kThreads), sycl::range<1>(kThreads));
    return vmaf_sycl_submit(stream, "float_ansnr's rows", [&](sycl::handler &h) {
        h.parallel_for(range, RowEnergies<Hbd>{*f, sycl::local_accessor<FloatAnsnrTile, 1>(1, h)});
    });
}

int enqueue(const FloatAnsnrCudaFrame *f, VmafCudaStream stream)
{
    return f->bpc > 8 ? launch<true>(f, stream) : launch<false>(f, stream);
}

} // namespace

extern "C" const FloatAnsnrGpuKernels float_ansnr_sycl_kernels = {enqueue};

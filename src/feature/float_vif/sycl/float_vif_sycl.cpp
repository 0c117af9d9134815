// The SYCL kernels of the float_vif twin: float_vif_cuda.cu's, a work group
// per FLOAT_VIF_CUDA_TILE_ROWS rows walking them chunk by chunk from the
// left with the steps of ../cuda/float_vif_cuda_tile.h, the chunk in local
// memory; each row's sums are added by one item, left to right, as the CPU
// adds them. Float arithmetic in the CPU's order, no contraction
// (-ffp-contract=off). Four launches a frame.
#include "sycl/sycl_stream.hpp"

#include "../cuda/float_vif_gpu_launches.hpp"

extern "C" {
#include "../cuda/float_vif_cuda.h"
#include "../cuda/float_vif_cuda_tile.h"
}

namespace
{

constexpr unsigned kThreads = FLOAT_VIF_CUDA_THREADS;

template <int Kind, bool Stat, bool Decimate> struct ScaleKernel {
    FloatVifCudaScale s;
    sycl::local_accessor<FloatVifTile, 1> tile; // one

    void operator()(sycl::nd_item<1> it) const
    {
        FloatVifTile *tl = &tile[0];
        const unsigned by = it.get_group(0), t = it.get_local_id(0);
        float row_sum = 0.0f;
        for (unsigned chunk = 0; chunk < s.chunks; chunk++) {
            float_vif_tile_column(&s, Kind, Stat, Decimate, by, chunk, static_cast<int>(t), tl);
            sycl::group_barrier(it.get_group());
            if constexpr (Stat) {
                for (unsigned i = t; i < FLOAT_VIF_CUDA_TILE_ROWS * s.cols; i += kThreads)
                    float_vif_tile_statistic(tl, &s, by, chunk, i);
            }
            if constexpr (Decimate) {
                for (unsigned i = t; i < FLOAT_VIF_TILE_NEXT_ROWS * (s.cols / 2); i += kThreads)
                    float_vif_tile_next(tl, &s, by, chunk, i);
            }
            sycl::group_barrier(it.get_group());
            // The next chunk's terms are written after its first barrier,
            // which these items reach once they have read this chunk's.
            if (Stat && t < FLOAT_VIF_TILE_LANES)
                float_vif_tile_add_row(tl, &s, by, chunk, t, &row_sum);
        }
        if (Stat && t < FLOAT_VIF_TILE_LANES)
            float_vif_tile_store_row(&s, by, t, row_sum);
    }
};

// The launches float_vif_gpu_launches() makes, on one stream.
struct Launch {
    VmafCudaStream stream;

    template <int Kind, bool Stat, bool Decimate> int scale(const FloatVifCudaScale &s) const
    {
        const sycl::nd_range<1> range(sycl::range<1>(s.blocks * kThreads),
                                      sycl::range<1>(kThreads));
        return vmaf_sycl_submit(stream, "float_vif's scale", [&](sycl::handler &h) {
            h.parallel_for(range, ScaleKernel<Kind, Stat, Decimate>{
                                      s, sycl::local_accessor<FloatVifTile, 1>(1, h)});
        });
    }
};

int enqueue(const FloatVifCudaFrame *f, VmafCudaStream stream)
{
    return float_vif_gpu_launches(f, Launch{stream});
}

} // namespace

extern "C" const FloatVifGpuKernels float_vif_sycl_kernels = {enqueue};

// The SYCL kernels of the vif twin: vif_cuda.cu's, a work group per tile
// with the steps of ../cuda/vif_cuda_tile.h and the tile in local memory;
// a group's four sums (sycl_reduce.hpp) go into its tile's partial, then a
// group per scale adds the partials into the frame's result. Exact integer
// sums: their order cannot change them.
#include <cstdint>

#include "sycl/sycl_reduce.hpp"
#include "sycl/sycl_stream.hpp"

#include "../cuda/vif_gpu_launches.hpp"

extern "C" {
#include "../cuda/vif_cuda.h"
#include "../cuda/vif_cuda_tile.h"
}

namespace
{

constexpr unsigned kThreads = VIF_CUDA_THREADS;

struct Filters {
    uint16_t c[VIF_SCALES][VIF_MAX_TAPS];
};

using Scratch = sycl::local_accessor<int64_t, 1>; // 4 * kThreads

void block_sums(const sycl::nd_item<2> &it, const Scratch &scratch, VifSums *v)
{
    int64_t s[4] = {v->num_log, v->den_log, v->num_non_log, v->den_non_log};
    vmaf_sycl_group_sums<kThreads>(it, &scratch[0], s);
    *v = VifSums{s[0], s[1], s[2], s[3]};
}

template <int Scale, bool Hbd, bool Stat, bool Decimate> struct ScaleKernel {
    VifCudaScale s;
    Filters filters;
    const uint16_t *log2_table;
    double gain_limit;
    sycl::local_accessor<VifTile, 1> tile; // one
    Scratch scratch;

    void operator()(sycl::nd_item<2> it) const
    {
        const unsigned t = it.get_local_id(1);
        const unsigned bx = it.get_group(1), by = it.get_group(0);
        VifTile *tl = &tile[0];
        vif_tile_column(&s, Scale, filters.c, Hbd, Stat, Decimate, bx, by, static_cast<int>(t), tl);
        sycl::group_barrier(it.get_group());
        if constexpr (Stat) {
            VifSums sums = {0, 0, 0, 0};
            for (unsigned i = t; i < VIF_TILE_RUNS(Scale); i += kThreads)
                vif_tile_statistic(tl, &s, Scale, filters.c[Scale], bx, by, i, log2_table,
                                   gain_limit, &sums);
            block_sums(it, scratch, &sums);
            if (!t)
                s.partials[by * s.blocks_x + bx] = sums;
        }
        if constexpr (Decimate) {
            constexpr unsigned outputs = VIF_CUDA_TILE_COLS(Scale) / 2 * VIF_TILE_NEXT_ROWS(Scale);
            for (unsigned i = t; i < outputs; i += kThreads)
                vif_tile_next(tl, &s, Scale, filters.c[Scale + 1], bx, by, i);
        }
    }
};

// Group s: the partials of scale s, none for a skipped scale 0.
struct SumPartials {
    VifCudaFrame f;
    Scratch scratch;

    void operator()(sycl::nd_item<2> it) const
    {
        const unsigned t = it.get_local_id(1);
        const VifCudaScale &s = f.scale[it.get_group(1)];
        VifSums acc = {0, 0, 0, 0};
        const unsigned n = s.partials ? s.blocks_x * s.blocks_y : 0;
        for (unsigned i = t; i < n; i += kThreads) {
            acc.num_log += s.partials[i].num_log;
            acc.den_log += s.partials[i].den_log;
            acc.num_non_log += s.partials[i].num_non_log;
            acc.den_non_log += s.partials[i].den_non_log;
        }
        block_sums(it, scratch, &acc);
        if (!t)
            f.sums[it.get_group(1)] = acc;
    }
};

// The launches vif_gpu_launches() makes, on one stream.
struct Launch {
    VmafCudaStream stream;

    template <int Scale, bool Hbd, bool Stat, bool Decimate> int scale(const VifCudaFrame *f) const
    {
        const VifCudaScale &s = f->scale[Scale];
        const sycl::nd_range<2> range(sycl::range<2>(s.blocks_y, s.blocks_x * kThreads),
                                      sycl::range<2>(1, kThreads));
        return vmaf_sycl_submit(stream, "vif's scale", [&](sycl::handler &h) {
            ScaleKernel<Scale, Hbd, Stat, Decimate> k{s,
                                                      Filters{VIF_FILTER_COEFFICIENTS},
                                                      f->log2_table,
                                                      f->gain_limit,
                                                      sycl::local_accessor<VifTile, 1>(1, h),
                                                      Scratch(4 * kThreads, h)};
            h.parallel_for(range, k);
        });
    }

    int sums(const VifCudaFrame *f) const
    {
        const sycl::nd_range<2> range(sycl::range<2>(1, VIF_SCALES * kThreads),
                                      sycl::range<2>(1, kThreads));
        return vmaf_sycl_submit(stream, "vif's sums", [&](sycl::handler &h) {
            h.parallel_for(range, SumPartials{*f, Scratch(4 * kThreads, h)});
        });
    }
};

int enqueue(const VifCudaFrame *f, VmafCudaStream stream)
{
    return vif_gpu_launches(f, Launch{stream});
}

} // namespace

extern "C" const VifGpuKernels vif_sycl_kernels = {enqueue};

// The SYCL kernels of the adm twin: adm_cuda.cu's nine launches a frame with
// the steps of ../cuda/adm_cuda_tile.h and the tiles in local memory; a
// masking group's rows of ADM_CUDA_MASK_TILE_W items sum their row's values
// (sycl_reduce.hpp) into its partials. Exact integer sums: their order
// cannot change them.
#include <cstdint>

#include "sycl/sycl_reduce.hpp"
#include "sycl/sycl_stream.hpp"

#include "../cuda/adm_gpu_launches.hpp"

extern "C" {
#include "../cuda/adm_cuda.h"
#include "../cuda/adm_cuda_tile.h"
}

namespace
{

constexpr unsigned kThreads = ADM_CUDA_THREADS;

template <int Kind, int Scale> struct DwtKernel {
    AdmCudaDwt d;
    sycl::local_accessor<AdmDwtTile, 1> tile; // one

    void operator()(sycl::nd_item<3> it) const
    {
        AdmDwtTile *tl = &tile[0];
        const int img = static_cast<int>(it.get_group(0));
        const int bx = static_cast<int>(it.get_group(2)), by = static_cast<int>(it.get_group(1));
        const int t = static_cast<int>(it.get_local_id(2));
        for (int i = t; i < ADM_CUDA_DWT_TILE_H * ADM_TILE_SLOTS; i += kThreads)
            adm_tile_dwt_vertical(&d, Kind, Scale, img, bx, by, i, tl);
        sycl::group_barrier(it.get_group());
        adm_tile_dwt_horizontal(&d, Scale, img, bx, by, t, tl);
    }
};

// Group (ADM_CUDA_MASK_TILE_H, ADM_CUDA_MASK_TILE_W): row ty sums tile row
// ty.
template <bool Scale0, bool Aim> struct MaskKernel {
    AdmCudaMask m;
    sycl::local_accessor<AdmMaskTile, 1> tile; // one
    sycl::local_accessor<uint64_t, 1> scratch; // ADM_CUDA_SUMS * kThreads

    void operator()(sycl::nd_item<2> it) const
    {
        AdmMaskTile *tl = &tile[0];
        const int bx = static_cast<int>(it.get_group(1)), by = static_cast<int>(it.get_group(0));
        const int tx = static_cast<int>(it.get_local_id(1));
        const int ty = static_cast<int>(it.get_local_id(0));
        for (int k = ty * ADM_CUDA_MASK_TILE_W + tx; k < ADM_TILE_RING; k += kThreads)
            adm_tile_decouple(&m, Scale0, Aim, bx, by, k, tl);
        sycl::group_barrier(it.get_group());
        uint64_t sums[ADM_CUDA_SUMS];
        adm_tile_sums(&m, Scale0, Aim, bx, by, tx, ty, tl, sums);
        vmaf_sycl_group_sums<kThreads, ADM_CUDA_MASK_TILE_W>(it, &scratch[0], sums);
        const unsigned row = static_cast<unsigned>(by * ADM_CUDA_MASK_TILE_H + ty);
        if (!tx && row < m.rows)
            for (int q = 0; q < ADM_CUDA_SUMS; q++)
                m.partials[adm_cuda_partial(&m, q, static_cast<unsigned>(bx), row)] = sums[q];
    }
};

// Group (s, q): sum q of scale s, zero for a skipped scale.
struct ReduceKernel {
    AdmCudaFrame f;
    sycl::local_accessor<uint64_t, 1> scratch; // kThreads

    void operator()(sycl::nd_item<2> it) const
    {
        const int s = static_cast<int>(it.get_group(0));
        const int q = static_cast<int>(it.get_group(1));
        const unsigned t = it.get_local_id(1);
        const AdmCudaMask &m = f.mask[s];
        uint64_t acc[1] = {0};
        for (unsigned row = t; m.partials && row < m.rows; row += kThreads)
            acc[0] += adm_cuda_row_sum(&m, q, row);
        vmaf_sycl_group_sums<kThreads>(it, &scratch[0], acc);
        if (!t)
            f.sums[s * ADM_CUDA_SUMS + q] = acc[0];
    }
};

// The launches adm_gpu_launches() makes, on one stream.
struct Launch {
    VmafCudaStream stream;

    template <int Kind, int Scale> int dwt(const AdmCudaDwt &d) const
    {
        const sycl::nd_range<3> range(
            sycl::range<3>(2, adm_cuda_dwt_blocks_y(&d), adm_cuda_dwt_blocks_x(&d) * kThreads),
            sycl::range<3>(1, 1, kThreads));
        return vmaf_sycl_submit(stream, "adm's wavelet", [&](sycl::handler &h) {
            h.parallel_for(range,
                           DwtKernel<Kind, Scale>{d, sycl::local_accessor<AdmDwtTile, 1>(1, h)});
        });
    }

    template <bool Scale0, bool Aim> int mask(const AdmCudaMask &m) const
    {
        const sycl::range<2> group(ADM_CUDA_MASK_TILE_H, ADM_CUDA_MASK_TILE_W);
        const sycl::nd_range<2> range(
            sycl::range<2>(adm_cuda_mask_blocks_y(&m) * ADM_CUDA_MASK_TILE_H,
                           m.tiles * ADM_CUDA_MASK_TILE_W),
            group);
        return vmaf_sycl_submit(stream, "adm's masking", [&](sycl::handler &h) {
            h.parallel_for(range,
                           MaskKernel<Scale0, Aim>{
                               m, sycl::local_accessor<AdmMaskTile, 1>(1, h),
                               sycl::local_accessor<uint64_t, 1>(ADM_CUDA_SUMS * kThreads, h)});
        });
    }

    int reduce(const AdmCudaFrame &f) const
    {
        const sycl::nd_range<2> range(sycl::range<2>(ADM_SCALES, ADM_CUDA_SUMS * kThreads),
                                      sycl::range<2>(1, kThreads));
        return vmaf_sycl_submit(stream, "adm's sums", [&](sycl::handler &h) {
            h.parallel_for(range, ReduceKernel{f, sycl::local_accessor<uint64_t, 1>(kThreads, h)});
        });
    }
};

int enqueue(const AdmCudaFrame *f, VmafCudaStream stream)
{
    return adm_gpu_launches(f, Launch{stream});
}

} // namespace

extern "C" const AdmGpuKernels adm_sycl_kernels = {enqueue};

// The SYCL kernels of the float_adm twin: float_adm_cuda.cu's nine launches a
// frame, an item per position (wavelet, masking) and per row (the sums), each
// running the steps of ../cuda/float_adm_cuda_tile.h. Float arithmetic in the
// CPU's order, no contraction (-ffp-contract=off).
#include "sycl/sycl_stream.hpp"

#include "../cuda/float_adm_gpu_launches.hpp"

extern "C" {
#include "../cuda/float_adm_cuda.h"
#include "../cuda/float_adm_cuda_tile.h"
}

namespace
{

// Groups of FLOAT_ADM_CUDA_TILE_H x FLOAT_ADM_CUDA_TILE_W items, w x h of them.
sycl::nd_range<2> tiles(unsigned w, unsigned h)
{
    return sycl::nd_range<2>(sycl::range<2>(h * FLOAT_ADM_CUDA_TILE_H, w * FLOAT_ADM_CUDA_TILE_W),
                             sycl::range<2>(FLOAT_ADM_CUDA_TILE_H, FLOAT_ADM_CUDA_TILE_W));
}

template <int Kind> struct Dwt {
    FloatAdmCudaLevel l;

    void operator()(sycl::nd_item<2> it) const
    {
        float_adm_cuda_dwt_thread(&l, Kind, it.get_group(1), it.get_group(0), it.get_local_id(1),
                                  it.get_local_id(0));
    }
};

struct Mask {
    FloatAdmCudaLevel l;

    void operator()(sycl::nd_item<2> it) const
    {
        float_adm_cuda_mask_thread(&l, it.get_group(1), it.get_group(0), it.get_local_id(1),
                                   it.get_local_id(0));
    }
};

struct Rows {
    FloatAdmCudaRows r;

    void operator()(sycl::nd_item<1> it) const
    {
        float_adm_cuda_row_thread(&r, it.get_group(0), it.get_local_id(0));
    }
};

// The launches float_adm_gpu_launches() makes, on one stream.
struct Launch {
    VmafCudaStream stream;

    template <int Kind> int dwt(const FloatAdmCudaLevel &l) const
    {
        return vmaf_sycl_submit(stream, "float_adm's wavelet", [&](sycl::handler &h) {
            h.parallel_for(tiles(l.grid_w, l.grid_h), Dwt<Kind>{l});
        });
    }

    int mask(const FloatAdmCudaLevel &l) const
    {
        return vmaf_sycl_submit(stream, "float_adm's masking", [&](sycl::handler &h) {
            h.parallel_for(tiles(l.mask_grid_w, l.mask_grid_h), Mask{l});
        });
    }

    int rows(const FloatAdmCudaFrame &f) const
    {
        const unsigned groups = f.rows.blocks_at[FLOAT_ADM_SCALES];
        const sycl::nd_range<1> range(sycl::range<1>(groups * FLOAT_ADM_CUDA_ROW_THREADS),
                                      sycl::range<1>(FLOAT_ADM_CUDA_ROW_THREADS));
        return vmaf_sycl_submit(stream, "float_adm's sums",
                                [&](sycl::handler &h) { h.parallel_for(range, Rows{f.rows}); });
    }
};

int enqueue(const FloatAdmCudaFrame *f, VmafCudaStream stream)
{
    return float_adm_gpu_launches(f, Launch{stream});
}

} // namespace

extern "C" const FloatAdmGpuKernels float_adm_sycl_kernels = {enqueue};

// The SYCL kernels of the cambi twin: cambi_cuda.cu's launches with the
// steps of ../cuda/cambi_cuda_tile.h. Per view: the largest input sample
// (where the depth is checked), loading, the mask; per scale the mode filter
// and the c-values (a group of CAMBI_CUDA_LANES items walking a strip, the
// window counts in local memory); then one kernel adds the partials of
// every view and scale. Integer and float arithmetic in the CPU's order, no
// contraction (-ffp-contract=off).
#include <cerrno>
#include <cstdint>

#include "sycl/sycl_reduce.hpp"
#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/cambi_cuda.h"
#include "../cuda/cambi_cuda_tile.h"
}

namespace
{

constexpr unsigned kThreads = CAMBI_CUDA_THREADS;
constexpr unsigned kLanes = CAMBI_CUDA_LANES;

struct MaxKernel {
    CambiCudaView v;
    sycl::local_accessor<unsigned, 1> scratch; // kThreads

    void operator()(sycl::nd_item<1> it) const
    {
        const unsigned b = it.get_group(0), t = it.get_local_id(0);
        const unsigned max =
            vmaf_sycl_group_max<kThreads>(it, &scratch[0], cambi_tile_row_max(&v, b, t));
        if (!t)
            v.max_partials[b] = max;
    }
};

// Groups of CAMBI_CUDA_TILE_H x CAMBI_CUDA_TILE_W over w x h.
sycl::nd_range<2> tiles(unsigned w, unsigned h)
{
    const unsigned bx = (w + CAMBI_CUDA_TILE_W - 1) / CAMBI_CUDA_TILE_W;
    const unsigned by = (h + CAMBI_CUDA_TILE_H - 1) / CAMBI_CUDA_TILE_H;
    return sycl::nd_range<2>(sycl::range<2>(by * CAMBI_CUDA_TILE_H, bx * CAMBI_CUDA_TILE_W),
                             sycl::range<2>(CAMBI_CUDA_TILE_H, CAMBI_CUDA_TILE_W));
}

struct LoadKernel {
    CambiCudaView v;

    void operator()(sycl::nd_item<2> it) const
    {
        cambi_tile_load(&v, it.get_global_id(0), it.get_global_id(1));
    }
};

struct MaskKernel {
    CambiCudaView v;
    sycl::local_accessor<CambiFlatTile, 1> tile; // one

    void operator()(sycl::nd_item<2> it) const
    {
        CambiFlatTile *tl = &tile[0];
        const unsigned bx = it.get_group(1), by = it.get_group(0);
        const unsigned tx = it.get_local_id(1), ty = it.get_local_id(0);
        for (unsigned k = ty * CAMBI_CUDA_TILE_W + tx; k < CAMBI_FLAT_CNT; k += kThreads)
            cambi_tile_flat(&v, bx, by, k, tl);
        sycl::group_barrier(it.get_group());
        cambi_tile_mask(&v, bx, by, tx, ty, tl);
    }
};

struct ModeKernel {
    CambiCudaView v;
    unsigned scale;

    void operator()(sycl::nd_item<2> it) const
    {
        cambi_tile_mode(&v, scale, it.get_global_id(0), it.get_global_id(1));
    }
};

// A group of kLanes items per strip of columns: the lanes' window counts,
// the strip's rows, and each lane's totals are in local memory, with a
// barrier wherever the CUDA kernel syncs its warp.
struct CValueKernel {
    CambiCudaView v;
    unsigned scale, slot;
    sycl::local_accessor<uint16_t, 1> counts;     // cambi_cuda_counts_size()
    sycl::local_accessor<CambiCountTile, 1> tile; // one
    sycl::local_accessor<uint64_t, 1> scratch;    // 2 * kLanes

    void operator()(sycl::nd_item<2> it) const
    {
        CambiCountTile *tl = &tile[0];
        uint16_t *cnt = &counts[0];
        const auto g = it.get_group();
        const unsigned lane = it.get_local_id(1), bx = it.get_group(1), by = it.get_group(0);
        const unsigned r = v.half_window, h = v.scale[scale].h;
        unsigned strip[3];
        cambi_tile_strip(&v, scale, by, &strip[0], &strip[1], &strip[2]);
        const unsigned lo = strip[0], first = strip[1], end = strip[2];
        cambi_tile_clear(&v, lane, cnt);
        cambi_tile_segment(&v, scale, bx, 0, false, lane, tl->seg[1]);
        const unsigned counted_end = first + r < h ? first + r : h;
        for (unsigned y = lo; y < counted_end; y++) {
            cambi_tile_segment(&v, scale, bx, static_cast<int>(y), true, lane, tl->seg[0]);
            sycl::group_barrier(g);
            cambi_tile_count(&v, scale, bx, lane, tl, cnt);
            sycl::group_barrier(g);
        }
        uint64_t totals[2] = {0, 0};
        for (unsigned i = first; i < end; i++) {
            const int in = static_cast<int>(i + r);
            const int out = static_cast<int>(i) - static_cast<int>(r) - 1;
            cambi_tile_segment(&v, scale, bx, in, i + r < h, lane, tl->seg[0]);
            cambi_tile_segment(&v, scale, bx, out, out >= static_cast<int>(lo), lane, tl->seg[1]);
            sycl::group_barrier(g);
            cambi_tile_count(&v, scale, bx, lane, tl, cnt);
            sycl::group_barrier(g);
            CambiCudaTotals acc = {totals[0], static_cast<uint32_t>(totals[1]), 0};
            cambi_tile_c_value(&v, scale, slot, bx, i, lane, cnt, &acc);
            totals[0] = acc.sum;
            totals[1] = acc.nonzero;
        }
        vmaf_sycl_group_sums<kLanes>(it, &scratch[0], totals);
        if (!lane) {
            const CambiCudaScale &sc = v.scale[scale];
            sc.partials[by * sc.blocks_x + bx] =
                CambiCudaTotals{totals[0], static_cast<uint32_t>(totals[1]), 0};
        }
    }
};

// Group (view, item): the totals of scale `item`, or the largest sample at
// item CAMBI_CUDA_SCALES.
struct ReduceKernel {
    CambiCudaFrame f;
    sycl::local_accessor<uint64_t, 1> scratch; // 2 * kThreads

    void operator()(sycl::nd_item<2> it) const
    {
        const unsigned view = it.get_group(0), item = it.get_group(1), t = it.get_local_id(1);
        const CambiCudaView &v = f.view[view];
        if (item == CAMBI_CUDA_SCALES) { // the whole group
            unsigned max = 0;
            for (unsigned b = t; v.max_partials && b < v.max_blocks; b += kThreads)
                max = v.max_partials[b] > max ? v.max_partials[b] : max;
            uint64_t wide = max;
            wide = vmaf_sycl_group_max<kThreads>(it, &scratch[0], wide);
            if (!t)
                f.result->max_sample[view] = static_cast<uint32_t>(wide);
            return;
        }
        const CambiCudaScale &sc = v.scale[item];
        uint64_t sums[2] = {0, 0};
        for (unsigned b = t; b < sc.blocks_x * sc.blocks_y; b += kThreads) {
            sums[0] += sc.partials[b].sum;
            sums[1] += sc.partials[b].nonzero;
        }
        vmaf_sycl_group_sums<kThreads>(it, &scratch[0], sums);
        if (!t)
            f.result->totals[view][item] =
                CambiCudaTotals{sums[0], static_cast<uint32_t>(sums[1]), 0};
    }
};

int enqueue_view(const CambiCudaView &v, unsigned slot, VmafCudaStream s)
{
    int err = 0;
    if (v.max_partials)
        err = vmaf_sycl_submit(s, "cambi's largest samples", [&](sycl::handler &h) {
            h.parallel_for(sycl::nd_range<1>(v.max_blocks * kThreads, kThreads),
                           MaxKernel{v, sycl::local_accessor<unsigned, 1>(kThreads, h)});
        });
    if (!err)
        err = vmaf_sycl_submit(s, "cambi's loading", [&](sycl::handler &h) {
            h.parallel_for(tiles(v.w, v.h), LoadKernel{v});
        });
    if (!err)
        err = vmaf_sycl_submit(s, "cambi's mask", [&](sycl::handler &h) {
            h.parallel_for(tiles(v.w, v.h),
                           MaskKernel{v, sycl::local_accessor<CambiFlatTile, 1>(1, h)});
        });
    const size_t counts = cambi_cuda_counts_size(v.band_size) / sizeof(uint16_t);
    for (unsigned scale = 0; !err && scale < CAMBI_CUDA_SCALES; scale++) {
        const CambiCudaScale &sc = v.scale[scale];
        err = vmaf_sycl_submit(s, "cambi's mode filter", [&](sycl::handler &h) {
            h.parallel_for(tiles(sc.cols, sc.h), ModeKernel{v, scale});
        });
        if (!err)
            err = vmaf_sycl_submit(s, "cambi's c-values", [&](sycl::handler &h) {
                const sycl::nd_range<2> range(sycl::range<2>(sc.blocks_y, sc.blocks_x * kLanes),
                                              sycl::range<2>(1, kLanes));
                h.parallel_for(range,
                               CValueKernel{v, scale, slot,
                                            sycl::local_accessor<uint16_t, 1>(counts, h),
                                            sycl::local_accessor<CambiCountTile, 1>(1, h),
                                            sycl::local_accessor<uint64_t, 1>(2 * kLanes, h)});
            });
    }
    return err;
}

// The counts and the tile in the local memory of a group of the stream's
// device.
int prepare(size_t counts_size, VmafCudaStream stream)
{
    try {
        const size_t local = vmaf_sycl_stream(stream)
                                 ->queue.get_device()
                                 .get_info<sycl::info::device::local_mem_size>();
        return counts_size + sizeof(CambiCountTile) + 2 * kLanes * sizeof(uint64_t) > local
                   ? -ENOSPC
                   : 0;
    } catch (const sycl::exception &e) {
        return vmaf_sycl_fail("the device's local memory", e);
    }
}

int enqueue(const CambiCudaFrame *f, VmafCudaStream stream)
{
    int err = 0;
    for (unsigned i = 0; !err && i < f->views; i++)
        err = enqueue_view(f->view[i], f->slot, stream);
    if (err)
        return err;
    const sycl::nd_range<2> range(sycl::range<2>(f->views, (CAMBI_CUDA_SCALES + 1) * kThreads),
                                  sycl::range<2>(1, kThreads));
    return vmaf_sycl_submit(stream, "cambi's totals", [&](sycl::handler &h) {
        h.parallel_for(range, ReduceKernel{*f, sycl::local_accessor<uint64_t, 1>(2 * kThreads, h)});
    });
}

} // namespace

extern "C" const CambiGpuKernels cambi_sycl_kernels = {prepare, enqueue};

// The SYCL kernels of the float_motion twin: float_motion_cuda.cu's, with the
// steps of ../cuda/float_motion_cuda_tile.h: a work group per tile (the
// blur), per 256 samples (the second scale) and per FLOAT_MOTION_CUDA_SAD_ROWS
// rows (the sums, each row added in its order by one item while the others
// load the next chunk). Float arithmetic in the CPU's order, no contraction
// (-ffp-contract=off).
#include <cstdint>

#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/float_motion_cuda.h"
#include "../cuda/float_motion_cuda_tile.h"
}

namespace
{

constexpr unsigned kThreads = FLOAT_MOTION_CUDA_THREADS;

sycl::nd_range<1> groups(unsigned n)
{
    return sycl::nd_range<1>(sycl::range<1>(n * kThreads), sycl::range<1>(kThreads));
}

template <unsigned Taps> struct Blur {
    FloatMotionCudaFrame f;
    sycl::local_accessor<FloatMotionTile, 1> tile; // one

    void operator()(sycl::nd_item<1> it) const
    {
        FloatMotionTile *tl = &tile[0];
        const unsigned t = it.get_local_id(0);
        const FloatMotionTileAt at = float_motion_tile_at(&f, it.get_group(0));
        constexpr unsigned in =
            (FLOAT_MOTION_CUDA_TILE_H + Taps - 1) * (FLOAT_MOTION_CUDA_TILE_W + Taps - 1);
        for (unsigned i = t; i < in; i += kThreads)
            float_motion_tile_load(&f, at, Taps, i, tl);
        sycl::group_barrier(it.get_group());
        constexpr unsigned mid = FLOAT_MOTION_CUDA_TILE_H * (FLOAT_MOTION_CUDA_TILE_W + Taps - 1);
        for (unsigned i = t; i < mid; i += kThreads)
            float_motion_tile_vertical(&f, Taps, i, tl);
        sycl::group_barrier(it.get_group());
        constexpr unsigned out = FLOAT_MOTION_CUDA_TILE_H * FLOAT_MOTION_CUDA_TILE_W;
        for (unsigned i = t; i < out; i += kThreads)
            float_motion_tile_horizontal(&f, at, Taps, i, tl);
    }
};

struct Half {
    FloatMotionCudaFrame f;

    void operator()(sycl::nd_item<1> it) const
    {
        const unsigned p = float_motion_half_plane(&f, it.get_group(0));
        const unsigned block = it.get_group(0) - f.plane[p].first_half_block;
        float_motion_half_sample(&f, p, block * kThreads + it.get_local_id(0));
    }
};

struct RowSad {
    FloatMotionCudaFrame f;
    sycl::local_accessor<FloatMotionSadTile, 1> tile; // one

    void operator()(sycl::nd_item<1> it) const
    {
        FloatMotionSadTile *tl = &tile[0];
        const unsigned t = it.get_local_id(0);
        unsigned row0;
        const FloatMotionCudaSurface *s =
            float_motion_cuda_surface(&f, float_motion_sad_surface(&f, it.get_group(0), &row0));
        const unsigned chunks = float_motion_sad_chunks(s);
        const bool adder = t < FLOAT_MOTION_CUDA_SAD_ROWS;
        const unsigned loader = t - FLOAT_MOTION_CUDA_SAD_ROWS;
        if (!adder)
            float_motion_sad_load(&f, s, row0, 0, loader, tl);
        float sum = 0.0f;
        for (unsigned c = 0; c < chunks; c++) {
            // Chunk c is in; the adders are done with the buffer chunk c + 1 goes to.
            sycl::group_barrier(it.get_group());
            if (adder)
                sum = float_motion_sad_add(s, c, t, tl, sum);
            else if (c + 1 < chunks)
                float_motion_sad_load(&f, s, row0, c + 1, loader, tl);
        }
        if (adder)
            float_motion_sad_store(&f, s, row0, t, sum);
    }
};

template <unsigned Taps> int launch_blur(const FloatMotionCudaFrame *f, VmafCudaStream stream)
{
    return vmaf_sycl_submit(stream, "float_motion's blur", [&](sycl::handler &h) {
        h.parallel_for(groups(f->tiles),
                       Blur<Taps>{*f, sycl::local_accessor<FloatMotionTile, 1>(1, h)});
    });
}

int enqueue(const FloatMotionCudaFrame *f, VmafCudaStream stream)
{
    int err = f->n_taps == 3 ? launch_blur<3>(f, stream) : launch_blur<5>(f, stream);
    if (!err && f->scale1)
        err = vmaf_sycl_submit(stream, "float_motion's second scale", [&](sycl::handler &h) {
            h.parallel_for(groups(f->half_blocks), Half{*f});
        });
    if (err || !f->row_sad)
        return err;
    return vmaf_sycl_submit(stream, "float_motion's sums", [&](sycl::handler &h) {
        h.parallel_for(groups(f->sad_blocks),
                       RowSad{*f, sycl::local_accessor<FloatMotionSadTile, 1>(1, h)});
    });
}

} // namespace

extern "C" const FloatMotionGpuKernels float_motion_sycl_kernels = {enqueue};

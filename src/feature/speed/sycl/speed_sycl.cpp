// The SYCL kernels of the speed twins: speed_cuda.cu's launches, one per step
// of ../cuda/speed_cuda_tile.h over every plane of the frame, in the order the
// CPU's pipeline runs them; the 25 x 25 QR an item per plane. Float and
// double arithmetic in the CPU's order, no contraction (-ffp-contract=off).
#include <cstdint>

#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/speed_cuda.h"
#include "../cuda/speed_cuda_tile.h"
}

namespace
{

// 2D steps: a group of kTileW x kTileH outputs of one plane.
constexpr unsigned kTileW = 32, kTileH = 8;
constexpr unsigned kRowThreads = 128, kSolveThreads = 128;

unsigned groups_for(unsigned n, unsigned per_group)
{
    return (n + per_group - 1) / per_group;
}

template <SpeedTileStep S> struct PlaneStep {
    SpeedCudaFrame f;
    unsigned w, h;

    void operator()(sycl::nd_item<3> it) const
    {
        const unsigned x = it.get_global_id(2), y = it.get_global_id(1);
        const unsigned p = it.get_group(0);
        if (x >= w || y >= h)
            return;
        speed_tile_step(&f, S, p, x, y);
    }
};

struct AntialiasRows {
    SpeedCudaFrame f;

    void operator()(sycl::nd_item<3> it) const
    {
        const unsigned c = it.get_global_id(2);
        if (c < f.scaled_w)
            speed_tile_antialias_rows(&f, it.get_group(0), it.get_group(1), c);
    }
};

struct WindowMeans {
    SpeedCudaFrame f;

    void operator()(sycl::nd_item<2> it) const
    {
        const unsigned t = it.get_local_id(1);
        if (t < SPEED_BLOCK_ELEMS)
            speed_tile_mean(&f, it.get_group(0), static_cast<int>(t));
    }
};

// Group (plane, a): row a of the lower triangle.
struct Covariance {
    SpeedCudaFrame f;

    void operator()(sycl::nd_item<2> it) const
    {
        const int a = static_cast<int>(it.get_group(1)), b = static_cast<int>(it.get_local_id(1));
        if (b <= a)
            speed_tile_covariance(&f, it.get_group(0), a, b);
    }
};

// An item per plane runs the 25 x 25 QR's steps over every element in turn,
// as the CPU emulation of the CUDA kernel does (tests/unit/
// test_speed_cuda_emu.c): the CUDA kernel's form, a group of an item per
// element with barriers between the steps, gave other results on
// AdaptiveCpp's CPU device. The tile is the item's own.
struct HouseholderQr {
    SpeedCudaFrame f;

    void operator()(sycl::item<1> it) const
    {
        SpeedQrTile t;
        speed_qr_serial(&t, &f.plane[it.get_id(0)]);
    }
};

struct SolveBlocks {
    SpeedCudaFrame f;
    sycl::local_accessor<float, 1> qt, r; // SPEED_TILE_MATRIX each

    void operator()(sycl::nd_item<2> it) const
    {
        const SpeedCudaPlane *pl = &f.plane[it.get_group(0)];
        const unsigned t = it.get_local_id(1);
        for (unsigned e = t; e < SPEED_TILE_MATRIX; e += kSolveThreads) {
            qt[e] = pl->qt[e];
            r[e] = pl->r[e];
        }
        sycl::group_barrier(it.get_group());
        const unsigned b = it.get_global_id(1);
        if (b < f.n_blocks)
            speed_tile_solve(&f, it.get_group(0), &qt[0], &r[0], b);
    }
};

template <SpeedTileStep S>
int launch_plane_step(const SpeedCudaFrame &f, unsigned w, unsigned h, VmafCudaStream stream)
{
    const sycl::nd_range<3> range(
        sycl::range<3>(f.planes, groups_for(h, kTileH) * kTileH, groups_for(w, kTileW) * kTileW),
        sycl::range<3>(1, kTileH, kTileW));
    return vmaf_sycl_submit(stream, "speed's plane step", [&](sycl::handler &cgh) {
        cgh.parallel_for(range, PlaneStep<S>{f, w, h});
    });
}

// Groups of `items` items, n of them for each plane.
sycl::nd_range<2> per_plane(const SpeedCudaFrame &f, unsigned n, unsigned items)
{
    return sycl::nd_range<2>(sycl::range<2>(f.planes, n * items), sycl::range<2>(1, items));
}

int enqueue(const SpeedCudaFrame *f, VmafCudaStream stream)
{
    int err = launch_plane_step<SPEED_STEP_LOAD>(*f, f->w, f->h, stream);
    if (!err && f->resize)
        err = launch_plane_step<SPEED_STEP_RESAMPLE>(*f, f->scaled_w, f->scaled_h, stream);
    if (!err) {
        const sycl::nd_range<3> range(
            sycl::range<3>(f->planes, f->small_h,
                           groups_for(f->scaled_w, kRowThreads) * kRowThreads),
            sycl::range<3>(1, 1, kRowThreads));
        err = vmaf_sycl_submit(stream, "speed's antialias rows",
                               [&](sycl::handler &h) { h.parallel_for(range, AntialiasRows{*f}); });
    }
    if (!err)
        err = launch_plane_step<SPEED_STEP_ANTIALIAS_COLS>(*f, f->small_w, f->small_h, stream);
    if (!err)
        err = launch_plane_step<SPEED_STEP_LOCAL_MEAN_ROWS>(*f, f->small_w, f->small_h, stream);
    if (!err)
        err = launch_plane_step<SPEED_STEP_CENTRE>(*f, f->small_w, f->small_h, stream);
    if (!err)
        err = vmaf_sycl_submit(stream, "speed's window means", [&](sycl::handler &h) {
            h.parallel_for(per_plane(*f, 1, 32), WindowMeans{*f});
        });
    if (!err)
        err = vmaf_sycl_submit(stream, "speed's covariance", [&](sycl::handler &h) {
            h.parallel_for(per_plane(*f, SPEED_BLOCK_ELEMS, 32), Covariance{*f});
        });
    if (!err)
        err = vmaf_sycl_submit(stream, "speed's QR", [&](sycl::handler &h) {
            h.parallel_for(sycl::range<1>(f->planes), HouseholderQr{*f});
        });
    if (!err)
        err = vmaf_sycl_submit(stream, "speed's blocks", [&](sycl::handler &h) {
            h.parallel_for(per_plane(*f, groups_for(f->n_blocks, kSolveThreads), kSolveThreads),
                           SolveBlocks{*f, sycl::local_accessor<float, 1>(SPEED_TILE_MATRIX, h),
                                       sycl::local_accessor<float, 1>(SPEED_TILE_MATRIX, h)});
        });
    return err;
}

} // namespace

extern "C" const SpeedGpuKernels speed_sycl_kernels = {enqueue};

// The SYCL kernel of the motion twins: motion_cuda.cu's strips, as work
// groups of MOTION_CUDA_THREADS items, with the same steps
// (../cuda/motion_cuda_tile.h). A group sums its kRowsAtOnce rows at once
// (sycl_reduce.hpp), and its first item adds them into the rows' sums; the groups beside each other
// add atomically, so the sums are zeroed first. Integer arithmetic: the
// order of the additions cannot change a sum taken modulo 2^32.
#include <cstdint>

#include "sycl/sycl_reduce.hpp"
#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/motion_cuda.h"
#include "../cuda/motion_cuda_tile.h"
}

namespace
{

constexpr unsigned kThreads = MOTION_CUDA_THREADS;
constexpr unsigned kRowsAtOnce = 8;
static_assert(MOTION_STRIP_ROWS % kRowsAtOnce == 0, "a strip is whole batches of rows");

struct Taps {
    int32_t c[MOTION_FILTER_TAPS];
};

template <bool Hbd> struct StripSad {
    MotionCudaRows a;
    Taps taps;
    sycl::local_accessor<int32_t, 1> blurred;  // kRowsAtOnce rows of MOTION_TILE_SPAN
    sycl::local_accessor<uint32_t, 1> scratch; // kRowsAtOnce * kThreads

    void operator()(sycl::nd_item<2> it) const
    {
        const unsigned t = it.get_local_id(1), x0 = it.get_group(1) * kThreads;
        const unsigned y0 = it.get_group(0) * MOTION_STRIP_ROWS;
        const unsigned rows = a.h - y0 < MOTION_STRIP_ROWS ? a.h - y0 : MOTION_STRIP_ROWS;
        const unsigned span = motion_tile_span(&a, x0);
        const bool first = t < span, second = t + kThreads < span;
        int32_t *tile = &blurred[0];
        MotionColumn c[2];
        if (first)
            motion_column_start(&a, Hbd, x0, t, y0, &c[0]);
        if (second)
            motion_column_start(&a, Hbd, x0, t + kThreads, y0, &c[1]);
        for (unsigned r0 = 0; r0 < rows; r0 += kRowsAtOnce) {
            for (unsigned b = 0; b < kRowsAtOnce && r0 + b < rows; b++) {
                int32_t *row = tile + b * MOTION_TILE_SPAN;
                if (first)
                    motion_column_step(&a, taps.c, Hbd, x0, t, y0 + r0 + b, &c[0], row);
                if (second)
                    motion_column_step(&a, taps.c, Hbd, x0, t + kThreads, y0 + r0 + b, &c[1], row);
            }
            sycl::group_barrier(it.get_group());
            uint32_t v[kRowsAtOnce];
            for (unsigned b = 0; b < kRowsAtOnce; b++)
                v[b] = r0 + b < rows
                           ? motion_tile_abs(&a, taps.c, x0, t, tile + b * MOTION_TILE_SPAN)
                           : 0;
            // Its barriers also keep the tile until every item has read it.
            vmaf_sycl_group_sums<kThreads>(it, &scratch[0], v);
            for (unsigned b = 0; !t && b < kRowsAtOnce && r0 + b < rows; b++)
                sycl::atomic_ref<uint32_t, sycl::memory_order::relaxed, sycl::memory_scope::device,
                                 sycl::access::address_space::global_space>(a.row_sad[y0 + r0 + b])
                    .fetch_add(v[b]);
        }
    }
};

template <bool Hbd> int launch(const MotionCudaRows &a, VmafCudaStream stream)
{
    const sycl::range<2> groups((a.h + MOTION_STRIP_ROWS - 1) / MOTION_STRIP_ROWS,
                                (a.w + kThreads - 1) / kThreads);
    const sycl::nd_range<2> range(groups * sycl::range<2>(1, kThreads),
                                  sycl::range<2>(1, kThreads));
    return vmaf_sycl_submit(stream, "motion's strip sad", [&](sycl::handler &h) {
        StripSad<Hbd> k{a, Taps{MOTION_FILTER_COEFFICIENTS},
                        sycl::local_accessor<int32_t, 1>(kRowsAtOnce * MOTION_TILE_SPAN, h),
                        sycl::local_accessor<uint32_t, 1>(kRowsAtOnce * kThreads, h)};
        h.parallel_for(range, k);
    });
}

int row_sad(const MotionCudaRows *rows, VmafCudaStream stream)
{
    uint32_t *sums = rows->row_sad;
    const size_t bytes = rows->h * sizeof(*sums);
    int err = vmaf_sycl_submit(stream, "zeroing motion's row sums",
                               [&](sycl::handler &h) { h.memset(sums, 0, bytes); });
    if (err)
        return err;
    return rows->bpc > 8 ? launch<true>(*rows, stream) : launch<false>(*rows, stream);
}

} // namespace

extern "C" const MotionGpuKernels motion_sycl_kernels = {row_sad};

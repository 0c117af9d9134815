// The SYCL kernels of the ssimulacra2 twin: ssimulacra2_cuda.cu's frame with
// ../cuda/ssimulacra2_cuda_tile.h's steps: chroma upsampled across and
// linear RGB an item per output; per scale the downsampling and XYB an item
// per pixel, the row blur an item per row and lane along the row, the column
// blur an item per column and lane walking down, the maps' terms an item per pixel; last, the
// running double sums of every scale's maps (sycl/serial_sums_sycl.h). No contraction
// (-ffp-contract=off): every rounding is the CPU's.
#include <cstdint>

#include "sycl/sycl_stream.hpp"

extern "C" {
#include "../cuda/ssimulacra2_cuda.h"
#include "../cuda/ssimulacra2_cuda_tile.h"
#include "sycl/serial_sums_sycl.h"
}

namespace
{

constexpr int kRows = SSIMU2_CUDA_ROWS;
// A tile's outputs read the XYB from SSIMU2_BLUR_BEFORE columns before it to
// SSIMU2_BLUR_AFTER after.
constexpr int kTileIn = kRows + SSIMU2_BLUR_BEFORE + SSIMU2_BLUR_AFTER;

// Groups of SSIMU2_CUDA_BLOCK_H x SSIMU2_CUDA_BLOCK_W over w x h, for each
// of z planes (the first dimension).
sycl::nd_range<3> pixels(unsigned w, unsigned h, unsigned z)
{
    const unsigned bx = (w + SSIMU2_CUDA_BLOCK_W - 1) / SSIMU2_CUDA_BLOCK_W;
    const unsigned by = (h + SSIMU2_CUDA_BLOCK_H - 1) / SSIMU2_CUDA_BLOCK_H;
    return sycl::nd_range<3>(sycl::range<3>(z, by * SSIMU2_CUDA_BLOCK_H, bx * SSIMU2_CUDA_BLOCK_W),
                             sycl::range<3>(1, SSIMU2_CUDA_BLOCK_H, SSIMU2_CUDA_BLOCK_W));
}

// Row y of the chroma plane, output column x, plane z (picture * 2 + U or V).
template <bool Hbd> struct ChromaRows {
    Ssimu2CudaFrame f;

    void operator()(sycl::nd_item<3> it) const
    {
        const unsigned x = it.get_global_id(2), y = it.get_global_id(1), z = it.get_group(0);
        const unsigned w = f.scale[0].w, pic = z / 2, p = z % 2;
        if (x >= w || y >= f.scale[0].h >> f.log2_h)
            return;
        f.chroma[pic][p][(size_t)y * w + x] = ssimu2_tile_chroma_row(&f, pic, 1 + p, y, x, Hbd);
    }
};

template <bool Hbd> struct Linear {
    Ssimu2CudaFrame f;

    void operator()(sycl::nd_item<3> it) const
    {
        const unsigned x = it.get_global_id(2), y = it.get_global_id(1), pic = it.get_group(0);
        const Ssimu2CudaScale *sc = &f.scale[0];
        if (x < sc->w && y < sc->h)
            ssimu2_tile_linear_pixel(&f, pic, x, y, Hbd);
    }
};

// Scale s from scale s - 1, plane z (picture * 3 + channel).
struct Downsample {
    Ssimu2CudaFrame f;
    unsigned s;

    void operator()(sycl::nd_item<3> it) const
    {
        const unsigned x = it.get_global_id(2), y = it.get_global_id(1), z = it.get_group(0);
        const Ssimu2CudaScale *sc = &f.scale[s], *up = &f.scale[s - 1];
        if (x >= sc->w || y >= sc->h)
            return;
        const unsigned pic = z / 3, c = z % 3;
        sc->linear[pic][c][(size_t)y * sc->w + x] =
            ssimu2_tile_downsample(up->linear[pic][c], up->w, up->h, x, y);
    }
};

struct Xyb {
    Ssimu2CudaFrame f;
    unsigned s;

    void operator()(sycl::nd_item<3> it) const
    {
        const unsigned x = it.get_global_id(2), y = it.get_global_id(1), pic = it.get_group(0);
        const Ssimu2CudaScale *sc = &f.scale[s];
        if (x < sc->w && y < sc->h)
            ssimu2_tile_xyb_pixel(&f, s, pic, (size_t)y * sc->w + x);
    }
};

// An item per row, channel and lane, along the row through tiles of
// kRows columns of both pictures' XYB, as the CPU emulation of the CUDA
// kernel walks them (tests/unit/test_ssimulacra2_cuda_emu.c). A port of the
// CUDA kernel's work groups (a group per strip of rows, the tiles in local
// memory) gave other sums on AdaptiveCpp's CPU device, and this form the
// CPU's; the groups' form is left for when it can be run on a GPU.
struct BlurRows {
    Ssimu2CudaFrame f;
    unsigned s;

    void operator()(sycl::item<3> it) const
    {
        const Ssimu2CudaScale *sc = &f.scale[s];
        const unsigned c = it.get_id(0), lane = it.get_id(1), y = it.get_id(2);
        if (lane >= sc->lanes[c])
            return;
        const int w = (int)sc->w;
        const size_t plane = (size_t)sc->w * sc->h;
        const float *xyb[2] = {f.xyb[0][c] + (size_t)y * sc->w, f.xyb[1][c] + (size_t)y * sc->w};
        float *dst = f.row_blurred + (sc->slot[c] + lane) * plane + (size_t)y * sc->w;
        const unsigned map = ssimu2_tile_lane_map(sc->lanes[c], lane);
        Ssimu2LaneBlur st = {{0, 0, 0}, {0, 0, 0}};
        for (int x0 = 0; x0 < w; x0 += kRows) {
            const int origin = x0 - SSIMU2_BLUR_BEFORE;
            float in[2][kTileIn], out[kRows];
            for (unsigned p = 0; p < 2; p++)
                for (int i = 0; i < kTileIn; i++)
                    in[p][i] = origin + i >= 0 && origin + i < w ? xyb[p][origin + i] : 0.0f;
            const int end = x0 + kRows < w ? x0 + kRows : w;
            ssimu2_tile_blur_lane(&st, &f.gauss, in[0], in[1], origin, map, w,
                                  x0 ? x0 : SSIMU2_BLUR_FIRST, end, out, x0);
            for (int x = x0; x < end; x++)
                dst[x] = out[x - x0];
        }
    }
};

// An item per column and slot, down the rows.
struct BlurColumns {
    Ssimu2CudaFrame f;
    unsigned s;

    void operator()(sycl::nd_item<2> it) const
    {
        const Ssimu2CudaScale *sc = &f.scale[s];
        const unsigned x = it.get_global_id(1);
        if (x >= sc->w)
            return;
        const int h = (int)sc->h;
        const size_t off = it.get_group(0) * (size_t)sc->w * sc->h + x;
        const float *src = f.row_blurred + off;
        float *dst = f.blurred + off;
        Ssimu2LaneColumn st = {{0, 0, 0}, {0, 0, 0}};
        for (int n = SSIMU2_BLUR_FIRST; n < h; n++) {
            const int top = n - SSIMU2_BLUR_BEFORE, bottom = n + SSIMU2_BLUR_AFTER;
            const bool has_top = top >= 0, has_bottom = bottom < h;
            const float v = ssimu2_tile_column_step(
                &st, &f.gauss, has_top, has_top ? src[(size_t)top * sc->w] : 0.0f, has_bottom,
                has_bottom ? src[(size_t)bottom * sc->w] : 0.0f);
            if (n >= 0)
                dst[(size_t)n * sc->w] = v;
        }
    }
};

// Pixel (x, y) of scale s, channel z.
struct Maps {
    Ssimu2CudaFrame f;
    unsigned s;

    void operator()(sycl::nd_item<3> it) const
    {
        const unsigned x = it.get_global_id(2), y = it.get_global_id(1);
        const Ssimu2CudaScale *sc = &f.scale[s];
        if (x >= sc->w || y >= sc->h)
            return;
        ssimu2_tile_maps(&f, s, it.get_group(0), (size_t)y * sc->w + x);
    }
};

int enqueue_scale(const Ssimu2CudaFrame *f, unsigned s, VmafCudaStream st)
{
    const Ssimu2CudaScale *sc = &f->scale[s];
    int err = 0;
    if (s)
        err = vmaf_sycl_submit(st, "ssimulacra2's downsampling", [&](sycl::handler &h) {
            h.parallel_for(pixels(sc->w, sc->h, 6), Downsample{*f, s});
        });
    if (err || !sc->slots)
        return err;
    err = vmaf_sycl_submit(st, "ssimulacra2's XYB", [&](sycl::handler &h) {
        h.parallel_for(pixels(sc->w, sc->h, 2), Xyb{*f, s});
    });
    if (!err)
        err = vmaf_sycl_submit(st, "ssimulacra2's row blur", [&](sycl::handler &h) {
            h.parallel_for(sycl::range<3>(3, SSIMU2_MAPS, sc->h), BlurRows{*f, s});
        });
    if (!err) {
        const unsigned groups = (sc->w + SSIMU2_CUDA_COLUMNS - 1) / SSIMU2_CUDA_COLUMNS;
        const sycl::nd_range<2> range(sycl::range<2>(sc->slots, groups * SSIMU2_CUDA_COLUMNS),
                                      sycl::range<2>(1, SSIMU2_CUDA_COLUMNS));
        err = vmaf_sycl_submit(st, "ssimulacra2's column blur", [&](sycl::handler &h) {
            h.parallel_for(range, BlurColumns{*f, s});
        });
    }
    if (!err)
        err = vmaf_sycl_submit(st, "ssimulacra2's maps", [&](sycl::handler &h) {
            h.parallel_for(pixels(sc->w, sc->h, 3), Maps{*f, s});
        });
    return err;
}

template <bool Hbd> int enqueue_input(const Ssimu2CudaFrame *f, VmafCudaStream st)
{
    const Ssimu2CudaScale *sc = &f->scale[0];
    int err = 0;
    if (!f->gbr && f->log2_w)
        err = vmaf_sycl_submit(st, "ssimulacra2's chroma", [&](sycl::handler &h) {
            h.parallel_for(pixels(sc->w, sc->h >> f->log2_h, 4), ChromaRows<Hbd>{*f});
        });
    if (!err)
        err = vmaf_sycl_submit(st, "ssimulacra2's linear RGB", [&](sycl::handler &h) {
            h.parallel_for(pixels(sc->w, sc->h, 2), Linear<Hbd>{*f});
        });
    return err;
}

int enqueue(const Ssimu2CudaFrame *f, VmafCudaStream st)
{
    static_assert(SSIMU2_CUDA_ROWS % SSIMU2_BLUR_GROUP == 0, "tiles end on whole groups");
    double *sums = f->sums;
    // The sums not made are 0.
    int err = vmaf_sycl_submit(st, "zeroing ssimulacra2's sums", [&](sycl::handler &h) {
        h.memset(sums, 0, sizeof(double) * SSIMU2_SCALES * 3 * 6);
    });
    if (!err)
        err = f->bpc > 8 ? enqueue_input<true>(f, st) : enqueue_input<false>(f, st);
    for (unsigned s = 0; !err && s < f->scales; s++)
        err = enqueue_scale(f, s, st);
    return err ? err : vmaf_sycl_serial_sums_enqueue(&f->serial, f->sums, st);
}

} // namespace

extern "C" const Ssimu2GpuKernels ssimulacra2_sycl_kernels = {enqueue};

/* The raw YUV reader. The first four bytes choose what -w, -h, -p and -b
 * would, and the depth of the picture read into (samples are shifted up to
 * it); the rest is the file. Where the CLI would read frames at their
 * offsets from several threads, that reader must give what the sequential
 * one gives, frame for frame, the end and errors included. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static const enum VmafPixelFormat pix_fmts[] = {
    VMAF_PIX_FMT_YUV420P,
    VMAF_PIX_FMT_YUV422P,
    VMAF_PIX_FMT_YUV444P,
    VMAF_PIX_FMT_YUV400P,
};

static bool same_planes(const VmafPicture *a, const VmafPicture *b)
{
    for (unsigned p = 0; p < 3; p++) {
        if (a->data[p] && memcmp(a->data[p], b->data[p], (size_t)a->stride[p] * a->h[p]))
            return false;
    }
    return true;
}

/* Returns false, reading nothing, when in cannot be read at offsets. */
static bool compare_readers(VideoInput *in)
{
    const VideoInfo *info = &in->info;
    VmafPicture seq, at;
    if (vmaf_picture_alloc(&seq, info->pix_fmt, info->bpc, info->w, info->h) ||
        vmaf_picture_alloc(&at, info->pix_fmt, info->bpc, info->w, info->h))
        abort();
    const bool positioned = video_input_positioned(in, &seq);
    for (unsigned frame = 0; positioned; frame++) {
        char error[VIDEO_INPUT_ERROR_SIZE];
        const int ret_seq = video_input_read(in, &seq);
        const int ret_at = video_input_read_at(in, &at, frame, error, sizeof(error));
        if ((ret_seq < 0) != (ret_at < 0) || (ret_seq == 1) != (ret_at == 1) ||
            (ret_seq == 1 && !same_planes(&seq, &at)))
            abort();
        if (ret_seq != 1)
            break;
    }
    vmaf_picture_unref(&seq);
    vmaf_picture_unref(&at);
    return positioned;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_silence_log();
    if (size < 4)
        return 0;
    const unsigned bpc = 8 + (data[3] & 15) % 9;
    const VideoInfo raw = {
        .w = 1 + data[0] % 64,
        .h = 1 + data[1] % 64,
        .bpc = bpc,
        .pix_fmt = pix_fmts[data[2] % 4],
    };
    const unsigned pic_bpc = bpc + (data[3] >> 4) % (17 - bpc);
    VideoInput in;
    if (video_input_open(&in, fuzz_input_path(data + 4, size - 4), &raw))
        return 0;
    if (pic_bpc != bpc || !compare_readers(&in))
        fuzz_read_frames(&in, pic_bpc);
    video_input_close(&in);
    return 0;
}

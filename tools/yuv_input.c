/* Headerless planar YUV: Y, then Cb and Cr planes of the sizes
 * vmaf_picture_alloc gives them (chroma sizes rounded down), samples of one
 * byte for 8 bits and two little-endian bytes above. */
#include <errno.h>

#include "video_input.h"

int yuv_input_init(VideoInput *in, const VideoInfo *raw)
{
    if (raw->bpc < 8 || raw->bpc > 16)
        return video_input_fail(in, -EINVAL, "bit depth %u is not supported (8..16)", raw->bpc);
    switch (raw->pix_fmt) {
    case VMAF_PIX_FMT_YUV420P:
    case VMAF_PIX_FMT_YUV422P:
    case VMAF_PIX_FMT_YUV444P:
    case VMAF_PIX_FMT_YUV400P:
        break;
    default:
        return video_input_fail(in, -EINVAL, "unknown pixel format %d", (int)raw->pix_fmt);
    }
    in->info = *raw;
    return 0;
}

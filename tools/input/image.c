/* What the RGB image readers (PNM, PNG) share: an image is one frame of
 * 4:4:4 planes G, B, R (VideoInfo.rgb), its rows of interleaved samples
 * spread over them. */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "input.h"

int video_image_info(VideoInput *in, const VideoInfo *raw, const char *format, unsigned w,
                     unsigned h, unsigned bpc)
{
    if (raw)
        return video_input_fail(
            in, -EINVAL, "is a %s image; -w/-h/-p/-b describe raw YUV: leave them out", format);
    char msg[160];
    if (!video_dimensions_valid(w, h, msg, sizeof(msg)))
        return video_input_fail(in, -EINVAL, "%s", msg);
    if (bpc < 8 || bpc > 16)
        return video_input_fail(in, -EINVAL, "%u-bit samples are not supported (8..16)", bpc);
    in->info = (VideoInfo){
        .w = w,
        .h = h,
        .bpc = bpc,
        .pix_fmt = VMAF_PIX_FMT_YUV444P,
        .rgb = true,
        .matrix = "rgb",
        .range = "full",
    };
    in->frame_bytes = (size_t)w * h * 3 * video_bytes_per_sample(bpc);
    for (unsigned p = 0; p < 3; p++) {
        in->plane_w[p] = w;
        in->plane_h[p] = h;
    }
    return 0;
}

void video_image_store_row(VmafPicture *pic, unsigned y, const unsigned char *src,
                           unsigned channels, unsigned src_bpc)
{
    /* R, G, B of the row to planes 2, 0, 1; a grey row to all three. */
    static const unsigned plane_of[3] = {2, 0, 1};
    const unsigned shift = pic->bpc - src_bpc, bps = video_bytes_per_sample(src_bpc);
    for (unsigned c = 0; c < 3; c++) {
        unsigned char *row = pic->data[plane_of[c]];
        if (!row)
            continue;
        row += (ptrdiff_t)y * pic->stride[plane_of[c]];
        const unsigned char *s = src + (channels == 3 ? c : 0) * bps;
        const size_t step = (size_t)channels * bps;
        for (unsigned x = 0; x < pic->w[0]; x++, s += step) {
            if (pic->bpc == 8)
                row[x] = s[0];
            else
                ((uint16_t *)row)[x] = (uint16_t)((bps == 1 ? s[0] : s[0] << 8 | s[1]) << shift);
        }
    }
}

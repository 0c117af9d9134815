/* What the RGB image readers (PNM, PNG) share: an image is one frame of
 * 4:4:4 planes G, B, R (VideoInfo.rgb), its rows of interleaved samples
 * spread over them. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

bool video_image_sequence(VideoInput *in, const char *path)
{
    const char *pc = strchr(path, '%');
    if (!pc)
        return false;
    const char *p = pc + 1;
    unsigned width = 0;
    if (*p == '0') {
        p++;
        if (!isdigit((unsigned char)*p))
            return false;
        width = (unsigned)(*p++ - '0');
    }
    if (*p != 'd' || strchr(p + 1, '%'))
        return false;
    in->sequence.prefix_len = (size_t)(pc - path);
    in->sequence.width = width;
    in->sequence.suffix = p + 1;
    return true;
}

void video_image_frame_path(VideoInput *in, unsigned n)
{
    snprintf(in->frame_path, sizeof(in->frame_path), "%.*s%0*u%s", (int)in->sequence.prefix_len,
             in->path, (int)in->sequence.width, n, in->sequence.suffix);
}

int video_image_next(VideoInput *in)
{
    if (!in->sequence.suffix)
        return 0;
    video_image_frame_path(in, in->sequence.next);
    FILE *f = fopen(in->frame_path, "rb");
    if (!f)
        return errno == ENOENT ? 0
                               : video_input_fail(in, -errno, "cannot open: %s", strerror(errno));
    const VideoInfo first = in->info;
    const VideoReader *reader = in->reader;
    reader->close(in);
    fclose(in->file);
    /* Its rows may be longer (P6 after P5). */
    free(in->row);
    in->row = NULL;
    in->file = f;
    in->sniffed_pos = 0;
    in->sniffed_len = fread(in->sniffed, 1, sizeof(in->sniffed), f);
    if (reader->probe(in->sniffed, in->sniffed_len, NULL) <= 0)
        return video_input_fail(in, -EINVAL, "not a %s image, as the sequence's first is",
                                reader->name);
    const int err = reader->open(in, NULL);
    if (err)
        return err;
    if (in->info.w != first.w || in->info.h != first.h || in->info.bpc != first.bpc)
        return video_input_fail(in, -EINVAL,
                                "%ux%u %u-bit, the sequence's first image %ux%u %u-bit", in->info.w,
                                in->info.h, in->info.bpc, first.w, first.h, first.bpc);
    in->sequence.next++;
    return 1;
}

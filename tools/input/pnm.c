/* Binary PNM images (P6 RGB, P5 grey), as libjxl's ssimulacra2 tool reads
 * them: one frame, samples of up to 16 bits with a maxval of 2^bits - 1. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"

typedef struct PnmState {
    unsigned channels;
} PnmState;

static int pnm_probe(const unsigned char *head, size_t len, const VideoInfo *raw)
{
    (void)raw;
    return len >= 3 && head[0] == 'P' && (head[1] == '5' || head[1] == '6') && isspace(head[2]) ? 2
                                                                                                : 0;
}

/* The next header number: whitespace and # comments skipped, then digits
 * up to one whitespace byte (consumed). -1 when there is none. */
static long header_number(VideoInput *in)
{
    int c;
    unsigned char b;
    do {
        if (video_input_fread(in, &b, 1) != 1)
            return -1;
        c = b;
        if (c == '#')
            while (c != '\n' && c != '\r' && video_input_fread(in, &b, 1) == 1)
                c = b;
    } while (isspace(c) || c == '#');
    long v = 0;
    for (; isdigit(c); c = b) {
        v = v * 10 + (c - '0');
        if (v > 1 << 20 || video_input_fread(in, &b, 1) != 1)
            return -1;
    }
    return isspace(c) ? v : -1;
}

static int pnm_open(VideoInput *in, const VideoInfo *raw)
{
    PnmState *s = calloc(1, sizeof(*s));
    if (!s)
        return video_input_fail(in, -ENOMEM, "out of memory");
    in->priv = s;
    s->channels = in->sniffed[1] == '6' ? 3 : 1;
    in->sniffed_pos = 2;
    const long w = header_number(in), h = header_number(in), maxval = header_number(in);
    if (w < 0 || h < 0 || maxval < 0)
        return video_input_fail(in, -EINVAL, "bad PNM header (expected width, height, maxval)");
    unsigned bits = 1;
    while (bits < 16 && (1l << bits) - 1 < maxval)
        bits++;
    if (maxval != (1l << bits) - 1 || bits < 8)
        return video_input_fail(in, -EINVAL,
                                "PNM maxval %ld is not supported (255, 511, ... 65535: 8 to 16 "
                                "bits)",
                                maxval);
    return video_image_info(in, raw, "PNM", (unsigned)w, (unsigned)h, bits);
}

static int pnm_read(VideoInput *in, VmafPicture *pic)
{
    if (in->frame_index) {
        const int next = video_image_next(in);
        if (next <= 0)
            return next;
    }
    /* The next image's, after video_image_next(). */
    const PnmState *s = in->priv;
    const size_t row_bytes =
        (size_t)in->info.w * s->channels * video_bytes_per_sample(in->info.bpc);
    if (!in->row && !(in->row = malloc(row_bytes)))
        return video_input_fail(in, -ENOMEM, "out of memory");
    for (unsigned y = 0; y < in->info.h; y++) {
        if (video_input_fread(in, in->row, row_bytes) != row_bytes)
            return video_input_fail(in, -EIO, "the image is truncated (row %u of %u)", y,
                                    in->info.h);
        video_image_store_row(pic, y, in->row, s->channels, in->info.bpc);
    }
    return 1;
}

static void pnm_close(VideoInput *in)
{
    free(in->priv);
    in->priv = NULL;
}

const VideoReader video_reader_pnm = {
    .name = "pnm",
    .probe = pnm_probe,
    .open = pnm_open,
    .read = pnm_read,
    .close = pnm_close,
};

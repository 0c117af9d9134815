/* What the planar readers (Y4M and raw YUV) share: the plane layout, and a
 * frame's planes read into a picture, one read a plane. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input.h"

/* Chroma subsampling shifts, as vmaf_picture_alloc applies them. */
static void chroma_shifts(enum VmafPixelFormat pix_fmt, unsigned *ss_x, unsigned *ss_y)
{
    *ss_x = pix_fmt == VMAF_PIX_FMT_YUV420P || pix_fmt == VMAF_PIX_FMT_YUV422P;
    *ss_y = pix_fmt == VMAF_PIX_FMT_YUV420P;
}

size_t video_input_plane_bytes(const VideoInput *in, unsigned p)
{
    return (size_t)in->plane_w[p] * in->plane_h[p] * video_bytes_per_sample(in->info.bpc);
}

int video_input_planar_layout(VideoInput *in, bool round_chroma_up)
{
    const VideoInfo *info = &in->info;
    char msg[160];
    if (!video_dimensions_valid(info->w, info->h, msg, sizeof(msg)))
        return video_input_fail(in, -EINVAL, "%s", msg);

    unsigned ss_x, ss_y;
    chroma_shifts(info->pix_fmt, &ss_x, &ss_y);
    const unsigned round_x = round_chroma_up ? (1u << ss_x) - 1 : 0;
    const unsigned round_y = round_chroma_up ? (1u << ss_y) - 1 : 0;
    const unsigned planes = info->pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    const size_t bps = video_bytes_per_sample(info->bpc);

    in->frame_bytes = in->trailing_bytes;
    for (unsigned p = 0; p < 3; p++) {
        const bool chroma = p > 0;
        in->plane_w[p] = p < planes ? (chroma ? (info->w + round_x) >> ss_x : info->w) : 0;
        in->plane_h[p] = p < planes ? (chroma ? (info->h + round_y) >> ss_y : info->h) : 0;
        in->frame_bytes += video_input_plane_bytes(in, p);
    }
    /* Big enough for any row, and for a skipped alpha plane's rows. */
    in->row = malloc((size_t)info->w * bps);
    if (!in->row)
        return video_input_fail(in, -ENOMEM, "out of memory");
    return 0;
}

/* Widens or byte-swaps one row of file samples into 16-bit picture samples,
 * shifting them up to the picture's depth. */
static void convert_row(uint16_t *dst, const unsigned char *src, unsigned n, unsigned src_bps,
                        unsigned shift)
{
    for (unsigned x = 0; x < n; x++) {
        unsigned v = src_bps == 1 ? src[x] : (unsigned)src[2 * x] | (unsigned)src[2 * x + 1] << 8;
        dst[x] = (uint16_t)(v << shift);
    }
}

void video_input_store_plane(VmafPicture *pic, unsigned p, const unsigned char *src,
                             ptrdiff_t src_stride, unsigned src_bpc)
{
    const unsigned src_bps = video_bytes_per_sample(src_bpc);
    const unsigned shift = pic->bpc - src_bpc;
    const bool direct = !shift && (src_bps == 1 || video_host_is_little_endian());
    unsigned char *dst = pic->data[p];
    if (!dst) /* a plane the picture does not hold */
        return;
    for (unsigned y = 0; y < pic->h[p]; y++, dst += pic->stride[p], src += src_stride) {
        if (direct)
            memcpy(dst, src, (size_t)pic->w[p] * src_bps);
        else if (pic->bpc == 8)
            memcpy(dst, src, pic->w[p]);
        else
            convert_row((uint16_t *)dst, src, pic->w[p], src_bps, shift);
    }
}

/* Reads count bytes, or fails as a truncated frame with *got bytes of it. */
static int read_exact(VideoInput *in, void *buf, size_t count, size_t *got)
{
    const size_t n = video_input_fread(in, buf, count);
    *got += n;
    if (n == count)
        return 0;
    if (ferror(in->file))
        return video_input_fail(in, -EIO, "read error at frame %u: %s", in->frame_index,
                                strerror(errno));
    return video_input_fail(in, -EIO, "frame %u is truncated (got %zu of %zu bytes)",
                            in->frame_index, *got, in->frame_bytes);
}

/* The largest plane's bytes as stored, for plane_buf. */
static size_t plane_bytes_max(const VideoInput *in)
{
    size_t max = 0;
    for (unsigned p = 0; p < 3; p++) {
        const size_t n = video_input_plane_bytes(in, p);
        max = n > max ? n : max;
    }
    return max;
}

/* One read a plane: reads of a row each cost a system call every few rows,
 * which bounds the tool at a few hundred 1080p frames a second. */
static int read_plane(VideoInput *in, VmafPicture *pic, unsigned p, size_t *got)
{
    const unsigned src_bps = video_bytes_per_sample(in->info.bpc);
    const size_t row_bytes = (size_t)in->plane_w[p] * src_bps;
    const size_t plane_bytes = row_bytes * in->plane_h[p];
    const unsigned shift = pic->bpc - in->info.bpc;
    const bool direct =
        !shift && in->plane_w[p] == pic->w[p] && (src_bps == 1 || video_host_is_little_endian());
    if (direct && (size_t)pic->stride[p] == row_bytes && in->plane_h[p] == pic->h[p])
        return read_exact(in, pic->data[p], plane_bytes, got);

    if (!in->plane_buf && !(in->plane_buf = malloc(plane_bytes_max(in))))
        return video_input_fail(in, -ENOMEM, "out of memory");
    int err = read_exact(in, in->plane_buf, plane_bytes, got);
    if (!err)
        video_input_store_plane(pic, p, in->plane_buf, (ptrdiff_t)row_bytes, in->info.bpc);
    return err;
}

/* Skips count bytes of a regular file by seeking, when they are all there
 * (a frame whose skipped bytes are missing is truncated as any other); 1 when
 * it did, 0 when they must be read instead. */
static int seek_past(VideoInput *in, size_t count, size_t *got)
{
    struct stat st;
    if (in->sniffed_pos < in->sniffed_len || fstat(fileno(in->file), &st) || !S_ISREG(st.st_mode))
        return 0;
    const off_t at = ftello(in->file);
    if (at < 0 || (uintmax_t)st.st_size < (uintmax_t)at + count)
        return 0;
    if (fseeko(in->file, (off_t)count, SEEK_CUR))
        return video_input_fail(in, -EIO, "seek error at frame %u: %s", in->frame_index,
                                strerror(errno));
    *got += count;
    return 1;
}

/* Bytes of the frame that the picture does not take: seeked past in a
 * regular file, else read a row at a time. */
static int skip_bytes(VideoInput *in, size_t count, size_t *got)
{
    if (!count)
        return 0;
    int err = seek_past(in, count, got);
    if (err)
        return err < 0 ? err : 0;
    const size_t chunk = (size_t)in->info.w * video_bytes_per_sample(in->info.bpc);
    for (size_t left = count; left;) {
        const size_t n = left < chunk ? left : chunk;
        if ((err = read_exact(in, in->row, n, got)))
            return err;
        left -= n;
    }
    return 0;
}

int video_input_planar_read(VideoInput *in, VmafPicture *pic)
{
    size_t got = 0;
    for (unsigned p = 0; p < 3; p++) {
        if (!in->plane_h[p])
            continue;
        int err = pic->data[p] ? read_plane(in, pic, p, &got)
                               : skip_bytes(in, video_input_plane_bytes(in, p), &got);
        if (err)
            return err;
    }
    return skip_bytes(in, in->trailing_bytes, &got);
}

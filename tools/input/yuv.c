/* Headerless planar YUV: Y, then Cb and Cr planes of the sizes
 * vmaf_picture_alloc gives them (chroma sizes rounded down), samples of one
 * byte for 8 bits and two little-endian bytes above. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"

static int yuv_open(VideoInput *in, const VideoInfo *raw)
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
    return video_input_planar_layout(in, false);
}

/* Any file, once the user described it: the reader of last resort. */
static int yuv_probe(const unsigned char *head, size_t len, const VideoInfo *raw)
{
    (void)head;
    (void)len;
    return raw ? 1 : 0;
}

/* 1 when a frame starts here, 0 at a clean end of the input. */
static int yuv_read(VideoInput *in, VmafPicture *pic)
{
    int c = in->sniffed_pos < in->sniffed_len ? in->sniffed[in->sniffed_pos] : getc(in->file);
    if (c == EOF) {
        if (ferror(in->file))
            return video_input_fail(in, -EIO, "read error at frame %u: %s", in->frame_index,
                                    strerror(errno));
        return 0;
    }
    if (in->sniffed_pos >= in->sniffed_len)
        ungetc(c, in->file);
    const int err = video_input_planar_read(in, pic);
    return err ? err : 1;
}

/* A regular file whose planes the picture holds byte for byte. */
static bool yuv_positioned(const VideoInput *in, const VmafPicture *pic)
{
    struct stat st;
    if (!in->file || fstat(fileno(in->file), &st) || !S_ISREG(st.st_mode) ||
        pic->bpc != in->info.bpc || (in->info.bpc > 8 && !video_host_is_little_endian()) ||
        in->trailing_bytes)
        return false;
    const size_t bps = video_bytes_per_sample(in->info.bpc);
    for (unsigned p = 0; p < 3; p++) {
        if (in->plane_h[p] && pic->data[p] && (size_t)pic->stride[p] != in->plane_w[p] * bps)
            return false;
    }
    return true;
}

static int yuv_read_at(const VideoInput *in, VmafPicture *pic, unsigned frame, char *error,
                       size_t error_size)
{
    const int fd = fileno(in->file);
    off_t offset = (off_t)frame * (off_t)in->frame_bytes;
    size_t got = 0;
    bool skipped = false;
    for (unsigned p = 0; p < 3; p++) {
        if (!pic->data[p]) { /* a plane the picture does not hold */
            offset += (off_t)video_input_plane_bytes(in, p);
            skipped |= in->plane_h[p] != 0;
            continue;
        }
        const size_t want = (size_t)pic->stride[p] * pic->h[p];
        for (size_t done = 0; done < want;) {
            const ssize_t n = pread(fd, (unsigned char *)pic->data[p] + done, want - done, offset);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                snprintf(error, error_size, "%s: read error at frame %u: %s", in->path, frame,
                         strerror(errno));
                return -EIO;
            }
            if (!n) {
                if (!got)
                    return 0;
                snprintf(error, error_size, "%s: frame %u is truncated (got %zu of %zu bytes)",
                         in->path, frame, got, in->frame_bytes);
                return -EIO;
            }
            done += (size_t)n;
            got += (size_t)n;
            offset += n;
        }
    }
    /* A frame is whole only with the planes skipped, too. */
    struct stat st;
    if (skipped && (fstat(fd, &st) || st.st_size < offset)) {
        snprintf(error, error_size, "%s: frame %u is truncated (its last plane is not all there)",
                 in->path, frame);
        return -EIO;
    }
    return 1;
}

const VideoReader video_reader_yuv = {
    .name = "yuv",
    .probe = yuv_probe,
    .open = yuv_open,
    .read = yuv_read,
    .positioned = yuv_positioned,
    .read_at = yuv_read_at,
};

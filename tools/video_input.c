/* Common part of the readers: opening and format detection, plane layout and
 * reading planes into pictures. */
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "video_input.h"

#define Y4M_SIGNATURE "YUV4MPEG2 "

int video_input_fail(VideoInput *in, int err, const char *fmt, ...)
{
    int n = snprintf(in->error, sizeof(in->error), "%s: ", in->path);
    if (n < 0 || (size_t)n >= sizeof(in->error))
        return err;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(in->error + n, sizeof(in->error) - n, fmt, ap);
    va_end(ap);
    return err;
}

const char *video_pix_fmt_name(enum VmafPixelFormat pix_fmt)
{
    switch (pix_fmt) {
    case VMAF_PIX_FMT_YUV420P:
        return "4:2:0";
    case VMAF_PIX_FMT_YUV422P:
        return "4:2:2";
    case VMAF_PIX_FMT_YUV444P:
        return "4:4:4";
    case VMAF_PIX_FMT_YUV400P:
        return "4:0:0";
    default:
        return "unknown";
    }
}

bool video_dimensions_valid(unsigned w, unsigned h, char *msg, size_t msg_size)
{
    if (!w || !h || w > VIDEO_INPUT_MAX_DIM || h > VIDEO_INPUT_MAX_DIM) {
        snprintf(msg, msg_size, "frame size %ux%u is out of range (1..%u per side)", w, h,
                 VIDEO_INPUT_MAX_DIM);
        return false;
    }
    if ((unsigned long long)w * h > VIDEO_INPUT_MAX_PIXELS) {
        snprintf(msg, msg_size, "frame size %ux%u exceeds the limit of %u pixels", w, h,
                 VIDEO_INPUT_MAX_PIXELS);
        return false;
    }
    return true;
}

size_t video_input_fread(VideoInput *in, void *buf, size_t size)
{
    size_t done = 0;
    if (in->sniffed_pos < in->sniffed_len) {
        done = in->sniffed_len - in->sniffed_pos;
        if (done > size)
            done = size;
        memcpy(buf, in->sniffed + in->sniffed_pos, done);
        in->sniffed_pos += done;
    }
    if (done < size)
        done += fread((unsigned char *)buf + done, 1, size - done, in->file);
    return done;
}

static unsigned bytes_per_sample(unsigned bpc)
{
    return bpc > 8 ? 2 : 1;
}

/* Chroma subsampling shifts, as vmaf_picture_alloc applies them. */
static void chroma_shifts(enum VmafPixelFormat pix_fmt, unsigned *ss_x, unsigned *ss_y)
{
    *ss_x = pix_fmt == VMAF_PIX_FMT_YUV420P || pix_fmt == VMAF_PIX_FMT_YUV422P;
    *ss_y = pix_fmt == VMAF_PIX_FMT_YUV420P;
}

static int set_layout(VideoInput *in, bool round_chroma_up)
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
    const size_t bps = bytes_per_sample(info->bpc);

    in->frame_bytes = in->trailing_bytes;
    for (unsigned p = 0; p < 3; p++) {
        const bool chroma = p > 0;
        in->plane_w[p] = p < planes ? (chroma ? (info->w + round_x) >> ss_x : info->w) : 0;
        in->plane_h[p] = p < planes ? (chroma ? (info->h + round_y) >> ss_y : info->h) : 0;
        in->frame_bytes += (size_t)in->plane_w[p] * in->plane_h[p] * bps;
    }
    /* Big enough for any row, and for a skipped alpha plane's rows. */
    in->row = malloc((size_t)info->w * bps);
    if (!in->row)
        return video_input_fail(in, -ENOMEM, "out of memory");
    return 0;
}

static bool raw_matches_header(const VideoInfo *a, const VideoInfo *b)
{
    return a->w == b->w && a->h == b->h && a->bpc == b->bpc && a->pix_fmt == b->pix_fmt;
}

static int open_backend(VideoInput *in, const VideoInfo *raw)
{
    in->sniffed_len = fread(in->sniffed, 1, strlen(Y4M_SIGNATURE), in->file);
    if (ferror(in->file))
        return video_input_fail(in, -EIO, "read error: %s", strerror(errno));
    in->is_y4m = in->sniffed_len == strlen(Y4M_SIGNATURE) &&
                 !memcmp(in->sniffed, Y4M_SIGNATURE, in->sniffed_len);

    if (!in->is_y4m) {
        if (!raw)
            return video_input_fail(in, -EINVAL,
                                    "not a Y4M file (no \"YUV4MPEG2\" signature); raw YUV input "
                                    "needs -w, -h, -p and -b");
        int err = yuv_input_init(in, raw);
        return err ? err : set_layout(in, false);
    }

    in->sniffed_pos = in->sniffed_len;
    int err = y4m_parse_header(in);
    if (err)
        return err;
    if (raw && !raw_matches_header(raw, &in->info))
        return video_input_fail(in, -EINVAL,
                                "Y4M header says %ux%u %s %u-bit, which contradicts -w/-h/-p/-b "
                                "(%ux%u %s %u-bit)",
                                in->info.w, in->info.h, video_pix_fmt_name(in->info.pix_fmt),
                                in->info.bpc, raw->w, raw->h, video_pix_fmt_name(raw->pix_fmt),
                                raw->bpc);
    return set_layout(in, true);
}

int video_input_open(VideoInput *in, const char *path, const VideoInfo *raw)
{
    memset(in, 0, sizeof(*in));
    in->path = path;
    in->file = fopen(path, "rb");
    if (!in->file)
        return video_input_fail(in, -errno, "cannot open: %s", strerror(errno));

    int err = open_backend(in, raw);
    if (err) {
        char error[VIDEO_INPUT_ERROR_SIZE];
        memcpy(error, in->error, sizeof(error));
        video_input_close(in);
        memcpy(in->error, error, sizeof(error));
    }
    return err;
}

void video_input_close(VideoInput *in)
{
    if (in->file)
        fclose(in->file);
    free(in->row);
    free(in->plane_buf);
    const char *path = in->path;
    memset(in, 0, sizeof(*in));
    in->path = path;
}

static bool host_is_little_endian(void)
{
    const uint16_t probe = 1;
    return *(const unsigned char *)&probe == 1;
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
        const size_t n = (size_t)in->plane_w[p] * in->plane_h[p] * bytes_per_sample(in->info.bpc);
        max = n > max ? n : max;
    }
    return max;
}

/* One read a plane: reads of a row each cost a system call every few rows,
 * which bounds the tool at a few hundred 1080p frames a second. */
static int read_plane(VideoInput *in, VmafPicture *pic, unsigned p, size_t *got)
{
    const unsigned src_bps = bytes_per_sample(in->info.bpc);
    const size_t row_bytes = (size_t)in->plane_w[p] * src_bps;
    const size_t plane_bytes = row_bytes * in->plane_h[p];
    const unsigned shift = pic->bpc - in->info.bpc;
    const bool direct =
        !shift && in->plane_w[p] == pic->w[p] && (src_bps == 1 || host_is_little_endian());
    if (direct && (size_t)pic->stride[p] == row_bytes && in->plane_h[p] == pic->h[p])
        return read_exact(in, pic->data[p], plane_bytes, got);

    if (!in->plane_buf && !(in->plane_buf = malloc(plane_bytes_max(in))))
        return video_input_fail(in, -ENOMEM, "out of memory");
    int err = read_exact(in, in->plane_buf, plane_bytes, got);
    if (err)
        return err;
    unsigned char *dst = pic->data[p];
    for (unsigned y = 0; y < pic->h[p]; y++, dst += pic->stride[p]) {
        const unsigned char *src = in->plane_buf + y * row_bytes;
        if (direct)
            memcpy(dst, src, row_bytes);
        else if (pic->bpc == 8)
            memcpy(dst, src, pic->w[p]);
        else
            convert_row((uint16_t *)dst, src, pic->w[p], src_bps, shift);
    }
    return 0;
}

static int skip_trailing(VideoInput *in, size_t *got)
{
    const size_t chunk = (size_t)in->info.w * bytes_per_sample(in->info.bpc);
    for (size_t left = in->trailing_bytes; left;) {
        const size_t n = left < chunk ? left : chunk;
        int err = read_exact(in, in->row, n, got);
        if (err)
            return err;
        left -= n;
    }
    return 0;
}

static bool picture_fits(const VideoInput *in, const VmafPicture *pic)
{
    return pic->pix_fmt == in->info.pix_fmt && pic->w[0] == in->info.w && pic->h[0] == in->info.h &&
           pic->bpc >= in->info.bpc && pic->bpc <= 16;
}

/* 1 when a frame starts here, 0 at a clean end of the input. */
static int at_frame_start(VideoInput *in)
{
    if (in->is_y4m)
        return y4m_read_frame_header(in);
    int c = in->sniffed_pos < in->sniffed_len ? in->sniffed[in->sniffed_pos] : getc(in->file);
    if (c == EOF) {
        if (ferror(in->file))
            return video_input_fail(in, -EIO, "read error at frame %u: %s", in->frame_index,
                                    strerror(errno));
        return 0;
    }
    if (in->sniffed_pos >= in->sniffed_len)
        ungetc(c, in->file);
    return 1;
}

bool video_input_positioned(const VideoInput *in, const VmafPicture *pic)
{
    struct stat st;
    if (in->is_y4m || !in->file || fstat(fileno(in->file), &st) || !S_ISREG(st.st_mode) ||
        !picture_fits(in, pic) || pic->bpc != in->info.bpc ||
        (in->info.bpc > 8 && !host_is_little_endian()) || in->trailing_bytes)
        return false;
    const size_t bps = bytes_per_sample(in->info.bpc);
    for (unsigned p = 0; p < 3; p++) {
        if (in->plane_h[p] && (size_t)pic->stride[p] != in->plane_w[p] * bps)
            return false;
    }
    return true;
}

int video_input_read_at(const VideoInput *in, VmafPicture *pic, unsigned frame, char *error,
                        size_t error_size)
{
    const int fd = fileno(in->file);
    off_t offset = (off_t)frame * (off_t)in->frame_bytes;
    size_t got = 0;
    for (unsigned p = 0; p < 3; p++) {
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
    return 1;
}

/* The largest of n samples: one pass the compiler vectorises. */
static uint16_t row_max(const uint16_t *row, unsigned n)
{
    uint16_t max = 0;
    for (unsigned x = 0; x < n; x++)
        max = row[x] > max ? row[x] : max;
    return max;
}

int video_input_check_samples(const VideoInput *in, VmafPicture *pic, unsigned frame, char *error,
                              size_t error_size)
{
    if (pic->bpc <= 8 || in->info.bpc >= 16)
        return 0;
    const unsigned shift = pic->bpc - in->info.bpc;
    const uint16_t limit = (uint16_t)(((1u << in->info.bpc) - 1) << shift);
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned y = 0; y < pic->h[p]; y++) {
            uint16_t *row = (uint16_t *)((unsigned char *)pic->data[p] + y * pic->stride[p]);
            if (row_max(row, pic->w[p]) <= limit)
                continue;
            unsigned x = 0;
            while (row[x] <= limit)
                x++;
            if (!in->clamp) {
                snprintf(error, error_size,
                         "%s: frame %u, plane %u, sample (%u, %u) is %u, above %u-bit's %u (a file "
                         "of another bit depth? --clamp_samples clamps such samples)",
                         in->path, frame, p, x, y, (unsigned)(row[x] >> shift), in->info.bpc,
                         (1u << in->info.bpc) - 1);
                return -ERANGE;
            }
            for (; x < pic->w[p]; x++)
                row[x] = row[x] > limit ? limit : row[x];
        }
    }
    return 0;
}

int video_input_read(VideoInput *in, VmafPicture *pic)
{
    if (!in->file)
        return video_input_fail(in, -EINVAL, "not open");
    if (!picture_fits(in, pic))
        return video_input_fail(
            in, -EINVAL, "picture %ux%u %s %u-bit cannot hold a %ux%u %s %u-bit frame", pic->w[0],
            pic->h[0], video_pix_fmt_name(pic->pix_fmt), pic->bpc, in->info.w, in->info.h,
            video_pix_fmt_name(in->info.pix_fmt), in->info.bpc);

    int ret = at_frame_start(in);
    if (ret <= 0)
        return ret;

    size_t got = 0;
    for (unsigned p = 0; p < 3; p++) {
        if (!in->plane_h[p])
            continue;
        int err = read_plane(in, pic, p, &got);
        if (err)
            return err;
    }
    int err = skip_trailing(in, &got);
    if (err)
        return err;
    in->frame_index++;
    return 1;
}

/* The input as the CLI sees it: opening a file with the reader whose probe
 * is surest of it, reading through that reader, and what every input checks
 * (picture size, sample range). */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"

/* Probed in this order; the first highest score wins. */
static const VideoReader *const readers[] = {
    &video_reader_y4m,        &video_reader_pnm, &video_reader_png, &video_reader_yuv,
#ifdef VMAF_LIBAV_MODULE
    &video_reader_libav_lazy,
#elif defined(VMAF_HAVE_LIBAV)
    &video_reader_libav,
#endif
};

/* Enough for every reader's probe. */
enum { PROBE_BYTES = sizeof(((VideoInput *)0)->sniffed) };

int video_probe_encoded(const unsigned char *head, size_t len, const VideoInfo *raw)
{
    (void)head;
    (void)len;
    return raw ? 0 : 1;
}

int video_input_fail(VideoInput *in, int err, const char *fmt, ...)
{
    /* A numbered sequence's errors name the file being read. */
    const char *name = in->sequence.suffix && in->file ? in->frame_path : in->path;
    int n = snprintf(in->error, sizeof(in->error), "%s: ", name);
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

static int open_reader(VideoInput *in, const VideoInfo *raw)
{
    in->sniffed_len = fread(in->sniffed, 1, PROBE_BYTES, in->file);
    if (ferror(in->file))
        return video_input_fail(in, -EIO, "read error: %s", strerror(errno));
    int best = 0;
    for (size_t i = 0; i < sizeof(readers) / sizeof(readers[0]); i++) {
        const int score = readers[i]->probe(in->sniffed, in->sniffed_len, raw);
        if (score > best) {
            best = score;
            in->reader = readers[i];
        }
    }
    if (!in->reader)
        return video_input_fail(in, -EINVAL,
                                "not a Y4M file (no \"YUV4MPEG2\" signature); raw YUV input "
                                "needs -w, -h, -p and -b, and encoded video a build with "
                                "FFmpeg's libraries (this one has none)");
    return in->reader->open(in, raw);
}

int video_input_open(VideoInput *in, const char *path, const VideoInfo *raw)
{
    memset(in, 0, sizeof(*in));
    in->path = path;
    in->file = fopen(path, "rb");
    if (!in->file && errno == ENOENT && video_image_sequence(in, path)) {
        /* A numbered sequence starts at 0 or 1. */
        for (unsigned first = 0; !in->file && first < 2; first++) {
            video_image_frame_path(in, first);
            in->file = fopen(in->frame_path, "rb");
            in->sequence.next = first + 1;
        }
        if (!in->file)
            return video_input_fail(in, -ENOENT,
                                    "cannot open: no such file, nor a numbered sequence's first "
                                    "(tried %s)",
                                    in->frame_path);
    }
    if (!in->file)
        return video_input_fail(in, -errno, "cannot open: %s", strerror(errno));

    int err = open_reader(in, raw);
    if (!err && in->sequence.suffix && in->reader != &video_reader_pnm &&
        in->reader != &video_reader_png)
        err = video_input_fail(in, -EINVAL,
                               "a numbered sequence is read of PNG or PNM images "
                               "only");
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
    if (in->reader && in->reader->close)
        in->reader->close(in);
    if (in->file)
        fclose(in->file);
    free(in->row);
    free(in->plane_buf);
    const char *path = in->path;
    memset(in, 0, sizeof(*in));
    in->path = path;
}

static bool picture_fits(const VideoInput *in, const VmafPicture *pic)
{
    return pic->pix_fmt == in->info.pix_fmt && pic->w[0] == in->info.w && pic->h[0] == in->info.h &&
           pic->bpc >= in->info.bpc && pic->bpc <= 16;
}

bool video_input_positioned(const VideoInput *in, const VmafPicture *pic)
{
    return in->reader && in->reader->positioned && picture_fits(in, pic) &&
           in->reader->positioned(in, pic);
}

int video_input_read_at(const VideoInput *in, VmafPicture *pic, unsigned frame, char *error,
                        size_t error_size)
{
    return in->reader->read_at(in, pic, frame, error, error_size);
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
    /* A decoder's samples are within its depth (and may be on the GPU). */
    if (pic->bpc <= 8 || in->info.bpc >= 16 || in->reader->encoded)
        return 0;
    const unsigned shift = pic->bpc - in->info.bpc;
    const uint16_t limit = (uint16_t)(((1u << in->info.bpc) - 1) << shift);
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned y = 0; pic->data[p] && y < pic->h[p]; y++) {
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

int video_input_scale_to(VideoInput *in, unsigned w, unsigned h)
{
    if (!in->reader->scale_to)
        return video_input_fail(in, -ENOTSUP, "only encoded inputs are scaled (--scale_dist)");
    return in->reader->scale_to(in, w, h);
}

int video_input_use_cuda(VideoInput *in, const VideoCudaDevice *dev, bool verify)
{
    if (!in->reader->use_cuda)
        return video_input_fail(in, -ENOTSUP, "not encoded: read as it is");
    return in->reader->use_cuda(in, dev, verify);
}

int video_input_index(VideoInput *in, VideoIndex *index)
{
    memset(index, 0, sizeof(*index));
    if (!in->reader->index)
        return video_input_fail(in, -ENOTSUP, "not encoded: frames are not indexed");
    return in->reader->index(in, index);
}

void video_index_free(VideoIndex *index)
{
    free(index->pts);
    free(index->keyframe);
    memset(index, 0, sizeof(*index));
}

int video_input_seek(VideoInput *in, const VideoIndex *index, unsigned frame)
{
    if (!in->reader->seek)
        return video_input_fail(in, -ENOTSUP, "not encoded: cannot seek");
    if (frame >= index->frame_cnt)
        return video_input_fail(in, -EINVAL, "has %u frames, none numbered %u", index->frame_cnt,
                                frame);
    return in->reader->seek(in, index, frame);
}

#ifndef VMAF_HAVE_LIBAV
/* NVDEC comes through FFmpeg's libraries, which this build has not. */
int video_cuda_device_open(VideoCudaDevice **dev, unsigned gpu, char *error, size_t error_size)
{
    (void)gpu;
    *dev = NULL;
    snprintf(error, error_size, "NVDEC: this build has no FFmpeg libraries");
    return -ENOTSUP;
}

void video_cuda_device_close(VideoCudaDevice **dev)
{
    *dev = NULL;
}
#endif

int video_input_read(VideoInput *in, VmafPicture *pic)
{
    if (!in->file)
        return video_input_fail(in, -EINVAL, "not open");
    if (!picture_fits(in, pic))
        return video_input_fail(
            in, -EINVAL, "picture %ux%u %s %u-bit cannot hold a %ux%u %s %u-bit frame", pic->w[0],
            pic->h[0], video_pix_fmt_name(pic->pix_fmt), pic->bpc, in->info.w, in->info.h,
            video_pix_fmt_name(in->info.pix_fmt), in->info.bpc);
    const int ret = in->reader->read(in, pic);
    if (ret == 1)
        in->frame_index++;
    return ret;
}

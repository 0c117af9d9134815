/* Encoded video (any container and codec FFmpeg's libraries read): the
 * file's best video stream, decoded on the CPU with the decoder's threads,
 * frames in presentation order. Bytes come through the input's FILE, so
 * that the probed bytes are replayed and pipes work; regular files can seek. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/pixdesc.h>

#include "input.h"

enum { IO_BUFFER_SIZE = 1 << 16 };

typedef struct LibavInput {
    AVFormatContext *format;
    AVCodecContext *decoder;
    AVPacket *packet;
    AVFrame *frame;
    int stream;
    bool flushing; /* the demuxer has ended: the decoder gives what it holds */
    bool seekable;
} LibavInput;

static const char *av_error(int err, char *buf, size_t size)
{
    if (av_strerror(err, buf, size) < 0)
        snprintf(buf, size, "error %d", err);
    return buf;
}

static int io_read(void *opaque, uint8_t *buf, int size)
{
    VideoInput *in = opaque;
    const size_t n = video_input_fread(in, buf, (size_t)size);
    if (n)
        return (int)n;
    return ferror(in->file) ? AVERROR(EIO) : AVERROR_EOF;
}

/* Absolute positions only: the probed bytes were the file's first, so after
 * a seek none of them is replayed. */
static int64_t io_seek(void *opaque, int64_t offset, int whence)
{
    VideoInput *in = opaque;
    if (whence & AVSEEK_SIZE) {
        struct stat st;
        return fstat(fileno(in->file), &st) ? AVERROR(errno) : (int64_t)st.st_size;
    }
    if ((whence & ~AVSEEK_FORCE) != SEEK_SET || fseeko(in->file, (off_t)offset, SEEK_SET))
        return AVERROR(ESPIPE);
    in->sniffed_pos = in->sniffed_len;
    return offset;
}

/* Not Y4M and not described as raw: the library decides at open. Below
 * every other reader, so that Y4M and raw YUV keep their own. */
static int libav_probe(const unsigned char *head, size_t len, const VideoInfo *raw)
{
    (void)head;
    (void)len;
    return raw ? 0 : 1;
}

/* The VideoInfo of frames in pixel format fmt, or false when the picture
 * cannot hold them as they are: planar YUV or gray, native little-endian
 * samples of 8 to 16 bits, chroma at full, half or quarter size. */
static bool frame_layout(enum AVPixelFormat fmt, VideoInfo *info)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(fmt);
    const uint64_t refused = AV_PIX_FMT_FLAG_BE | AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_HWACCEL |
                             AV_PIX_FMT_FLAG_BITSTREAM | AV_PIX_FMT_FLAG_RGB |
                             AV_PIX_FMT_FLAG_FLOAT;
    if (!d || (d->flags & refused) || !video_host_is_little_endian())
        return false;
    const unsigned colour = d->nb_components >= 3 ? 3 : 1;
    if ((colour == 3 && !(d->flags & AV_PIX_FMT_FLAG_PLANAR)))
        return false;
    const unsigned depth = d->comp[0].depth;
    for (unsigned c = 0; c < colour; c++) {
        const AVComponentDescriptor *comp = &d->comp[c];
        if (comp->plane != (int)c || comp->depth != (int)depth || comp->shift || comp->offset ||
            comp->step != (int)video_bytes_per_sample(depth))
            return false;
    }
    if (depth < 8 || depth > 16)
        return false;
    info->bpc = depth;
    if (colour == 1)
        info->pix_fmt = VMAF_PIX_FMT_YUV400P;
    else if (d->log2_chroma_w == 1 && d->log2_chroma_h == 1)
        info->pix_fmt = VMAF_PIX_FMT_YUV420P;
    else if (d->log2_chroma_w == 1 && d->log2_chroma_h == 0)
        info->pix_fmt = VMAF_PIX_FMT_YUV422P;
    else if (d->log2_chroma_w == 0 && d->log2_chroma_h == 0)
        info->pix_fmt = VMAF_PIX_FMT_YUV444P;
    else
        return false;
    return true;
}

static int open_demuxer(VideoInput *in, LibavInput *s)
{
    char msg[128];
    struct stat st;
    s->seekable = !fstat(fileno(in->file), &st) && S_ISREG(st.st_mode);
    unsigned char *buffer = av_malloc(IO_BUFFER_SIZE);
    AVIOContext *io = buffer ? avio_alloc_context(buffer, IO_BUFFER_SIZE, 0, in, io_read, NULL,
                                                  s->seekable ? io_seek : NULL)
                             : NULL;
    s->format = io ? avformat_alloc_context() : NULL;
    if (!s->format) {
        if (io)
            av_freep(&io->buffer);
        else
            av_free(buffer);
        avio_context_free(&io);
        return video_input_fail(in, -ENOMEM, "out of memory");
    }
    s->format->pb = io;
    s->format->flags |= AVFMT_FLAG_CUSTOM_IO;
    int err = avformat_open_input(&s->format, in->path, NULL, NULL);
    if (err < 0) {
        /* avformat_open_input() freed the context, not the custom I/O. */
        av_freep(&io->buffer);
        avio_context_free(&io);
        return video_input_fail(in, -EINVAL,
                                "not a Y4M file, and FFmpeg's libraries cannot read it (%s); raw "
                                "YUV input needs -w, -h, -p and -b",
                                av_error(err, msg, sizeof(msg)));
    }
    err = avformat_find_stream_info(s->format, NULL);
    if (err < 0)
        return video_input_fail(in, -EINVAL, "cannot read its streams (%s)",
                                av_error(err, msg, sizeof(msg)));
    s->stream = av_find_best_stream(s->format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (s->stream < 0)
        return video_input_fail(in, -EINVAL, "has no video stream FFmpeg's libraries decode");
    return 0;
}

/* The decoder with its threads: 0 lets it take one a core. */
static int open_decoder(VideoInput *in, LibavInput *s)
{
    char msg[128];
    const AVCodecParameters *par = s->format->streams[s->stream]->codecpar;
    const AVCodec *codec = avcodec_find_decoder(par->codec_id);
    if (!codec)
        return video_input_fail(in, -ENOTSUP, "no decoder for its %s video",
                                avcodec_get_name(par->codec_id));
    s->decoder = avcodec_alloc_context3(codec);
    if (!s->decoder)
        return video_input_fail(in, -ENOMEM, "out of memory");
    int err = avcodec_parameters_to_context(s->decoder, par);
    if (err >= 0) {
        s->decoder->thread_count = 0;
        s->decoder->pkt_timebase = s->format->streams[s->stream]->time_base;
        err = avcodec_open2(s->decoder, codec, NULL);
    }
    if (err < 0)
        return video_input_fail(in, -EINVAL, "cannot open its %s decoder (%s)", codec->name,
                                av_error(err, msg, sizeof(msg)));
    return 0;
}

static int set_info(VideoInput *in, const LibavInput *s)
{
    const AVCodecContext *dec = s->decoder;
    if (!frame_layout(dec->pix_fmt, &in->info))
        return video_input_fail(
            in, -ENOTSUP,
            "its %s video is in pixel format %s; VMAF scores planar YUV of 8 "
            "to 16 bits (4:2:0, 4:2:2, 4:4:4) or gray",
            avcodec_get_name(dec->codec_id),
            av_get_pix_fmt_name(dec->pix_fmt) ? av_get_pix_fmt_name(dec->pix_fmt) : "unknown");
    in->info.w = (unsigned)dec->width;
    in->info.h = (unsigned)dec->height;
    char msg[160];
    if (!video_dimensions_valid(in->info.w, in->info.h, msg, sizeof(msg)))
        return video_input_fail(in, -EINVAL, "%s", msg);
    return 0;
}

static void libav_close(VideoInput *in)
{
    LibavInput *s = in->priv;
    if (!s)
        return;
    av_frame_free(&s->frame);
    av_packet_free(&s->packet);
    avcodec_free_context(&s->decoder);
    if (s->format) {
        AVIOContext *io = s->format->pb;
        avformat_close_input(&s->format);
        if (io)
            av_freep(&io->buffer);
        avio_context_free(&io);
    }
    free(s);
    in->priv = NULL;
}

static int libav_open(VideoInput *in, const VideoInfo *raw)
{
    (void)raw;
    LibavInput *s = calloc(1, sizeof(*s));
    if (!s)
        return video_input_fail(in, -ENOMEM, "out of memory");
    in->priv = s;
    av_log_set_level(AV_LOG_ERROR);
    int err = open_demuxer(in, s);
    err = err ? err : open_decoder(in, s);
    err = err ? err : set_info(in, s);
    if (!err) {
        s->packet = av_packet_alloc();
        s->frame = av_frame_alloc();
        if (!s->packet || !s->frame)
            err = video_input_fail(in, -ENOMEM, "out of memory");
    }
    return err;
}

/* Feeds the decoder the stream's next packet, or the end of the stream. */
static int feed(VideoInput *in, LibavInput *s)
{
    char msg[128];
    for (;;) {
        int err = av_read_frame(s->format, s->packet);
        if (err == AVERROR_EOF) {
            s->flushing = true;
            err = avcodec_send_packet(s->decoder, NULL);
            return err < 0 ? video_input_fail(in, -EIO, "decoder error at its end (%s)",
                                              av_error(err, msg, sizeof(msg)))
                           : 0;
        }
        if (err < 0)
            return video_input_fail(in, -EIO, "read error after frame %u (%s)", in->frame_index,
                                    av_error(err, msg, sizeof(msg)));
        if (s->packet->stream_index != s->stream) {
            av_packet_unref(s->packet);
            continue;
        }
        err = avcodec_send_packet(s->decoder, s->packet);
        av_packet_unref(s->packet);
        if (err < 0 && err != AVERROR_INVALIDDATA)
            return video_input_fail(in, -EIO, "decoder error at frame %u (%s)", in->frame_index,
                                    av_error(err, msg, sizeof(msg)));
        return 0;
    }
}

/* The next decoded frame into s->frame: 1, or 0 at the end. */
static int decode_next(VideoInput *in, LibavInput *s)
{
    char msg[128];
    for (;;) {
        int err = avcodec_receive_frame(s->decoder, s->frame);
        if (!err)
            return 1;
        if (err == AVERROR_EOF)
            return 0;
        if (err != AVERROR(EAGAIN))
            return video_input_fail(in, -EIO, "decoder error at frame %u (%s)", in->frame_index,
                                    av_error(err, msg, sizeof(msg)));
        if (s->flushing)
            return 0;
        if ((err = feed(in, s)))
            return err;
    }
}

/* A frame that differs from the stream's start or that the decoder marked
 * as damaged would be scored wrong: refused. */
static int check_frame(VideoInput *in, const AVFrame *f)
{
    VideoInfo info;
    if (!frame_layout((enum AVPixelFormat)f->format, &info) || info.bpc != in->info.bpc ||
        info.pix_fmt != in->info.pix_fmt || (unsigned)f->width != in->info.w ||
        (unsigned)f->height != in->info.h)
        return video_input_fail(
            in, -EINVAL, "frame %u is %dx%d %s, the stream started as %ux%u %s %u-bit",
            in->frame_index, f->width, f->height,
            av_get_pix_fmt_name(f->format) ? av_get_pix_fmt_name(f->format) : "unknown", in->info.w,
            in->info.h, video_pix_fmt_name(in->info.pix_fmt), in->info.bpc);
    if ((f->flags & AV_FRAME_FLAG_CORRUPT) || f->decode_error_flags)
        return video_input_fail(in, -EIO, "frame %u is damaged (the decoder reported errors)",
                                in->frame_index);
    return 0;
}

static int libav_read(VideoInput *in, VmafPicture *pic)
{
    LibavInput *s = in->priv;
    int ret = decode_next(in, s);
    if (ret != 1)
        return ret;
    int err = check_frame(in, s->frame);
    if (!err) {
        const unsigned planes = in->info.pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
        for (unsigned p = 0; p < planes; p++)
            video_input_store_plane(pic, p, s->frame->data[p], (size_t)s->frame->linesize[p],
                                    in->info.bpc);
    }
    av_frame_unref(s->frame);
    return err ? err : 1;
}

const VideoReader video_reader_libav = {
    .name = "libav",
    .encoded = true,
    .probe = libav_probe,
    .open = libav_open,
    .read = libav_read,
    .close = libav_close,
};

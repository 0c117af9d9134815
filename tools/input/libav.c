/* Encoded video (any container and codec FFmpeg's libraries read): the
 * file's best video stream, decoded on the CPU with the decoder's threads
 * or, when asked (video_input_use_cuda()), on NVDEC into device memory,
 * frames in presentation order. Bytes come through the input's FILE, so
 * that the probed bytes are replayed and pipes work; regular files can seek. */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

#include "input.h"

enum { IO_BUFFER_SIZE = 1 << 16 };

typedef struct LibavInput {
    AVFormatContext *format;
    AVCodecContext *decoder;
    AVPacket *packet;
    AVFrame *frame;
    int stream;
    bool flushing;             /* the demuxer has ended: the decoder gives what it holds */
    bool primed;               /* s->frame holds the first frame, decoded ahead */
    AVBufferRef *device;       /* NVDEC's CUDA device, when asked for */
    AVFrame *download;         /* a device frame brought to the host */
    unsigned coded_w, coded_h; /* the stream's frame size, when scaled to in->info's */
    struct SwsContext *scaler;
    AVFrame *scaled;
    const VideoIndex *index; /* after a seek: each frame's timestamp checked against it */
    unsigned next;           /* the frame of index read next */
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
    const bool seekable = !fstat(fileno(in->file), &st) && S_ISREG(st.st_mode);
    unsigned char *buffer = av_malloc(IO_BUFFER_SIZE);
    AVIOContext *io = buffer ? avio_alloc_context(buffer, IO_BUFFER_SIZE, 0, in, io_read, NULL,
                                                  seekable ? io_seek : NULL)
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
    if (s->format->duration > 0)
        in->seconds = (double)s->format->duration / AV_TIME_BASE;
    return 0;
}

/* NVDEC's format when the decoder offers it, else the first it decodes
 * to on the CPU (NVDEC refused the stream: a profile it lacks). */
static enum AVPixelFormat pick_format(AVCodecContext *dec, const enum AVPixelFormat *fmt)
{
    (void)dec;
    for (const enum AVPixelFormat *f = fmt; *f != AV_PIX_FMT_NONE; f++)
        if (*f == AV_PIX_FMT_CUDA)
            return *f;
    for (const enum AVPixelFormat *f = fmt; *f != AV_PIX_FMT_NONE; f++)
        if (!(av_pix_fmt_desc_get(*f)->flags & AV_PIX_FMT_FLAG_HWACCEL))
            return *f;
    return AV_PIX_FMT_NONE;
}

/* The decoder, with its threads (one a core unless the caller says; on
 * NVDEC, as FFmpeg's tool sets them, they parse ahead of the GPU), on
 * s->device when set. */
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
    if (err >= 0 && s->device) {
        s->decoder->hw_device_ctx = av_buffer_ref(s->device);
        s->decoder->get_format = pick_format;
        err = s->decoder->hw_device_ctx ? 0 : AVERROR(ENOMEM);
    }
    if (err >= 0) {
        s->decoder->thread_count = (int)in->decoder_threads;
        s->decoder->pkt_timebase = s->format->streams[s->stream]->time_base;
        err = avcodec_open2(s->decoder, codec, NULL);
    }
    if (err < 0)
        return video_input_fail(in, -EINVAL, "cannot open its %s decoder (%s)", codec->name,
                                av_error(err, msg, sizeof(msg)));
    return 0;
}

/* name[v] for 0 <= v < count, NULL for any other v or a gap. */
static const char *name_of(int v, const char *const *names, int count)
{
    return v >= 0 && v < count ? names[v] : NULL;
}

/* What the stream says of its colour, as VideoInfo holds it. */
static void set_colour(VideoInfo *info, const AVCodecContext *dec)
{
    static const char *const ranges[] = {
        [AVCOL_RANGE_MPEG] = "limited", [AVCOL_RANGE_JPEG] = "full"};
    static const char *const matrices[] = {
        [AVCOL_SPC_BT709] = "bt709",
        [AVCOL_SPC_BT470BG] = "bt601",
        [AVCOL_SPC_SMPTE170M] = "bt601",
        [AVCOL_SPC_BT2020_NCL] = "bt2020nc",
    };
    static const char *const sitings[] = {
        [AVCHROMA_LOC_LEFT] = "left",
        [AVCHROMA_LOC_CENTER] = "center",
        [AVCHROMA_LOC_TOPLEFT] = "topleft",
        [AVCHROMA_LOC_TOP] = "top",
        [AVCHROMA_LOC_BOTTOMLEFT] = "bottomleft",
        [AVCHROMA_LOC_BOTTOM] = "bottom",
    };
#define NAME_OF(v, names) name_of((int)(v), names, (int)(sizeof(names) / sizeof(names[0])))
    info->range = NAME_OF(dec->color_range, ranges);
    info->matrix = NAME_OF(dec->colorspace, matrices);
    info->chroma_location = NAME_OF(dec->chroma_sample_location, sitings);
#undef NAME_OF
}

static int set_info(VideoInput *in, LibavInput *s)
{
    const AVCodecContext *dec = s->decoder;
    if (!frame_layout(dec->pix_fmt, &in->info))
        return video_input_fail(
            in, -ENOTSUP,
            "its %s video is in pixel format %s; VMAF scores planar YUV of 8 "
            "to 16 bits (4:2:0, 4:2:2, 4:4:4) or gray",
            avcodec_get_name(dec->codec_id),
            av_get_pix_fmt_name(dec->pix_fmt) ? av_get_pix_fmt_name(dec->pix_fmt) : "unknown");
    in->info.w = s->coded_w = (unsigned)dec->width;
    in->info.h = s->coded_h = (unsigned)dec->height;
    set_colour(&in->info, dec);
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
    av_frame_free(&s->download);
    av_frame_free(&s->scaled);
    sws_freeContext(s->scaler);
    av_packet_free(&s->packet);
    avcodec_free_context(&s->decoder);
    av_buffer_unref(&s->device);
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
static int check_frame(VideoInput *in, const LibavInput *s, const AVFrame *f)
{
    VideoInfo info = in->info;
    const bool layout = f->format == AV_PIX_FMT_CUDA || frame_layout(f->format, &info);
    if (!layout || info.bpc != in->info.bpc || info.pix_fmt != in->info.pix_fmt ||
        (unsigned)f->width != s->coded_w || (unsigned)f->height != s->coded_h)
        return video_input_fail(
            in, -EINVAL, "frame %u is %dx%d %s, the stream started as %ux%u %s %u-bit",
            in->frame_index, f->width, f->height,
            av_get_pix_fmt_name(f->format) ? av_get_pix_fmt_name(f->format) : "unknown", s->coded_w,
            s->coded_h, video_pix_fmt_name(in->info.pix_fmt), in->info.bpc);
    if (s->device && in->import && f->format != AV_PIX_FMT_CUDA)
        return video_input_fail(
            in, -EIO, "frame %u did not come from NVDEC (it refused the stream)", in->frame_index);
    if ((f->flags & AV_FRAME_FLAG_CORRUPT) || f->decode_error_flags)
        return video_input_fail(in, -EIO, "frame %u is damaged (the decoder reported errors)",
                                in->frame_index);
    return 0;
}

/* NVDEC's surfaces hold samples above 8 bits in the high bits of 16-bit
 * words (P010, P016, 4:4:4 16-bit): how far up, for the picture's depth. */
static unsigned surface_shift(const VideoInput *in, unsigned bits)
{
    return bits == 16 ? 16 - in->info.bpc : 0;
}

/* The planes of a device frame where NVDEC left them. */
static VideoSurface surface_of(const VideoInput *in, const AVFrame *f)
{
    const AVHWFramesContext *frames = (const AVHWFramesContext *)f->hw_frames_ctx->data;
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(frames->sw_format);
    const unsigned bits = d->comp[0].step * 8;
    VideoSurface s = {.luma = f->data[0],
                      .pitch = (size_t)f->linesize[0],
                      .bits = bits,
                      .shift = surface_shift(in, bits)};
    if (d->nb_components >= 3) {
        const AVComponentDescriptor *u = &d->comp[1], *v = &d->comp[2];
        s.chroma[0] = f->data[u->plane] + u->offset;
        s.chroma[1] = u->plane == v->plane ? NULL : f->data[v->plane] + v->offset;
        s.chroma_pitch = (size_t)f->linesize[u->plane];
    }
    return s;
}

/* A device frame into a host picture: downloaded, the interleaved chroma of
 * NV12 and P010 split, samples brought down from the high bits. */
static int store_downloaded(VideoInput *in, LibavInput *s, VmafPicture *pic)
{
    char msg[128];
    if (!s->download && !(s->download = av_frame_alloc()))
        return video_input_fail(in, -ENOMEM, "out of memory");
    int err = av_hwframe_transfer_data(s->download, s->frame, 0);
    if (err < 0)
        return video_input_fail(in, -EIO, "cannot bring frame %u from the GPU (%s)",
                                in->frame_index, av_error(err, msg, sizeof(msg)));
    const AVFrame *f = s->download;
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(f->format);
    const unsigned bytes = d->comp[0].step, down = surface_shift(in, bytes * 8);
    const unsigned up = pic->bpc - in->info.bpc;
    const unsigned planes = in->info.pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    for (unsigned p = 0; p < planes && pic->data[p]; p++) {
        const AVComponentDescriptor *comp = &d->comp[p];
        const unsigned step = comp->step / bytes; /* 2 for interleaved chroma */
        for (unsigned y = 0; y < pic->h[p]; y++) {
            const uint8_t *src =
                f->data[comp->plane] + (ptrdiff_t)y * f->linesize[comp->plane] + comp->offset;
            uint8_t *dst = (uint8_t *)pic->data[p] + (size_t)y * pic->stride[p];
            for (unsigned x = 0; x < pic->w[p]; x++) {
                const unsigned v =
                    bytes == 1 ? src[x * step] : ((const uint16_t *)src)[x * step] >> down;
                if (pic->bpc > 8)
                    ((uint16_t *)dst)[x] = (uint16_t)(v << up);
                else
                    dst[x] = (uint8_t)v;
            }
        }
    }
    av_frame_unref(s->download);
    return 0;
}

/* The decoded frame s->frame into pic, wherever each is. */
static int store_frame(VideoInput *in, LibavInput *s, VmafPicture *pic)
{
    const AVFrame *f = s->frame;
    if (f->format == AV_PIX_FMT_CUDA && in->import) {
        const VideoSurface surface = surface_of(in, f);
        return in->import(in->import_opaque, pic, &surface)
                   ? video_input_fail(in, -EIO, "frame %u: could not take NVDEC's surface",
                                      in->frame_index)
                   : 0;
    }
    if (f->format == AV_PIX_FMT_CUDA)
        return store_downloaded(in, s, pic);
    if (s->scaler) {
        char msg[128];
        const int err = sws_scale_frame(s->scaler, s->scaled, f);
        if (err < 0)
            return video_input_fail(in, -EIO, "cannot scale frame %u (%s)", in->frame_index,
                                    av_error(err, msg, sizeof(msg)));
        f = s->scaled;
    }
    const unsigned planes = in->info.pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    for (unsigned p = 0; p < planes; p++)
        video_input_store_plane(pic, p, f->data[p], (ptrdiff_t)f->linesize[p], in->info.bpc);
    return 0;
}

static int64_t frame_pts(const AVFrame *f)
{
    return f->pts != AV_NOPTS_VALUE ? f->pts : f->best_effort_timestamp;
}

/* After a seek, each frame must be the one the index has next: a frame
 * dropped or repeated would pair the wrong pictures. */
static int check_position(VideoInput *in, LibavInput *s, const AVFrame *f)
{
    if (!s->index)
        return 0;
    const VideoIndex *index = s->index;
    if (s->next >= index->frame_cnt)
        return video_input_fail(in, -EIO, "decoded more frames than its %u", index->frame_cnt);
    if (frame_pts(f) != index->pts[s->next])
        return video_input_fail(in, -EIO,
                                "frame %u came with timestamp %" PRId64 " where %" PRId64
                                " was due: the decoder skipped or repeated a frame",
                                s->next, frame_pts(f), index->pts[s->next]);
    s->next++;
    return 0;
}

static int libav_read(VideoInput *in, VmafPicture *pic)
{
    LibavInput *s = in->priv;
    int ret = s->primed ? 1 : decode_next(in, s);
    s->primed = false;
    if (ret != 1)
        return ret;
    int err = check_position(in, s, s->frame);
    err = err ? err : check_frame(in, s, s->frame);
    err = err ? err : store_frame(in, s, pic);
    av_frame_unref(s->frame);
    return err ? err : 1;
}

struct VideoCudaDevice {
    AVBufferRef *ref;
};

int video_cuda_device_open(VideoCudaDevice **out, unsigned gpu, char *error, size_t error_size)
{
    *out = NULL;
    VideoCudaDevice *d = calloc(1, sizeof(*d));
    if (!d) {
        snprintf(error, error_size, "out of memory");
        return -ENOMEM;
    }
    char name[16], msg[128];
    snprintf(name, sizeof(name), "%u", gpu);
    /* The library's context, current on this thread since it set up its
     * backend: FFmpeg's own (or the primary one with FFmpeg's flags, which
     * the runtime's differ from) would give pointers the kernels cannot read.
     * Before FFmpeg 6.1 (libavutil 58.26) there is no such option: the
     * primary context, when its flags agree. */
    AVDictionary *opts = NULL;
#if LIBAVUTIL_VERSION_INT >= AV_VERSION_INT(58, 26, 100)
    av_dict_set(&opts, "current_ctx", "1", 0);
#else
    av_dict_set(&opts, "primary_ctx", "1", 0);
#endif
    const int err = av_hwdevice_ctx_create(&d->ref, AV_HWDEVICE_TYPE_CUDA, name, opts, 0);
    av_dict_free(&opts);
    if (err < 0) {
        snprintf(error, error_size, "NVDEC: FFmpeg's libraries found no CUDA device %u (%s)", gpu,
                 av_error(err, msg, sizeof(msg)));
        free(d);
        return -ENOTSUP;
    }
    *out = d;
    return 0;
}

void video_cuda_device_close(VideoCudaDevice **dev)
{
    if (!*dev)
        return;
    av_buffer_unref(&(*dev)->ref);
    free(*dev);
    *dev = NULL;
}

/* NVDEC for the codec, on dev (in the library's context: its device
 * pointers are then the library's); with verify, the first frame decoded to
 * see whether NVDEC took the stream. Without, nothing is decoded: a seek
 * would flush the decoder, and FFmpeg's H.264 flush makes the next keyframe
 * build the NVDEC decoder and its frame pool anew: a chunk's seek took 0.4
 * to 0.9 s on an H100 while four chunks made their decoders at once. */
static int libav_use_cuda(VideoInput *in, const VideoCudaDevice *dev, bool verify)
{
    LibavInput *s = in->priv;
    const AVCodec *codec = s->decoder->codec;
    bool offered = false;
    for (int i = 0; !offered; i++) {
        const AVCodecHWConfig *cfg = avcodec_get_hw_config(codec, i);
        if (!cfg)
            break;
        offered = cfg->device_type == AV_HWDEVICE_TYPE_CUDA &&
                  (cfg->methods & AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX);
    }
    if (!offered)
        return video_input_fail(in, -ENOTSUP, "NVDEC does not decode %s here", codec->name);
    s->device = av_buffer_ref(dev->ref);
    if (!s->device)
        return video_input_fail(in, -ENOMEM, "out of memory");
    avcodec_free_context(&s->decoder);
    int err = open_decoder(in, s);
    if (err || !verify)
        return err;
    const int ret = decode_next(in, s);
    if (ret < 0)
        return ret;
    s->primed = ret == 1;
    if (s->primed && s->frame->format != AV_PIX_FMT_CUDA)
        return video_input_fail(in, -ENOTSUP, "NVDEC refused its %s stream (%s %s)", codec->name,
                                av_get_pix_fmt_name(s->decoder->sw_pix_fmt),
                                avcodec_profile_name(codec->id, s->decoder->profile)
                                    ? avcodec_profile_name(codec->id, s->decoder->profile)
                                    : "");
    return 0;
}

static int by_value(const void *a, const void *b)
{
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Appends v to the growing array *a of *n. */
static int append(int64_t **a, unsigned *n, unsigned *cap, int64_t v)
{
    if (*n == *cap) {
        const unsigned bigger = *cap ? 2 * *cap : 1024;
        int64_t *grown = bigger > *cap ? realloc(*a, bigger * sizeof(**a)) : NULL;
        if (!grown)
            return -ENOMEM;
        *a = grown;
        *cap = bigger;
    }
    (*a)[(*n)++] = v;
    return 0;
}

/* The frame numbers of the keyframes' timestamps key (sorted, n of them):
 * where each is among the frames'. */
static int number_keyframes(VideoIndex *index, const int64_t *key, unsigned n)
{
    index->keyframe = malloc((n + 1) * sizeof(*index->keyframe));
    if (!index->keyframe)
        return -ENOMEM;
    /* A stream may start on frames that need an earlier one (an open GOP):
     * decoding from its start still gives them. */
    index->keyframe[index->keyframe_cnt++] = 0;
    unsigned f = 0;
    for (unsigned i = 0; i < n; i++) {
        while (index->pts[f] < key[i])
            f++;
        if (f)
            index->keyframe[index->keyframe_cnt++] = f;
    }
    return 0;
}

/* Every packet of the stream, demuxed once and not decoded: their
 * timestamps, sorted, are the frames' in presentation order. */
static int libav_index(VideoInput *in, VideoIndex *index)
{
    LibavInput *s = in->priv;
    char msg[128];
    if (!(s->format->pb->seekable & AVIO_SEEKABLE_NORMAL))
        return video_input_fail(in, -ENOTSUP, "not a regular file: read in order only");
    int64_t *key = NULL;
    unsigned key_cnt = 0, key_cap = 0, cap = 0;
    int err = 0;
    while (!err) {
        err = av_read_frame(s->format, s->packet);
        if (err == AVERROR_EOF) {
            err = 0;
            break;
        }
        if (err < 0) {
            err = video_input_fail(in, -EIO, "read error (%s)", av_error(err, msg, sizeof(msg)));
            break;
        }
        const AVPacket *p = s->packet;
        if (p->stream_index == s->stream && !(p->flags & AV_PKT_FLAG_DISCARD)) {
            if (p->pts == AV_NOPTS_VALUE)
                err = video_input_fail(in, -ENOTSUP, "frame %u has no timestamp", index->frame_cnt);
            if (!err)
                err = append(&index->pts, &index->frame_cnt, &cap, p->pts);
            if (!err && (p->flags & AV_PKT_FLAG_KEY))
                err = append(&key, &key_cnt, &key_cap, p->pts);
        }
        av_packet_unref(s->packet);
    }
    if (!err && !index->frame_cnt)
        err = video_input_fail(in, -EINVAL, "has no frames");
    if (!err) {
        qsort(index->pts, index->frame_cnt, sizeof(*index->pts), by_value);
        qsort(key, key_cnt, sizeof(*key), by_value);
        for (unsigned i = 1; !err && i < index->frame_cnt; i++)
            if (index->pts[i] == index->pts[i - 1])
                err = video_input_fail(in, -ENOTSUP, "two frames have timestamp %" PRId64,
                                       index->pts[i]);
    }
    if (!err && number_keyframes(index, key, key_cnt))
        err = -ENOMEM;
    if (err == -ENOMEM)
        video_input_fail(in, err, "out of memory");
    free(key);
    if (err)
        video_index_free(index);
    return err;
}

/* The decoder restarted at the keyframe at timestamp ts (or one before),
 * checked on the first packet read there: a keyframe no later than the
 * frame wanted, sent to the decoder. 1 when the container put us
 * elsewhere. */
static int restart_at(VideoInput *in, LibavInput *s, int64_t ts, int64_t wanted)
{
    char msg[128];
    int err = avformat_seek_file(s->format, s->stream, INT64_MIN, ts, ts, 0);
    if (err < 0)
        return 1;
    avcodec_flush_buffers(s->decoder);
    av_frame_unref(s->frame);
    s->primed = s->flushing = false;
    for (;;) {
        err = av_read_frame(s->format, s->packet);
        if (err < 0)
            return video_input_fail(in, -EIO, "read error after seeking (%s)",
                                    av_error(err, msg, sizeof(msg)));
        if (s->packet->stream_index == s->stream)
            break;
        av_packet_unref(s->packet);
    }
    const AVPacket *p = s->packet;
    if (!(p->flags & AV_PKT_FLAG_KEY) || p->pts == AV_NOPTS_VALUE || p->pts > wanted) {
        av_packet_unref(s->packet);
        return 1;
    }
    err = avcodec_send_packet(s->decoder, s->packet);
    av_packet_unref(s->packet);
    if (err < 0 && err != AVERROR_INVALIDDATA)
        return video_input_fail(in, -EIO, "decoder error after seeking (%s)",
                                av_error(err, msg, sizeof(msg)));
    return 0;
}

/* Frames before the one wanted decoded and dropped; that one kept in
 * s->frame for the next read. */
static int decode_up_to(VideoInput *in, LibavInput *s, int64_t wanted)
{
    for (;;) {
        const int ret = decode_next(in, s);
        if (ret < 0)
            return ret;
        if (!ret || frame_pts(s->frame) > wanted)
            return video_input_fail(in, -EIO,
                                    "decoding from a keyframe did not give frame %u (timestamp "
                                    "%" PRId64 ")",
                                    in->frame_index, wanted);
        if (frame_pts(s->frame) == wanted)
            break;
        av_frame_unref(s->frame);
    }
    s->primed = true;
    return 0;
}

/* From the last keyframe before frame, or failing that the one before it,
 * and so on back to the stream's start. */
static int libav_seek(VideoInput *in, const VideoIndex *index, unsigned frame)
{
    LibavInput *s = in->priv;
    unsigned k = index->keyframe_cnt;
    while (k > 1 && index->keyframe[k - 1] > frame)
        k--;
    const int64_t wanted = index->pts[frame];
    const AVStream *st = s->format->streams[s->stream];
    const int64_t start = st->start_time != AV_NOPTS_VALUE && st->start_time < index->pts[0]
                              ? st->start_time
                              : index->pts[0];
    int err = 1;
    while (err == 1 && k--)
        err = restart_at(in, s, k ? index->pts[index->keyframe[k]] : start, wanted);
    if (err == 1)
        return video_input_fail(in, -EIO, "cannot seek to a keyframe before frame %u", frame);
    in->frame_index = frame;
    err = err ? err : decode_up_to(in, s, wanted);
    if (!err) {
        s->index = index;
        s->next = frame;
    }
    return err;
}

/* swscale's bicubic, as FFmpeg's scale filter uses it by default, from
 * the stream's size to w x h in the same pixel format. */
static int libav_scale_to(VideoInput *in, unsigned w, unsigned h)
{
    LibavInput *s = in->priv;
    const enum AVPixelFormat fmt = s->decoder->pix_fmt;
    s->scaler = sws_getContext((int)s->coded_w, (int)s->coded_h, fmt, (int)w, (int)h, fmt,
                               SWS_BICUBIC, NULL, NULL, NULL);
    s->scaled = av_frame_alloc();
    if (!s->scaler || !s->scaled)
        return video_input_fail(in, -ENOMEM, "cannot scale %ux%u %s to %ux%u", s->coded_w,
                                s->coded_h, av_get_pix_fmt_name(fmt), w, h);
    s->scaled->format = fmt;
    s->scaled->width = (int)w;
    s->scaled->height = (int)h;
    if (av_frame_get_buffer(s->scaled, 0) < 0)
        return video_input_fail(in, -ENOMEM, "out of memory");
    in->info.w = w;
    in->info.h = h;
    return 0;
}

const VideoReader video_reader_libav = {
    .name = "libav",
    .encoded = true,
    .probe = video_probe_encoded,
    .open = libav_open,
    .read = libav_read,
    .index = libav_index,
    .seek = libav_seek,
    .use_cuda = libav_use_cuda,
    .scale_to = libav_scale_to,
    .close = libav_close,
};

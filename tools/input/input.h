/* The vmaf tool's inputs: a VideoInput reads one file through the reader of
 * its format (a VideoReader, one per file of this folder, as dav1d's
 * demuxers are: name, probe, open, read, close), chosen by probing the
 * file's first bytes: Y4M (its signature), else headerless planar YUV (with
 * -w/-h/-p/-b), else encoded video through FFmpeg's libraries (in builds
 * that have them). Frames are read straight into VmafPictures; the CLI's
 * loop does not know which reader serves. */
#ifndef VMAF_TOOLS_INPUT_INPUT_H
#define VMAF_TOOLS_INPUT_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "libvmaf/picture.h"

/* Larger frames are rejected as corrupt headers or typos rather than
 * attempted: a pool of 16-bit 4:4:4 pictures of 2^26 pixels is already
 * several GiB. */
#define VIDEO_INPUT_MAX_DIM 16384u
#define VIDEO_INPUT_MAX_PIXELS (1u << 26)

#define VIDEO_INPUT_ERROR_SIZE 512

typedef struct VideoInfo {
    unsigned w, h;
    unsigned bpc; /* bits per sample as stored: 8..16 */
    enum VmafPixelFormat pix_fmt;
    /* An RGB image (PNM, PNG): 4:4:4 planes G, B, R, as H.273's identity
     * matrix orders them; only ssimulacra2 (matrix rgb) reads such. */
    bool rgb;
    /* What the file says of its colour, in ssimulacra2's option values
     * ("bt709", "full", "left"); NULL where it says nothing. */
    const char *matrix, *range, *chroma_location;
} VideoInfo;

typedef struct VideoInput VideoInput;

/* NVDEC's GPU for a pair's decoders (video_cuda_device_open()). */
typedef struct VideoCudaDevice VideoCudaDevice;

/* A frame NVDEC decoded into device memory, as it left it: 8-bit samples,
 * or 16-bit words holding the sample << shift; chroma[1] NULL when U and V
 * are interleaved in chroma[0] (NV12, P010, P016). */
typedef struct VideoSurface {
    const void *luma, *chroma[2];
    size_t pitch, chroma_pitch; /* bytes a row */
    unsigned bits, shift;
} VideoSurface;

/* Where an encoded stream's frames are (video_input_index()): their
 * timestamps in presentation order, and which of them a decoder can start
 * from. */
typedef struct VideoIndex {
    unsigned frame_cnt;
    int64_t *pts;       /* frame_cnt of them, rising */
    unsigned *keyframe; /* frame numbers, rising; the first frame's among them */
    unsigned keyframe_cnt;
} VideoIndex;

/* A file format. */
typedef struct VideoReader {
    const char *name;
    /* Decodes a stream: its frame count is what it is, so a pair whose
     * lengths differ is an error rather than cut to the shorter. */
    bool encoded;
    /* > 0 when a file that starts with head (len bytes, fewer only for a
     * shorter file) is in this format, higher for surer; raw: the -w/-h/-p/-b
     * the user gave, or NULL. */
    int (*probe)(const unsigned char *head, size_t len, const VideoInfo *raw);
    /* Fills in->info and the plane layout, reading after the probed bytes
     * (video_input_fread() replays them first); on failure in->error says
     * why. */
    int (*open)(VideoInput *in, const VideoInfo *raw);
    /* The next frame into pic (of the input's size and format, bpc >= the
     * input's): 1, 0 at a clean end, or a negative errno with in->error. */
    int (*read)(VideoInput *in, VmafPicture *pic);
    /* Optional: reading frames at any position, from several threads. */
    bool (*positioned)(const VideoInput *in, const VmafPicture *pic);
    int (*read_at)(const VideoInput *in, VmafPicture *pic, unsigned frame, char *error,
                   size_t error_size);
    /* Optional: frames of another size (video_input_scale_to()). */
    int (*scale_to)(VideoInput *in, unsigned w, unsigned h);
    /* Optional: frames read from any position (video_input_index(),
     * video_input_seek()). */
    int (*index)(VideoInput *in, VideoIndex *index);
    int (*seek)(VideoInput *in, const VideoIndex *index, unsigned frame);
    /* Optional: decoding on NVDEC (video_input_use_cuda()). */
    int (*use_cuda)(VideoInput *in, const VideoCudaDevice *dev, bool verify);
    /* Optional: frees in->priv (also after a failed open). */
    void (*close)(VideoInput *in);
} VideoReader;

extern const VideoReader video_reader_y4m, video_reader_yuv, video_reader_libav;
extern const VideoReader video_reader_pnm, video_reader_png;
/* video_reader_libav loaded when an input first needs it (libav_loader.c). */
extern const VideoReader video_reader_libav_lazy;

/* The encoded readers' probe (VideoReader.probe): not Y4M and not described
 * as raw, so the library decides at open. Below every other reader's, so
 * that Y4M and raw YUV keep their own. */
int video_probe_encoded(const unsigned char *head, size_t len, const VideoInfo *raw);

struct VideoInput {
    const VideoReader *reader;
    FILE *file;
    const char *path;
    VideoInfo info;
    /* Plane sizes in samples as stored in the file. Y4M rounds chroma up for
     * odd sizes; the picture keeps the rounded-down size. */
    unsigned plane_w[3], plane_h[3];
    size_t trailing_bytes; /* per frame after the planes, skipped (Y4M alpha) */
    size_t frame_bytes;    /* payload of one frame, for error messages */
    unsigned frame_index;  /* frames read so far */
    double seconds;        /* the container's duration (encoded input), 0 when unknown */
    /* Bytes consumed while probing, replayed first (unless the reader takes
     * them as consumed) so that pipes work without seeking. */
    unsigned char sniffed[16];
    size_t sniffed_len, sniffed_pos;
    unsigned char *row;       /* scratch row for skipped bytes */
    unsigned char *plane_buf; /* a plane as stored, when it cannot be read in place */
    bool clamp;               /* samples past the bit depth are clamped rather than refused */
    /* Threads of a decoder opened from here on (NVDEC's, by
     * video_input_use_cuda()); 0: one a core. */
    unsigned decoder_threads;
    /* A numbered image sequence ("frame_%04d.png" as path): the path's text
     * around its one conversion, the number's width and the next frame's
     * number; prefix_len 0 and no suffix: a single file. */
    struct {
        size_t prefix_len;
        unsigned width, next;
        const char *suffix;
    } sequence;
    char frame_path[VIDEO_INPUT_ERROR_SIZE]; /* the sequence's file now read */
    void *priv;                              /* the reader's own state */
    /* Set by the caller for frames decoded into device memory: writes the
     * surface into pic, a device picture; non-zero on failure. Any reading
     * thread. */
    int (*import)(void *opaque, VmafPicture *pic, const VideoSurface *surface);
    void *import_opaque;
    char error[VIDEO_INPUT_ERROR_SIZE];
};

/* Opens path with the reader whose probe is surest of it: a file starting
 * with "YUV4MPEG2 " is read as Y4M, and when raw is given as well the header
 * must agree with it; any other file is planar YUV with no header when raw
 * is given, else encoded video for FFmpeg's libraries. On failure in->error
 * holds a one-line message naming the file, and nothing needs closing. */
int video_input_open(VideoInput *in, const char *path, const VideoInfo *raw);

/* Reads the next frame into pic, which must have the input's size and pixel
 * format and a bpc >= the input's (samples are shifted up to it). Returns 1
 * for a frame, 0 at a clean end of input, or a negative errno with
 * in->error set (truncated frame, bad frame header, I/O error). */
int video_input_read(VideoInput *in, VmafPicture *pic);

/* Whether frames can be read into pictures like pic at any position, from
 * several threads: a raw YUV regular file whose planes the picture holds
 * byte for byte. */
bool video_input_positioned(const VideoInput *in, const VmafPicture *pic);

/* Reads frame `frame` (counted from the start of the file) into pic, for an
 * input video_input_positioned() accepts; in is not changed, so threads may
 * call it at once. Returns 1, 0 when the file ends before the frame, or
 * -EIO with the message in error. */
int video_input_read_at(const VideoInput *in, VmafPicture *pic, unsigned frame, char *error,
                        size_t error_size);

/* Frame `frame` of in, read into pic, against the input's bit depth: a
 * sample above its largest value (an 8-bit file read with -b 10) is clamped
 * to it where in->clamp is set, else refused. Returns 0, or -ERANGE with a
 * message naming the file, the frame, the plane, the position and the
 * value in error. in is not changed, so threads may call it at once. */
int video_input_check_samples(const VideoInput *in, VmafPicture *pic, unsigned frame, char *error,
                              size_t error_size);

/* Frames scaled to w x h from here on (swscale's bicubic); before the
 * first read. 0, -ENOTSUP when the input is not encoded, or -ENOMEM; with
 * in->error set. */
int video_input_scale_to(VideoInput *in, unsigned w, unsigned h);

/* FFmpeg's CUDA device on GPU gpu, for NVDEC decoders, on the CUDA context
 * current on the calling thread: the library's, once its backend was set up
 * on this thread, so that the decoded frames are where its kernels read.
 * Returns 0, -ENOTSUP when there is no such device or FFmpeg's libraries
 * lack CUDA, or -ENOMEM; error says why. Freed by video_cuda_device_close()
 * (the inputs using it hold it until they close). */
int video_cuda_device_open(VideoCudaDevice **dev, unsigned gpu, char *error, size_t error_size);

void video_cuda_device_close(VideoCudaDevice **dev);

/* Decodes on NVDEC from here on, on dev, into device memory: each frame then
 * goes to in->import when set, or is brought to the host. Before the first
 * read. With verify, the first frame is decoded now to see that NVDEC takes
 * the stream; without (another input of the same file has shown it), the
 * first read makes the NVDEC decoder, at the position video_input_seek()
 * chose, and a frame NVDEC did not decode fails its read. Returns 0 when
 * NVDEC decodes the stream, -ENOTSUP when this input is not encoded or
 * NVDEC does not take it (in->error says why; the input then decodes on
 * the CPU as before), or another negative errno with in->error set (the
 * input is then unusable). */
int video_input_use_cuda(VideoInput *in, const VideoCudaDevice *dev, bool verify);

/* Reads the whole stream of a regular encoded file (demuxing, not
 * decoding) into *index, freed by video_index_free(); in is used up (closed
 * and opened again to read frames). Returns 0, -ENOTSUP when the file cannot
 * be read from any position (not encoded, not a regular file, frames
 * without timestamps or with a timestamp twice), or another negative errno;
 * in->error says why. */
int video_input_index(VideoInput *in, VideoIndex *index);

void video_index_free(VideoIndex *index);

/* From here on in reads frames frame, frame + 1, ... of index (made from
 * the same file), each checked against its timestamp: decoding starts at
 * the keyframe before and drops what comes before frame. After
 * video_input_use_cuda(), before the first read; index must outlive in.
 * Returns 0, -ENOTSUP when the reader cannot seek, or -EIO when the stream
 * does not give the frame there (in->error says why). */
int video_input_seek(VideoInput *in, const VideoIndex *index, unsigned frame);

void video_input_close(VideoInput *in);

/* "4:2:0" etc., for messages. */
const char *video_pix_fmt_name(enum VmafPixelFormat pix_fmt);

/* Checks w and h against the limits above; on failure writes why to msg. */
bool video_dimensions_valid(unsigned w, unsigned h, char *msg, size_t msg_size);

static inline unsigned video_bytes_per_sample(unsigned bpc)
{
    return bpc > 8 ? 2 : 1;
}

static inline bool video_host_is_little_endian(void)
{
    const unsigned short probe = 1;
    return *(const unsigned char *)&probe == 1;
}

/* What the planar readers (Y4M, YUV) share (planar.c): the plane layout of
 * in->info, chroma sizes rounded up (Y4M) or down (raw YUV); the planes of
 * one frame, and the bytes after them, read into pic. */
int video_input_planar_layout(VideoInput *in, bool round_chroma_up);
/* Bytes of plane p of a frame as the file stores it (0 for one it lacks). */
size_t video_input_plane_bytes(const VideoInput *in, unsigned p);
int video_input_planar_read(VideoInput *in, VmafPicture *pic);

/* Copies plane p of a frame (rows src_stride bytes apart, little-endian
 * samples of src_bpc bits) into pic, shifting samples up to pic->bpc. */
void video_input_store_plane(VmafPicture *pic, unsigned p, const unsigned char *src,
                             ptrdiff_t src_stride, unsigned src_bpc);

/* What the RGB image readers share (image.c): in->info and the layout of
 * a w x h image of bpc-bit samples in format ("PNG"), which raw (-w/-h/-p/-b)
 * must not describe; 0 or -EINVAL with in->error. */
int video_image_info(VideoInput *in, const VideoInfo *raw, const char *format, unsigned w,
                     unsigned h, unsigned bpc);
/* Whether path is a numbered image sequence, "name%d.png" or
 * "name%04d.ppm" (one conversion, no other %); fills in->sequence. */
bool video_image_sequence(VideoInput *in, const char *path);
/* in->frame_path = the sequence's file number n. */
void video_image_frame_path(VideoInput *in, unsigned n);
/* Before an image reader's second and later frames: the sequence's next
 * file opened with the same reader, as large and as deep as the first.
 * 1, 0 at the end (no such file, or no sequence), or a negative errno with
 * in->error naming the file. */
int video_image_next(VideoInput *in);
/* Row y of pic's planes G, B, R from src: w interleaved pixels of channels
 * (3: R, G, B; 1: grey, to all three) big-endian samples of src_bpc bits,
 * shifted up to pic->bpc. */
void video_image_store_row(VmafPicture *pic, unsigned y, const unsigned char *src,
                           unsigned channels, unsigned src_bpc);

/* Reads up to size bytes, replaying sniffed bytes first; returns the count. */
size_t video_input_fread(VideoInput *in, void *buf, size_t size);

/* Sets in->error to "<path>: <formatted message>" and returns err; in an
 * open numbered sequence the path is the file being read (frame_path). */
int video_input_fail(VideoInput *in, int err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif

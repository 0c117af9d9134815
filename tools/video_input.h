/* Video readers for the vmaf tool: Y4M (detected from the file's signature)
 * and headerless planar YUV. Frames are read straight into VmafPictures. */
#ifndef VMAF_TOOLS_VIDEO_INPUT_H
#define VMAF_TOOLS_VIDEO_INPUT_H

#include <stdbool.h>
#include <stddef.h>
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
} VideoInfo;

typedef struct VideoInput {
    FILE *file;
    const char *path;
    VideoInfo info;
    bool is_y4m;
    /* Plane sizes in samples as stored in the file. Y4M rounds chroma up for
     * odd sizes; the picture keeps the rounded-down size. */
    unsigned plane_w[3], plane_h[3];
    size_t trailing_bytes; /* per frame after the planes, skipped (Y4M alpha) */
    size_t frame_bytes;    /* payload of one frame, for error messages */
    unsigned frame_index;  /* frames read so far */
    /* Bytes consumed while sniffing for the Y4M signature, replayed first
     * so that pipes work without seeking. */
    unsigned char sniffed[16];
    size_t sniffed_len, sniffed_pos;
    unsigned char *row;       /* scratch row for skipped bytes */
    unsigned char *plane_buf; /* a plane as stored, when it cannot be read in place */
    bool clamp;               /* samples past the bit depth are clamped rather than refused */
    char error[VIDEO_INPUT_ERROR_SIZE];
} VideoInput;

/* Opens path. A file starting with "YUV4MPEG2 " is read as Y4M; when raw is
 * given as well, the header must agree with it. Any other file needs raw
 * (planar YUV, no header). On failure in->error holds a one-line message
 * naming the file, and nothing needs closing. */
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

void video_input_close(VideoInput *in);

/* "4:2:0" etc., for messages. */
const char *video_pix_fmt_name(enum VmafPixelFormat pix_fmt);

/* Checks w and h against the limits above; on failure writes why to msg. */
bool video_dimensions_valid(unsigned w, unsigned h, char *msg, size_t msg_size);

/* Back ends, used by video_input.c. Both fill in->info and the plane
 * layout; y4m_parse_header reads the header line after the signature. */
int y4m_parse_header(VideoInput *in);
int y4m_read_frame_header(VideoInput *in);
int yuv_input_init(VideoInput *in, const VideoInfo *raw);

/* Reads up to size bytes, replaying sniffed bytes first; returns the count. */
size_t video_input_fread(VideoInput *in, void *buf, size_t size);

/* Sets in->error to "<path>: <formatted message>" and returns err. */
int video_input_fail(VideoInput *in, int err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif

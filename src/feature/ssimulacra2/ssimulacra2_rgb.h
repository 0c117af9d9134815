/* YUV pictures to the RGB samples SSIMULACRA 2 reads, as zimg (the colour
 * library VapourSynth users get) converts them in its C code: the matrix
 * and range the caller names, chroma upsampled to full size by zimg's
 * bicubic (b = 0, c = 0.5, VapourSynth's resize.Bicubic) from the siting
 * named, rounded to 8-bit RGB for 8-bit pictures and 16-bit for deeper
 * ones, no dithering. Written here (ssimulacra2_rgb.c), not linked:
 * tests/unit/test_ssimulacra2_rgb.c checks it against zimg bit for bit. */
#ifndef VMAF_FEATURE_SSIMULACRA2_RGB_H
#define VMAF_FEATURE_SSIMULACRA2_RGB_H

#include "libvmaf/picture.h"
#include "ssimulacra2_dsp.h"

typedef enum Ssimu2Matrix {
    SSIMU2_MATRIX_BT709,
    SSIMU2_MATRIX_BT601, /* BT.470 BG / SMPTE 170M */
    SSIMU2_MATRIX_BT2020_NCL,
    SSIMU2_MATRIX_RGB, /* the pictures are RGB already: no conversion here */
} Ssimu2Matrix;

typedef enum Ssimu2ChromaSiting {
    SSIMU2_CHROMA_LEFT, /* MPEG-2, H.264 and HEVC's default */
    SSIMU2_CHROMA_CENTER,
    SSIMU2_CHROMA_TOP_LEFT,
    SSIMU2_CHROMA_TOP,
    SSIMU2_CHROMA_BOTTOM_LEFT,
    SSIMU2_CHROMA_BOTTOM,
} Ssimu2ChromaSiting;

/* The extractor's option values naming each, in the enums' order ("bt709",
 * "left"). */
extern const char *const ssimu2_matrix_names[SSIMU2_MATRIX_RGB + 1];
extern const char *const ssimu2_siting_names[SSIMU2_CHROMA_BOTTOM + 1];

typedef struct Ssimu2Colour {
    Ssimu2Matrix matrix;
    int full_range; /* 0: limited (video) range */
    Ssimu2ChromaSiting siting;
} Ssimu2Colour;

/* A resampling filter: output i is the sum over k < width, from k = 0, of
 * coeff[i * width + k] * input[left[i] + k]. */
typedef struct Ssimu2Filter {
    unsigned width;
    unsigned *left;
    float *coeff;
} Ssimu2Filter;

/* A conversion's arithmetic, which the CUDA twin runs too: each sample to
 * float as sample * scale + offset, the chroma upsampled by the filters
 * (horizontal where log2_w, then vertical where log2_h; zeroed where not
 * subsampled), the matrix, and RGB of `bits` bits (8 for 8-bit pictures,
 * else 16). */
typedef struct Ssimu2RgbSetup {
    unsigned w, h, bits, bpc, log2_w, log2_h;
    float luma_scale, luma_offset, chroma_scale, chroma_offset;
    float matrix[3][3];
    Ssimu2Filter horizontal, vertical;
} Ssimu2RgbSetup;

/* Makes the setup for pix_fmt, bpc, w x h pictures with colour (a YUV
 * matrix). Returns 0; -EINVAL (logged, naming what is wrong) for RGB, a
 * 4:0:0 picture, one whose size its chroma subsampling does not divide, or
 * a depth outside 8..16; -ENOMEM. On error nothing is left to free. */
int ssimu2_rgb_setup_make(Ssimu2RgbSetup *set, const Ssimu2Colour *colour,
                          enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h);

/* Frees the filters; set may be zeroed or freed already. */
void ssimu2_rgb_setup_free(Ssimu2RgbSetup *set);

typedef struct Ssimu2Rgb Ssimu2Rgb;

/* A converter of pix_fmt, bpc, w x h pictures with colour (a YUV matrix)
 * into *out, its row steps from the DSP table for cpu_flags (every table
 * gives the same samples). Returns 0, or ssimu2_rgb_setup_make()'s
 * errors. */
int ssimu2_rgb_open(Ssimu2Rgb **out, const Ssimu2Colour *colour, enum VmafPixelFormat pix_fmt,
                    unsigned bpc, unsigned w, unsigned h, unsigned cpu_flags);

/* Converts pic (of the converter's format, borrowed for the call) into the
 * converter's RGB planes, which *rgb describes until the next call or the
 * close. Returns 0. Not thread-safe: a converter serves one thread. */
int ssimu2_rgb_convert(Ssimu2Rgb *c, const VmafPicture *pic, Ssimu2Samples *rgb);

/* Frees the converter; c may be NULL. */
void ssimu2_rgb_close(Ssimu2Rgb *c);

#endif

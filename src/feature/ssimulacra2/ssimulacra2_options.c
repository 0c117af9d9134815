/* ssimulacra2's options (ssimulacra2_options.h): the choices of matrix,
 * range and chroma siting, each left at auto following the input file's
 * tag, else what players assume of untagged video. */
#include <errno.h>
#include <string.h>

#include "core/log.h"
#include "ssimulacra2_options.h"

const char *const ssimu2_provided_features[] = {"ssimulacra2", NULL};

/* An option's choice: the index of value among names, or, for "auto", of
 * the file's tag when it has one, else count; -1 logged as a bad value. */
static int choice(const char *option, const char *value, const char *tagged,
                  const char *const *names, unsigned count)
{
    const bool is_auto = !strcmp(value, "auto");
    if (is_auto && !*tagged)
        return (int)count;
    const int i = vmaf_option_choice(is_auto ? tagged : value, names, count);
    if (i < 0)
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: unknown %s%s \"%s\"", is_auto ? "tagged_" : "",
                 option, is_auto ? tagged : value);
    return i;
}

int ssimu2_options_colour(const Ssimu2Options *opt, enum VmafPixelFormat pix_fmt, unsigned w,
                          unsigned h, Ssimu2Colour *colour, bool *gbr)
{
    enum { RANGE_LIMITED, RANGE_FULL, RANGE_AUTO };
    static const char *const ranges[] = {"limited", "full"};
#define CHOICE(option, names, count)                                                               \
    choice(#option, opt->option, opt->tagged_##option, names, count)
    const int matrix = CHOICE(matrix, ssimu2_matrix_names, SSIMU2_MATRIX_RGB + 1);
    const int range = CHOICE(range, ranges, RANGE_AUTO);
    const int siting = CHOICE(chroma_location, ssimu2_siting_names, SSIMU2_CHROMA_BOTTOM + 1);
#undef CHOICE
    if (matrix < 0 || range < 0 || siting < 0)
        return -EINVAL;
    *gbr = matrix == SSIMU2_MATRIX_RGB;
    if (*gbr && range == RANGE_LIMITED) {
        /* libjxl's tool reads full-range RGB only. */
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "ssimulacra2: RGB pictures are read as full range; "
                                       "range=limited is not supported with them");
        return -EINVAL;
    }
    if (*gbr && pix_fmt != VMAF_PIX_FMT_YUV444P) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "ssimulacra2: RGB needs 4:4:4 pictures (planes G, B, R); these are "
                 "subsampled or have no colour");
        return -EINVAL;
    }
    /* What players and FFmpeg assume of untagged video. */
    const bool hd = h > 576 || w > 1024;
    colour->matrix = matrix >= SSIMU2_MATRIX_RGB ? (hd ? SSIMU2_MATRIX_BT709 : SSIMU2_MATRIX_BT601)
                                                 : (Ssimu2Matrix)matrix;
    colour->full_range = range == RANGE_FULL;
    colour->siting =
        siting > SSIMU2_CHROMA_BOTTOM ? SSIMU2_CHROMA_LEFT : (Ssimu2ChromaSiting)siting;
    return 0;
}

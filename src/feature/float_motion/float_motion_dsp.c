/* C reference of the float motion stage (float_motion_dsp.h). */
#include "float_motion_dsp.h"
#include "float_motion_math.h"

static float sad_c(const FloatPlane *a, const FloatPlane *b)
{
    float sum = 0.0f;
    for (unsigned i = 0; i < b->h; i++) {
        const float *ra = a->data + i * a->stride, *rb = b->data + i * b->stride;
        float row = 0.0f;
        for (unsigned j = 0; j < b->w; j++)
            row += float_motion_abs_diff(ra[j], rb[j]);
        sum += row;
    }
    return sum;
}

void float_motion_dsp_init(FloatMotionDsp *dsp, unsigned cpu_flags)
{
    float_common_dsp_init(&dsp->common, cpu_flags);
    dsp->sad = sad_c;
}

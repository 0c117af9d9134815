#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "float_plane.h"

#define FLOAT_PLANE_ALIGN 64

int float_plane_alloc(FloatPlane *p, unsigned w, unsigned h)
{
    const size_t per_row = FLOAT_PLANE_ALIGN / sizeof(float);
    const size_t stride = (w + per_row - 1) / per_row * per_row;
    const size_t size = stride * (h ? h : 1) * sizeof(float);
    float *data = aligned_alloc(FLOAT_PLANE_ALIGN, size);
    if (!data)
        return -ENOMEM;
    memset(data, 0, size);
    *p = (FloatPlane){.data = data, .stride = (ptrdiff_t)stride, .w = w, .h = h};
    return 0;
}

void float_plane_free(FloatPlane *p)
{
    free(p->data);
    *p = (FloatPlane){0};
}

bool float_plane_depth_supported(unsigned bpc)
{
    return bpc == 8 || bpc == 10 || bpc == 12 || bpc == 16;
}

int float_plane_check_depth(const char *fex_name, unsigned bpc)
{
    if (float_plane_depth_supported(bpc))
        return 0;
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: %u-bit input is not supported (8, 10, 12 or 16)", fex_name,
             bpc);
    return -EINVAL;
}

void float_plane_load(const FloatCommonDsp *dsp, const FloatPlane *dst, const VmafPicture *pic,
                      unsigned plane)
{
    if (pic->bpc == 8) {
        dsp->load_8(dst, pic->data[plane], pic->stride[plane]);
        return;
    }
    /* Down to 8-bit scale: 10 bits / 4, 12 bits / 16, 16 bits / 256. */
    dsp->load_16(dst, pic->data[plane], pic->stride[plane], (float)(1u << (pic->bpc - 8)));
}

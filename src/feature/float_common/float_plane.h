/* Float planes of the float extractors: allocation, and a picture plane as
 * libvmaf's float extractors see it (sample - 128, at 8-bit scale). */
#ifndef VMAF_FEATURE_FLOAT_PLANE_H
#define VMAF_FEATURE_FLOAT_PLANE_H

#include <stdbool.h>

#include "libvmaf/picture.h"
#include "float_common_dsp.h"

/* A zeroed w x h plane with 64-byte aligned rows; -ENOMEM. */
int float_plane_alloc(FloatPlane *p, unsigned w, unsigned h);
void float_plane_free(FloatPlane *p);

/* libvmaf converts 8-, 10-, 12- and 16-bit pictures only (other depths it
 * reads as bytes); the float extractors refuse the rest. */
bool float_plane_depth_supported(unsigned bpc);
/* The same, logged as fex_name's error: 0 or -EINVAL. */
int float_plane_check_depth(const char *fex_name, unsigned bpc);

/* dst (of the plane's size) = plane `plane` of pic, converted. */
void float_plane_load(const FloatCommonDsp *dsp, const FloatPlane *dst, const VmafPicture *pic,
                      unsigned plane);

#endif

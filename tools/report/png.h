/* PNG images in memory, for the report's pictures: 8-bit RGB, each row
 * filtered by its left neighbour (PNG's "Sub") and deflated by zlib. */
#ifndef VMAF_TOOLS_REPORT_PNG_H
#define VMAF_TOOLS_REPORT_PNG_H

#include <stddef.h>
#include <stdint.h>

/* Encodes the w x h image rgb (3 bytes a pixel, rows stride bytes apart)
 * into *out (malloc'd, freed by the caller) of *len bytes. Returns 0,
 * -EINVAL for an empty image, or -ENOMEM. */
int png_encode_rgb(const uint8_t *rgb, unsigned w, unsigned h, size_t stride, uint8_t **out,
                   size_t *len);

#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "png.h"

static uint8_t *put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
    return p + 4;
}

/* A chunk of type (4 letters) and len bytes of data at p: its length, the
 * type and data, and their CRC. Returns the end. */
static uint8_t *put_chunk(uint8_t *p, const char *type, const uint8_t *data, uint32_t len)
{
    p = put32(p, len);
    memcpy(p, type, 4);
    if (len)
        memcpy(p + 4, data, len);
    uLong crc = crc32(0, p, 4 + len);
    return put32(p + 4 + len, (uint32_t)crc);
}

int png_encode_rgb(const uint8_t *rgb, unsigned w, unsigned h, size_t stride, uint8_t **out,
                   size_t *len)
{
    *out = NULL;
    *len = 0;
    if (!w || !h || w > (1u << 24) / 3)
        return -EINVAL;
    const size_t row = 1 + (size_t)w * 3; /* the filter byte, then the pixels */
    const size_t raw_len = row * h;
    uLongf packed_len = compressBound((uLong)raw_len);
    uint8_t *raw = malloc(raw_len);
    uint8_t *png = malloc(8 + 25 + 12 + packed_len + 12);
    int err = -ENOMEM;
    if (!raw || !png)
        goto end;
    for (unsigned y = 0; y < h; y++) {
        const uint8_t *src = rgb + y * stride;
        uint8_t *dst = raw + y * row;
        dst[0] = 1; /* Sub: each byte less the one 3 to its left */
        for (size_t i = 0; i < (size_t)w * 3; i++)
            dst[1 + i] = (uint8_t)(src[i] - (i >= 3 ? src[i - 3] : 0));
    }
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    memcpy(png, signature, 8);
    uint8_t ihdr[13];
    put32(ihdr, w);
    put32(ihdr + 4, h);
    ihdr[8] = 8;  /* bits a sample */
    ihdr[9] = 2;  /* RGB */
    ihdr[10] = 0; /* deflate */
    ihdr[11] = 0; /* adaptive filtering */
    ihdr[12] = 0; /* no interlace */
    uint8_t *p = put_chunk(png + 8, "IHDR", ihdr, 13);
    /* IDAT's data is compressed into place, after its length and type. */
    if (compress2(p + 8, &packed_len, raw, (uLong)raw_len, 6) != Z_OK)
        goto end;
    put32(p, (uint32_t)packed_len);
    memcpy(p + 4, "IDAT", 4);
    const uLong crc = crc32(0, p + 4, (uInt)(4 + packed_len));
    p = put32(p + 8 + packed_len, (uint32_t)crc);
    p = put_chunk(p, "IEND", NULL, 0);
    *len = (size_t)(p - png);
    *out = png;
    png = NULL;
    err = 0;
end:
    free(raw);
    free(png);
    return err;
}

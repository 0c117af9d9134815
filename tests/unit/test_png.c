/* The report's PNG writer (tools/report/png.c): a file any decoder reads.
 * The chunks are walked as a decoder walks them (signature, lengths, CRCs,
 * IHDR's fields, IEND last), IDAT is inflated and its rows unfiltered, and
 * the pixels must come back as given, for sizes from 1 x 1 up. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <zlib.h>

#include "report/png.h"
#include "test.h"

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Decodes png (as png_encode_rgb() writes it: one IDAT, filter Sub) into
 * out (w * h * 3 bytes); 0 or the number of problems found. */
static int decode(const uint8_t *png, size_t len, unsigned w, unsigned h, uint8_t *out)
{
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    int bad = 0;
    if (len < 8 || memcmp(png, signature, 8))
        return 1;
    size_t pos = 8;
    const char *expect[] = {"IHDR", "IDAT", "IEND"};
    for (int k = 0; k < 3; k++) {
        if (pos + 12 > len)
            return bad + 1;
        const uint32_t n = get32(png + pos);
        if (pos + 12 + n > len)
            return bad + 1;
        const uint8_t *type = png + pos + 4, *data = type + 4;
        bad += memcmp(type, expect[k], 4) != 0;
        bad += get32(data + n) != (uint32_t)crc32(0, type, 4 + n);
        if (k == 0) {
            bad += n != 13 || get32(data) != w || get32(data + 4) != h;
            bad += data[8] != 8 || data[9] != 2 || data[10] || data[11] || data[12];
        } else if (k == 1) {
            const size_t row = 1 + (size_t)w * 3;
            uLongf raw_len = (uLongf)(row * h);
            uint8_t *raw = malloc(raw_len);
            if (!raw || uncompress(raw, &raw_len, data, n) != Z_OK || raw_len != row * h) {
                free(raw);
                return bad + 1;
            }
            for (unsigned y = 0; y < h; y++) {
                bad += raw[y * row] != 1;
                for (size_t i = 0; i < (size_t)w * 3; i++) {
                    const uint8_t left = i >= 3 ? out[(y * (size_t)w * 3) + i - 3] : 0;
                    out[y * (size_t)w * 3 + i] = (uint8_t)(raw[y * row + 1 + i] + left);
                }
            }
            free(raw);
        } else {
            bad += n != 0;
        }
        pos += 12 + n;
    }
    return bad + (pos != len);
}

static void round_trip(unsigned w, unsigned h)
{
    const size_t stride = (size_t)w * 3 + 5; /* rows apart by more than a row */
    uint8_t *rgb = malloc(stride * h), *back = malloc((size_t)w * h * 3);
    CHECK(rgb && back);
    if (!rgb || !back)
        goto end;
    uint32_t s = 12345 + w * 31 + h;
    for (size_t i = 0; i < stride * h; i++) {
        s = s * 1103515245u + 12345u;
        rgb[i] = (uint8_t)(s >> 16);
    }
    uint8_t *png;
    size_t len;
    CHECK_EQ_INT(png_encode_rgb(rgb, w, h, stride, &png, &len), 0);
    CHECK_EQ_INT(decode(png, len, w, h, back), 0);
    for (unsigned y = 0; y < h; y++)
        CHECK(!memcmp(back + y * (size_t)w * 3, rgb + y * stride, (size_t)w * 3));
    free(png);
end:
    free(rgb);
    free(back);
}

static void sizes(void)
{
    round_trip(1, 1);
    round_trip(2, 3);
    round_trip(97, 41);
    round_trip(480, 270);
}

static void refused(void)
{
    uint8_t px[3] = {0}, *png = (uint8_t *)px;
    size_t len = 7;
    CHECK_EQ_INT(png_encode_rgb(px, 0, 1, 3, &png, &len), -EINVAL);
    CHECK(!png && !len);
    CHECK_EQ_INT(png_encode_rgb(px, 1, 0, 3, &png, &len), -EINVAL);
}

TEST_MAIN("png", {"sizes", sizes}, {"refused", refused})

/* SSIMULACRA 2 on RGB pictures this test makes, against libjxl's
 * ssimulacra2 tool (the metric's definition) run on the same pictures as
 * PNG: every score equal to the 8 decimals the tool prints.
 *
 * The expected scores were recorded by tests/golden/record_ssimulacra2.py:
 * `test_ssimulacra2 --dump DIR` writes each case's pair as 8- or 16-bit
 * PPM, the script makes PNGs of them and runs the tool (built outside this
 * repository; docs/ssimulacra2.md says how). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feature/ssimulacra2/ssimulacra2_frame.h"
#include "test.h"

/* Distortions of the reference. */
enum Kind { SAME, NOISE, BLUR, QUANT, SHIFT, BLOCKS };
static const char *const kind_names[] = {"same", "noise", "blur", "quant", "shift", "blocks"};

typedef struct Case {
    unsigned w, h, bits;
    enum Kind kind;
    uint32_t seed;
    const char *expected; /* libjxl's tool's output */
} Case;

static const Case cases[] = {
    {8, 8, 8, NOISE, 1, "90.71181833"},       {9, 13, 8, BLUR, 2, "89.79060150"},
    {17, 8, 16, QUANT, 3, "99.45369960"},     {64, 48, 8, SHIFT, 4, "-64.30064845"},
    {64, 48, 8, SAME, 5, "100.00000000"},     {250, 141, 8, NOISE, 6, "63.48722236"},
    {250, 141, 16, BLUR, 7, "41.73508448"},   {161, 97, 8, BLOCKS, 8, "14.75624749"},
    {320, 240, 8, QUANT, 9, "87.39890973"},   {320, 240, 16, NOISE, 10, "60.89122098"},
    {33, 130, 16, BLOCKS, 11, "-55.10691396"}, {511, 37, 8, BLUR, 12, "-39.34822814"},
};

static uint32_t next_random(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

static unsigned clamp_sample(int v, unsigned max)
{
    return v < 0 ? 0 : v > (int)max ? max : (unsigned)v;
}

/* A reference with smooth ramps, hard edges and fine texture; integers
 * only, so the samples are the same on every host. */
static void make_reference(const Case *t, uint16_t *rgb[3])
{
    const unsigned max = (1u << t->bits) - 1;
    uint32_t state = t->seed;
    for (unsigned c = 0; c < 3; c++) {
        for (unsigned y = 0; y < t->h; y++) {
            for (unsigned x = 0; x < t->w; x++) {
                const unsigned span = 5 * t->w + 3 * t->h + 120;
                int v = (int)((uint64_t)(5 * x + 3 * y + 40 * c) * max / span);
                if ((x / 8 + y / 6 + c) % 3 == 0)
                    v += (int)(max / 5);
                v += (int)(next_random(&state) % (max / 16 + 1)) - (int)(max / 32);
                rgb[c][y * t->w + x] = (uint16_t)clamp_sample(v, max);
            }
        }
    }
}

static unsigned at(const Case *t, const uint16_t *p, int x, int y)
{
    x = x < 0 ? 0 : x >= (int)t->w ? (int)t->w - 1 : x;
    y = y < 0 ? 0 : y >= (int)t->h ? (int)t->h - 1 : y;
    return p[y * t->w + x];
}

static void make_distorted(const Case *t, uint16_t *const ref[3], uint16_t *dis[3])
{
    const unsigned max = (1u << t->bits) - 1;
    uint32_t state = t->seed * 7919u;
    for (unsigned c = 0; c < 3; c++) {
        for (int y = 0; y < (int)t->h; y++) {
            for (int x = 0; x < (int)t->w; x++) {
                int v = (int)at(t, ref[c], x, y);
                switch (t->kind) {
                case SAME:
                    break;
                case NOISE:
                    v += (int)(next_random(&state) % (max / 8 + 1)) - (int)(max / 16);
                    break;
                case BLUR:
                    v = 0;
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++)
                            v += (int)at(t, ref[c], x + dx, y + dy);
                    v /= 9;
                    break;
                case QUANT:
                    v = v >> (t->bits / 2 - 1) << (t->bits / 2 - 1);
                    break;
                case SHIFT:
                    v = (int)at(t, ref[c], x - 1, y + 1);
                    break;
                case BLOCKS:
                    v = 0;
                    for (int dy = 0; dy < 4; dy++)
                        for (int dx = 0; dx < 4; dx++)
                            v += (int)at(t, ref[c], x / 4 * 4 + dx, y / 4 * 4 + dy);
                    v /= 16;
                    break;
                }
                dis[c][y * t->w + x] = (uint16_t)clamp_sample(v, max);
            }
        }
    }
}

/* Planes of uint16_t made uint8_t in place for 8-bit cases. */
static Ssimu2Samples samples_of(const Case *t, uint16_t *p[3])
{
    Ssimu2Samples s = {.w = t->w, .h = t->h, .bits = t->bits};
    for (unsigned c = 0; c < 3; c++) {
        if (t->bits == 8) {
            uint8_t *bytes = (uint8_t *)p[c];
            for (size_t i = 0; i < (size_t)t->w * t->h; i++)
                bytes[i] = (uint8_t)p[c][i];
            s.stride[c] = t->w;
        } else {
            s.stride[c] = 2 * t->w;
        }
        s.data[c] = p[c];
    }
    return s;
}

static void case_name(const Case *t, char *name, size_t size)
{
    snprintf(name, size, "%ux%u_%u_%s_%u", t->w, t->h, t->bits, kind_names[t->kind],
             (unsigned)t->seed);
}

/* A binary PPM of the three planes (before samples_of()). */
static int write_ppm(const char *path, const Case *t, uint16_t *const p[3])
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -errno;
    fprintf(f, "P6\n%u %u\n%u\n", t->w, t->h, (1u << t->bits) - 1);
    for (size_t i = 0; i < (size_t)t->w * t->h; i++) {
        for (unsigned c = 0; c < 3; c++) {
            if (t->bits > 8)
                fputc(p[c][i] >> 8, f);
            fputc(p[c][i] & 0xff, f);
        }
    }
    return fclose(f) ? -errno : 0;
}

/* Runs case t; with dir, writes its PPMs there instead of checking. */
static void run_case(const Case *t, const char *dir)
{
    uint16_t *ref[3], *dis[3];
    for (unsigned c = 0; c < 3; c++) {
        ref[c] = malloc(sizeof(uint16_t) * t->w * t->h);
        dis[c] = malloc(sizeof(uint16_t) * t->w * t->h);
    }
    make_reference(t, ref);
    make_distorted(t, ref, dis);
    char name[128], path[512];
    case_name(t, name, sizeof(name));
    if (dir) {
        snprintf(path, sizeof(path), "%s/%s_ref.ppm", dir, name);
        CHECK_EQ_INT(write_ppm(path, t, ref), 0);
        snprintf(path, sizeof(path), "%s/%s_dis.ppm", dir, name);
        CHECK_EQ_INT(write_ppm(path, t, dis), 0);
        printf("%s\n", name);
    } else {
        Ssimu2Frame f;
        CHECK_EQ_INT(ssimu2_frame_open(&f, t->w, t->h, 0), 0);
        const Ssimu2Samples r = samples_of(t, ref), d = samples_of(t, dis);
        double score;
        ssimu2_frame_score(&f, &r, &d, &score, NULL, NULL);
        char got[64];
        snprintf(got, sizeof(got), "%.8f", score);
        if (strcmp(got, t->expected)) {
            fprintf(stderr, "%s: %s, libjxl's tool %s\n", name, got, t->expected);
            test_failures++;
        }
        ssimu2_frame_close(&f);
    }
    for (unsigned c = 0; c < 3; c++) {
        free(ref[c]);
        free(dis[c]);
    }
}

static void test_libjxl_scores(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        run_case(&cases[i], NULL);
}

static void test_too_small(void)
{
    Ssimu2Frame f;
    CHECK_EQ_INT(ssimu2_frame_open(&f, 7, 64, 0), -EINVAL);
    CHECK_EQ_INT(ssimu2_frame_open(&f, 64, 7, 0), -EINVAL);
    CHECK_EQ_INT(ssimu2_frame_open(&f, 8, 8, 0), 0);
    ssimu2_frame_close(&f);
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--dump")) {
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
            run_case(&cases[i], argv[2]);
        return test_failures != 0;
    }
    static const struct test_case tests[] = {
        {"libjxl_scores", test_libjxl_scores},
        {"too_small", test_too_small},
        {NULL, NULL},
    };
    return run_tests("ssimulacra2", tests);
}

/* Integer VIF: the log2 table and helpers against double-precision log2, the
 * reflect-101 borders, and the statistic on inputs small enough to check by
 * hand. */
#include <stdint.h>
#include <stdlib.h>

#include "feature/vif/vif_dsp.h"
#include "test.h"

#define MAX_W 64

/* Line buffers with the slack the stages expect on both sides. */
typedef struct TestLines {
    uint32_t mem[5][MAX_W + 2 * VIF_LINE_PAD];
    VifLines lines;
} TestLines;

static void test_lines_init(TestLines *t)
{
    t->lines = (VifLines){
        .mu1 = t->mem[0] + VIF_LINE_PAD,
        .mu2 = t->mem[1] + VIF_LINE_PAD,
        .ref_sq = t->mem[2] + VIF_LINE_PAD,
        .dis_sq = t->mem[3] + VIF_LINE_PAD,
        .ref_dis = t->mem[4] + VIF_LINE_PAD,
    };
}

static VifDsp dsp_c(void)
{
    VifDsp dsp;
    vif_dsp_init(&dsp, 0);
    return dsp;
}

static void test_log2_table(void)
{
    const uint16_t *table = vif_log2_table();
    for (unsigned i = 1u << 15; i < 1u << 16; i++) {
        const double exact = log2((double)i) * 2048.0;
        const double frac = exact - floor(exact);
        /* The reference rounds a float log2; only where the exact value is
         * within float precision of .5 may that round the other way. */
        if (fabs(frac - 0.5) > 0.005)
            CHECK_EQ_INT(table[i], lround(exact));
        else
            CHECK(fabs(table[i] - exact) < 0.5 + 0.005);
    }
    /* Two such entries, as libvmaf's log2f-based table has them. */
    CHECK_EQ_INT(table[33108], 30751); /* exact 30750.4993 */
    CHECK_EQ_INT(table[38620], 31206); /* exact 31205.49999 */
    CHECK_EQ_INT(table[1u << 15], 15 * 2048);
    CHECK_EQ_INT(table[49152], 31918); /* log2(3 * 2^14) * 2048 = 31918.003 */
}

/* The table entry of x's 16 leading bits, found without clz; the table
 * itself is checked above. */
static int32_t expected_log2(const uint16_t *table, uint64_t x)
{
    int k = 0;
    while (x >> k >= 1u << 16)
        k++;
    return table[x >> k] + 2048 * k;
}

static void test_log2_helpers(void)
{
    const uint16_t *table = vif_log2_table();
    for (int e = 17; e < 32; e++)
        CHECK_EQ_INT(vif_log2_32(table, 1u << e), e * 2048);
    for (int e = 17; e < 64; e++)
        CHECK_EQ_INT(vif_log2_64(table, (uint64_t)1 << e), e * 2048);

    uint64_t x = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < 20000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        const uint32_t x32 = (uint32_t)(x >> 33) | 1u << 17; /* 2^17 .. 2^31 */
        const uint64_t x64 = (x >> (x & 31)) | (uint64_t)1 << 17;
        CHECK_EQ_INT(vif_log2_32(table, x32), expected_log2(table, x32));
        CHECK_EQ_INT(vif_log2_64(table, x64), expected_log2(table, x64));
        /* Dropping the low bits and rounding cost less than one step. */
        CHECK(fabs(vif_log2_32(table, x32) / 2048.0 - log2((double)x32)) < 1.0 / 2048);
        CHECK(fabs(vif_log2_64(table, x64) / 2048.0 - log2((double)x64)) < 1.0 / 2048);
    }
}

static void test_reflect(void)
{
    for (int i = 0; i < 10; i++)
        CHECK_EQ_INT(vif_reflect(i, 10), i);
    CHECK_EQ_INT(vif_reflect(-1, 10), 1);
    CHECK_EQ_INT(vif_reflect(-8, 10), 8);
    CHECK_EQ_INT(vif_reflect(10, 10), 8);
    CHECK_EQ_INT(vif_reflect(17, 10), 1);
    CHECK_EQ_INT(vif_reflect(-1, 2), 1);
    CHECK_EQ_INT(vif_reflect(2, 2), 0);
}

/* Decimation of a lopsided 8-bit picture against a direct evaluation with
 * explicit reflect-101 indices, corners included. */
static void test_decimate_borders(void)
{
    enum { W = 17, H = 16 };
    const unsigned taps = vif_filter_taps[1];
    const int half = (int)taps / 2;
    uint8_t src[H][W];
    uint16_t ref_out[H / 2][W / 2], dis_out[H / 2][W / 2];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            src[y][x] = (uint8_t)(7 * x + y * y);

    TestLines t;
    test_lines_init(&t);
    const VifPlanes planes = {src, src, W, W, W, H};
    const VifDecimated dst = {&ref_out[0][0], &dis_out[0][0], sizeof(ref_out[0])};
    dsp_c().decimate_8(&planes, 1, 8, &t.lines, &dst);

    for (int oy = 0; oy < H / 2; oy++) {
        for (int ox = 0; ox < W / 2; ox++) {
            uint32_t column[MAX_W];
            for (int x = 0; x < W; x++) {
                uint32_t acc = 0;
                for (int k = 0; k < (int)taps; k++) {
                    int y = 2 * oy - half + k;
                    y = y < 0 ? -y : y >= H ? 2 * (H - 1) - y : y;
                    acc += vif_filter[1][k] * src[y][x];
                }
                column[x] = (acc + 128) >> 8;
            }
            uint32_t acc = 0;
            for (int k = 0; k < (int)taps; k++) {
                int x = 2 * ox - half + k;
                x = x < 0 ? -x : x >= W ? 2 * (W - 1) - x : x;
                acc += vif_filter[1][k] * column[x];
            }
            CHECK_EQ_INT(ref_out[oy][ox], (acc + 32768) >> 16);
            CHECK_EQ_INT(dis_out[oy][ox], ref_out[oy][ox]);
        }
    }
}

static const VifStatParams params_8 = {
    .scale = 0, .mu_shift = 8, .sq_shift = 0, .gain_limit = 100.0};

static void test_accumulate_by_hand(void)
{
    const uint16_t *table = vif_log2_table();
    const int32_t nsq = VIF_SIGMA_NSQ;

    /* Below the noise floor: only the clamped distorted variance counts. */
    VifSums s = {0};
    vif_accumulate(&s, nsq - 1, 1000, 5, table, 100.0);
    vif_accumulate(&s, -3, -7, 5, table, 100.0);
    CHECK_EQ_INT(s.num_non_log, 1000);
    CHECK_EQ_INT(s.den_non_log, 2);
    CHECK_EQ_INT(s.num_log, 0);
    CHECK_EQ_INT(s.den_log, 0);

    /* sigma1 = sigma2 = sigma12 = sigma_nsq: den log2(1 + 1) = 1; the gain
     * is just under 1, so num = log2((2^17 - 1 + 2^17) / 2^17), whose 16-bit
     * mantissa rounds to exactly 1 too. */
    s = (VifSums){0};
    vif_accumulate(&s, nsq, nsq, nsq, table, 100.0);
    CHECK_EQ_INT(s.den_log, 2048);
    CHECK_EQ_INT(s.num_log, 2048);

    /* No correlation: the pixel adds to den only. */
    s = (VifSums){0};
    vif_accumulate(&s, nsq, nsq, 0, table, 100.0);
    CHECK_EQ_INT(s.den_log, 2048);
    CHECK_EQ_INT(s.num_log, 0);

    /* Gain 2 capped to 1: sv_sq = 2^20 - 2 * 2^18 = 2^19, so num =
     * log2((2^17 + 2^19 + 2^17) / (2^19 + 2^17)) = log2(1.2), 538.7 / 2048,
     * here 40110 - 39571 from the table. */
    s = (VifSums){0};
    vif_accumulate(&s, nsq, 1 << 20, 1 << 18, table, 1.0);
    CHECK_EQ_INT(s.den_log, 2048);
    CHECK_EQ_INT(s.num_log, 539);
}

static void test_statistic_flat(void)
{
    enum { W = 24, H = 20 };
    static uint8_t flat8[H][W];
    static uint16_t flat16[H][W];
    memset(flat8, 77, sizeof(flat8));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            flat16[y][x] = 77 << 2;

    TestLines t;
    test_lines_init(&t);
    VifStatParams p = params_8;
    p.log2_table = vif_log2_table();

    /* No variance anywhere: every pixel falls below the noise floor. */
    VifSums s = {0};
    const VifPlanes planes8 = {flat8, flat8, W, W, W, H};
    dsp_c().statistic_8(&planes8, &p, &t.lines, &s);
    CHECK_EQ_INT(s.den_non_log, W * H);
    CHECK_EQ_INT(s.num_non_log, 0);
    CHECK_EQ_INT(s.num_log + s.den_log, 0);

    /* The same picture at 10 bits. */
    s = (VifSums){0};
    p.mu_shift = 10;
    p.sq_shift = 4;
    const VifPlanes planes16 = {flat16, flat16, 2 * W, 2 * W, W, H};
    dsp_c().statistic_16(&planes16, &p, &t.lines, &s);
    CHECK_EQ_INT(s.den_non_log, W * H);
    CHECK_EQ_INT(s.num_non_log, 0);
}

static void test_statistic_identical(void)
{
    enum { W = 32, H = 18 };
    static uint8_t pic[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            pic[y][x] = ((x / 2 + y / 3) & 1) ? 200 : 40;

    TestLines t;
    test_lines_init(&t);
    VifStatParams p = params_8;
    p.log2_table = vif_log2_table();
    VifSums s = {0};
    const VifPlanes planes = {pic, pic, W, W, W, H};
    dsp_c().statistic_8(&planes, &p, &t.lines, &s);

    /* Strong texture everywhere, and a distorted picture that loses none of
     * it: num and den differ only by log-table steps. */
    CHECK_EQ_INT(s.den_non_log, 0);
    CHECK(s.den_log > 0);
    CHECK(s.num_log <= s.den_log);
    CHECK_NEAR((double)s.num_log / (double)s.den_log, 1.0, 1e-3);
}

TEST_MAIN("vif", {"log2_table", test_log2_table}, {"log2_helpers", test_log2_helpers},
          {"reflect", test_reflect}, {"decimate_borders", test_decimate_borders},
          {"accumulate_by_hand", test_accumulate_by_hand}, {"statistic_flat", test_statistic_flat},
          {"statistic_identical", test_statistic_identical})

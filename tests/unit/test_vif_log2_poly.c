/* vif_log2_poly.h's polynomial against the VIF log2 table for every 16-bit
 * mantissa: each lane the SIMD kernels do not send to the table must round
 * to its entry. The steps are those of log2_mantissa() in vif_kernels.h, one
 * IEEE operation each (fmaf for the FMA), so a lane's result there is the
 * one computed here. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "feature/vif/vif_dsp.h"
#include "feature/vif/x86/vif_log2_poly.h"
#include "test.h"

/* Whether the polynomial is near a tie at m; if not, its rounding. */
static bool polynomial(unsigned m, int32_t *rounded)
{
    const float x = (float)m;
    float p = vif_log2_poly[VIF_LOG2_DEGREE];
    for (int i = VIF_LOG2_DEGREE - 1; i >= 0; i--)
        p = fmaf(p, x, vif_log2_poly[i]);
    const float q = p + 0.5f, r = floorf(q);
    *rounded = (int32_t)r;
    return !(fabsf((q - r) - 0.5f) > 0.5f - VIF_LOG2_BAND);
}

static void test_every_mantissa(void)
{
    const uint16_t *table = vif_log2_table();
    unsigned unsure = 0, wrong = 0;
    for (unsigned m = 0; m < 1u << 15; m++) {
        int32_t rounded;
        if (!polynomial(m, &rounded))
            unsure++;
        else if (rounded != table[0x8000 + m] - 30720)
            wrong++;
    }
    CHECK_EQ_INT(wrong, 0);
    /* the table lookups it leaves stay rare, or the polynomial does not pay */
    CHECK(unsure < (1u << 15) / 100);
}

/* The table's ends, which bound what the kernels add the exponent to. */
static void test_ends(void)
{
    int32_t rounded;
    CHECK(polynomial(0, &rounded));
    CHECK_EQ_INT(rounded, 0);
    CHECK(polynomial(0x7fff, &rounded));
    CHECK_EQ_INT(rounded, vif_log2_table()[0xffff] - 30720);
}

TEST_MAIN("vif_log2_poly", {"every_mantissa", test_every_mantissa}, {"ends", test_ends})

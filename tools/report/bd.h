/* Bjontegaard deltas between two rate-quality curves: BD-rate (how many
 * more bits the test curve spends at equal quality) and BD-quality (how
 * much quality it gains at equal rate; BD-VMAF when the quality is VMAF).
 *
 * The variant is the one of the JCT-VC common test conditions' sheet
 * (JCTVC-E137, JCTVC-L1100), which Netflix's bd_rate_calculator and
 * FAU-LMS's bjontegaard (method "pchip") follow: each curve is a piecewise
 * cubic Hermite interpolant (PCHIP, Moler's shape-preserving slopes and
 * three-point end slopes) of log10(rate) against quality, or of quality
 * against log10(rate); the deltas are the mean gap between the two
 * interpolants over the range both cover, integrated exactly. BD-rate is
 * 10^gap - 1 (a fraction: 0.05 is 5% more bits), BD-quality the gap. */
#ifndef VMAF_TOOLS_REPORT_BD_H
#define VMAF_TOOLS_REPORT_BD_H

typedef struct BdPoint {
    double rate; /* any unit, the same for both curves; > 0 */
    double quality;
} BdPoint;

enum { BD_MIN_POINTS = 4 };

typedef enum BdStatus {
    BD_OK = 0,
    BD_TOO_FEW_POINTS, /* fewer than BD_MIN_POINTS distinct points */
    BD_BAD_RATE,       /* a rate that is not a positive finite number */
    BD_BAD_QUALITY,    /* a quality that is not finite */
    BD_NOT_MONOTONIC,  /* quality does not rise strictly with rate */
    BD_NO_OVERLAP,     /* the curves share no range to compare over */
    BD_NO_MEMORY,
} BdStatus;

/* Why a status gives no number, in a few words ("" for BD_OK). */
const char *bd_status_reason(BdStatus status);

/* BD-rate of test against anchor into *out. The points may come in any
 * order; repeated points count once. Neither array is modified. Returns
 * BD_OK, or the first problem found (anchor first), leaving *out alone. */
BdStatus bd_rate(const BdPoint *anchor, unsigned anchor_cnt, const BdPoint *test, unsigned test_cnt,
                 double *out);

/* BD-quality of test against anchor into *out, as bd_rate(). */
BdStatus bd_quality(const BdPoint *anchor, unsigned anchor_cnt, const BdPoint *test,
                    unsigned test_cnt, double *out);

#endif

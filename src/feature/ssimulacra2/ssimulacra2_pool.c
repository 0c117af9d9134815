/* SSIMULACRA 2's pooling (ssimulacra2_math.h): the weighted sum of the 108
 * norms of six scales and the map of that sum to the score. */
#include <math.h>
#include <stddef.h>

#include "ssimulacra2_math.h"

/* Per channel, per scale, per norm (1, then 4): the weights of the SSIM,
 * artifact and detail-lost maps; libjxl's tuned values. */
static const double weights[3 * SSIMU2_SCALES * 2 * 3] = {
    0.0,
    0.0007376606707406586,
    0.0,
    0.0,
    0.0007793481682867309,
    0.0,
    0.0,
    0.0004371155730107379,
    0.0,
    1.1041726426657346,
    0.00066284834129271,
    0.00015231632783718752,
    0.0,
    0.0016406437456599754,
    0.0,
    1.8422455520539298,
    11.441172603757666,
    0.0,
    0.0007989109436015163,
    0.000176816438078653,
    0.0,
    1.8787594979546387,
    10.94906990605142,
    0.0,
    0.0007289346991508072,
    0.9677937080626833,
    0.0,
    0.00014003424285435884,
    0.9981766977854967,
    0.00031949755934435053,
    0.0004550992113792063,
    0.0,
    0.0,
    0.0013648766163243398,
    0.0,
    0.0,
    0.0,
    0.0,
    0.0,
    7.466890328078848,
    0.0,
    17.445833984131262,
    0.0006235601634041466,
    0.0,
    0.0,
    6.683678146179332,
    0.00037724407979611296,
    1.027889937768264,
    225.20515300849274,
    0.0,
    0.0,
    19.213238186143016,
    0.0011401524586618361,
    0.001237755635509985,
    176.39317598450694,
    0.0,
    0.0,
    24.43300999870476,
    0.28520802612117757,
    0.0004485436923833408,
    0.0,
    0.0,
    0.0,
    34.77906344483772,
    44.835625328877896,
    0.0,
    0.0,
    0.0,
    0.0,
    0.0,
    0.0,
    0.0,
    0.0,
    0.0008680556573291698,
    0.0,
    0.0,
    0.0,
    0.0,
    0.0,
    0.0005313191874358747,
    0.0,
    0.00016533814161379112,
    0.0,
    0.0,
    0.0,
    0.0,
    0.0,
    0.0004179171803251336,
    0.0017290828234722833,
    0.0,
    0.0020827005846636437,
    0.0,
    0.0,
    8.826982764996862,
    23.19243343998926,
    0.0,
    95.1080498811086,
    0.9863978034400682,
    0.9834382792465353,
    0.0012286405048278493,
    171.2667255897307,
    0.9807858872435379,
    0.0,
    0.0,
    0.0,
    0.0005130064588990679,
    0.0,
    0.00010854057858411537,
};

unsigned ssimu2_scale_count(unsigned w, unsigned h)
{
    unsigned s = 1;
    /* Scale s is made while scale s - 1 (w x h) is at least the minimum. */
    for (; s < SSIMU2_SCALES && w >= SSIMU2_MIN_SIZE && h >= SSIMU2_MIN_SIZE; s++) {
        w = (w + 1) / 2;
        h = (h + 1) / 2;
    }
    return s;
}

unsigned ssimu2_sum_mask(unsigned scales, unsigned s, unsigned c)
{
    unsigned mask = 0;
    for (unsigned n = 0; n < 2; n++)
        for (unsigned map = 0; map < 3; map++)
            if (weights[((c * scales + s) * 2 + n) * 3 + map] != 0.0)
                mask |= 1u << (2 * map + n);
    return mask;
}

/* A map's 1-norm and 4-norm from the sums of its values and of their
 * fourth powers. */
static void map_norms(double norms[2], const double sums[2], double per_pixel)
{
    norms[0] = per_pixel * sums[0];
    norms[1] = sqrt(sqrt(per_pixel * sums[1]));
}

void ssimu2_scale_norms(Ssimu2Norms *norms, const double sums[3][6], unsigned w, unsigned h)
{
    const double per_pixel = 1.0 / (double)((size_t)w * h);
    for (unsigned c = 0; c < 3; c++) {
        map_norms(norms->ssim[c], &sums[c][0], per_pixel);
        map_norms(norms->artifact[c], &sums[c][2], per_pixel);
        map_norms(norms->detail_lost[c], &sums[c][4], per_pixel);
    }
}

double ssimu2_pool(const Ssimu2Norms *norms, unsigned scales)
{
    double sum = 0.0;
    unsigned i = 0;
    for (unsigned c = 0; c < 3; c++) {
        for (unsigned s = 0; s < scales; s++) {
            for (unsigned n = 0; n < 2; n++) {
                sum += weights[i++] * fabs(norms[s].ssim[c][n]);
                sum += weights[i++] * fabs(norms[s].artifact[c][n]);
                sum += weights[i++] * fabs(norms[s].detail_lost[c][n]);
            }
        }
    }
    sum = sum * 0.9562382616834844;
    sum = 2.326765642916932 * sum - 0.020884521182843837 * sum * sum +
          6.248496625763138e-05 * sum * sum * sum;
    return sum > 0 ? 100.0 - 10.0 * pow(sum, 0.6276336467831387) : 100.0;
}

/* The detail bands of a wavelet level, as integer ADM and float ADM index
 * them: h (high-pass vertically), v (high-pass horizontally) and d (both). */
#ifndef VMAF_FEATURE_ADM_COMMON_ADM_BANDS_H
#define VMAF_FEATURE_ADM_COMMON_ADM_BANDS_H

enum { ADM_BAND_H, ADM_BAND_V, ADM_BAND_D, ADM_DETAIL_BANDS };

#endif

/* The SUB (MicroDVD subtitle) output: one line of scores per frame. */

#include "output_common.h"

void vmaf_output_write_sub(VmafContext *vmaf, FILE *f)
{
    VmafFeatureCollector *fc = vmaf->fc;
    for (unsigned i = 0, n = vmaf_output_frame_limit(fc); i < n; i++) {
        if (!vmaf_output_frame_score_count(vmaf, i))
            continue;
        fprintf(f, "{%u}{%u}frame: %u|", i, i + 1, i);
        for (unsigned j = 0; j < fc->cnt; j++) {
            const FeatureVector *fv = fc->feature_vector[j];
            if (!vmaf_output_is_written(fv, i))
                continue;
            fprintf(f, "%s: ", vmaf_feature_name_alias(fv->name));
            vmaf_output_print_score(f, fv->score[i].value, NULL);
            fputc('|', f);
        }
        fprintf(f, "\n");
    }
}

/* The CSV output: a header row, then one row per frame scored. */

#include "output_common.h"

/* Unlike libvmaf, a score missing from a frame leaves an empty cell, so the
 * columns stay under their headers. */
void vmaf_output_write_csv(VmafContext *vmaf, FILE *f)
{
    VmafFeatureCollector *fc = vmaf->fc;
    fprintf(f, "Frame,");
    for (unsigned j = 0; j < fc->cnt; j++)
        fprintf(f, "%s,", vmaf_feature_name_alias(fc->feature_vector[j]->name));
    fprintf(f, "\n");
    for (unsigned i = 0, n = vmaf_output_frame_limit(fc); i < n; i++) {
        if (!vmaf_output_frame_score_count(vmaf, i))
            continue;
        fprintf(f, "%u,", i);
        for (unsigned j = 0; j < fc->cnt; j++) {
            const FeatureVector *fv = fc->feature_vector[j];
            if (vmaf_output_is_written(fv, i))
                vmaf_output_print_score(f, fv->score[i].value, NULL);
            fputc(',', f);
        }
        fprintf(f, "\n");
    }
}

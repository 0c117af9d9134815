/* The XML output, in libvmaf's layout. */

#include "output_common.h"

void vmaf_output_write_xml(VmafContext *vmaf, FILE *f)
{
    VmafFeatureCollector *fc = vmaf->fc;
    fprintf(f, "<VMAF version=\"%s\">\n", vmaf_version());
    fprintf(f, "  <params qualityWidth=\"%u\" qualityHeight=\"%u\" />\n", vmaf->pic_params.w,
            vmaf->pic_params.h);
    fprintf(f, "  <fyi fps=\"%.2f\" />\n", vmaf_output_fps(vmaf));
    fprintf(f, "  <frames>\n");
    for (unsigned i = 0, n = vmaf_output_frame_limit(fc); i < n; i++) {
        if (!vmaf_output_frame_score_count(vmaf, i))
            continue;
        fprintf(f, "    <frame frameNum=\"%u\" ", i);
        for (unsigned j = 0; j < fc->cnt; j++) {
            const FeatureVector *fv = fc->feature_vector[j];
            if (!vmaf_output_is_written(fv, i))
                continue;
            fprintf(f, "%s=\"", vmaf_feature_name_alias(fv->name));
            vmaf_output_print_score(f, fv->score[i].value, NULL);
            fputs("\" ", f);
        }
        fprintf(f, "/>\n");
    }
    fprintf(f, "  </frames>\n  <pooled_metrics>\n");
    for (unsigned j = 0; j < fc->cnt; j++) {
        fprintf(f, "    <metric name=\"%s\" ",
                vmaf_feature_name_alias(fc->feature_vector[j]->name));
        for (unsigned m = VMAF_POOL_METHOD_MIN; m < VMAF_POOL_METHOD_NB; m++) {
            double s;
            if (vmaf_output_pooled(vmaf, fc->feature_vector[j]->name, m, &s))
                continue;
            fprintf(f, "%s=\"", vmaf_output_pool_name[m]);
            vmaf_output_print_score(f, s, NULL);
            fputs("\" ", f);
        }
        fprintf(f, "/>\n");
    }
    fprintf(f, "  </pooled_metrics>\n  <aggregate_metrics ");
    for (unsigned j = 0; j < fc->aggregate_cnt; j++) {
        fprintf(f, "%s=\"", fc->aggregate[j].name);
        vmaf_output_print_score(f, fc->aggregate[j].value, NULL);
        fputs("\" ", f);
    }
    fprintf(f, "/>\n</VMAF>\n");
}

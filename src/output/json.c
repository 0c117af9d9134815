/* The JSON output, in libvmaf's layout; always valid JSON (NaN as null). */

#include <math.h>

#include "output_common.h"

void vmaf_output_write_json(VmafContext *vmaf, FILE *f)
{
    VmafFeatureCollector *fc = vmaf->fc;
    fprintf(f, "{\n  \"version\": \"%s\",\n", vmaf_version());
    double fps = vmaf_output_fps(vmaf);
    if (isfinite(fps))
        fprintf(f, "  \"fps\": %.2f,\n", fps);
    else
        fprintf(f, "  \"fps\": null,\n");
    fprintf(f, "  \"frames\": [");
    const char *sep = "\n";
    for (unsigned i = 0, n = vmaf_output_frame_limit(fc); i < n; i++) {
        unsigned cnt = vmaf_output_frame_score_count(vmaf, i);
        if (!cnt)
            continue;
        fprintf(f, "%s    {\n      \"frameNum\": %u,\n      \"metrics\": {\n", sep, i);
        sep = ",\n";
        for (unsigned j = 0, k = 0; j < fc->cnt; j++) {
            const FeatureVector *fv = fc->feature_vector[j];
            if (!vmaf_output_is_written(fv, i))
                continue;
            fprintf(f, "        \"%s\": ", vmaf_feature_name_alias(fv->name));
            vmaf_output_print_score(f, fv->score[i].value, "null");
            fprintf(f, "%s\n", ++k < cnt ? "," : "");
        }
        fprintf(f, "      }\n    }");
    }
    fprintf(f, "\n  ],\n  \"pooled_metrics\": {");
    for (unsigned j = 0; j < fc->cnt; j++) {
        fprintf(f, "%s    \"%s\": {", j ? ",\n" : "\n",
                vmaf_feature_name_alias(fc->feature_vector[j]->name));
        const char *msep = "\n";
        for (unsigned m = VMAF_POOL_METHOD_MIN; m < VMAF_POOL_METHOD_NB; m++) {
            double s;
            if (vmaf_output_pooled(vmaf, fc->feature_vector[j]->name, m, &s))
                continue;
            fprintf(f, "%s      \"%s\": ", msep, vmaf_output_pool_name[m]);
            vmaf_output_print_score(f, s, "null");
            msep = ",\n";
        }
        fprintf(f, "\n    }");
    }
    fprintf(f, "\n  },\n  \"aggregate_metrics\": {");
    for (unsigned j = 0; j < fc->aggregate_cnt; j++) {
        fprintf(f, "%s    \"%s\": ", j ? ",\n" : "\n", fc->aggregate[j].name);
        vmaf_output_print_score(f, fc->aggregate[j].value, "null");
    }
    fprintf(f, "\n  }\n}\n");
}

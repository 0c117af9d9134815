/* vmaf-ng public API. Source-compatible with libvmaf 3.x: a program written
 * against Netflix's libvmaf compiles and links against this library unchanged.
 * Every function returns 0 or a negative errno. */
#ifndef LIBVMAF_LIBVMAF_H
#define LIBVMAF_LIBVMAF_H

#include <stdint.h>
#include <stdio.h>

#include "libvmaf/model.h"
#include "libvmaf/picture.h"
#include "libvmaf/feature.h"

#ifdef __cplusplus
extern "C" {
#endif

enum VmafLogLevel {
    VMAF_LOG_LEVEL_NONE = 0,
    VMAF_LOG_LEVEL_ERROR,
    VMAF_LOG_LEVEL_WARNING,
    VMAF_LOG_LEVEL_INFO,
    VMAF_LOG_LEVEL_DEBUG,
};

enum VmafOutputFormat {
    VMAF_OUTPUT_FORMAT_NONE = 0,
    VMAF_OUTPUT_FORMAT_XML,
    VMAF_OUTPUT_FORMAT_JSON,
    VMAF_OUTPUT_FORMAT_CSV,
    VMAF_OUTPUT_FORMAT_SUB,
};

enum VmafPoolingMethod {
    VMAF_POOL_METHOD_UNKNOWN = 0,
    VMAF_POOL_METHOD_MIN,
    VMAF_POOL_METHOD_MAX,
    VMAF_POOL_METHOD_MEAN,
    VMAF_POOL_METHOD_HARMONIC_MEAN,
    VMAF_POOL_METHOD_NB
};

typedef struct VmafConfiguration {
    enum VmafLogLevel log_level;
    unsigned n_threads;   /* frames scored in parallel; 0 = on the caller's thread */
    unsigned n_subsample; /* score every n-th frame; 0 or 1 = every frame */
    uint64_t cpumask;     /* set bits disable instruction sets */
    uint64_t gpumask;
} VmafConfiguration;

typedef struct VmafContext VmafContext;

int vmaf_init(VmafContext **vmaf, VmafConfiguration cfg);

/* Registers the extractors a model needs (with its per-feature options). */
int vmaf_use_features_from_model(VmafContext *vmaf, VmafModel *model);
int vmaf_use_features_from_model_collection(VmafContext *vmaf,
                                            VmafModelCollection *model_collection);

/* Registers the extractor named feature_name. Takes ownership of opts_dict
 * (may be NULL), also on failure. */
int vmaf_use_feature(VmafContext *vmaf, const char *feature_name, VmafFeatureDictionary *opts_dict);

int vmaf_import_feature_score(VmafContext *vmaf, const char *feature_name, double value,
                              unsigned index);

/* Scores one frame pair. Takes ownership of both pictures, also on failure.
 * ref == dist == NULL flushes; later calls fail with -EINVAL. */
int vmaf_read_pictures(VmafContext *vmaf, VmafPicture *ref, VmafPicture *dist, unsigned index);

int vmaf_score_at_index(VmafContext *vmaf, VmafModel *model, double *score, unsigned index);
int vmaf_score_at_index_model_collection(VmafContext *vmaf, VmafModelCollection *model_collection,
                                         VmafModelCollectionScore *score, unsigned index);
int vmaf_feature_score_at_index(VmafContext *vmaf, const char *feature_name, double *score,
                                unsigned index);

int vmaf_score_pooled(VmafContext *vmaf, VmafModel *model, enum VmafPoolingMethod pool_method,
                      double *score, unsigned index_low, unsigned index_high);
int vmaf_score_pooled_model_collection(VmafContext *vmaf, VmafModelCollection *model_collection,
                                       enum VmafPoolingMethod pool_method,
                                       VmafModelCollectionScore *score, unsigned index_low,
                                       unsigned index_high);
int vmaf_feature_score_pooled(VmafContext *vmaf, const char *feature_name,
                              enum VmafPoolingMethod pool_method, double *score, unsigned index_low,
                              unsigned index_high);

typedef struct VmafPictureConfiguration {
    struct {
        unsigned w, h;
        unsigned bpc;
        enum VmafPixelFormat pix_fmt;
    } pic_params;
    unsigned pic_cnt;
} VmafPictureConfiguration;

/* A pool of pictures the caller fills and hands to vmaf_read_pictures(); they
 * return to the pool on their last unref. */
int vmaf_preallocate_pictures(VmafContext *vmaf, VmafPictureConfiguration cfg);
int vmaf_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic);

int vmaf_close(VmafContext *vmaf);

/* Writes every per-frame score, the pooled scores and the aggregates to
 * output_path ("-": the standard output), as vmaf_output_open() and
 * vmaf_output_write() below do in one call. Returns 0, -EINVAL for a NULL
 * argument or an unknown format, or the negative errno of the first failure
 * (logged with the path); the destination is then as it was. */
int vmaf_write_output(VmafContext *vmaf, const char *output_path, enum VmafOutputFormat fmt);

/* An output destination opened before the work, so that a missing or
 * unwritable folder, a name the file system refuses or a directory is
 * reported before any frame is scored (vmaf-ng; libvmaf has no such call). */
typedef struct VmafOutput VmafOutput;

/* Opens path for writing later. A symlinked path is followed to its target
 * (created if it does not exist). A regular target is written to a new
 * temporary file beside it, created now with O_EXCL (mkstemp) under a name
 * that does not depend on the target's, taking the target's mode and owner
 * (or, where the owner cannot be given, the owner's permissions alone), and
 * renamed over it when complete; a target with other hard links is copied
 * into in place instead, and the log says so. Pipes, terminals and devices
 * are opened now and written directly. On success *out holds the output,
 * owned by the caller until vmaf_output_close(); on failure *out is NULL and
 * the negative errno says why (logged with the path). Not thread-safe on the
 * same output. */
int vmaf_output_open(VmafOutput **out, const char *path);

/* Writes the scores of vmaf as vmaf_write_output() does into out and
 * completes it (the rename). Once per output. Returns 0 or a negative errno
 * (ENOSPC, EDQUOT, EFBIG, EIO, ...), logged with the path; the destination
 * is then as it was, and the temporary file is removed by
 * vmaf_output_close(). */
int vmaf_output_write(VmafOutput *out, VmafContext *vmaf, enum VmafOutputFormat fmt);

/* The temporary file of out, or NULL where out is written directly: what a
 * caller's SIGINT/SIGTERM handler may unlink() (async-signal-safe). Valid
 * until vmaf_output_close(). */
const char *vmaf_output_temporary_path(const VmafOutput *out);

/* Removes the temporary file unless vmaf_output_write() completed the
 * output, frees *out and sets it to NULL. NULL or *out NULL: nothing. */
void vmaf_output_close(VmafOutput **out);

const char *vmaf_version(void);

#ifdef __cplusplus
}
#endif

#endif

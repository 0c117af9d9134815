/* vmaf-ng public API. Source-compatible with libvmaf 3.x: a program written
 * against Netflix's libvmaf compiles and links against this library unchanged,
 * and gets the same scores.
 *
 * A run: vmaf_init(); vmaf_use_features_from_model() or vmaf_use_feature()
 * for what to compute; vmaf_read_pictures() for each frame pair in display
 * order, then once with NULL, NULL to flush; the scores (vmaf_score_pooled(),
 * vmaf_feature_score_at_index(), vmaf_write_output(), ...); vmaf_close().
 *
 * Every function returning int returns 0 or a negative errno; the reason is
 * logged to stderr at the configured level. Each context keeps its own
 * log_level and cpumask, so contexts of one process (several FFmpeg
 * filters) may differ; functions that take no context (loading a model) log
 * at the level last given to vmaf_init(), as libvmaf's do.
 * A VmafContext belongs to one thread at a time: calls on one context must
 * not overlap; distinct contexts may be used from distinct threads. */
#ifndef LIBVMAF_LIBVMAF_H
#define LIBVMAF_LIBVMAF_H

#include <stdint.h>
#include <stdio.h>

#include "export.h"
#include "model.h"
#include "picture.h"
#include "feature.h"

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
    uint64_t cpumask;     /* set bits disable instruction sets (as libvmaf's), in this context */
    uint64_t gpumask;     /* accepted for libvmaf compatibility; unused */
} VmafConfiguration;

typedef struct VmafContext VmafContext;

/* Creates a context; *vmaf is the caller's until vmaf_close(). Starts
 * cfg.n_threads worker threads. Returns 0, -EINVAL for a NULL vmaf, -ENOMEM,
 * or the error of starting the threads. */
VMAF_API int vmaf_init(VmafContext **vmaf, VmafConfiguration cfg);

/* Registers the extractors model needs, with its per-feature options; an
 * extractor already registered with the same options is not added twice.
 * The context keeps no reference to model. Before the first picture only.
 * Returns 0, -EINVAL for a NULL argument, a feature no extractor computes or
 * options an extractor refuses (logged), or -ENOMEM. */
VMAF_API int vmaf_use_features_from_model(VmafContext *vmaf, VmafModel *model);

/* vmaf_use_features_from_model() for every member of the collection. */
VMAF_API int vmaf_use_features_from_model_collection(VmafContext *vmaf,
                                                     VmafModelCollection *model_collection);

/* Registers the extractor called feature_name ("psnr", "float_ssim", ...)
 * with the options in opts_dict (NULL for its defaults). Takes ownership of
 * opts_dict, also on failure. Before the first picture only. Returns 0,
 * -EINVAL for a NULL vmaf or name, an unknown extractor, or an option it does
 * not know or whose value is out of range (logged), or -ENOMEM. */
VMAF_API int vmaf_use_feature(VmafContext *vmaf, const char *feature_name,
                              VmafFeatureDictionary *opts_dict);

/* Stores value as the score of feature_name at frame index, as if an
 * extractor had computed it (a model may then use it). Returns 0, -EINVAL
 * for a NULL argument or a score already present there, or -ENOMEM. */
VMAF_API int vmaf_import_feature_score(VmafContext *vmaf, const char *feature_name, double value,
                                       unsigned index);

/* vmaf-ng: whether the features registered so far give the same scores
 * when the frames are scored in pieces, each by a context with the same
 * features (vmaf_import_scores()). 0, or -ENOTSUP naming the first that
 * would not (logged at INFO: such as psnr with enable_apsnr, a total over
 * every frame), or -EINVAL for a NULL vmaf. */
VMAF_API int vmaf_scores_splittable(VmafContext *vmaf);

/* vmaf-ng: stores the scores src holds for its frames first .. first + count - 1 in
 * vmaf as frames at .. at + count - 1, each feature's under its name, as
 * vmaf_import_feature_score() would: for a video scored in pieces, each by
 * a context of its own. A piece's temporal features (motion compares a
 * frame with the ones around it) are right only for frames whose
 * neighbours it scored as well, so pieces overlap and each imports the
 * frames between its overlaps. src must be flushed; it is only read, and
 * stays the caller's. Returns 0, -EINVAL for a NULL or identical context
 * or a score already in vmaf, -ENOTSUP when src holds an aggregate (such as
 * psnr's apsnr: a total over every frame, which pieces cannot make), or
 * -ENOMEM; on failure vmaf may hold some of the scores. */
VMAF_API int vmaf_import_scores(VmafContext *vmaf, VmafContext *src, unsigned first, unsigned count,
                                unsigned at);

/* Scores one frame pair at index (the frames in display order: temporal
 * features such as motion compare a frame with the one before). Both
 * pictures must match in size, format and depth, those of the first pair.
 * Takes ownership of both pictures (their references), also on failure.
 * With n_threads the frame is scored on the workers and the call returns
 * early; a worker's error is returned by a later call. ref == dist == NULL
 * flushes: waits for every frame and completes the temporal features; later
 * calls fail with -EINVAL. Returns 0, -EINVAL for a NULL vmaf, one NULL
 * picture, a mismatched pair or a call after the flush, or the negative
 * errno of an extractor (logged). */
VMAF_API int vmaf_read_pictures(VmafContext *vmaf, VmafPicture *ref, VmafPicture *dist,
                                unsigned index);

/* The score of model at frame index, predicted from that frame's features
 * (and stored under the model's name). After the flush, or for a frame
 * whose features are complete. Returns 0, -EINVAL for a NULL argument or a
 * feature missing at index (logged), or -ENOMEM. */
VMAF_API int vmaf_score_at_index(VmafContext *vmaf, VmafModel *model, double *score,
                                 unsigned index);

/* The bootstrap score of a collection at frame index: the members' mean,
 * standard deviation and 95% interval. As vmaf_score_at_index(). */
VMAF_API int vmaf_score_at_index_model_collection(VmafContext *vmaf,
                                                  VmafModelCollection *model_collection,
                                                  VmafModelCollectionScore *score, unsigned index);

/* The score of the feature called feature_name (a provided name such as
 * "psnr_y" or "VMAF_integer_feature_vif_scale0_score", or a model's name) at
 * frame index. Returns 0, or -EINVAL for a NULL argument or no such score. */
VMAF_API int vmaf_feature_score_at_index(VmafContext *vmaf, const char *feature_name, double *score,
                                         unsigned index);

/* The per-frame scores vmaf holds, one name at a time, in the order the
 * outputs list them (features as computed, then each model's score once
 * scored): the index-th name into *name, as vmaf_feature_score_at_index()
 * takes it, and into *printed (may be NULL) the name the outputs print for
 * it (libvmaf's short alias, "integer_adm2" for
 * "VMAF_integer_feature_adm2_score"; else the name itself). Both are owned
 * by vmaf and valid until vmaf_close(); thread-safe against a run appending
 * scores. Returns 0, or -EINVAL for a NULL vmaf or name, or an index past
 * the last (vmaf-ng; libvmaf has no such call). */
VMAF_API int vmaf_feature_name_at(VmafContext *vmaf, unsigned index, const char **name,
                                  const char **printed);

/* model's scores over frames index_low..index_high (inclusive) pooled by
 * pool_method, as libvmaf pools them (frames left out by n_subsample are
 * skipped). Returns 0, or -EINVAL for a NULL argument, index_low > index_high,
 * an unknown method or a frame without the features. */
VMAF_API int vmaf_score_pooled(VmafContext *vmaf, VmafModel *model,
                               enum VmafPoolingMethod pool_method, double *score,
                               unsigned index_low, unsigned index_high);

/* The bootstrap statistics of a collection, each pooled over the frames as
 * vmaf_score_pooled() pools. */
VMAF_API int vmaf_score_pooled_model_collection(VmafContext *vmaf,
                                                VmafModelCollection *model_collection,
                                                enum VmafPoolingMethod pool_method,
                                                VmafModelCollectionScore *score, unsigned index_low,
                                                unsigned index_high);

/* A feature's scores pooled over frames, as vmaf_score_pooled(). */
VMAF_API int vmaf_feature_score_pooled(VmafContext *vmaf, const char *feature_name,
                                       enum VmafPoolingMethod pool_method, double *score,
                                       unsigned index_low, unsigned index_high);

typedef struct VmafPictureConfiguration {
    struct {
        unsigned w, h;
        unsigned bpc;
        enum VmafPixelFormat pix_fmt;
    } pic_params;
    unsigned pic_cnt;
} VmafPictureConfiguration;

/* Makes a pool of pic_cnt pictures of the given format for this context,
 * allocated as they are first fetched. Once per context. Returns 0, -EINVAL
 * for a NULL vmaf, a second pool, pic_cnt 0 or a bad format, or -ENOMEM. */
VMAF_API int vmaf_preallocate_pictures(VmafContext *vmaf, VmafPictureConfiguration cfg);

/* vmaf_preallocate_pictures(), with pictures that hold only the planes the
 * features used so far read: the luma plane alone when none of them reads
 * chroma (data[1] and data[2] NULL; w[], h[] and stride[] as the format
 * says), every plane otherwise. A third of the memory and of the copying for
 * 4:2:0 with luma-only models such as vmaf_v0.6.1. vmaf_read_pictures()
 * refuses, with -EINVAL, a picture that lacks a plane a feature reads (one
 * used after this call). Same returns as vmaf_preallocate_pictures(). */
VMAF_API int vmaf_preallocate_pictures_read(VmafContext *vmaf, VmafPictureConfiguration cfg);

/* A picture of the pool for the caller to fill and hand to
 * vmaf_read_pictures() (or vmaf_picture_unref()); it returns to the pool
 * with its last reference. Blocks while every picture is in use, so a
 * caller must not hold all of them. Returns 0, -EINVAL without a pool or
 * for a NULL pic, or -ENOMEM. Thread-safe. */
VMAF_API int vmaf_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic);

/* Stops the workers and frees the context and everything it holds (not the
 * models). Returns 0, or -EINVAL for NULL. */
VMAF_API int vmaf_close(VmafContext *vmaf);

/* Writes every per-frame score, the pooled scores and the aggregates to
 * output_path ("-": the standard output), as vmaf_output_open() and
 * vmaf_output_write() below do in one call. Returns 0, -EINVAL for a NULL
 * argument or an unknown format, or the negative errno of the first failure
 * (logged with the path); the destination is then as it was. */
VMAF_API int vmaf_write_output(VmafContext *vmaf, const char *output_path,
                               enum VmafOutputFormat fmt);

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
VMAF_API int vmaf_output_open(VmafOutput **out, const char *path);

/* Writes the scores of vmaf as vmaf_write_output() does into out and
 * completes it (the rename). Once per output. Returns 0 or a negative errno
 * (ENOSPC, EDQUOT, EFBIG, EIO, ...), logged with the path; the destination
 * is then as it was, and the temporary file is removed by
 * vmaf_output_close(). */
VMAF_API int vmaf_output_write(VmafOutput *out, VmafContext *vmaf, enum VmafOutputFormat fmt);

/* Completes out, as vmaf_output_write() does, with what write() puts on
 * the stream it is handed (a document of the caller's own, such as the
 * tool's report; write() must not close it). Once per output. Returns 0,
 * -EINVAL for a NULL out or write, or the negative errno of the first
 * failure, logged with the path; the destination is then as it was
 * (vmaf-ng; libvmaf has no such call). */
VMAF_API int vmaf_output_write_stream(VmafOutput *out, void (*write)(FILE *stream, void *opaque),
                                      void *opaque);

/* The temporary file of out, or NULL where out is written directly: what a
 * caller's SIGINT/SIGTERM handler may unlink() (async-signal-safe). Valid
 * until vmaf_output_close(). */
VMAF_API const char *vmaf_output_temporary_path(const VmafOutput *out);

/* Removes the temporary file unless vmaf_output_write() completed the
 * output, frees *out and sets it to NULL. NULL or *out NULL: nothing. */
VMAF_API void vmaf_output_close(VmafOutput **out);

/* The library's version, "3.x.y" (static). Thread-safe. */
VMAF_API const char *vmaf_version(void);

#ifdef __cplusplus
}
#endif

#endif

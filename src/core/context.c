/* The VmafContext: registration of extractors, the per-frame dispatch (on
 * the caller's thread or frames in parallel on the pool), flush, scores. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "context.h"
#include "cpu.h"
#include "feature_name.h"
#include "log.h"
#include "model/model.h"
#include "model/predict.h"

int vmaf_init(VmafContext **vmaf, VmafConfiguration cfg)
{
    if (!vmaf)
        return -EINVAL;
    VmafContext *v = calloc(1, sizeof(*v));
    if (!v)
        return -ENOMEM;
    v->cfg = cfg;
    vmaf_log_set_level(cfg.log_level);
    v->cpu_flags = vmaf_cpu_flags_masked(cfg.cpumask);
    int err = vmaf_feature_collector_init(&v->fc);
    if (err)
        goto fail;
    if (cfg.n_threads && (err = vmaf_thread_pool_create(&v->thread_pool, cfg.n_threads)))
        goto fail;
    *vmaf = v;
    return 0;

fail:
    vmaf_close(v);
    return err;
}

static int register_extractor(VmafContext *vmaf, const VmafFeatureExtractor *fex,
                              const VmafDictionary *opts)
{
    if (vmaf->pic_params.set) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "%s: features must be registered before the first frame",
                 fex->name);
        return -EINVAL;
    }
    /* A backend's twin serves in fex's place, under fex's key: the two count as one. */
    const VmafFeatureExtractor *serving = vmaf_backend_select(vmaf, fex, opts);
    RegisteredExtractor r = {.fex = serving};
    int err = vmaf_fex_context_create(&r.inline_ctx, serving, opts);
    if (err)
        return err;
    r.inline_ctx->backend = vmaf_backend_state_for(vmaf, serving);
    r.inline_ctx->cpu_flags = vmaf->cpu_flags;
    if ((err = vmaf_backend_admit(vmaf, fex->name, r.inline_ctx)))
        goto fail;
    char key[256];
    err = vmaf_feature_name_from_state(key, sizeof(key), fex->name, serving->options,
                                       r.inline_ctx->priv);
    for (unsigned i = 0; !err && i < vmaf->fex_cnt; i++) {
        if (!strcmp(vmaf->fex[i].key, key))
            err = 1;
    }
    if (err)
        goto fail;
    err = -ENOMEM;
    if (vmaf->fex_cnt == vmaf->fex_capacity) {
        unsigned capacity = vmaf->fex_capacity ? vmaf->fex_capacity * 2 : 8;
        RegisteredExtractor *grown = realloc(vmaf->fex, capacity * sizeof(*grown));
        if (!grown)
            goto fail;
        vmaf->fex = grown;
        vmaf->fex_capacity = capacity;
    }
    if (!(r.key = strdup(key)) || vmaf_dictionary_copy(opts, &r.opts))
        goto fail;
    vmaf->fex[vmaf->fex_cnt++] = r;
    vmaf->keeps_prev_ref |= !!(serving->flags & VMAF_FEATURE_EXTRACTOR_PREV_REF);
    vmaf_log(VMAF_LOG_LEVEL_DEBUG, "registered %s", key);
    return 0;

fail:
    /* 1: an instance with the same feature options exists, which serves. */
    vmaf_fex_context_destroy(r.inline_ctx);
    vmaf_feature_dictionary_free(&r.opts);
    free(r.key);
    return err > 0 ? 0 : err;
}

int vmaf_use_feature(VmafContext *vmaf, const char *feature_name, VmafFeatureDictionary *opts_dict)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    int err = -EINVAL;
    if (!vmaf || !feature_name)
        goto out;
    const VmafFeatureExtractor *fex = vmaf_get_feature_extractor_by_name(feature_name);
    if (!fex) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "unknown feature extractor \"%s\"", feature_name);
        goto out;
    }
    err = register_extractor(vmaf, fex, opts_dict);
out:
    vmaf_feature_dictionary_free(&opts_dict);
    return err;
}

int vmaf_use_features_from_model(VmafContext *vmaf, VmafModel *model)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !model)
        return -EINVAL;
    for (unsigned i = 0; i < vmaf_model_feature_count(model); i++) {
        const VmafModelFeature *f = vmaf_model_feature(model, i);
        const VmafFeatureExtractor *fex = vmaf_get_feature_extractor_by_feature_name(f->name, 0);
        if (!fex) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "model %s: no extractor computes feature %s",
                     vmaf_model_name(model), f->name);
            return -EINVAL;
        }
        int err = register_extractor(vmaf, fex, f->opts_dict);
        if (err)
            return err;
    }
    return 0;
}

int vmaf_use_features_from_model_collection(VmafContext *vmaf,
                                            VmafModelCollection *model_collection)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !model_collection)
        return -EINVAL;
    for (unsigned i = 0; i < vmaf_model_collection_count(model_collection); i++) {
        int err =
            vmaf_use_features_from_model(vmaf, vmaf_model_collection_member(model_collection, i));
        if (err)
            return err;
    }
    return 0;
}

int vmaf_import_feature_score(VmafContext *vmaf, const char *feature_name, double value,
                              unsigned index)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !feature_name)
        return -EINVAL;
    return vmaf_feature_collector_append(vmaf->fc, feature_name, value, index);
}

int vmaf_scores_splittable(VmafContext *vmaf)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf)
        return -EINVAL;
    for (unsigned i = 0; i < vmaf->fex_cnt; i++) {
        const VmafFexContext *ctx = vmaf->fex[i].inline_ctx;
        if (ctx->fex->totals_run && ctx->fex->totals_run(ctx)) {
            vmaf_log(VMAF_LOG_LEVEL_INFO,
                     "%s totals over every frame: frames scored in pieces cannot make it",
                     vmaf->fex[i].key);
            return -ENOTSUP;
        }
    }
    return 0;
}

int vmaf_import_scores(VmafContext *vmaf, VmafContext *src, unsigned first, unsigned count,
                       unsigned at)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !src)
        return -EINVAL;
    return vmaf_feature_collector_import(vmaf->fc, src->fc, first, count, at);
}

static bool runs_every_frame(const VmafFeatureExtractor *fex)
{
    return fex->flags & (VMAF_FEATURE_EXTRACTOR_TEMPORAL | VMAF_FEATURE_EXTRACTOR_PREV_REF);
}

static bool is_subsampled_out(const VmafContext *vmaf, unsigned index)
{
    return vmaf->cfg.n_subsample > 1 && index % vmaf->cfg.n_subsample;
}

/* Temporal extractors, and a backend's twins (inside its frame bracket). */
static bool runs_on_caller(const VmafContext *vmaf, const VmafFeatureExtractor *fex)
{
    return (fex->flags & VMAF_FEATURE_EXTRACTOR_TEMPORAL) || vmaf_backend_state_for(vmaf, fex);
}

/* The planes the features used so far read of pix_fmt pictures (bit p for
 * plane p). */
unsigned vmaf_planes_read(const VmafContext *vmaf, enum VmafPixelFormat pix_fmt)
{
    unsigned planes = 0;
    for (unsigned i = 0; i < vmaf->fex_cnt; i++)
        planes |= vmaf_fex_context_planes(vmaf->fex[i].inline_ctx, pix_fmt);
    return planes;
}

/* The planes of a host picture that the format has and data[] lacks. */
static unsigned planes_missing(const VmafPicture *pic)
{
    unsigned missing = 0;
    for (unsigned p = 0; p < 3; p++)
        missing |= (unsigned)(pic->h[p] && !pic->data[p]) << p;
    return missing;
}

/* A host picture without chroma (vmaf_preallocate_pictures_read()) serves
 * only features that read none. */
static int check_planes(const VmafContext *vmaf, const VmafPicture *ref, const VmafPicture *dist)
{
    const unsigned missing = planes_missing(ref) | planes_missing(dist);
    for (unsigned i = 0; missing && i < vmaf->fex_cnt; i++) {
        if (vmaf_fex_context_planes(vmaf->fex[i].inline_ctx, ref->pix_fmt) & missing) {
            vmaf_log(VMAF_LOG_LEVEL_ERROR,
                     "%s reads chroma, and the pictures hold luma only "
                     "(vmaf_preallocate_pictures_read() before the feature was used?)",
                     vmaf->fex[i].fex->name);
            return -EINVAL;
        }
    }
    return 0;
}

static int check_pictures(VmafContext *vmaf, const VmafPicture *ref, const VmafPicture *dist)
{
    /* A backend says which device pictures it reads; the CPU reads none. */
    if (!vmaf->backend &&
        (vmaf_picture_in_device_memory(ref) || vmaf_picture_in_device_memory(dist))) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "a picture in device memory (a CUDA device picture of "
                                       "another context) given to a context that reads host "
                                       "pictures only");
        return -EINVAL;
    }
    if (ref->pix_fmt != dist->pix_fmt || ref->bpc != dist->bpc || ref->w[0] != dist->w[0] ||
        ref->h[0] != dist->h[0]) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "reference (%ux%u, %u-bit) and distorted (%ux%u, %u-bit) pictures differ",
                 ref->w[0], ref->h[0], ref->bpc, dist->w[0], dist->h[0], dist->bpc);
        return -EINVAL;
    }
    if (!vmaf_picture_in_device_memory(ref) && check_planes(vmaf, ref, dist))
        return -EINVAL;
    if (!vmaf->pic_params.set)
        return 0;
    if (ref->pix_fmt != vmaf->pic_params.pix_fmt || ref->bpc != vmaf->pic_params.bpc ||
        ref->w[0] != vmaf->pic_params.w || ref->h[0] != vmaf->pic_params.h) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "picture format changed mid-stream (%ux%u, %u-bit)",
                 ref->w[0], ref->h[0], ref->bpc);
        return -EINVAL;
    }
    return 0;
}

/* One frame's work for the extractors that run on the pool. */
typedef struct FrameJob {
    VmafContext *vmaf;
    VmafPicture ref, dist, prev_ref, prev_prev_ref;
    unsigned index;
} FrameJob;

typedef struct WorkerState {
    unsigned cnt;
    VmafFexContext *ctx[];
} WorkerState;

static void free_worker_state(void *data)
{
    WorkerState *ws = data;
    for (unsigned i = 0; i < ws->cnt; i++)
        vmaf_fex_context_destroy(ws->ctx[i]);
    free(ws);
}

static WorkerState *worker_state(VmafContext *vmaf, void **data)
{
    if (*data)
        return *data;
    WorkerState *ws = calloc(1, sizeof(*ws) + vmaf->fex_cnt * sizeof(ws->ctx[0]));
    if (!ws)
        return NULL;
    ws->cnt = vmaf->fex_cnt;
    for (unsigned i = 0; i < vmaf->fex_cnt; i++) {
        if (vmaf_fex_context_create(&ws->ctx[i], vmaf->fex[i].fex, vmaf->fex[i].opts)) {
            free_worker_state(ws);
            return NULL;
        }
        ws->ctx[i]->cpu_flags = vmaf->cpu_flags;
    }
    *data = ws;
    return ws;
}

static void picture_unref_if_set(VmafPicture *pic)
{
    if (pic->ref)
        vmaf_picture_unref(pic);
}

static int extract_one(VmafContext *vmaf, VmafFexContext *ctx, VmafPicture *ref, VmafPicture *dist,
                       VmafPicture *prev_ref, VmafPicture *prev_prev_ref, unsigned index)
{
    ctx->prev_ref = prev_ref->ref ? prev_ref : NULL;
    ctx->prev_prev_ref = prev_prev_ref->ref ? prev_prev_ref : NULL;
    int err = vmaf_fex_context_extract(ctx, ref, dist, index, vmaf->fc);
    ctx->prev_ref = ctx->prev_prev_ref = NULL;
    return err;
}

static void run_frame_job(void *arg, void **data)
{
    FrameJob *job = arg;
    VmafContext *vmaf = job->vmaf;
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    int err = 0;
    WorkerState *ws = worker_state(vmaf, data);
    if (!ws) {
        err = -ENOMEM;
        goto done;
    }
    for (unsigned i = 0; i < vmaf->fex_cnt && !err; i++) {
        const VmafFeatureExtractor *fex = vmaf->fex[i].fex;
        if (runs_on_caller(vmaf, fex))
            continue;
        if (!runs_every_frame(fex) && is_subsampled_out(vmaf, job->index))
            continue;
        err = extract_one(vmaf, ws->ctx[i], &job->ref, &job->dist, &job->prev_ref,
                          &job->prev_prev_ref, job->index);
    }
done:
    if (err) {
        int expected = 0;
        atomic_compare_exchange_strong(&vmaf->worker_error, &expected, err);
    }
    picture_unref_if_set(&job->ref);
    picture_unref_if_set(&job->dist);
    picture_unref_if_set(&job->prev_ref);
    picture_unref_if_set(&job->prev_prev_ref);
}

static int ref_for_job(VmafPicture *dst, const VmafPicture *src)
{
    if (!src->ref) {
        memset(dst, 0, sizeof(*dst));
        return 0;
    }
    return vmaf_picture_ref(dst, src);
}

static int dispatch_threaded(VmafContext *vmaf, VmafPicture *ref, VmafPicture *dist, unsigned index)
{
    int err = 0;
    for (unsigned i = 0; i < vmaf->fex_cnt && !err; i++) {
        const VmafFeatureExtractor *fex = vmaf->fex[i].fex;
        if (!runs_on_caller(vmaf, fex) ||
            (!runs_every_frame(fex) && is_subsampled_out(vmaf, index)))
            continue;
        err = extract_one(vmaf, vmaf->fex[i].inline_ctx, ref, dist, &vmaf->prev_ref,
                          &vmaf->prev_prev_ref, index);
    }
    if (err)
        return err;
    FrameJob job = {.vmaf = vmaf, .index = index};
    vmaf_picture_ref(&job.ref, ref);
    vmaf_picture_ref(&job.dist, dist);
    ref_for_job(&job.prev_ref, &vmaf->prev_ref);
    ref_for_job(&job.prev_prev_ref, &vmaf->prev_prev_ref);
    err = vmaf_thread_pool_enqueue(vmaf->thread_pool, run_frame_job, &job, sizeof(job));
    if (err) {
        picture_unref_if_set(&job.ref);
        picture_unref_if_set(&job.dist);
        picture_unref_if_set(&job.prev_ref);
        picture_unref_if_set(&job.prev_prev_ref);
    }
    return err;
}

static int dispatch_inline(VmafContext *vmaf, VmafPicture *ref, VmafPicture *dist, unsigned index)
{
    for (unsigned i = 0; i < vmaf->fex_cnt; i++) {
        if (!runs_every_frame(vmaf->fex[i].fex) && is_subsampled_out(vmaf, index))
            continue;
        int err = extract_one(vmaf, vmaf->fex[i].inline_ctx, ref, dist, &vmaf->prev_ref,
                              &vmaf->prev_prev_ref, index);
        if (err)
            return err;
    }
    return 0;
}

static int flush(VmafContext *vmaf)
{
    vmaf->flushed = true;
    if (vmaf->thread_pool)
        vmaf_thread_pool_wait(vmaf->thread_pool);
    int err = atomic_load(&vmaf->worker_error);
    if (err || !vmaf->pic_params.set || (err = vmaf_backend_enter(vmaf)))
        return err;
    for (unsigned i = 0; i < vmaf->fex_cnt && !err; i++) {
        VmafFexContext *ctx = vmaf->fex[i].inline_ctx;
        if (!ctx->fex->flush)
            continue;
        err = vmaf_fex_context_init(ctx, vmaf->pic_params.pix_fmt, vmaf->pic_params.bpc,
                                    vmaf->pic_params.w, vmaf->pic_params.h);
        if (!err)
            err = vmaf_fex_context_flush(ctx, vmaf->fc);
    }
    vmaf_backend_leave(vmaf);
    return err;
}

int vmaf_read_pictures(VmafContext *vmaf, VmafPicture *ref, VmafPicture *dist, unsigned index)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    int err = -EINVAL;
    if (!vmaf || vmaf->flushed || (!ref != !dist))
        goto out;
    if (!ref)
        return flush(vmaf);
    if ((err = atomic_load(&vmaf->worker_error)) || (err = check_pictures(vmaf, ref, dist)) ||
        (err = vmaf_backend_enter(vmaf)))
        goto out;
    if (!(err = vmaf_backend_frame_begin(vmaf, ref, dist))) {
        /* The first frame accepted fixes the format of the others. */
        if (!vmaf->pic_params.set) {
            vmaf->pic_params.pix_fmt = ref->pix_fmt;
            vmaf->pic_params.bpc = ref->bpc;
            vmaf->pic_params.w = ref->w[0];
            vmaf->pic_params.h = ref->h[0];
            vmaf->pic_params.set = true;
        }
        err = vmaf->thread_pool ? dispatch_threaded(vmaf, ref, dist, index)
                                : dispatch_inline(vmaf, ref, dist, index);
        vmaf_backend_frame_end(vmaf);
    }
    vmaf_backend_leave(vmaf);
    if (err)
        goto out;
    vmaf->pic_cnt++;
    /* Only PREV_REF extractors read them: others leave pooled pictures free. */
    if (vmaf->keeps_prev_ref) {
        picture_unref_if_set(&vmaf->prev_prev_ref);
        vmaf->prev_prev_ref = vmaf->prev_ref;
        vmaf_picture_ref(&vmaf->prev_ref, ref);
    }
out:
    if (ref && ref->ref)
        vmaf_picture_unref(ref);
    if (dist && dist->ref)
        vmaf_picture_unref(dist);
    return err;
}

int vmaf_feature_score_at_index(VmafContext *vmaf, const char *feature_name, double *score,
                                unsigned index)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !feature_name || !score)
        return -EINVAL;
    return vmaf_feature_collector_get_score(vmaf->fc, feature_name, score, index);
}

int vmaf_feature_name_at(VmafContext *vmaf, unsigned index, const char **name, const char **printed)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !name)
        return -EINVAL;
    VmafFeatureCollector *fc = vmaf->fc;
    pthread_mutex_lock(&fc->lock);
    const char *n = index < fc->cnt ? fc->feature_vector[index]->name : NULL;
    pthread_mutex_unlock(&fc->lock);
    if (!n)
        return -EINVAL;
    *name = n;
    if (printed)
        *printed = vmaf_feature_name_alias(n);
    return 0;
}

int vmaf_score_at_index(VmafContext *vmaf, VmafModel *model, double *score, unsigned index)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !model || !score)
        return -EINVAL;
    if (!vmaf_feature_collector_get_score(vmaf->fc, vmaf_model_name(model), score, index))
        return 0;
    return vmaf_predict_score_at_index(model, vmaf->fc, index, score, true);
}

int vmaf_score_at_index_model_collection(VmafContext *vmaf, VmafModelCollection *model_collection,
                                         VmafModelCollectionScore *score, unsigned index)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !model_collection || !score)
        return -EINVAL;
    return vmaf_predict_score_at_index_model_collection(model_collection, vmaf->fc, index, score);
}

int vmaf_feature_score_pooled(VmafContext *vmaf, const char *feature_name,
                              enum VmafPoolingMethod pool_method, double *score, unsigned index_low,
                              unsigned index_high)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !feature_name || !score || index_low > index_high ||
        pool_method <= VMAF_POOL_METHOD_UNKNOWN || pool_method >= VMAF_POOL_METHOD_NB)
        return -EINVAL;
    unsigned n = 0;
    double min = 0., max = 0., sum = 0., inv_sum = 0.;
    for (unsigned i = index_low; i <= index_high; i++) {
        if (is_subsampled_out(vmaf, i))
            continue;
        double s;
        int err = vmaf_feature_collector_get_score(vmaf->fc, feature_name, &s, i);
        if (err)
            return err;
        n++;
        sum += s;
        inv_sum += 1. / (s + 1.);
        /* Seeded at index_low only, as libvmaf does (0.0 if it is subsampled out). */
        if (i == index_low || s < min)
            min = s;
        if (i == index_low || s > max)
            max = s;
    }
    switch (pool_method) {
    case VMAF_POOL_METHOD_MEAN:
        *score = sum / n;
        break;
    case VMAF_POOL_METHOD_MIN:
        *score = min;
        break;
    case VMAF_POOL_METHOD_MAX:
        *score = max;
        break;
    default:
        *score = n / inv_sum - 1.0;
        break;
    }
    return 0;
}

int vmaf_score_pooled(VmafContext *vmaf, VmafModel *model, enum VmafPoolingMethod pool_method,
                      double *score, unsigned index_low, unsigned index_high)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !model || !score || index_low > index_high)
        return -EINVAL;
    for (unsigned i = index_low; i <= index_high; i++) {
        if (is_subsampled_out(vmaf, i))
            continue;
        double s;
        int err = vmaf_score_at_index(vmaf, model, &s, i);
        if (err)
            return err;
    }
    return vmaf_feature_score_pooled(vmaf, vmaf_model_name(model), pool_method, score, index_low,
                                     index_high);
}

int vmaf_score_pooled_model_collection(VmafContext *vmaf, VmafModelCollection *model_collection,
                                       enum VmafPoolingMethod pool_method,
                                       VmafModelCollectionScore *score, unsigned index_low,
                                       unsigned index_high)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !model_collection || !score || index_low > index_high)
        return -EINVAL;
    const char *cname = vmaf_model_collection_name(model_collection);
    char bagging_name[256];
    snprintf(bagging_name, sizeof(bagging_name), "%s_bagging", cname);
    for (unsigned i = index_low; i <= index_high; i++) {
        double s;
        if (is_subsampled_out(vmaf, i) ||
            !vmaf_feature_collector_get_score(vmaf->fc, bagging_name, &s, i))
            continue;
        VmafModelCollectionScore frame_score;
        int err = vmaf_score_at_index_model_collection(vmaf, model_collection, &frame_score, i);
        if (err)
            return err;
    }
    static const char *const suffix[] = {"_bagging", "_stddev", "_ci_p95_lo", "_ci_p95_hi"};
    double *out[] = {&score->bootstrap.bagging_score, &score->bootstrap.stddev,
                     &score->bootstrap.ci.p95.lo, &score->bootstrap.ci.p95.hi};
    score->type = VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP;
    for (unsigned k = 0; k < 4; k++) {
        char name[256];
        snprintf(name, sizeof(name), "%s%s", cname, suffix[k]);
        int err = vmaf_feature_score_pooled(vmaf, name, pool_method, out[k], index_low, index_high);
        if (err)
            return err;
    }
    return 0;
}

static int preallocate(VmafContext *vmaf, const VmafPictureConfiguration *cfg, bool luma_only)
{
    if (!vmaf || vmaf->pic_pool || !cfg->pic_cnt)
        return -EINVAL;
    return vmaf_picture_pool_init(&vmaf->pic_pool, cfg->pic_cnt, cfg->pic_params.pix_fmt,
                                  cfg->pic_params.bpc, cfg->pic_params.w, cfg->pic_params.h,
                                  luma_only);
}

int vmaf_preallocate_pictures(VmafContext *vmaf, VmafPictureConfiguration cfg)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    return preallocate(vmaf, &cfg, false);
}

int vmaf_preallocate_pictures_read(VmafContext *vmaf, VmafPictureConfiguration cfg)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf)
        return -EINVAL;
    return preallocate(vmaf, &cfg, !(vmaf_planes_read(vmaf, cfg.pic_params.pix_fmt) & ~1u));
}

int vmaf_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf || !vmaf->pic_pool || !pic)
        return -EINVAL;
    return vmaf_picture_pool_fetch(vmaf->pic_pool, pic);
}

int vmaf_close(VmafContext *vmaf)
{
    VMAF_CONTEXT_LOG_SCOPE(vmaf);
    if (!vmaf)
        return -EINVAL;
    if (vmaf->thread_pool)
        vmaf_thread_pool_destroy(vmaf->thread_pool, free_worker_state);
    picture_unref_if_set(&vmaf->prev_ref);
    picture_unref_if_set(&vmaf->prev_prev_ref);
    /* Twins free device memory: in the backend's context, also when entering
     * it fails (the calls then fail, logged, and the host memory is freed). */
    const bool entered = !vmaf_backend_enter(vmaf);
    for (unsigned i = 0; i < vmaf->fex_cnt; i++) {
        vmaf_fex_context_destroy(vmaf->fex[i].inline_ctx);
        vmaf_feature_dictionary_free(&vmaf->fex[i].opts);
        free(vmaf->fex[i].key);
    }
    if (entered)
        vmaf_backend_leave(vmaf);
    free(vmaf->fex);
    vmaf_backend_destroy(vmaf);
    vmaf_picture_pool_destroy(vmaf->pic_pool);
    vmaf_feature_collector_destroy(vmaf->fc);
    free(vmaf);
    return 0;
}

const char *vmaf_version(void)
{
    return VMAF_VERSION_STRING;
}

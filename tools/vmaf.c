/* vmaf: scores a distorted video against its reference with VMAF models
 * and feature extractors, using only the public libvmaf API. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch.h"
#include "chunks.h"
#include "cli_parse.h"
#include "libvmaf/libvmaf.h"
#if defined(VMAF_HAVE_CUDA) || defined(VMAF_HAVE_SYCL) || defined(VMAF_HAVE_HIP)
/* Also for vmaf_cuda_pictures_held(), which every GPU backend's pool sizes by. */
#include "libvmaf/libvmaf_cuda.h"
#endif
#ifdef VMAF_HAVE_SYCL
#include "libvmaf/libvmaf_sycl.h"
#endif
#ifdef VMAF_HAVE_HIP
#include "libvmaf/libvmaf_hip.h"
#endif
#include "prefetch.h"
#include "progress.h"
#include "read_all.h"
#include "input/input.h"
#include "report/report.h"
#include "report/scores_json.h"

enum {
    EXIT_USAGE = 1,
    EXIT_RUNTIME = 2,
};

/* model[i] belongs to cli.model[i]; collection[i] is set when that model
 * file turned out to be a collection. Read only once loaded: the pairs of a
 * batch share them. */
typedef struct Models {
    VmafModel *model[CLI_MAX_MODELS];
    VmafModelCollection *collection[CLI_MAX_MODELS];
} Models;

/* What the pairs of a batch share, set up once. */
typedef struct Shared {
    int argc;
    char **argv;
    bool tty;
    Models models;
    void *cuda_state; /* VmafCudaState *, or NULL: the CPU scores */
    bool auto_hip;    /* --backend auto found no CUDA device but a HIP one */
    Report *report;   /* a batch's --report, or NULL */
} Shared;

typedef struct Run Run;

/* A run of adjacent chunks up to chunk end - 1: their frames (own) and
 * those decoded and scored before (lead) and after them (tail). */
typedef struct ChunkRun {
    unsigned end;
    unsigned from, own; /* the pair's frame numbers: from .. from + own - 1 */
    unsigned lead, tail;
} ChunkRun;

/* A pair in chunks: the context scores go to, what the chunks share, and
 * where each input's frames are. */
typedef struct ChunkedPair {
    Shared shared;
    VideoIndex index[2]; /* reference, distorted */
    unsigned gpu_workers;
    unsigned nvdec_threads; /* of each NVDEC decoder: the cores shared among them */
} ChunkedPair;

struct Run {
    CliSettings cli;
    int argc; /* the command line, parsed again for each chunk */
    char **argv;
    bool tty;             /* stderr is a terminal: banner, progress and scores go there */
    Batch *batch;         /* the batch this pair is a line of, or NULL */
    unsigned line;        /* of that batch's list */
    unsigned slot;        /* its worker: which pending output is this run's */
    const Shared *shared; /* a batch's or chunked pair's models and device, or NULL */
    Run *parent;          /* a run of chunks' pair, or NULL */
    Chunks *chunks;       /* and its chunks */
    ChunkRun span;        /* the run's chunks and frames */
    ChunkedPair *chunked; /* a pair scored in chunks: theirs */
    void *own_cuda_state; /* VmafCudaState * this run set up, or NULL */
    VideoInput ref, dist;
    VmafContext *vmaf;
    Models own; /* loaded by this run when it has no shared ones */
    const Models *models;
    unsigned frames;
    bool cuda;               /* the CUDA backend computes; pictures come from its pinned pool */
    bool sycl;               /* the SYCL backend computes; pictures come from its host USM pool */
    bool hip;                /* the HIP backend computes; pictures come from its pinned pool */
    bool nvdec;              /* both inputs decode on NVDEC into device pictures */
    VideoCudaDevice *device; /* NVDEC's GPU for both inputs; a chunk uses its pair's */
    Progress progress;
    VmafOutput *output; /* opened before the first frame is read */
    Report *own_report; /* a single pair's --report */
    const char *group;  /* a batch line's group and bitrate, for the report */
    double kbps;
    unsigned width, height; /* the reference's, once open */
    double dist_seconds;    /* the distorted container's duration, 0 when unknown */
    char last_error[512];   /* what report() said last, for the report's failures */
};

/* One line on stderr about this pair: "<plain>TEXT" alone, "vmaf: line N:
 * <batched>TEXT" in a batch, below its progress line. */
static void vsay(Run *r, const char *plain, const char *batched, const char *fmt, va_list ap)
{
    char text[1024];
    vsnprintf(text, sizeof(text), fmt, ap);
    if (r->batch) {
        batch_message(r->batch, r->line, "%s%s", batched, text);
    } else if (r->chunks) {
        chunks_message(r->chunks, "frames %u to %u: %s", r->span.from,
                       r->span.from + r->span.own - 1, text);
    } else {
        progress_break_line(&r->progress);
        fprintf(stderr, "%s%s\n", plain, text);
    }
}

static int report(Run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* An error ("vmaf: ..."); returns the runtime-error exit status. */
static int report(Run *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->last_error, sizeof(r->last_error), fmt, ap);
    va_end(ap);
    va_start(ap, fmt);
    vsay(r, "vmaf: ", "", fmt, ap);
    va_end(ap);
    return EXIT_RUNTIME;
}

static void note(Run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A remark, not an error: no "vmaf: " of its own. */
static void note(Run *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(r, "", "", fmt, ap);
    va_end(ap);
}

static bool interactive(const Run *r)
{
    return r->tty && !r->cli.quiet;
}

/* What only a run of one pair says: a batch has its own progress line. */
static bool chatty(const Run *r)
{
    return interactive(r) && !r->batch;
}

static int check_inputs_match(Run *r)
{
    const VideoInfo *a = &r->ref.info, *b = &r->dist.info;
    const char *pa = r->cli.path_ref, *pb = r->cli.path_dist;
    if ((a->w != b->w || a->h != b->h) && r->cli.scale_dist &&
        video_input_scale_to(&r->dist, a->w, a->h))
        return report(r, "%s", r->dist.error);
    if (a->w != b->w || a->h != b->h)
        return report(r, "frame sizes differ: \"%s\" is %ux%u, \"%s\" is %ux%u", pa, a->w, a->h, pb,
                      b->w, b->h);
    if (a->rgb != b->rgb)
        return report(r, "colour models differ: \"%s\" is %s, \"%s\" is %s", pa,
                      a->rgb ? "an RGB image" : "YUV", pb, b->rgb ? "an RGB image" : "YUV");
    if (a->pix_fmt != b->pix_fmt)
        return report(r, "pixel formats differ: \"%s\" is %s, \"%s\" is %s", pa,
                      video_pix_fmt_name(a->pix_fmt), pb, video_pix_fmt_name(b->pix_fmt));
    if (a->bpc != b->bpc && !r->cli.common_bitdepth)
        return report(r,
                      "bit depths differ: \"%s\" is %u-bit, \"%s\" is %u-bit (only --aom_ctc "
                      "v6.0 and later allow that)",
                      pa, a->bpc, pb, b->bpc);
    return 0;
}

/* The pair's input i: 0 the reference, 1 the distorted. */
static VideoInput *input_of(Run *r, unsigned i)
{
    return i ? &r->dist : &r->ref;
}

/* A step on one input, for both_inputs_at_once(). */
typedef int (*InputStep)(Run *r, unsigned i);

typedef struct InputStepCall {
    InputStep step;
    Run *r;
    int err;
} InputStepCall;

static void *call_on_reference(void *arg)
{
    InputStepCall *c = arg;
    c->err = c->step(c->r, 0);
    return NULL;
}

/* step(r, 0) on a thread of its own (here, if none can be started) while
 * step(r, 1) runs here; err[i] is each one's status. For the two inputs'
 * decoders, which are made anew in tenths of a second each. */
static void both_inputs_at_once(Run *r, InputStep step, int err[2])
{
    InputStepCall ref = {step, r, 0};
    pthread_t thread;
    const bool apart = !pthread_create(&thread, NULL, call_on_reference, &ref);
    if (!apart)
        call_on_reference(&ref);
    err[1] = step(r, 1);
    if (apart)
        pthread_join(thread, NULL);
    err[0] = ref.err;
}

/* RGB images (VideoInfo.rgb) are for ssimulacra2 alone, which reads them as
 * they are (their tagged matrix is rgb): a VMAF model or another feature would read their
 * G, B and R planes as Y, Cb and Cr. The default model gives way to
 * ssimulacra2; a model or feature the user named is refused. */
static int fit_rgb_input(Run *r)
{
    const char *path = r->cli.path_ref;
    if (!r->ref.info.rgb)
        return 0;
    if (!r->cli.default_model && r->cli.model_cnt)
        return report(r,
                      "\"%s\" is an RGB image: VMAF models read YUV; score images with "
                      "--feature ssimulacra2 and no --model",
                      path);
    r->cli.model_cnt = 0;
    bool ssimulacra2 = false;
    for (unsigned i = 0; i < r->cli.feature_cnt; i++) {
        CliFeature *f = &r->cli.feature[i];
        if (strcmp(f->name, "ssimulacra2"))
            return report(r,
                          "\"%s\" is an RGB image, which --feature %s does not read (only "
                          "ssimulacra2 does)",
                          path, f->name);
        size_t len;
        const char *matrix = cli_feature_option(f, "matrix", &len);
        if (matrix && (len != 3 || strncmp(matrix, "rgb", 3)))
            return report(r, "\"%s\" is an RGB image: --feature \"%s\" names a YUV matrix", path,
                          f->spec);
        ssimulacra2 = true;
    }
    if (!ssimulacra2)
        return report(r,
                      "\"%s\" is an RGB image: VMAF models read YUV; score images with "
                      "--feature ssimulacra2",
                      path);
    return 0;
}

/* What the files say of their colour, to each ssimulacra2 as its tagged_*
 * options (what its options left at auto follow); the two files must not
 * disagree on what the user left to them. */
static int pass_colour_tags(Run *r)
{
    static const char *const keys[] = {"matrix", "range", "chroma_location"};
    const VideoInfo *a = &r->ref.info, *b = &r->dist.info;
    const char *const tags[2][3] = {{a->matrix, a->range, a->chroma_location},
                                    {b->matrix, b->range, b->chroma_location}};
    for (unsigned i = 0; i < r->cli.feature_cnt; i++) {
        CliFeature *f = &r->cli.feature[i];
        if (strcmp(f->name, "ssimulacra2"))
            continue;
        for (unsigned k = 0; k < 3; k++) {
            size_t len;
            const char *ta = tags[0][k], *tb = tags[1][k], *tag = ta ? ta : tb;
            if (!tag || cli_feature_option(f, keys[k], &len))
                continue;
            if (ta && tb && strcmp(ta, tb))
                return report(r,
                              "\"%s\" says %s %s, \"%s\" says %s: give ssimulacra2 the one "
                              "to use (--feature ssimulacra2=%s=...)",
                              r->cli.path_ref, keys[k], ta, r->cli.path_dist, tb, keys[k]);
            char key[32];
            snprintf(key, sizeof(key), "tagged_%s", keys[k]);
            if (vmaf_feature_dictionary_set(&f->opts, key, tag))
                return report(r, "out of memory");
        }
    }
    return 0;
}

static int open_inputs(Run *r)
{
    const VideoInfo *raw = r->cli.use_yuv ? &r->cli.raw : NULL;
    if (video_input_open(&r->ref, r->cli.path_ref, raw))
        return report(r, "%s", r->ref.error);
    if (video_input_open(&r->dist, r->cli.path_dist, raw))
        return report(r, "%s", r->dist.error);
    r->ref.clamp = r->dist.clamp = r->cli.clamp_samples;
    r->width = r->ref.info.w;
    r->height = r->ref.info.h;
    r->dist_seconds = r->dist.seconds;
    if (r->parent)
        r->ref.decoder_threads = r->dist.decoder_threads = r->parent->chunked->nvdec_threads;
    int err = check_inputs_match(r);
    err = err ? err : fit_rgb_input(r);
    return err ? err : pass_colour_tags(r);
}

/* --backend sycl: the device --gpu_device names, or an error (the library
 * has said why in one line, at INFO). Each run (a batch's pair, a chunk)
 * makes its own state: it is a device of a list made once. */
static int select_sycl(Run *r)
{
#ifdef VMAF_HAVE_SYCL
    VmafSyclState *state;
    int err = vmaf_sycl_state_init(&state, (VmafSyclConfiguration){(int)r->cli.gpu_device});
    if (err == -ENODEV)
        return report(r,
                      "--backend sycl: no SYCL device %u%s; --backend auto or cpu scores on "
                      "the CPU",
                      r->cli.gpu_device, r->cli.quiet ? " (run without -q to see why)" : "");
    if (!err) {
        if (chatty(r) && !r->batch && !r->parent)
            fprintf(stderr, "sycl: scoring on %s\n", vmaf_sycl_state_device_name(state));
        err = vmaf_sycl_import_state(r->vmaf, state);
        vmaf_sycl_state_free(state);
    }
    if (err)
        return report(r, "could not set up the SYCL backend (%s)", strerror(-err));
    r->sycl = true;
    return 0;
#else
    return report(r, "--backend sycl: this build has no SYCL backend (it was built without "
                     "AdaptiveCpp); --backend auto, cpu or cuda");
#endif
}

/* --backend hip, and auto without a CUDA device: the device --gpu_device
 * names. 0 with r->hip set; without a HIP device an error when asked for,
 * else 0 (the CPU serves); the library has said why in one line, at INFO. */
static int select_hip(Run *r, bool asked)
{
#ifdef VMAF_HAVE_HIP
    VmafHipState *state;
    int err = vmaf_hip_state_init(&state, (VmafHipConfiguration){(int)r->cli.gpu_device});
    if (err == -ENODEV && !asked)
        return 0;
    if (err == -ENODEV)
        return report(r,
                      "--backend hip: no usable HIP device %u%s; --backend auto or cpu scores "
                      "on the CPU",
                      r->cli.gpu_device, r->cli.quiet ? " (run without -q to see why)" : "");
    if (!err) {
        if (chatty(r) && !r->batch && !r->parent)
            fprintf(stderr, "hip: scoring on %s\n", vmaf_hip_state_device_name(state));
        err = vmaf_hip_import_state(r->vmaf, state);
        vmaf_hip_state_free(state);
    }
    if (err)
        return report(r, "could not set up the HIP backend (%s)", strerror(-err));
    r->hip = true;
    return 0;
#else
    return asked ? report(r, "--backend hip: this build has no HIP backend (it was built without "
                             "ROCm's hipcc); --backend auto, cpu or cuda")
                 : 0;
#endif
}

#if defined(VMAF_HAVE_CUDA) || defined(VMAF_HAVE_HIP)
/* --backend auto without a usable CUDA device: HIP where a device is
 * usable, else the CPU, which it says. */
static int auto_without_cuda(Run *r)
{
    const int err = select_hip(r, false);
    if (!err && !r->hip && !r->cli.quiet)
        fputs("vmaf: no usable GPU device: features run on the CPU\n", stderr);
    return err;
}
#endif

/* --backend auto takes CUDA where a device is usable, else HIP where one
 * is, and the CPU otherwise; --backend cuda fails without a CUDA device.
 * The library has said why in one line (at INFO, so not under -q). */
static int select_backend(Run *r)
{
    const bool asked = r->cli.backend == CLI_BACKEND_CUDA;
    if (r->cli.backend == CLI_BACKEND_SYCL)
        return select_sycl(r);
    if (r->cli.backend == CLI_BACKEND_HIP)
        return select_hip(r, true);
    if (r->cli.backend == CLI_BACKEND_CPU)
        return 0;
    if (r->shared && !r->shared->cuda_state)
        return r->shared->auto_hip ? select_hip(r, true) : 0;
#ifdef VMAF_HAVE_CUDA
    if (r->shared) {
        int err = vmaf_cuda_import_state(r->vmaf, r->shared->cuda_state);
        r->cuda = !err;
        return err ? report(r, "could not set up the CUDA backend (%s)", strerror(-err)) : 0;
    }
    VmafCudaState *state;
    VmafCudaConfiguration cfg = {.device_index = (int)r->cli.gpu_device};
    int err = vmaf_cuda_state_init(&state, cfg);
    if (err == -ENODEV && asked)
        return report(r,
                      "--backend cuda: no usable CUDA device%s; --backend auto or cpu scores on "
                      "the CPU",
                      r->cli.quiet ? " (run without -q to see why)" : "");
    if (err == -ENODEV)
        return auto_without_cuda(r);
    if (!err) {
        r->own_cuda_state = state; /* kept for chunks of this pair */
        err = vmaf_cuda_import_state(r->vmaf, state);
    }
    if (err)
        return report(r, "could not set up the CUDA backend (%s)", strerror(-err));
    r->cuda = true;
#else
    if (asked)
        return report(r, "--backend cuda: this build has no CUDA backend (it was built without "
                         "a CUDA compiler); --backend auto or cpu scores on the CPU");
#ifdef VMAF_HAVE_HIP
    return auto_without_cuda(r);
#endif
#endif
    return 0;
}

/* Frames each input is read ahead. Each is a picture held (3 MB at 1080p).
 * One thread scores a 1080p frame in tens of milliseconds while a reader
 * reads one in about one, so one ahead keeps it fed at the least memory;
 * more threads, and the GPU, take frames faster than one reader gives them
 * at times, and a frame ahead per thread smooths that. */
static unsigned read_ahead(const Run *r)
{
    unsigned n = r->cli.thread_cnt;
    return r->cuda || r->sycl || r->hip || n > PREFETCH_DEPTH_MAX ? PREFETCH_DEPTH_MAX : n ? n : 1;
}

#if defined(VMAF_HAVE_CUDA) || defined(VMAF_HAVE_SYCL) || defined(VMAF_HAVE_HIP)
/* A GPU backend's pool: the pictures the library holds at once, and a pair
 * for each frame the readers have read ahead and the one being filled. */
static unsigned gpu_pool_pictures(const Run *r)
{
    return vmaf_cuda_pictures_held(r->cli.thread_cnt) + 2 * (read_ahead(r) + 1);
}
#endif

static int preallocate_pictures(Run *r, const VmafPictureConfiguration *pool)
{
#ifdef VMAF_HAVE_CUDA
    if (r->cuda) {
        VmafCudaPictureConfiguration cuda = {
            .pic_params = {.w = pool->pic_params.w,
                           .h = pool->pic_params.h,
                           .bpc = pool->pic_params.bpc,
                           .pix_fmt = pool->pic_params.pix_fmt},
            /* Chroma only when a feature reads it: NVDEC's is split into
             * them then, and the readers skip it on disk otherwise. */
            .pic_prealloc_method =
                r->nvdec ? VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ
                         : VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED_PLANES_READ,
            .pic_cnt = gpu_pool_pictures(r),
        };
        return vmaf_cuda_preallocate_pictures(r->vmaf, cuda);
    }
#endif
#ifdef VMAF_HAVE_SYCL
    if (r->sycl) {
        const VmafSyclPictureConfiguration sycl = {
            .pic_params = {.w = pool->pic_params.w,
                           .h = pool->pic_params.h,
                           .bpc = pool->pic_params.bpc,
                           .pix_fmt = pool->pic_params.pix_fmt},
            .pic_prealloc_method = VMAF_SYCL_PICTURE_PREALLOCATION_METHOD_HOST_USM_PLANES_READ,
            .pic_cnt = gpu_pool_pictures(r),
        };
        return vmaf_sycl_preallocate_pictures(r->vmaf, sycl);
    }
#endif
#ifdef VMAF_HAVE_HIP
    if (r->hip) {
        const VmafHipPictureConfiguration hip = {
            .pic_params = {.w = pool->pic_params.w,
                           .h = pool->pic_params.h,
                           .bpc = pool->pic_params.bpc,
                           .pix_fmt = pool->pic_params.pix_fmt},
            .pic_prealloc_method = VMAF_HIP_PICTURE_PREALLOCATION_METHOD_HOST_PINNED_PLANES_READ,
            .pic_cnt = gpu_pool_pictures(r),
        };
        return vmaf_hip_preallocate_pictures(r->vmaf, hip);
    }
#endif
    /* Only the planes the features read: luma alone for most models. */
    return vmaf_preallocate_pictures_read(r->vmaf, *pool);
}

static int fetch_picture(Run *r, VmafPicture *pic)
{
#ifdef VMAF_HAVE_CUDA
    if (r->cuda)
        return vmaf_cuda_picture_fetch(r->vmaf, pic);
#endif
#ifdef VMAF_HAVE_SYCL
    if (r->sycl)
        return vmaf_sycl_picture_fetch(r->vmaf, pic);
#endif
#ifdef VMAF_HAVE_HIP
    if (r->hip)
        return vmaf_hip_picture_fetch(r->vmaf, pic);
#endif
    return vmaf_fetch_preallocated_picture(r->vmaf, pic);
}

static VmafConfiguration context_config(const Run *r)
{
    const CliSettings *c = &r->cli;
    /* A batch would repeat the library's notes for every pair, chunks for
     * every chunk. */
    return (VmafConfiguration){
        .log_level = c->quiet                ? VMAF_LOG_LEVEL_ERROR
                     : r->batch || r->parent ? VMAF_LOG_LEVEL_WARNING
                                             : VMAF_LOG_LEVEL_INFO,
        .n_threads = c->thread_cnt,
        .n_subsample = c->subsample,
        .cpumask = c->cpumask,
        .gpumask = c->gpumask,
    };
}

static int init_context(Run *r)
{
    int err = vmaf_init(&r->vmaf, context_config(r));
    if (err)
        return report(r, "could not initialise the VMAF context (%s)", strerror(-err));
    return select_backend(r);
}

#ifdef VMAF_HAVE_CUDA
static int import_surface(void *opaque, VmafPicture *pic, const VideoSurface *s)
{
    const Run *r = opaque;
    const VmafCudaSurface surface = {.luma = s->luma,
                                     .pitch = s->pitch,
                                     .bits = s->bits,
                                     .shift = s->shift,
                                     .chroma = {s->chroma[0], s->chroma[1]},
                                     .chroma_pitch = s->chroma_pitch};
    return vmaf_cuda_picture_import(r->vmaf, pic, &surface);
}

/* Why NVDEC cannot serve this pair, or NULL: the CUDA backend scores,
 * both inputs are encoded at one depth, and every feature reads luma on the
 * GPU (the frames never reach the host). */
static const char *nvdec_unfit(Run *r)
{
    if (!r->cuda)
        return "the CUDA backend does not score";
    if (!r->ref.reader->encoded || !r->dist.reader->encoded)
        return "both inputs must be encoded files";
    if (r->ref.info.bpc != r->dist.info.bpc)
        return "the inputs' bit depths differ";
    if (r->cli.scale_dist)
        return "--scale_dist scales on the CPU";
    if (vmaf_cuda_device_pictures_fit(r->vmaf,
                                      VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE_PLANES_READ,
                                      r->ref.info.pix_fmt))
        return "a feature runs on the CPU (the log says which)";
    return NULL;
}

/* Input i on NVDEC, on the pair's device (a chunk's parent's); proved by
 * decoding a frame for the pair, not for its chunks. */
static int use_cuda(Run *r, unsigned i)
{
    const VideoCudaDevice *dev = r->parent ? r->parent->device : r->device;
    return video_input_use_cuda(input_of(r, i), dev, !r->parent);
}

/* NVDEC for both inputs where it can serve; else the CPU decodes, as
 * --hwdec auto allows and --hwdec cuda does not. */
static int choose_decoding(Run *r)
{
    const enum CliHwdec mode = r->cli.hwdec;
    if (mode == CLI_HWDEC_NONE ||
        (mode == CLI_HWDEC_AUTO && (!r->ref.reader->encoded || !r->dist.reader->encoded)))
        return 0;
    const char *why = nvdec_unfit(r);
    if (why && mode == CLI_HWDEC_CUDA)
        return report(r, "--hwdec cuda: NVDEC cannot serve this pair: %s", why);
    if (why)
        return 0;
    /* A chunk decodes on its pair's device, where NVDEC has shown that it
     * takes both streams. */
    if (!r->parent) {
        char error[VIDEO_INPUT_ERROR_SIZE];
        const int err = video_cuda_device_open(&r->device, r->cli.gpu_device, error, sizeof(error));
        if (err == -ENOTSUP && mode == CLI_HWDEC_AUTO) {
            if (!r->cli.quiet)
                note(r, "vmaf: %s: decoding on the CPU", error);
            return 0;
        }
        if (err)
            return report(r, "%s", error);
    }
    /* Both at once: each makes its NVDEC decoder (and, proving it, decodes
     * a frame), 0.1 to 0.3 s. */
    int err[2];
    both_inputs_at_once(r, use_cuda, err);
    for (unsigned i = 0; i < 2; i++) {
        if (err[i] == -ENOTSUP && mode == CLI_HWDEC_AUTO) {
            /* The other input's frames are brought to the host. */
            if (!r->cli.quiet)
                note(r, "vmaf: %s: decoding on the CPU", input_of(r, i)->error);
            return 0;
        }
        if (err[i])
            return report(r, "%s", input_of(r, i)->error);
    }
    for (unsigned i = 0; i < 2; i++) {
        input_of(r, i)->import = import_surface;
        input_of(r, i)->import_opaque = r;
    }
    r->nvdec = true;
    return 0;
}
#else
static int choose_decoding(Run *r)
{
    if (r->cli.hwdec == CLI_HWDEC_CUDA)
        return report(r, "--hwdec cuda: NVDEC cannot serve this pair: this build has no CUDA "
                         "backend");
    return 0;
}
#endif

/* After the models and features: a bad one is reported before hundreds of
 * MiB are allocated for large frames. */
static int allocate_pictures(Run *r)
{
    const CliSettings *c = &r->cli;
    const VideoInfo *info = &r->ref.info;
    const unsigned bpc = info->bpc > r->dist.info.bpc ? info->bpc : r->dist.info.bpc;
    /* Enough pictures for the frames in flight on every thread, as libvmaf's
     * own tool allocates, and for those the two readers hold: a full queue
     * and the frame being read. */
    VmafPictureConfiguration pool = {
        .pic_params = {.w = info->w, .h = info->h, .bpc = bpc, .pix_fmt = info->pix_fmt},
        .pic_cnt = (c->thread_cnt ? (c->thread_cnt + 1) * 2 + 1 : 4) + 2 * (read_ahead(r) + 1),
    };
    int err = choose_decoding(r);
    if (err)
        return err;
    err = preallocate_pictures(r, &pool);
    if (err)
        return report(r, "could not allocate pictures of %ux%u (%s)", info->w, info->h,
                      strerror(-err));
    if (chatty(r) && r->nvdec)
        fputs("picture pool: GPU pictures, both inputs decoded on NVDEC\n", stderr);
    else if (chatty(r) && r->cuda)
        fputs("picture pool: page-locked pictures for the CUDA backend\n", stderr);
    else if (chatty(r) && r->sycl)
        fputs("picture pool: host USM pictures for the SYCL backend\n", stderr);
    else if (chatty(r) && r->hip)
        fputs("picture pool: page-locked pictures for the HIP backend\n", stderr);
    else if (chatty(r))
        fprintf(stderr, "picture pool: %u pictures pre-allocated\n", pool.pic_cnt);
    return 0;
}

static int report_model_error(Run *r, const CliModel *m, int err)
{
    /* The library has said what is wrong with the file, naming it. */
    if (err != -ENOMEM)
        return EXIT_RUNTIME;
    if (m->version)
        return report(r, "could not load model version \"%s\" (%s)", m->version, strerror(-err));
    return report(r, "could not load model file \"%s\" (%s)", m->path, strerror(-err));
}

static int load_model_file(Run *r, Models *dst, unsigned i)
{
    const CliModel *m = &r->cli.model[i];
    VmafModelConfig cfg = m->cfg;
    int err = m->version ? vmaf_model_load(&dst->model[i], &cfg, m->version)
                         : vmaf_model_load_from_path(&dst->model[i], &cfg, m->path);
    if (!err)
        return 0;
    dst->model[i] = NULL;
    /* --model names either a model or a model collection. */
    if (err != -ENOTSUP)
        return report_model_error(r, m, err);

    cfg = m->cfg;
    int err_collection =
        m->version
            ? vmaf_model_collection_load(&dst->model[i], &dst->collection[i], &cfg, m->version)
            : vmaf_model_collection_load_from_path(&dst->model[i], &dst->collection[i], &cfg,
                                                   m->path);
    if (!err_collection)
        return 0;
    dst->model[i] = NULL;
    dst->collection[i] = NULL;
    return report_model_error(r, m, err);
}

/* Each --model's file, with its extractor options overridden. */
static int load_models(Run *r, Models *dst)
{
    for (unsigned i = 0; i < r->cli.model_cnt; i++) {
        CliModel *m = &r->cli.model[i];
        int err = load_model_file(r, dst, i);
        for (unsigned j = 0; !err && j < m->overload_cnt; j++) {
            CliOverload *o = &m->overload[j];
            VmafFeatureDictionary *opts = o->opts;
            o->opts = NULL; /* the library takes it, also on failure */
            err = dst->collection[i]
                      ? vmaf_model_collection_feature_overload(dst->model[i], &dst->collection[i],
                                                               o->extractor, opts)
                      : vmaf_model_feature_overload(dst->model[i], o->extractor, opts);
            if (err)
                return report(r,
                              "model \"%s\": could not override options of extractor \"%s\" "
                              "(%s)",
                              cli_model_label(m), o->extractor, strerror(-err));
        }
        if (err)
            return err;
    }
    return 0;
}

static void free_models(Models *m)
{
    for (unsigned i = 0; i < CLI_MAX_MODELS; i++) {
        if (m->model[i])
            vmaf_model_destroy(m->model[i]);
        if (m->collection[i])
            vmaf_model_collection_destroy(m->collection[i]);
    }
}

static int register_features(Run *r)
{
    if (!r->shared) {
        int err = load_models(r, &r->own);
        if (err)
            return err;
    }
    r->models = r->shared ? &r->shared->models : &r->own;
    for (unsigned i = 0; i < r->cli.model_cnt; i++) {
        VmafModel *model = r->models->model[i];
        VmafModelCollection *collection = r->models->collection[i];
        int err = collection ? vmaf_use_features_from_model_collection(r->vmaf, collection)
                             : vmaf_use_features_from_model(r->vmaf, model);
        if (err)
            return report(r, "model \"%s\": could not set up its feature extractors (%s)",
                          cli_model_label(&r->cli.model[i]), strerror(-err));
    }
    for (unsigned i = 0; i < r->cli.feature_cnt; i++) {
        CliFeature *f = &r->cli.feature[i];
        VmafFeatureDictionary *opts = f->opts;
        f->opts = NULL; /* the library takes it, also on failure */
        int err = vmaf_use_feature(r->vmaf, f->name, opts);
        /* -EINVAL: the library has logged which extractor or option is wrong. */
        if (err == -EINVAL)
            return EXIT_RUNTIME;
        if (err)
            return report(r,
                          "--feature \"%s\" was rejected: unknown extractor or invalid option "
                          "(%s)",
                          f->spec, strerror(-err));
    }
    return 0;
}

static int fetch_for_prefetch(void *opaque, VmafPicture *pic)
{
    return fetch_picture(opaque, pic);
}

/* The next pair. Returns 1 with both pictures, 0 when an input ended (with
 * a warning when only one did), -1 after reporting an error. */
static int next_pair(Run *r, Prefetch *const pf[2], VmafPicture *ref, VmafPicture *dist)
{
    const int ret_ref = prefetch_next(pf[0], ref);
    if (ret_ref < 0) {
        report(r, "%s", r->ref.error);
        return -1;
    }
    const int ret_dist = prefetch_next(pf[1], dist);
    if (ret_ref == 1 && ret_dist == 1)
        return 1;
    if (ret_ref == 1)
        vmaf_picture_unref(ref);
    if (ret_dist == 1)
        vmaf_picture_unref(dist);
    if (ret_dist < 0) {
        report(r, "%s", r->dist.error);
        return -1;
    }
    const char *ended = ret_ref ? r->cli.path_dist : r->cli.path_ref;
    const char *longer = ret_ref ? r->cli.path_ref : r->cli.path_dist;
    if (ret_ref != ret_dist && !r->cli.frame_cnt &&
        (r->ref.reader->encoded || r->dist.reader->encoded || r->ref.sequence.suffix ||
         r->dist.sequence.suffix)) {
        /* An encode that lost frames, or a sequence that lacks a file, would
         * otherwise score as if whole. */
        report(r,
               "frame counts differ: \"%s\" ended after %u frames, \"%s\" has more; "
               "--frame_cnt %u scores the first %u",
               ended, r->frames, longer, r->frames, r->frames);
        return -1;
    }
    if (ret_ref != ret_dist) {
        /* Like libvmaf's tool: the frames both inputs have are scored. */
        if (!r->cli.quiet)
            note(r, "\"%s\" ended before \"%s\".", ended, longer);
    }
    return 0;
}

/* A run of chunks whose own frames are all scored goes on into the next
 * chunk when no other run has taken it: its frames follow without a seek,
 * and this run's tail becomes that chunk's. */
static void extend_chunk_run(Run *r)
{
    ChunkRun *span = &r->span;
    if (r->frames != span->lead + span->own || !chunks_extend(r->chunks, span->end))
        return;
    const Chunk *next = chunks_at(r->chunks, span->end++);
    span->own += next->count;
    span->tail = next->tail;
    r->cli.frame_cnt = span->lead + span->own + span->tail;
}

static int score_pairs(Run *r, Prefetch *const pf[2])
{
    progress_start(&r->progress, chatty(r) ? stderr : NULL);
    for (;;) {
        if (r->chunks)
            extend_chunk_run(r);
        if (r->cli.frame_cnt && r->frames >= r->cli.frame_cnt)
            break;
        VmafPicture ref, dist;
        const int ret = next_pair(r, pf, &ref, &dist);
        if (ret < 0)
            return EXIT_RUNTIME;
        if (!ret)
            break;
        int err = vmaf_read_pictures(r->vmaf, &ref, &dist, r->frames);
        if (err)
            return report(r, "could not score frame %u (%s)", r->frames, strerror(-err));
        r->frames++;
        progress_update(&r->progress, r->frames);
        if (r->batch)
            batch_count_frame(r->batch);
        if (r->chunks && r->frames > r->span.lead && r->frames <= r->span.lead + r->span.own)
            chunks_count_frame(r->chunks);
    }
    progress_finish(&r->progress, r->frames);
    return 0;
}

static int score_frames(Run *r)
{
    Prefetch *pf[2] = {NULL, NULL};
    VmafPicture layout;
    /* A run of chunks may grow: its readers read on until stopped. */
    const unsigned count = r->chunks ? 0 : r->cli.frame_cnt;
    int err = fetch_picture(r, &layout);
    if (!err) {
        err = prefetch_start(&pf[0], &r->ref, fetch_for_prefetch, r, r->cli.frame_skip_ref, count,
                             read_ahead(r), &layout);
        if (!err)
            err = prefetch_start(&pf[1], &r->dist, fetch_for_prefetch, r, r->cli.frame_skip_dist,
                                 count, read_ahead(r), &layout);
        vmaf_picture_unref(&layout);
    }
    err = err ? report(r, "could not start reading the inputs (%s)", strerror(-err))
              : score_pairs(r, pf);
    prefetch_stop(pf[0]);
    prefetch_stop(pf[1]);
    if (err)
        return err;

    if (!r->frames)
        return report(r, "no frames to score in \"%s\" and \"%s\"%s", r->cli.path_ref,
                      r->cli.path_dist,
                      r->cli.frame_skip_ref || r->cli.frame_skip_dist ? " after skipping" : "");
    err = vmaf_read_pictures(r->vmaf, NULL, NULL, 0);
    if (err)
        return report(r, "could not finish scoring (%s)", strerror(-err));
    return 0;
}

/* Parsing uses getopt's globals: one pair's settings at a time. */
static pthread_mutex_t parse_lock = PTHREAD_MUTEX_INITIALIZER;

static void release(Run *r);

/* Why this pair cannot be split into chunks, or NULL: both inputs must be
 * encoded (chunks seek) and every feature's scores those of single frames
 * (--subsample is refused with the command line). */
static const char *chunks_unfit(Run *r)
{
    if (!r->ref.reader->encoded || !r->dist.reader->encoded)
        return "both inputs must be encoded files";
    if (vmaf_scores_splittable(r->vmaf))
        return "a feature totals over every frame (the log says which)";
    return NULL;
}

/* Where each input's frames are, from files of their own (r's inputs stay
 * as they are, in case the pair is scored in one piece after all). Returns
 * 0, or EXIT_RUNTIME after reporting why not (an input that cannot be read
 * from any position, such as a pipe). */
static int index_inputs(Run *r, ChunkedPair *cp)
{
    const char *path[2] = {r->cli.path_ref, r->cli.path_dist};
    int err = 0;
    for (unsigned i = 0; !err && i < 2; i++) {
        struct stat st;
        if (stat(path[i], &st) || !S_ISREG(st.st_mode))
            return report(r,
                          "--chunks: \"%s\" is not a regular file: chunks read it from their "
                          "keyframes on",
                          path[i]);
        VideoInput in;
        err = video_input_open(&in, path[i], NULL);
        err = err ? err : video_input_index(&in, &cp->index[i]);
        if (err)
            err = report(r, "--chunks: %s", in.error);
        video_input_close(&in);
    }
    return err;
}

/* The frames the pair has, as one run would score them: 0 after reporting
 * why not (an error, with *failed set, when the lengths differ). */
static unsigned pair_length(Run *r, const ChunkedPair *cp, bool *failed)
{
    const unsigned skip[2] = {r->cli.frame_skip_ref, r->cli.frame_skip_dist};
    unsigned len[2];
    for (unsigned i = 0; i < 2; i++)
        len[i] = cp->index[i].frame_cnt > skip[i] ? cp->index[i].frame_cnt - skip[i] : 0;
    const unsigned n = len[0] < len[1] ? len[0] : len[1];
    if (len[0] != len[1] && !r->cli.frame_cnt) {
        report(r,
               "frame counts differ: \"%s\" has %u frames, \"%s\" has %u; --frame_cnt %u scores "
               "the first %u",
               r->cli.path_ref, len[0], r->cli.path_dist, len[1], n, n);
        *failed = true;
        return 0;
    }
    return r->cli.frame_cnt && r->cli.frame_cnt < n ? r->cli.frame_cnt : n;
}

static unsigned cores(void)
{
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}

static int import_chunk_run(void *arg)
{
    Run *r = arg;
    const ChunkRun *span = &r->span;
    const int err = vmaf_import_scores(r->parent->vmaf, r->vmaf, span->lead, span->own, span->from);
    return err ? report(r, "could not hand its scores to the pair's context (%s)", strerror(-err))
               : 0;
}

/* Input i at the run's first frame less its lead; none is needed at frame
 * 0, where decoders that have decoded nothing stay as they are at the
 * stream's start (a seek would make them anew). */
static int seek_input(Run *r, unsigned i)
{
    const Run *p = r->parent;
    const unsigned frame =
        (i ? p->cli.frame_skip_dist : p->cli.frame_skip_ref) + r->span.from - r->span.lead;
    return frame ? video_input_seek(input_of(r, i), &p->chunked->index[i], frame) : 0;
}

/* Both inputs at once: each seek makes its decoder anew after the flush
 * (0.1 to 0.3 s on NVDEC). */
static int seek_chunk_run(Run *r)
{
    int err[2];
    both_inputs_at_once(r, seek_input, err);
    for (unsigned i = 0; i < 2; i++)
        if (err[i])
            return report(r, "%s", input_of(r, i)->error);
    return 0;
}

static int run_chunks(Run *r)
{
    int err = open_inputs(r);
    err = err ? err : init_context(r);
    err = err ? err : register_features(r);
    err = err ? err : allocate_pictures(r);
    err = err ? err : seek_chunk_run(r);
    err = err ? err : score_frames(r);
    if (!err && r->frames != r->cli.frame_cnt)
        err = report(r, "the inputs ended after %u of its %u frames", r->frames, r->cli.frame_cnt);
    return err ? err : chunks_serialise(r->chunks, import_chunk_run, r);
}

/* A run of chunks from chunk `first`: the pair's settings and paths, inputs
 * and a context of its own, the pair's models and device; decoded as
 * --hwdec says on the first gpu_workers workers, on the CPU on the others. */
static int score_chunk_run(void *opaque, Chunks *cs, unsigned first, unsigned worker)
{
    Run *parent = opaque;
    Run *r = calloc(1, sizeof(*r));
    if (!r) {
        chunks_message(cs, "out of memory");
        return EXIT_RUNTIME;
    }
    pthread_mutex_lock(&parse_lock);
    int status = cli_parse(&r->cli, parent->argc, parent->argv);
    pthread_mutex_unlock(&parse_lock);
    const Chunk *c = chunks_at(cs, first);
    r->parent = parent;
    r->chunks = cs;
    r->span = (ChunkRun){
        .end = first + 1, .from = c->first, .own = c->count, .lead = c->lead, .tail = c->tail};
    r->shared = &parent->chunked->shared;
    r->cli.output_path = NULL;
    r->cli.frame_skip_ref = r->cli.frame_skip_dist = 0;
    r->cli.frame_cnt = c->lead + c->count + c->tail;
    if (worker >= parent->chunked->gpu_workers || !parent->nvdec)
        r->cli.hwdec = CLI_HWDEC_NONE;
    status = status ? report(r, "%s", r->cli.error) : run_chunks(r);
    release(r);
    free(r);
    return status;
}

/* Scores the pair in chunks when --chunks or --cpu_chunks asks for more
 * than one at once: *done is then set. */
static int score_in_chunks(Run *r, bool *done)
{
    const unsigned gpu = r->cli.chunks ? r->cli.chunks : 1, cpu = r->cli.cpu_chunks;
    if (gpu + cpu < 2 || r->batch)
        return 0;
    const char *why = chunks_unfit(r);
    if (why)
        return report(r, "--chunks: %s", why);
    ChunkedPair *cp = r->chunked = calloc(1, sizeof(*cp));
    if (!cp)
        return report(r, "out of memory");
    int err = index_inputs(r, cp);
    if (err)
        return err;
    bool failed = false;
    const unsigned n = pair_length(r, cp, &failed);
    if (failed)
        return EXIT_RUNTIME;
    /* Two chunks a worker: each goes on into its second without a seek
     * unless a faster one has taken it. */
    _Static_assert(2 * 2 * CLI_MAX_JOBS <= CHUNKS_MAX, "a plan for every worker fits");
    Chunk plan[CHUNKS_MAX];
    const unsigned cnt =
        chunk_plan(plan, 2 * (gpu + cpu), n, &cp->index[1], r->cli.frame_skip_dist);
    if (cnt < 2) {
        if (!r->cli.quiet)
            note(r, "vmaf: --chunks: %u frames make one chunk (%u frames or more each)", n,
                 CHUNK_MIN_FRAMES);
        return 0;
    }
    /* NVDEC tried once, on the pair's inputs, rather than by every chunk:
     * the chunks' decoders are then made where they start. The pair's
     * inputs are not read again: their decoders (NVDEC sessions and frame
     * pools) go now rather than idle while the chunks run. */
    err = choose_decoding(r);
    if (err)
        return err;
    video_input_close(&r->ref);
    video_input_close(&r->dist);
    cp->gpu_workers = gpu;
    /* Each NVDEC decoder's threads parse ahead of the engine; a core or
     * two each is plenty, and more would crowd out the others. */
    cp->nvdec_threads = cores() / (2 * gpu) > 1 ? cores() / (2 * gpu) : 1;
    cp->shared = (Shared){
        .argc = r->argc, .argv = r->argv, .models = r->own, .cuda_state = r->own_cuda_state};
    if (chatty(r))
        fprintf(stderr, "chunks: %u frames in %u chunks, %u at once%s and %u on the CPU\n", n, cnt,
                gpu, r->nvdec ? " on NVDEC" : "", cpu);
    err = chunks_run(plan, cnt, gpu + cpu, score_chunk_run, r, chatty(r) ? stderr : NULL);
    *done = true;
    r->frames = n;
    return err;
}

/* A pooled score on stderr: "vmaf: line N: DIST: ..." in a batch. */
static void print_score(Run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void print_score(Run *r, const char *fmt, ...)
{
    char dist[512];
    snprintf(dist, sizeof(dist), "%s: ", r->cli.path_dist);
    va_list ap;
    va_start(ap, fmt);
    vsay(r, "", dist, fmt, ap);
    va_end(ap);
}

static int pool_scores(Run *r)
{
    if (r->cli.no_prediction)
        return 0;
    const bool print = r->tty && (r->batch ? !r->cli.quiet : !r->cli.quiet || !r->cli.output_path);
    const unsigned last = r->frames - 1;

    for (unsigned i = 0; i < r->cli.model_cnt; i++) {
        double score;
        int err =
            vmaf_score_pooled(r->vmaf, r->models->model[i], VMAF_POOL_METHOD_MEAN, &score, 0, last);
        if (err)
            return report(r, "could not pool the score of model \"%s\" (%s)",
                          cli_model_label(&r->cli.model[i]), strerror(-err));
        if (print)
            print_score(r, "%s: %f", cli_model_label(&r->cli.model[i]), score);
    }
    for (unsigned i = 0; i < r->cli.model_cnt; i++) {
        if (!r->models->collection[i])
            continue;
        VmafModelCollectionScore score = {0};
        int err = vmaf_score_pooled_model_collection(r->vmaf, r->models->collection[i],
                                                     VMAF_POOL_METHOD_MEAN, &score, 0, last);
        if (err)
            return report(r, "could not pool the scores of model collection \"%s\" (%s)",
                          cli_model_label(&r->cli.model[i]), strerror(-err));
        if (print && score.type == VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP)
            print_score(r, "%s: %f, ci.p95: [%f, %f], stddev: %f",
                        cli_model_label(&r->cli.model[i]), score.bootstrap.bagging_score,
                        score.bootstrap.ci.p95.lo, score.bootstrap.ci.p95.hi,
                        score.bootstrap.stddev);
    }
    return 0;
}

/* The temporary output files (one a batch worker) a SIGINT, SIGTERM or
 * SIGHUP removes before the process ends as the signal would end it. */
static const char *volatile pending_output[CLI_MAX_JOBS];
static const char *volatile pending_report; /* --report's */

static void remove_pending_output(int sig)
{
    for (unsigned i = 0; i < CLI_MAX_JOBS; i++) {
        const char *tmp = pending_output[i];
        if (tmp)
            unlink(tmp);
    }
    const char *tmp = pending_report;
    if (tmp)
        unlink(tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void remove_on_signals(void)
{
    const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
        signal(signals[i], remove_pending_output);
}

/* Whether path (symlinks followed) is the regular file other names. */
static bool same_file(const char *path, const char *other)
{
    struct stat a, b;
    return !stat(path, &a) && S_ISREG(a.st_mode) && !stat(other, &b) && a.st_dev == b.st_dev &&
           a.st_ino == b.st_ino;
}

/* Opens -o before any frame is read, so that a missing folder or an
 * unwritable file fails at once rather than after the whole run; -o naming
 * an input, which the output would replace, is refused. */
static int open_output(Run *r)
{
    const char *path = r->cli.output_path;
    if (!path)
        return 0;
    const bool is_ref = same_file(path, r->cli.path_ref);
    if (is_ref || same_file(path, r->cli.path_dist))
        return report(r, "-o \"%s\" is the %s input: the scores would replace it", path,
                      is_ref ? "reference" : "distorted");
    int err = vmaf_output_open(&r->output, path);
    if (err)
        return report(r, "cannot write \"%s\" (%s)", path, strerror(-err));
    pending_output[r->slot] = vmaf_output_temporary_path(r->output);
    if (pending_output[r->slot])
        remove_on_signals();
    return 0;
}

/* --report, opened before any frame is read as -o is; the report of a
 * batch is its own. */
static int open_report(Run *r, Report **rep, const char *ref, const char *dist)
{
    const char *path = r->cli.report_path;
    if (!path)
        return 0;
    if ((ref && same_file(path, ref)) || (dist && same_file(path, dist)))
        return report(r, "--report \"%s\" is an input: the report would replace it", path);
    char error[VIDEO_INPUT_ERROR_SIZE];
    if (report_open(rep, path, r->cli.report_worst, r->cli.report_anchor, error, sizeof(error)))
        return report(r, "%s", error);
    pending_report = report_temporary_path(*rep);
    if (pending_report)
        remove_on_signals();
    return 0;
}

static int write_report(Run *r, Report *rep)
{
    char error[VIDEO_INPUT_ERROR_SIZE];
    if (report_write(rep, error, sizeof(error)))
        return report(r, "%s", error);
    pending_report = NULL; /* renamed */
    return 0;
}

/* The pair's bitrate: the batch line's, else the encoded distorted file's
 * size over its container's duration. */
static void pair_bitrate(const Run *r, ReportPair *p)
{
    struct stat st;
    p->kbps = NAN;
    if (r->kbps > 0) { /* NaN or 0: none given */
        p->kbps = r->kbps;
        p->kbps_from = "list";
    } else if (r->dist_seconds > 0 && !stat(r->cli.path_dist, &st) && S_ISREG(st.st_mode)) {
        p->kbps = (double)st.st_size * 8 / r->dist_seconds / 1000;
        p->kbps_from = "container";
    }
}

/* The scored pair into the report, with its worst frames' pictures. */
static int add_to_report(Run *r)
{
    Report *rep = r->own_report ? r->own_report : r->shared ? r->shared->report : NULL;
    if (!rep || r->parent)
        return 0;
    ReportPair p = {.line = r->line, .width = r->width, .height = r->height};
    pair_bitrate(r, &p);
    p.ref = strdup(r->cli.path_ref);
    p.dist = strdup(r->cli.path_dist);
    p.group = r->group ? strdup(r->group) : NULL;
    const char *score = NULL;
    if (!r->cli.no_prediction)
        score = r->cli.model[0].cfg.name ? r->cli.model[0].cfg.name : "vmaf";
    const ReportSource src = {
        .raw = r->cli.use_yuv ? &r->cli.raw : NULL,
        .clamp = r->cli.clamp_samples,
        .scale_dist = r->cli.scale_dist,
        .skip = {r->cli.frame_skip_ref, r->cli.frame_skip_dist},
    };
    int err = !p.ref || !p.dist || (r->group && !p.group) ? -ENOMEM : 0;
    err = err ? err : report_pair_collect(&p, r->vmaf, score, r->frames, report_worst_count(rep));
    err = err ? err : report_pictures_make(&p, &src);
    if (err)
        report_pair_free(&p);
    else
        err = report_add(rep, &p);
    if (err)
        return report(r, "could not add the pair to the report (%s)", strerror(-err));
    return 0;
}

static int write_output(Run *r)
{
    if (!r->output)
        return 0;
    int err = vmaf_output_write(r->output, r->vmaf, r->cli.output_fmt);
    if (!err)
        pending_output[r->slot] = NULL; /* renamed: nothing left to remove */
    if (err)
        return report(r, "could not write \"%s\" (%s)", r->cli.output_path, strerror(-err));
    return 0;
}

static int run(Run *r)
{
    if (chatty(r))
        fprintf(stderr, "VMAF version %s\n", vmaf_version());
    const bool own_report = !r->batch && !r->parent;
    int err = own_report ? open_report(r, &r->own_report, r->cli.path_ref, r->cli.path_dist) : 0;
    err = err ? err : open_output(r);
    err = err ? err : open_inputs(r);
    err = err ? err : init_context(r);
    err = err ? err : register_features(r);
    bool chunked = false;
    err = err ? err : score_in_chunks(r, &chunked);
    if (!chunked) {
        err = err ? err : allocate_pictures(r);
        err = err ? err : score_frames(r);
    }
    err = err ? err : pool_scores(r);
    err = err ? err : write_output(r);
    err = err ? err : add_to_report(r);
    return err || !r->own_report ? err : write_report(r, r->own_report);
}

static void release(Run *r)
{
    if (!r->parent)
        pending_output[r->slot] = NULL;
    vmaf_output_close(&r->output);
    if (r->own_report)
        pending_report = NULL;
    report_close(&r->own_report);
    /* The context goes first: it may still hold pictures and models. */
    if (r->vmaf)
        vmaf_close(r->vmaf);
    free_models(&r->own);
#ifdef VMAF_HAVE_CUDA
    vmaf_cuda_state_free(r->own_cuda_state);
#endif
    if (r->chunked) {
        video_index_free(&r->chunked->index[0]);
        video_index_free(&r->chunked->index[1]);
        free(r->chunked);
    }
    video_input_close(&r->ref);
    video_input_close(&r->dist);
    video_cuda_device_close(&r->device); /* after the decoders on it */
    cli_free(&r->cli);
}

/* --from_outputs: the pair's scores from its JSON output into a context of
 * their own, for the report; its inputs opened only to be described. */
static int report_from_output(Run *r)
{
    const char *path = r->cli.output_path;
    if (!path)
        return report(r, "--from_outputs: the line names no output to read");
    int err = open_inputs(r);
    if (err)
        return err;
    char *text = NULL;
    size_t len = 0;
    FILE *f = fopen(path, "rb");
    err = f ? read_all(f, SIZE_MAX / 4, &text, &len) : -errno;
    if (f)
        fclose(f);
    if (err)
        return report(r, "--from_outputs: cannot read \"%s\" (%s): not scored yet?", path,
                      strerror(-err));
    err = vmaf_init(&r->vmaf, context_config(r));
    if (!err)
        err = scores_json_import(r->vmaf, text, len, &r->frames);
    free(text);
    if (err == -EINVAL)
        return report(r, "--from_outputs: \"%s\" is not a whole JSON output of vmaf", path);
    if (err)
        return report(r, "--from_outputs: \"%s\": %s", path, strerror(-err));
    if (!r->frames)
        return report(r, "--from_outputs: \"%s\" holds no frame", path);
    return add_to_report(r);
}

/* One line of a batch: the command line's settings, parsed afresh (the
 * library takes each pair's feature options), with the line's paths. */
static int score_line(void *opaque, Batch *b, const BatchPair *pair, unsigned worker)
{
    const Shared *shared = opaque;
    Run *r = calloc(1, sizeof(*r));
    if (!r) {
        batch_message(b, pair->line, "out of memory");
        return EXIT_RUNTIME;
    }
    pthread_mutex_lock(&parse_lock);
    int status = cli_parse(&r->cli, shared->argc, shared->argv);
    pthread_mutex_unlock(&parse_lock);
    r->tty = shared->tty;
    r->batch = b;
    r->line = pair->line;
    r->slot = worker;
    r->shared = shared;
    r->cli.batch_path = NULL;
    r->cli.path_ref = pair->ref;
    r->cli.path_dist = pair->dist;
    r->cli.output_path = pair->output;
    r->group = pair->group;
    r->kbps = pair->kbps;
    status = status                ? report(r, "%s", r->cli.error)
             : r->cli.from_outputs ? report_from_output(r)
                                   : run(r);
    if (status && shared->report &&
        report_add_failure(shared->report, pair->line, pair->ref, pair->dist, r->last_error))
        batch_message(b, pair->line, "out of memory");
    release(r);
    free(r);
    return status;
}

#if defined(VMAF_HAVE_CUDA) || defined(VMAF_HAVE_HIP)
/* --backend auto's pairs without a usable CUDA device: HIP where a device
 * is usable (each pair's run makes its state), else the CPU, which it says. */
static int batch_auto_without_cuda(const Run *r, Shared *shared)
{
#ifdef VMAF_HAVE_HIP
    VmafHipState *state;
    shared->auto_hip = !vmaf_hip_state_init(&state, (VmafHipConfiguration){(int)r->cli.gpu_device});
    if (shared->auto_hip)
        vmaf_hip_state_free(state);
#endif
    if (!shared->auto_hip && !r->cli.quiet)
        fputs("vmaf: no usable GPU device: features run on the CPU\n", stderr);
    return 0;
}
#endif

/* The backend, once for every pair: NULL state for the CPU. */
static int batch_backend(Run *r, Shared *shared)
{
#ifdef VMAF_HAVE_CUDA
    /* The SYCL and HIP backends' runs each make their own state
     * (select_sycl(), select_hip()). */
    if (r->cli.backend != CLI_BACKEND_AUTO && r->cli.backend != CLI_BACKEND_CUDA)
        return 0;
    VmafCudaState *state;
    VmafCudaConfiguration cfg = {.device_index = (int)r->cli.gpu_device};
    int err = vmaf_cuda_state_init(&state, cfg);
    if (err == -ENODEV && r->cli.backend == CLI_BACKEND_AUTO)
        return batch_auto_without_cuda(r, shared);
    if (err == -ENODEV)
        return report(r, "--backend cuda: no usable CUDA device; --backend auto or cpu scores on "
                         "the CPU");
    if (err)
        return report(r, "could not set up the CUDA backend (%s)", strerror(-err));
    shared->cuda_state = state;
#else
    if (r->cli.backend == CLI_BACKEND_CUDA)
        return report(r, "--backend cuda: this build has no CUDA backend (it was built without "
                         "a CUDA compiler); --backend auto or cpu scores on the CPU");
#ifdef VMAF_HAVE_HIP
    if (r->cli.backend == CLI_BACKEND_AUTO)
        return batch_auto_without_cuda(r, shared);
#endif
    (void)shared;
#endif
    return 0;
}

/* Whether the output at path is a whole one of the format asked for: a
 * regular file whose end is the format's (outputs are renamed into place
 * once written, so this catches only files cut short by other means). */
static bool output_complete(const char *path, void *opaque)
{
    const enum VmafOutputFormat fmt = *(const enum VmafOutputFormat *)opaque;
    struct stat st;
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char tail[16] = "";
    size_t n = 0;
    if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode) && st.st_size > 0) {
        n = st.st_size < 15 ? (size_t)st.st_size : 15;
        if (fseek(f, -(long)n, SEEK_END) || fread(tail, 1, n, f) != n)
            n = 0;
    }
    fclose(f);
    tail[n] = '\0';
    if (!n || tail[n - 1] != '\n')
        return false;
    switch (fmt) {
    case VMAF_OUTPUT_FORMAT_XML:
        return n >= 8 && !strcmp(tail + n - 8, "</VMAF>\n");
    case VMAF_OUTPUT_FORMAT_JSON:
        return n >= 2 && !strcmp(tail + n - 2, "}\n");
    default:
        return true;
    }
}

/* --slice and --resume: the pairs of the list this process scores. */
static int narrow_batch(Run *r, Batch *b)
{
    const unsigned listed = batch_pair_count(b);
    if (r->cli.slice_count && batch_slice(b, r->cli.slice_index, r->cli.slice_count))
        return report(r, "out of memory");
    const unsigned sliced = batch_pair_count(b);
    const unsigned done =
        r->cli.resume ? batch_skip_done(b, output_complete, &r->cli.output_fmt) : 0;
    if (!r->cli.quiet && (r->cli.slice_count || r->cli.resume))
        fprintf(stderr, "vmaf: %u of %u lines in slice %u/%u, %u of them already scored\n", sliced,
                listed, r->cli.slice_index, r->cli.slice_count ? r->cli.slice_count : 1, done);
    return 0;
}

/* The list's refused lines, as the report's failures. */
static int report_bad_lines(Report *rep, const Batch *b)
{
    for (unsigned i = 0; i < batch_bad_count(b); i++) {
        const char *why;
        const unsigned line = batch_bad_line(b, i, &why);
        int err = report_add_failure(rep, line, NULL, NULL, why);
        if (err)
            return err;
    }
    return 0;
}

/* --batch: the models loaded and the device set up once, then each line's
 * pair scored by --jobs workers, each into a context of its own. */
static int run_batch(Run *r, int argc, char *argv[])
{
    Shared shared = {.argc = argc, .argv = argv, .tty = r->tty};
    Batch *b;
    char error[VIDEO_INPUT_ERROR_SIZE];
    if (batch_open(&b, r->cli.batch_path, error, sizeof(error)))
        return report(r, "%s", error);
    if (narrow_batch(r, b)) {
        batch_close(b);
        return EXIT_RUNTIME;
    }
    /* A context of no pair: what takes none (loading models, finding the
     * device) logs at its level. */
    int status = vmaf_init(&r->vmaf, context_config(r));
    if (status)
        status = report(r, "could not initialise the VMAF context (%s)", strerror(-status));
    status = status ? status : open_report(r, &shared.report, NULL, NULL);
    /* --from_outputs scores nothing: no models, no device. */
    if (!r->cli.from_outputs) {
        status = status ? status : load_models(r, &shared.models);
        status = status ? status : batch_backend(r, &shared);
    }
    if (!status) {
        const unsigned jobs = r->cli.jobs ? r->cli.jobs : shared.cuda_state ? 4 : 2;
        if (interactive(r))
            fprintf(stderr, "VMAF version %s: %u pairs, %u at once%s\n", vmaf_version(),
                    batch_pair_count(b), jobs, shared.cuda_state ? ", CUDA" : "");
        const unsigned failed =
            batch_run(b, jobs, score_line, &shared, interactive(r) ? stderr : NULL);
        status = failed ? EXIT_RUNTIME : 0;
        if (shared.report) {
            int err = report_bad_lines(shared.report, b) ? report(r, "out of memory") : 0;
            err = err ? err : write_report(r, shared.report);
            status = err ? err : status;
        }
    }
    pending_report = NULL;
    report_close(&shared.report);
    batch_close(b);
    free_models(&shared.models);
#ifdef VMAF_HAVE_CUDA
    vmaf_cuda_state_free(shared.cuda_state);
#endif
    return status;
}

int main(int argc, char *argv[])
{
    Run *r = calloc(1, sizeof(*r));
    if (!r) {
        fputs("vmaf: out of memory\n", stderr);
        return EXIT_RUNTIME;
    }
    r->tty = isatty(fileno(stderr));
    r->argc = argc;
    r->argv = argv;

    int status;
    if (cli_parse(&r->cli, argc, argv)) {
        fprintf(stderr, "vmaf: %s (see --help)\n", r->cli.error);
        status = EXIT_USAGE;
    } else if (r->cli.action == CLI_ACTION_HELP) {
        cli_print_usage(stdout, argv[0]);
        status = EXIT_SUCCESS;
    } else if (r->cli.action == CLI_ACTION_VERSION) {
        fprintf(stderr, "%s\n", vmaf_version());
        status = EXIT_SUCCESS;
    } else if (r->cli.batch_path) {
        status = run_batch(r, argc, argv);
    } else {
        status = run(r);
    }
    release(r);
    free(r);
    return status;
}

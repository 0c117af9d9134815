/* Model internals (Netflix's JSON model format, nu-SVR with an RBF kernel). */
#ifndef VMAF_MODEL_MODEL_H
#define VMAF_MODEL_MODEL_H

#include <stdbool.h>

#include "libvmaf/model.h"
#include "core/dict.h"

typedef struct VmafModelFeature {
    char *name;                /* provided feature name, e.g. VMAF_integer_feature_adm2_score */
    VmafDictionary *opts_dict; /* per-feature extractor options, may be NULL */
    double slope, intercept;   /* normalisation of this feature */
    /* The name its extractor writes it under with opts_dict (option
     * suffixes included), bound at load and at each overload. NULL when no
     * extractor provides the feature, or name_err when it refuses the
     * options: as in libvmaf such a model loads, and prediction (or the
     * context, registering the extractor) says what is wrong. */
    char *collected_name;
    int name_err;
} VmafModelFeature;

/* Binds every feature's collected_name from its name and opts_dict.
 * -ENOMEM only. */
int vmaf_model_bind_feature_names(VmafModel *model);

/* The context reaches the features through these accessors; only src/model/
 * uses the structs below. */
unsigned vmaf_model_feature_count(const VmafModel *model);
const VmafModelFeature *vmaf_model_feature(const VmafModel *model, unsigned i);
const char *vmaf_model_name(const VmafModel *model);

unsigned vmaf_model_collection_count(const VmafModelCollection *c);
VmafModel *vmaf_model_collection_member(const VmafModelCollection *c, unsigned i);
const char *vmaf_model_collection_name(const VmafModelCollection *c);

/* More features than this are refused at load time (libvmaf's limit). */
#define VMAF_MODEL_MAX_FEATURES 64

enum VmafModelType {
    VMAF_MODEL_TYPE_SVM_NUSVR,                   /* "LIBSVMNUSVR" */
    VMAF_MODEL_TYPE_BOOTSTRAP_SVM_NUSVR,         /* "BOOTSTRAP_LIBSVMNUSVR" */
    VMAF_MODEL_TYPE_RESIDUE_BOOTSTRAP_SVM_NUSVR, /* "RESIDUEBOOTSTRAP_LIBSVMNUSVR" */
};

enum VmafModelNormalization {
    VMAF_MODEL_NORMALIZATION_NONE,           /* "none" */
    VMAF_MODEL_NORMALIZATION_LINEAR_RESCALE, /* "linear_rescale" */
};

typedef struct VmafModelKnot {
    double x, y;
} VmafModelKnot;

/* Optional mapping of the de-normalised prediction (score_transform). */
typedef struct VmafModelTransform {
    bool enabled;
    struct {
        bool enabled;
        double value;
    } p0, p1, p2; /* polynomial p0 + p1*y + p2*y*y over the enabled terms */
    bool knots_enabled;
    VmafModelKnot *knot; /* piecewise linear mapping */
    unsigned knot_cnt;
    bool out_lte_in, out_gte_in; /* rectification against the input */
} VmafModelTransform;

/* The libsvm nu-SVR with an RBF kernel:
 * sum_j coef[j] * exp(-gamma * |x - sv_j|^2) - rho. */
typedef struct VmafModelSvm {
    double gamma, rho;
    unsigned sv_cnt;
    double *coef; /* sv_cnt */
    /* sv_cnt rows of one value per model feature. libsvm stores the vectors
     * sparsely; an absent component is 0 here, which gives the same squared
     * distance bit for bit: (x - 0)^2 is exactly x^2, summed in index order. */
    double *sv;
} VmafModelSvm;

struct VmafModel {
    char *name; /* the name its score is written under */
    enum VmafModelType type;
    enum VmafModelNormalization norm;
    double slope, intercept; /* element 0 of slopes/intercepts: de-normalises the output */
    VmafModelFeature *feature;
    unsigned feature_cnt;
    struct {
        bool enabled;
        double min, max;
    } clip;
    struct {
        bool enabled; /* chroma_correction_parameter is present */
        double parameter;
    } chroma_correction;
    VmafModelTransform transform;
    VmafModelSvm svm;
};

struct VmafModelCollection {
    VmafModel **model; /* JSON members "1".."N", named <name>_0001.. */
    unsigned cnt;
    enum VmafModelType type;
    char *name;
};

#endif

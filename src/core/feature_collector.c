#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "feature_collector.h"
#include "log.h"

int vmaf_feature_collector_init(VmafFeatureCollector **fc)
{
    VmafFeatureCollector *c = calloc(1, sizeof(*c));
    if (!c)
        return -ENOMEM;
    if (pthread_mutex_init(&c->lock, NULL)) {
        free(c);
        return -ENOMEM;
    }
    *fc = c;
    return 0;
}

void vmaf_feature_collector_destroy(VmafFeatureCollector *fc)
{
    if (!fc)
        return;
    for (unsigned i = 0; i < fc->cnt; i++) {
        free(fc->feature_vector[i]->name);
        free(fc->feature_vector[i]->score);
        free(fc->feature_vector[i]);
    }
    free(fc->feature_vector);
    for (unsigned i = 0; i < fc->aggregate_cnt; i++)
        free(fc->aggregate[i].name);
    free(fc->aggregate);
    pthread_mutex_destroy(&fc->lock);
    free(fc);
}

static int find_slot(const VmafFeatureCollector *fc, const char *name, unsigned *slot)
{
    for (unsigned i = 0; i < fc->cnt; i++) {
        if (!strcmp(fc->feature_vector[i]->name, name)) {
            *slot = i;
            return 0;
        }
    }
    return -ENOENT;
}

static FeatureVector *find_vector(VmafFeatureCollector *fc, const char *name)
{
    unsigned slot;
    return find_slot(fc, name, &slot) ? NULL : fc->feature_vector[slot];
}

static FeatureVector *add_vector(VmafFeatureCollector *fc, const char *name)
{
    if (fc->cnt == fc->capacity) {
        unsigned capacity = fc->capacity ? fc->capacity * 2 : 16;
        FeatureVector **v = realloc(fc->feature_vector, capacity * sizeof(*v));
        if (!v)
            return NULL;
        fc->feature_vector = v;
        fc->capacity = capacity;
    }
    FeatureVector *fv = calloc(1, sizeof(*fv));
    if (!fv)
        return NULL;
    fv->name = strdup(name);
    fv->capacity = 8;
    fv->score = calloc(fv->capacity, sizeof(*fv->score));
    if (!fv->name || !fv->score) {
        free(fv->name);
        free(fv->score);
        free(fv);
        return NULL;
    }
    fc->feature_vector[fc->cnt++] = fv;
    return fv;
}

static int grow_vector(FeatureVector *fv, unsigned index)
{
    unsigned capacity = fv->capacity;
    while (capacity <= index) {
        if (capacity > (1u << 30))
            return -ENOMEM;
        capacity *= 2;
    }
    if (capacity == fv->capacity)
        return 0;
    void *score = realloc(fv->score, capacity * sizeof(*fv->score));
    if (!score)
        return -ENOMEM;
    fv->score = score;
    memset(&fv->score[fv->capacity], 0, (capacity - fv->capacity) * sizeof(*fv->score));
    fv->capacity = capacity;
    return 0;
}

/* The vector of name at *slot, or found, or added (then *slot is set). */
static FeatureVector *vector_at(VmafFeatureCollector *fc, const char *name, unsigned *slot)
{
    if (*slot < fc->cnt && !strcmp(fc->feature_vector[*slot]->name, name))
        return fc->feature_vector[*slot];
    if (!find_slot(fc, name, slot))
        return fc->feature_vector[*slot];
    FeatureVector *fv = add_vector(fc, name);
    if (fv)
        *slot = fc->cnt - 1;
    return fv;
}

int vmaf_feature_collector_append_at(VmafFeatureCollector *fc, const char *name, unsigned *slot,
                                     double value, unsigned index)
{
    if (!fc || !name || !slot)
        return -EINVAL;
    int err = 0;
    pthread_mutex_lock(&fc->lock);
    clock_t now = clock();
    if (!fc->timer.started) {
        fc->timer.begin = now;
        fc->timer.started = true;
    }
    fc->timer.end = now;

    FeatureVector *fv = vector_at(fc, name, slot);
    if (!fv) {
        err = -ENOMEM;
        goto unlock;
    }
    if ((err = grow_vector(fv, index)))
        goto unlock;
    if (fv->score[index].written) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "feature %s, frame %u: already written", name, index);
        err = -EINVAL;
        goto unlock;
    }
    fv->score[index].written = true;
    fv->score[index].value = value;
unlock:
    pthread_mutex_unlock(&fc->lock);
    return err;
}

int vmaf_feature_collector_append(VmafFeatureCollector *fc, const char *name, double value,
                                  unsigned index)
{
    unsigned slot = VMAF_FEATURE_SLOT_NONE;
    return vmaf_feature_collector_append_at(fc, name, &slot, value, index);
}

int vmaf_feature_collector_get_score(VmafFeatureCollector *fc, const char *name, double *value,
                                     unsigned index)
{
    if (!fc || !name || !value)
        return -EINVAL;
    int err = -EINVAL;
    pthread_mutex_lock(&fc->lock);
    FeatureVector *fv = find_vector(fc, name);
    if (fv && index < fv->capacity && fv->score[index].written) {
        *value = fv->score[index].value;
        err = 0;
    }
    pthread_mutex_unlock(&fc->lock);
    return err;
}

int vmaf_feature_collector_set_aggregate(VmafFeatureCollector *fc, const char *name, double value)
{
    if (!fc || !name)
        return -EINVAL;
    int err = 0;
    pthread_mutex_lock(&fc->lock);
    for (unsigned i = 0; i < fc->aggregate_cnt; i++) {
        if (!strcmp(fc->aggregate[i].name, name)) {
            fc->aggregate[i].value = value;
            goto unlock;
        }
    }
    if (fc->aggregate_cnt == fc->aggregate_capacity) {
        unsigned capacity = fc->aggregate_capacity ? fc->aggregate_capacity * 2 : 8;
        AggregateMetric *a = realloc(fc->aggregate, capacity * sizeof(*a));
        if (!a) {
            err = -ENOMEM;
            goto unlock;
        }
        fc->aggregate = a;
        fc->aggregate_capacity = capacity;
    }
    char *n = strdup(name);
    if (!n) {
        err = -ENOMEM;
        goto unlock;
    }
    fc->aggregate[fc->aggregate_cnt++] = (AggregateMetric){.name = n, .value = value};
unlock:
    pthread_mutex_unlock(&fc->lock);
    return err;
}

int vmaf_feature_collector_get_aggregate(VmafFeatureCollector *fc, const char *name, double *value)
{
    if (!fc || !name || !value)
        return -EINVAL;
    int err = -EINVAL;
    pthread_mutex_lock(&fc->lock);
    for (unsigned i = 0; i < fc->aggregate_cnt; i++) {
        if (!strcmp(fc->aggregate[i].name, name)) {
            *value = fc->aggregate[i].value;
            err = 0;
            break;
        }
    }
    pthread_mutex_unlock(&fc->lock);
    return err;
}

int vmaf_feature_collector_import(VmafFeatureCollector *dst, VmafFeatureCollector *src,
                                  unsigned first, unsigned count, unsigned at)
{
    if (!dst || !src || dst == src)
        return -EINVAL;
    int err = 0;
    pthread_mutex_lock(&src->lock);
    if (src->aggregate_cnt) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR,
                 "%s is a total over every frame scored: frames scored in pieces cannot make it",
                 src->aggregate[0].name);
        err = -ENOTSUP;
    }
    for (unsigned j = 0; !err && j < src->cnt; j++) {
        const FeatureVector *fv = src->feature_vector[j];
        unsigned slot = VMAF_FEATURE_SLOT_NONE;
        for (unsigned i = first; !err && i - first < count && i < fv->capacity; i++)
            if (fv->score[i].written)
                err = vmaf_feature_collector_append_at(dst, fv->name, &slot, fv->score[i].value,
                                                       at + (i - first));
    }
    pthread_mutex_unlock(&src->lock);
    return err;
}

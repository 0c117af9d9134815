/* The feature collector's slot path (vmaf_feature_collector_append_at):
 * the slot found once is reused, and a slot that names another vector
 * (another collector's) is looked up again, never written through; one
 * collector's frames imported into another, aggregates refused. */
#include <errno.h>

#include "core/feature_collector.h"
#include "test.h"

static void test_slot_is_found_once_and_reused(void)
{
    VmafFeatureCollector *fc;
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc), 0);
    unsigned a = VMAF_FEATURE_SLOT_NONE, b = VMAF_FEATURE_SLOT_NONE;
    CHECK_EQ_INT(vmaf_feature_collector_append_at(fc, "a", &a, 1.0, 0), 0);
    CHECK_EQ_INT(vmaf_feature_collector_append_at(fc, "b", &b, 2.0, 0), 0);
    CHECK_EQ_INT(a, 0);
    CHECK_EQ_INT(b, 1);
    CHECK_EQ_INT(vmaf_feature_collector_append_at(fc, "a", &a, 3.0, 1), 0);
    CHECK_EQ_INT(vmaf_feature_collector_append_at(fc, "a", &a, 4.0, 1), -EINVAL);
    double v = 0;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, "a", &v, 1), 0);
    CHECK(v == 3.0);
    CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, "b", &v, 0), 0);
    CHECK(v == 2.0);
    vmaf_feature_collector_destroy(fc);
}

static void test_stale_slot_is_looked_up(void)
{
    VmafFeatureCollector *fc;
    CHECK_EQ_INT(vmaf_feature_collector_init(&fc), 0);
    unsigned x = VMAF_FEATURE_SLOT_NONE;
    CHECK_EQ_INT(vmaf_feature_collector_append(fc, "x", 1.0, 0), 0);
    CHECK_EQ_INT(vmaf_feature_collector_append(fc, "y", 2.0, 0), 0);
    /* A slot of "y" in some other collector: slot 0 here is "x". */
    unsigned y = 0;
    CHECK_EQ_INT(vmaf_feature_collector_append_at(fc, "y", &y, 5.0, 1), 0);
    CHECK_EQ_INT(y, 1);
    unsigned z = 7; /* past the end */
    CHECK_EQ_INT(vmaf_feature_collector_append_at(fc, "z", &z, 6.0, 0), 0);
    CHECK_EQ_INT(z, 2);
    double v = 0;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, "y", &v, 1), 0);
    CHECK(v == 5.0);
    CHECK_EQ_INT(vmaf_feature_collector_get_score(fc, "x", &v, 1), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_collector_append_at(fc, "x", &x, 7.0, 1), 0);
    CHECK_EQ_INT(x, 0);
    CHECK_EQ_INT(vmaf_feature_collector_append_at(NULL, "x", &x, 7.0, 2), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_collector_append_at(fc, "x", NULL, 7.0, 2), -EINVAL);
    vmaf_feature_collector_destroy(fc);
}

static void test_import_range_and_aggregates(void)
{
    VmafFeatureCollector *src, *dst;
    CHECK_EQ_INT(vmaf_feature_collector_init(&src), 0);
    CHECK_EQ_INT(vmaf_feature_collector_init(&dst), 0);
    for (unsigned i = 0; i < 8; i++)
        CHECK_EQ_INT(vmaf_feature_collector_append(src, "a", i + 0.25, i), 0);
    /* A gap: frame 5 of "b" was never written, and stays unwritten. */
    CHECK_EQ_INT(vmaf_feature_collector_append(src, "b", 7.0, 4), 0);
    CHECK_EQ_INT(vmaf_feature_collector_append(src, "b", 8.0, 6), 0);
    CHECK_EQ_INT(vmaf_feature_collector_import(dst, src, 4, 3, 20), 0);
    double v = 0;
    CHECK_EQ_INT(vmaf_feature_collector_get_score(dst, "a", &v, 22), 0);
    CHECK(v == 6.25);
    CHECK_EQ_INT(vmaf_feature_collector_get_score(dst, "a", &v, 23), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_collector_get_score(dst, "b", &v, 20), 0);
    CHECK(v == 7.0);
    CHECK_EQ_INT(vmaf_feature_collector_get_score(dst, "b", &v, 21), -EINVAL);
    CHECK_EQ_INT(vmaf_feature_collector_get_score(dst, "b", &v, 22), 0);
    CHECK(v == 8.0);
    CHECK_EQ_INT(dst->cnt, 2);
    CHECK_EQ_INT(vmaf_feature_collector_set_aggregate(src, "total", 1.0), 0);
    CHECK_EQ_INT(vmaf_feature_collector_import(dst, src, 0, 2, 0), -ENOTSUP);
    CHECK_EQ_INT(vmaf_feature_collector_get_score(dst, "a", &v, 0), -EINVAL);
    vmaf_feature_collector_destroy(src);
    vmaf_feature_collector_destroy(dst);
}

TEST_MAIN("feature_collector",
          {"slot_is_found_once_and_reused", test_slot_is_found_once_and_reused},
          {"stale_slot_is_looked_up", test_stale_slot_is_looked_up},
          {"import_range_and_aggregates", test_import_range_and_aggregates})

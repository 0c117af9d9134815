#include <errno.h>
#include <stddef.h>

#include "test.h"

#include "core/dict.h"
#include "core/opt.h"

static void test_numbers_are_normalised(void)
{
    VmafDictionary *d = NULL;
    CHECK_EQ_INT(vmaf_feature_dictionary_set(&d, "a", "1.0"), 0);
    CHECK_EQ_INT(vmaf_feature_dictionary_set(&d, "b", "0.50"), 0);
    CHECK_EQ_INT(vmaf_feature_dictionary_set(&d, "c", "bilinear"), 0);
    CHECK_EQ_INT(vmaf_feature_dictionary_set(&d, "d", "1e3"), 0);
    CHECK(!strcmp(vmaf_dictionary_get(d, "a"), "1"));
    CHECK(!strcmp(vmaf_dictionary_get(d, "b"), "0.5"));
    CHECK(!strcmp(vmaf_dictionary_get(d, "c"), "bilinear"));
    CHECK(!strcmp(vmaf_dictionary_get(d, "d"), "1000"));
    CHECK(vmaf_dictionary_get(d, "e") == NULL);
    CHECK_EQ_INT(vmaf_feature_dictionary_set(&d, "a", "2"), 0);
    CHECK(!strcmp(vmaf_dictionary_get(d, "a"), "2"));
    CHECK_EQ_INT(d->cnt, 4);
    vmaf_feature_dictionary_free(&d);
    CHECK(d == NULL);
}

static void test_copy_merge_equal(void)
{
    VmafDictionary *a = NULL, *b = NULL;
    vmaf_feature_dictionary_set(&a, "x", "1");
    vmaf_feature_dictionary_set(&a, "y", "2");
    CHECK_EQ_INT(vmaf_dictionary_copy(a, &b), 0);
    CHECK(vmaf_dictionary_equal(a, b));
    vmaf_feature_dictionary_set(&b, "y", "3");
    CHECK(!vmaf_dictionary_equal(a, b));
    CHECK_EQ_INT(vmaf_dictionary_merge(&a, b), 0);
    CHECK(vmaf_dictionary_equal(a, b));
    CHECK(vmaf_dictionary_equal(NULL, NULL));
    vmaf_feature_dictionary_free(&a);
    vmaf_feature_dictionary_free(&b);
}

typedef struct State {
    bool flag;
    int n;
    double x;
    const char *s;
} State;

static const VmafOption options[] = {
    {.name = "flag", .offset = offsetof(State, flag), .type = VMAF_OPT_TYPE_BOOL},
    {.name = "count",
     .alias = "n",
     .offset = offsetof(State, n),
     .type = VMAF_OPT_TYPE_INT,
     .default_val.i = 3,
     .min = 0,
     .max = 10},
    {.name = "gain",
     .offset = offsetof(State, x),
     .type = VMAF_OPT_TYPE_DOUBLE,
     .default_val.d = 100.0,
     .min = 1.0,
     .max = 100.0},
    {.name = "mode",
     .offset = offsetof(State, s),
     .type = VMAF_OPT_TYPE_STRING,
     .default_val.s = "a"},
    {0},
};

static int apply(const char *key, const char *val, State *s)
{
    VmafDictionary *d = NULL;
    if (key)
        vmaf_feature_dictionary_set(&d, key, val);
    int err = vmaf_options_apply("test", options, s, d);
    vmaf_feature_dictionary_free(&d);
    return err;
}

static void test_options(void)
{
    State s;
    CHECK_EQ_INT(apply(NULL, NULL, &s), 0);
    CHECK(!s.flag && s.n == 3 && s.x == 100.0 && !strcmp(s.s, "a"));
    CHECK_EQ_INT(apply("flag", "true", &s), 0);
    CHECK(s.flag);
    CHECK_EQ_INT(apply("n", "7", &s), 0);
    CHECK_EQ_INT(s.n, 7);
    CHECK_EQ_INT(apply("gain", "1.0", &s), 0);
    CHECK(s.x == 1.0);
    /* Every bad value is refused, not read as 0 the way atoi would. */
    CHECK_EQ_INT(apply("flag", "yes", &s), -EINVAL);
    CHECK_EQ_INT(apply("count", "11", &s), -EINVAL);
    CHECK_EQ_INT(apply("count", "2.5", &s), -EINVAL);
    CHECK_EQ_INT(apply("count", "abc", &s), -EINVAL);
    CHECK_EQ_INT(apply("gain", "0.5", &s), -EINVAL);
    CHECK_EQ_INT(apply("gain", "nan", &s), -EINVAL);
    CHECK_EQ_INT(apply("gain", "1e999", &s), -EINVAL);
    CHECK_EQ_INT(apply("nosuch", "1", &s), -EINVAL);
}

TEST_MAIN("dict", {"numbers_are_normalised", test_numbers_are_normalised},
          {"copy_merge_equal", test_copy_merge_equal}, {"options", test_options})

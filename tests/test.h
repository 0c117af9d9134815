/* A minimal test harness: each test is a function returning the number of
 * failed checks; main() runs them and prints one line per test. */
#ifndef VMAF_TESTS_TEST_H
#define VMAF_TESTS_TEST_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int test_failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            test_failures++;                                                                       \
        }                                                                                          \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                         \
    do {                                                                                           \
        long long a_ = (long long)(a), b_ = (long long)(b);                                        \
        if (a_ != b_) {                                                                            \
            fprintf(stderr, "%s:%d: %s == %lld, expected %lld\n", __FILE__, __LINE__, #a, a_, b_); \
            test_failures++;                                                                       \
        }                                                                                          \
    } while (0)

/* Equal when both print the same with %.6f, the precision libvmaf prints. */
#define CHECK_EQ_6(a, b)                                                                           \
    do {                                                                                           \
        char sa_[64], sb_[64];                                                                     \
        snprintf(sa_, sizeof(sa_), "%.6f", (double)(a));                                           \
        snprintf(sb_, sizeof(sb_), "%.6f", (double)(b));                                           \
        if (strcmp(sa_, sb_)) {                                                                    \
            fprintf(stderr, "%s:%d: %s == %s, expected %s\n", __FILE__, __LINE__, #a, sa_, sb_);   \
            test_failures++;                                                                       \
        }                                                                                          \
    } while (0)

#define CHECK_NEAR(a, b, eps)                                                                      \
    do {                                                                                           \
        double a_ = (a), b_ = (b);                                                                 \
        if (!(fabs(a_ - b_) <= (eps))) {                                                           \
            fprintf(stderr, "%s:%d: %s == %.17g, expected %.17g\n", __FILE__, __LINE__, #a, a_,    \
                    b_);                                                                           \
            test_failures++;                                                                       \
        }                                                                                          \
    } while (0)

typedef void (*test_fn)(void);

struct test_case {
    const char *name;
    test_fn fn;
};

/* The next 24 bits of a linear congruential generator, *state advanced:
 * content a test makes the same way every run. */
static inline uint32_t test_next_random(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

static inline int run_tests(const char *suite, const struct test_case *cases)
{
    int failed = 0;
    for (const struct test_case *c = cases; c->name; c++) {
        int before = test_failures;
        c->fn();
        int bad = test_failures != before;
        printf("%s %s.%s\n", bad ? "FAIL" : "ok  ", suite, c->name);
        failed += bad;
    }
    return failed ? 1 : 0;
}

#define TEST_MAIN(suite, ...)                                                                      \
    int main(void)                                                                                 \
    {                                                                                              \
        static const struct test_case cases[] = {__VA_ARGS__, {NULL, NULL}};                       \
        return run_tests(suite, cases);                                                            \
    }

#endif

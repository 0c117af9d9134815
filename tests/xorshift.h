/* The tests' pseudo-random numbers: xorshift64 over a state the test sets,
 * so that every run draws the same terms. */
#ifndef VMAF_TESTS_XORSHIFT_H
#define VMAF_TESTS_XORSHIFT_H

#include <stdint.h>

static uint64_t rng_state;

static inline uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* In [0, 1), in steps of 2^-53. */
static inline double uniform(void)
{
    return (double)(rng() >> 11) * 0x1p-53;
}

#endif

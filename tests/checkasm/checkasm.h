/* checkasm: every SIMD variant of a DSP table against its C reference, bit
 * for bit, on random inputs and sizes (border widths included), and with
 * --bench the cycles per call of each.
 *
 * Each metric has one file, checkasm_<metric>.c, with one entry point
 * listed in checkasm.c. An entry point, for each variant level the CPU has:
 *
 *     FooDsp c, v;
 *     foo_dsp_init(&c, 0);
 *     foo_dsp_init(&v, level->flags);
 *     if (checkasm_begin("foo_stage", level, v.stage != c.stage)) {
 *         ... run c.stage and v.stage on the same random input ...
 *         if (outputs differ)
 *             checkasm_fail("w=%d h=%d: first difference at x=%d y=%d", ...);
 *         CHECKASM_BENCH(c.stage(args), v.stage(args));
 *         checkasm_end();
 *     }
 *
 * A function a level does not override is skipped (and counted), so a
 * table that no variant fills is visible in the report. */
#ifndef VMAF_TESTS_CHECKASM_H
#define VMAF_TESTS_CHECKASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/cpu.h"

/* A variant level: the flags it is initialised with, each level alone but
 * for avx512icl, which extends avx512. */
typedef struct CheckasmLevel {
    const char *name; /* "avx2", "avx512", "avx512icl" */
    unsigned flags;   /* VMAF_X86_CPU_FLAG_* */
} CheckasmLevel;

/* The levels this CPU runs, ending with {NULL, 0}. */
const CheckasmLevel *checkasm_levels(void);

/* Starts the check of func at level; false when --function excludes it, or
 * (counting a skip) when the level has no variant of it (overridden false).
 * Reseeds the generator from the seed, func and level, so that inputs drawn
 * after it repeat alone with --seed and --function. */
bool checkasm_begin(const char *func, const CheckasmLevel *level, bool overridden);
/* Records a mismatch of the current function; printed with its name. */
void checkasm_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Ends the current function's check and prints its result line. */
void checkasm_end(void);

/* Deterministic per run (seed printed, --seed=N repeats a run). */
uint32_t checkasm_rand(void);
/* Uniform in [lo, hi]. */
int checkasm_rand_range(int lo, int hi);
/* Random samples of `bits` bits. */
void checkasm_fill_u8(uint8_t *p, size_t n);
void checkasm_fill_u16(uint16_t *p, size_t n, unsigned bits);
/* Random signed values in [-(2^(bits-1)), 2^(bits-1) - 1]. */
void checkasm_fill_s16(int16_t *p, size_t n, unsigned bits);
void checkasm_fill_s32(int32_t *p, size_t n, unsigned bits);

/* A float of either sign, any mantissa, magnitude 2^min_exp to 2^max_exp:
 * sums of such floats round differently in every order. */
float checkasm_rand_float(int min_exp, int max_exp);

/* true with --bench. */
bool checkasm_benchmarking(void);
/* Cycles (rdtsc) or nanoseconds where there is no cycle counter. */
uint64_t checkasm_timer(void);
/* Prints the fewest cycles per call (of CHECKASM_BENCH_RUNS) of the C and the variant call of the
 * current function. */
void checkasm_report_bench(uint64_t c_cycles, uint64_t simd_cycles);

#define CHECKASM_BENCH_RUNS 64
/* Times both calls when benchmarking; arguments are re-evaluated per run. */
#define CHECKASM_BENCH(c_call, simd_call)                                                          \
    do {                                                                                           \
        if (checkasm_benchmarking()) {                                                             \
            uint64_t best_c = UINT64_MAX, best_s = UINT64_MAX;                                     \
            for (int run_ = 0; run_ < CHECKASM_BENCH_RUNS; run_++) {                               \
                uint64_t t0_ = checkasm_timer();                                                   \
                c_call;                                                                            \
                uint64_t t1_ = checkasm_timer();                                                   \
                simd_call;                                                                         \
                uint64_t t2_ = checkasm_timer();                                                   \
                if (t1_ - t0_ < best_c)                                                            \
                    best_c = t1_ - t0_;                                                            \
                if (t2_ - t1_ < best_s)                                                            \
                    best_s = t2_ - t1_;                                                            \
            }                                                                                      \
            checkasm_report_bench(best_c, best_s);                                                 \
        }                                                                                          \
    } while (0)

/* Entry points, one per metric (checkasm_<metric>.c). */
void checkasm_check_vif(void);
void checkasm_check_adm(void);
void checkasm_check_motion(void);
void checkasm_check_psnr(void);
void checkasm_check_ssim(void);
void checkasm_check_float_common(void);
void checkasm_check_float_vif(void);
void checkasm_check_float_adm(void);
void checkasm_check_speed(void);
void checkasm_check_cambi(void);
void checkasm_check_ssimulacra2(void);

#endif

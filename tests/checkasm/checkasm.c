/* The checkasm driver: runs every metric's entry point at every level the
 * CPU has, counts and prints the results, and fails on any mismatch.
 *
 *     checkasm [--bench] [--seed=N] [--function=PATTERN]
 *
 * PATTERN is a shell glob (fnmatch) over function names. The generator is
 * reseeded from the seed, the function and the level at each
 * checkasm_begin(), so a failure seen in a full run repeats alone with
 * --seed and --function. */
#include <fnmatch.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define TIMER_UNIT "TSC cycles"
#else
#define TIMER_UNIT "nanoseconds"
#endif

#include "checkasm.h"

/* A metric whose checkasm_<metric>.c is not written yet is left out of the
 * build (tests/checkasm/CMakeLists.txt globs the files): its entry point
 * resolves to NULL and the summary lists it as not built. */
#pragma weak checkasm_check_vif
#pragma weak checkasm_check_adm
#pragma weak checkasm_check_motion
#pragma weak checkasm_check_psnr
#pragma weak checkasm_check_ssim
#pragma weak checkasm_check_float_common
#pragma weak checkasm_check_float_vif
#pragma weak checkasm_check_float_adm
#pragma weak checkasm_check_speed
#pragma weak checkasm_check_cambi
#pragma weak checkasm_check_ssimulacra2

static const struct {
    const char *metric;
    void (*check)(void);
} entry_points[] = {
    {"vif", checkasm_check_vif},
    {"adm", checkasm_check_adm},
    {"motion", checkasm_check_motion},
    {"psnr", checkasm_check_psnr},
    {"ssim", checkasm_check_ssim},
    {"float_common", checkasm_check_float_common},
    {"float_vif", checkasm_check_float_vif},
    {"float_adm", checkasm_check_float_adm},
    {"speed", checkasm_check_speed},
    {"cambi", checkasm_check_cambi},
    {"ssimulacra2", checkasm_check_ssimulacra2},
};

/* At most this many mismatch messages per function, so a broken variant
 * does not flood the log. */
#define MAX_FAIL_MESSAGES 4

static struct {
    bool bench;
    const char *pattern;
    uint32_t seed;
    uint64_t rng;

    unsigned checked, failed, skipped, not_built;

    /* the function being checked */
    const char *func;
    const CheckasmLevel *level;
    unsigned fail_messages;
    bool benched;
    uint64_t c_cycles, simd_cycles;
} state;

const CheckasmLevel *checkasm_levels(void)
{
    static const CheckasmLevel all[] = {
        {"avx2", VMAF_X86_CPU_FLAG_AVX2},
        {"avx512", VMAF_X86_CPU_FLAG_AVX512},
        {"avx512icl", VMAF_X86_CPU_FLAG_AVX512 | VMAF_X86_CPU_FLAG_AVX512ICL},
    };
    static CheckasmLevel present[sizeof(all) / sizeof(all[0]) + 1];
    static bool found;

    if (!found) {
        const unsigned flags = vmaf_get_cpu_flags();
        unsigned n = 0;
        for (unsigned i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if ((flags & all[i].flags) == all[i].flags)
                present[n++] = all[i];
        present[n] = (CheckasmLevel){NULL, 0};
        found = true;
    }
    return present;
}

/* FNV-1a, to mix names into the seed. */
static uint64_t hash_string(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3u;
    return h;
}

static void reseed(const char *func, const char *level)
{
    uint64_t h = 0xcbf29ce484222325u ^ state.seed;
    h = hash_string(h, func);
    h = hash_string(h * 0x100000001b3u, level);
    state.rng = h ? h : 1;
}

/* xorshift64*: fast, and every run with the same seed draws the same. */
uint32_t checkasm_rand(void)
{
    state.rng ^= state.rng >> 12;
    state.rng ^= state.rng << 25;
    state.rng ^= state.rng >> 27;
    return (uint32_t)((state.rng * 0x2545f4914f6cdd1du) >> 32);
}

int checkasm_rand_range(int lo, int hi)
{
    const uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;
    return (int)(lo + (int64_t)(checkasm_rand() % span));
}

void checkasm_fill_u8(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)checkasm_rand();
}

void checkasm_fill_u16(uint16_t *p, size_t n, unsigned bits)
{
    const uint32_t mask = (1u << bits) - 1;
    for (size_t i = 0; i < n; i++)
        p[i] = (uint16_t)(checkasm_rand() & mask);
}

void checkasm_fill_s16(int16_t *p, size_t n, unsigned bits)
{
    const int32_t offset = 1 << (bits - 1);
    const uint32_t mask = (1u << bits) - 1;
    for (size_t i = 0; i < n; i++)
        p[i] = (int16_t)((int32_t)(checkasm_rand() & mask) - offset);
}

float checkasm_rand_float(int min_exp, int max_exp)
{
    const float mantissa = 1.0f + (float)(checkasm_rand() >> 8) / 16777216.0f;
    const float x = ldexpf(mantissa, checkasm_rand_range(min_exp, max_exp));
    return checkasm_rand() & 1 ? x : -x;
}

void checkasm_fill_s32(int32_t *p, size_t n, unsigned bits)
{
    const int64_t offset = (int64_t)1 << (bits - 1);
    const uint64_t mask = ((uint64_t)1 << bits) - 1;
    for (size_t i = 0; i < n; i++)
        p[i] = (int32_t)((int64_t)(checkasm_rand() & mask) - offset);
}

bool checkasm_benchmarking(void)
{
    return state.bench;
}

uint64_t checkasm_timer(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

bool checkasm_begin(const char *func, const CheckasmLevel *level, bool overridden)
{
    if (state.func) {
        fprintf(stderr, "checkasm: %s began inside %s without checkasm_end()\n", func, state.func);
        exit(2);
    }
    if (state.pattern && fnmatch(state.pattern, func, 0))
        return false;
    if (!overridden) {
        printf("  %-28s %-9s skipped (no variant)\n", func, level->name);
        state.skipped++;
        return false;
    }
    state.func = func;
    state.level = level;
    state.fail_messages = 0;
    state.benched = false;
    reseed(func, level->name);
    return true;
}

void checkasm_fail(const char *fmt, ...)
{
    if (!state.func) {
        fprintf(stderr, "checkasm: checkasm_fail() outside a check\n");
        exit(2);
    }
    if (state.fail_messages++ >= MAX_FAIL_MESSAGES)
        return;
    va_list args;
    va_start(args, fmt);
    printf("  %-28s %-9s MISMATCH: ", state.func, state.level->name);
    vprintf(fmt, args);
    printf("\n");
    va_end(args);
}

void checkasm_report_bench(uint64_t c_cycles, uint64_t simd_cycles)
{
    state.benched = true;
    state.c_cycles = c_cycles;
    state.simd_cycles = simd_cycles;
}

void checkasm_end(void)
{
    if (!state.func) {
        fprintf(stderr, "checkasm: checkasm_end() outside a check\n");
        exit(2);
    }
    state.checked++;
    const bool failed = state.fail_messages > 0;
    if (failed)
        state.failed++;
    printf("  %-28s %-9s %s", state.func, state.level->name, failed ? "FAILED" : "ok");
    if (state.benched)
        printf("  c %10" PRIu64 "  simd %10" PRIu64 "  x%.2f", state.c_cycles, state.simd_cycles,
               state.simd_cycles ? (double)state.c_cycles / (double)state.simd_cycles : 0.0);
    printf("\n");
    fflush(stdout);
    state.func = NULL;
}

static int parse_args(int argc, char **argv)
{
    state.seed = (uint32_t)time(NULL);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--bench")) {
            state.bench = true;
        } else if (!strncmp(arg, "--seed=", 7)) {
            char *end;
            const unsigned long seed = strtoul(arg + 7, &end, 0);
            if (!arg[7] || *end || seed > UINT32_MAX)
                return -1;
            state.seed = (uint32_t)seed;
        } else if (!strncmp(arg, "--function=", 11) && arg[11]) {
            state.pattern = arg + 11;
        } else {
            return -1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (parse_args(argc, argv)) {
        fprintf(stderr, "usage: %s [--bench] [--seed=N] [--function=PATTERN]\n", argv[0]);
        return 2;
    }

    printf("checkasm: seed %" PRIu32 ", levels:", state.seed);
    const CheckasmLevel *levels = checkasm_levels();
    if (!levels->name)
        printf(" none (the CPU has no SIMD level with variants)");
    for (const CheckasmLevel *l = levels; l->name; l++)
        printf(" %s", l->name);
    printf("\n");
    if (state.bench)
        printf("checkasm: per call, the fewest of %d runs, in %s\n", CHECKASM_BENCH_RUNS,
               TIMER_UNIT);

    for (size_t i = 0; i < sizeof(entry_points) / sizeof(entry_points[0]); i++) {
        printf("%s:\n", entry_points[i].metric);
        if (!entry_points[i].check) {
            printf("  not built (no checkasm_%s.c)\n", entry_points[i].metric);
            state.not_built++;
            continue;
        }
        entry_points[i].check();
        if (state.func) {
            fprintf(stderr, "checkasm: %s left %s without checkasm_end()\n", entry_points[i].metric,
                    state.func);
            return 2;
        }
    }

    printf("checkasm: %u checked, %u failed, %u skipped, %u entry points not built (seed %" PRIu32
           ")\n",
           state.checked, state.failed, state.skipped, state.not_built, state.seed);
    return state.failed ? 1 : 0;
}

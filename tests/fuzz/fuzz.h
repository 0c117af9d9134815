/* Shared by the fuzz targets (tests/fuzz/fuzz_*.c). Each target defines
 * LLVMFuzzerTestOneInput; libFuzzer drives it in a VMAF_FUZZ build, and
 * replay.c runs it over checked-in and generated inputs in every build. */
#ifndef VMAF_TESTS_FUZZ_H
#define VMAF_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "input/input.h"

/* Frames larger than this are not read, only their headers: a picture of
 * the largest accepted size costs hundreds of MiB per input. */
#define FUZZ_MAX_FRAME_PIXELS (1u << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The library logs each rejected input; fuzzing would drown in it. */
void fuzz_silence_log(void);

/* Puts data in an in-memory file and returns a path that opens it, for
 * readers that take a path. Valid until the next call; aborts on failure,
 * which is the harness's, not the input's. */
const char *fuzz_input_path(const uint8_t *data, size_t size);

/* Reads every frame of an opened input into a picture of pic_bpc bits
 * (>= the input's), as the CLI does; stops at the first error. */
void fuzz_read_frames(VideoInput *in, unsigned pic_bpc);

#endif

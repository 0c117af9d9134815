/* The readers the probe picks without -w/-h/-p/-b: Y4M (stream header,
 * FRAME headers and frame payloads) and the PNM and PNG images (seeds of
 * each in seeds/y4m). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_silence_log();
    VideoInput in;
    if (video_input_open(&in, fuzz_input_path(data, size), NULL))
        return 0;
    fuzz_read_frames(&in, in.info.bpc);
    video_input_close(&in);
    return 0;
}

/* The Y4M reader: stream header, FRAME headers and frame payloads. */
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

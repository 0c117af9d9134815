#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/log.h"
#include "fuzz.h"

void fuzz_silence_log(void)
{
    vmaf_log_set_level(VMAF_LOG_LEVEL_NONE);
}

static void write_all(int fd, const uint8_t *data, size_t size)
{
    for (off_t at = 0; size;) {
        const ssize_t n = pwrite(fd, data, size, at);
        if (n <= 0) {
            perror("fuzz: writing the input file");
            abort();
        }
        data += n;
        at += n;
        size -= (size_t)n;
    }
}

const char *fuzz_input_path(const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char path[32];
    if (fd < 0) {
        fd = memfd_create("fuzz-input", MFD_CLOEXEC);
        if (fd < 0) {
            perror("fuzz: memfd_create");
            abort();
        }
        snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0)) {
        perror("fuzz: truncating the input file");
        abort();
    }
    write_all(fd, data, size);
    return path;
}

void fuzz_read_frames(VideoInput *in, unsigned pic_bpc)
{
    const VideoInfo *info = &in->info;
    if ((unsigned long long)info->w * info->h > FUZZ_MAX_FRAME_PIXELS)
        return;
    VmafPicture pic;
    if (vmaf_picture_alloc(&pic, info->pix_fmt, pic_bpc, info->w, info->h))
        abort(); /* the reader accepted a format the library cannot hold */
    while (video_input_read(in, &pic) == 1)
        ;
    vmaf_picture_unref(&pic);
}

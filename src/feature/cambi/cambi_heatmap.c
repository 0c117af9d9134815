#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "cambi_heatmap.h"
#include "core/log.h"

/* mkdir -p: every parent first; directories that exist already are fine. */
static int make_dirs(const char *dir)
{
    char *path = strdup(dir);
    if (!path)
        return -ENOMEM;
    int err = 0;
    for (char *p = path + 1; !err && *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(path, 0770) && errno != EEXIST)
            err = -errno;
        *p = '/';
    }
    if (!err && mkdir(path, 0770) && errno != EEXIST)
        err = -errno;
    free(path);
    return err;
}

int cambi_heatmaps_open(CambiHeatmaps *hm, const char *dir, unsigned w, unsigned h, int max_weight,
                        unsigned window)
{
    memset(hm, 0, sizeof(*hm));
    int err = make_dirs(dir);
    if (err) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cambi: could not create heatmaps_path %s: %s", dir,
                 strerror(-err));
        return err;
    }
    for (unsigned s = 0; s < CAMBI_SCALES; s++) {
        char path[4096];
        snprintf(path, sizeof(path), "%s/cambi_heatmap_scale_%u_%ux%u_16b.gray", dir, s, w, h);
        hm->file[s] = fopen(path, "w");
        if (!hm->file[s]) {
            err = -errno;
            vmaf_log(VMAF_LOG_LEVEL_ERROR, "cambi: could not open heatmap %s: %s", path,
                     strerror(errno));
            cambi_heatmaps_close(hm);
            return err;
        }
        w = (w + 1) >> 1;
        h = (h + 1) >> 1;
    }
    /* The largest c-value a window can produce, in the reference's integer
     * arithmetic. */
    const int max_c = max_weight * (int)window * (int)window / 4;
    hm->to_16bit = 65535.0 / max_c;
    return 0;
}

int cambi_heatmaps_write(const CambiHeatmaps *hm, unsigned scale, unsigned frame, const float *c,
                         unsigned w, unsigned h)
{
    FILE *f = hm->file[scale];
    uint16_t *row = malloc(w * sizeof(*row));
    if (!row)
        return -ENOMEM;
    int err = 0;
    /* Frame by frame at fixed offsets, so that frames may come in any order;
     * samples in the machine's byte order, as the reference writes them. */
    const off_t offset = (off_t)frame * h * w * sizeof(*row);
    if (fseeko(f, offset, SEEK_SET))
        err = -errno;
    for (unsigned i = 0; !err && i < h; i++) {
        for (unsigned j = 0; j < w; j++)
            row[j] = (uint16_t)(int)(hm->to_16bit * c[(size_t)i * w + j]);
        if (fwrite(row, sizeof(*row), w, f) != w)
            err = -EIO;
    }
    free(row);
    if (err)
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "cambi: could not write heatmap of scale %u", scale);
    return err;
}

void cambi_heatmaps_close(CambiHeatmaps *hm)
{
    for (unsigned s = 0; s < CAMBI_SCALES; s++) {
        if (hm->file[s])
            fclose(hm->file[s]);
        hm->file[s] = NULL;
    }
}

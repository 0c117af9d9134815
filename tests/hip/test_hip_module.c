/* The HIP module (src/hip/hip_module.h) as the library loads it: found (the
 * environment's VMAF_HIP_MODULE, set by ctest, names the build's), of this
 * build, with its device-API table and every twin's launchers filled in;
 * a library of another ABI or version refused; the architecture match the device check
 * makes; and, without an AMD GPU, the state's init refused with -ENODEV (on
 * one, the device named). */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "hip/hip_module.h"
#include "libvmaf/libvmaf_hip.h"
#include "test.h"

/* Every member of the table, as the function pointers they all are. */
static unsigned null_slots(const void *table, size_t size)
{
    unsigned n = 0;
    for (size_t off = 0; off + sizeof(void (*)(void)) <= size; off += sizeof(void (*)(void))) {
        void (*fn)(void);
        memcpy(&fn, (const char *)table + off, sizeof(fn));
        n += !fn;
    }
    return n;
}

static void test_loads(void)
{
    const VmafHipModule *m = vmaf_hip_module();
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK(m->api && m->probe && m->device_name);
    CHECK_EQ_INT(null_slots(m->api, sizeof(*m->api)), 0);
    CHECK(!strcmp(m->archs, HIP_ARCHS));
    _Static_assert(sizeof(VmafHipKernels) % sizeof(void (*)(void)) == 0,
                   "the tables hold function pointers only");
    CHECK_EQ_INT(null_slots(&vmaf_hip_kernels, sizeof(vmaf_hip_kernels)), 0);
    CHECK(!memcmp(&vmaf_hip_kernels, &m->kernels, sizeof(vmaf_hip_kernels)));
}

static void quiet_vlog(enum VmafLogLevel level, const char *fmt, va_list ap)
{
    (void)level, (void)fmt, (void)ap;
}

static void test_other_abi_refused(void)
{
    void *handle = dlopen(getenv("VMAF_HIP_MODULE"), RTLD_NOW | RTLD_LOCAL);
    CHECK(handle != NULL);
    if (!handle)
        return;
    VmafHipModuleOpen open;
    *(void **)&open = dlsym(handle, VMAF_HIP_MODULE_OPEN);
    CHECK(open != NULL);
    VmafHipModule m;
    VmafHipHost host = {.abi = VMAF_HIP_MODULE_ABI + 1,
                        .version = VMAF_VERSION_STRING,
                        .module_size = sizeof(m),
                        .vlog = quiet_vlog};
    CHECK_EQ_INT(open(&host, &m), -EINVAL);
    host.abi = VMAF_HIP_MODULE_ABI;
    host.version = "0.0.0";
    CHECK_EQ_INT(open(&host, &m), -EINVAL);
    host.version = VMAF_VERSION_STRING;
    host.module_size = sizeof(m) - 8;
    CHECK_EQ_INT(open(&host, &m), -EINVAL);
    host.module_size = sizeof(m);
    CHECK_EQ_INT(open(&host, &m), 0);
    dlclose(handle);
}

static void test_arch_match(void)
{
    CHECK(vmaf_hip_arch_built("gfx90a:sramecc+:xnack-", "gfx908,gfx90a"));
    CHECK(vmaf_hip_arch_built("gfx1030", "gfx90a,gfx908,gfx940,gfx1030"));
    CHECK(!vmaf_hip_arch_built("gfx90", "gfx90a,gfx908"));
    CHECK(!vmaf_hip_arch_built("gfx90a", "gfx90,gfx908"));
    CHECK(!vmaf_hip_arch_built("gfx942:sramecc+", "gfx90a,gfx940"));
    CHECK(!vmaf_hip_arch_built("gfx90a", ""));
}

static void test_state(void)
{
    VmafHipState *state = NULL;
    const int err = vmaf_hip_state_init(&state, (VmafHipConfiguration){0});
    if (err == -ENODEV) {
        printf("no usable HIP device here (the library logged why): -ENODEV, as it must be\n");
        CHECK(state == NULL);
        return;
    }
    CHECK_EQ_INT(err, 0);
    if (!state)
        return;
    printf("HIP device: %s\n", vmaf_hip_state_device_name(state));
    CHECK(strlen(vmaf_hip_state_device_name(state)) > 0);
    vmaf_hip_state_free(state);
    CHECK_EQ_INT(vmaf_hip_state_init(&state, (VmafHipConfiguration){1 << 20}), -ENODEV);
}

TEST_MAIN("hip_module", {"loads", test_loads}, {"other_abi_refused", test_other_abi_refused},
          {"arch_match", test_arch_match}, {"state", test_state})

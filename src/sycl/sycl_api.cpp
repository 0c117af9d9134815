// The device-API table (cuda/cuda_api.h) over SYCL, so that the shared frame
// (cuda/shared_frame.c) and the twins' host code (cuda/twin.c) serve the
// SYCL backend unchanged. Streams are in-order queues (sycl_stream.hpp);
// an event is the last command of the stream it was recorded on; waiting
// on one is an empty command that depends on it. Graph capture is not
// offered: the SYCL backend's twins put their kernels on their streams
// every frame (VMAF_CUDA_DISPATCH_DIRECT).
#include <algorithm>
#include <cerrno>
#include <string>
#include <mutex>
#include <new>
#include <vector>

#include "sycl_stream.hpp"

extern "C" {
#include "core/log.h"
#include "sycl_api.h"
}

namespace
{

struct Device {
    sycl::device device;
    sycl::context context;
};

std::vector<Device> *devices; // GPUs first, then the rest, as enumerated
std::once_flag enumerated;
thread_local int current; // the device bind() made current on this thread

struct Event {
    sycl::event event;
    bool pending = false; // recorded after a command
};

Event *as_event(VmafCudaEvent e)
{
    return reinterpret_cast<Event *>(e);
}

void enumerate()
{
    auto *found = new (std::nothrow) std::vector<Device>;
    if (!found)
        return;
    try {
        std::vector<sycl::device> all = sycl::device::get_devices();
        std::stable_partition(all.begin(), all.end(),
                              [](const sycl::device &d) { return d.is_gpu(); });
        for (const sycl::device &d : all)
            found->push_back(Device{d, sycl::context(d)});
    } catch (const sycl::exception &e) {
        vmaf_sycl_fail("listing the devices", e);
        found->clear();
    }
    devices = found;
}

const Device &home()
{
    return (*devices)[current];
}

int bind(int device, void *)
{
    current = device;
    return 0;
}

void unbind(void *) {}

int malloc_device(void **ptr, size_t size)
{
    try {
        *ptr = sycl::malloc_device(size, home().device, home().context);
    } catch (const sycl::exception &e) {
        return vmaf_sycl_fail("device allocation", e);
    }
    return *ptr ? 0 : -ENOMEM;
}

void free_device(void *ptr)
{
    if (ptr)
        sycl::free(ptr, home().context);
}

int malloc_host(void **ptr, size_t size)
{
    try {
        *ptr = sycl::malloc_host(size, home().context);
    } catch (const sycl::exception &e) {
        return vmaf_sycl_fail("host allocation", e);
    }
    return *ptr ? 0 : -ENOMEM;
}

void free_host(void *ptr)
{
    if (ptr)
        sycl::free(ptr, home().context);
}

// Whether p is USM of the stream's context (not pageable host memory).
bool usm(const sycl::queue &q, const void *p)
{
    return sycl::get_pointer_type(p, q.get_context()) != sycl::usm::alloc::unknown;
}

// Whether kernels on the stream's device can read or write p: any memory on
// a CPU device, USM elsewhere.
bool reachable(const sycl::queue &q, const void *p)
{
    return q.get_device().is_cpu() || usm(q, p);
}

// Rows at other pitches: one kernel where it can reach both sides, else a
// copy a row (pageable host memory).
sycl::event copy_rows(sycl::queue &q, char *dst, size_t dst_pitch, const char *src,
                      size_t src_pitch, size_t width, size_t height)
{
    if (reachable(q, dst) && reachable(q, src))
        return q.parallel_for(sycl::range<2>(height, width), [=](sycl::id<2> i) {
            dst[i[0] * dst_pitch + i[1]] = src[i[0] * src_pitch + i[1]];
        });
    sycl::event last;
    for (size_t y = 0; y < height; y++)
        last = q.memcpy(dst + y * dst_pitch, src + y * src_pitch, width);
    return last;
}

int copy_2d_async(void *dst, size_t dst_pitch, const void *src, size_t src_pitch, size_t width,
                  size_t height, enum VmafCudaCopyKind, VmafCudaStream stream)
{
    if (stream == VMAF_CUDA_STREAM_LEGACY) {
        vmaf_log(VMAF_LOG_LEVEL_ERROR, "sycl: no legacy stream to copy on");
        return -EINVAL;
    }
    if (!width || !height)
        return 0;
    VmafSyclStream *s = vmaf_sycl_stream(stream);
    try {
        if (dst_pitch == width && src_pitch == width)
            s->last = s->queue.memcpy(dst, src, width * height);
        else
            s->last = copy_rows(s->queue, static_cast<char *>(dst), dst_pitch,
                                static_cast<const char *>(src), src_pitch, width, height);
        // With pageable host memory on either side the copy is done when
        // the call returns, as the CUDA runtime's is: the twins free their
        // tables' host copies right after queueing them.
        if (!usm(s->queue, src) || !usm(s->queue, dst))
            s->last.wait_and_throw();
    } catch (const sycl::exception &e) {
        return vmaf_sycl_fail("copy", e);
    }
    return 0;
}

int stream_create(VmafCudaStream *stream)
{
    try {
        const Device &d = home();
        auto *s = new (std::nothrow) VmafSyclStream{
            sycl::queue(d.context, d.device, sycl::property::queue::in_order()), sycl::event()};
        *stream = reinterpret_cast<VmafCudaStream>(s);
        return s ? 0 : -ENOMEM;
    } catch (const sycl::exception &e) {
        return vmaf_sycl_fail("queue", e);
    }
}

void stream_destroy(VmafCudaStream stream)
{
    delete vmaf_sycl_stream(stream);
}

int stream_synchronize(VmafCudaStream stream)
{
    try {
        vmaf_sycl_stream(stream)->queue.wait_and_throw();
    } catch (const sycl::exception &e) {
        return vmaf_sycl_fail("waiting for a queue", e);
    }
    return 0;
}

int event_create(VmafCudaEvent *event)
{
    auto *e = new (std::nothrow) Event;
    *event = reinterpret_cast<VmafCudaEvent>(e);
    return e ? 0 : -ENOMEM;
}

void event_destroy(VmafCudaEvent event)
{
    delete as_event(event);
}

// On the legacy stream (a device picture written by the caller, who has
// waited for its writes: libvmaf_sycl.h): nothing to wait for.
int event_record(VmafCudaEvent event, VmafCudaStream stream)
{
    Event *e = as_event(event);
    e->pending = stream != VMAF_CUDA_STREAM_LEGACY;
    e->event = e->pending ? vmaf_sycl_stream(stream)->last : sycl::event();
    return 0;
}

int event_done(VmafCudaEvent event)
{
    const Event *e = as_event(event);
    if (!e->pending)
        return 1;
    try {
        return e->event.get_info<sycl::info::event::command_execution_status>() ==
               sycl::info::event_command_status::complete;
    } catch (const sycl::exception &x) {
        return vmaf_sycl_fail("an event's status", x);
    }
}

int event_synchronize(VmafCudaEvent event)
{
    Event *e = as_event(event);
    if (!e->pending)
        return 0;
    try {
        e->event.wait_and_throw();
    } catch (const sycl::exception &x) {
        return vmaf_sycl_fail("waiting for an event", x);
    }
    return 0;
}

int stream_wait_event(VmafCudaStream stream, VmafCudaEvent event)
{
    const Event *e = as_event(event);
    if (!e->pending)
        return 0;
    const sycl::event dep = e->event;
    return vmaf_sycl_submit(stream, "waiting for an event", [&](sycl::handler &h) {
        h.depends_on(dep);
        h.single_task([] {});
    });
}

int capture_begin(VmafCudaStream)
{
    return -ENOTSUP;
}

int capture_end(VmafCudaStream, VmafCudaGraph *)
{
    return -ENOTSUP;
}

int graph_launch(VmafCudaGraph, VmafCudaStream)
{
    return -ENOTSUP;
}

void graph_destroy(VmafCudaGraph) {}

const VmafCudaApi sycl_api = {
    .bind = bind,
    .unbind = unbind,
    .malloc_device = malloc_device,
    .free_device = free_device,
    .malloc_host = malloc_host,
    .free_host = free_host,
    .copy_2d_async = copy_2d_async,
    .stream_create = stream_create,
    .stream_destroy = stream_destroy,
    .stream_synchronize = stream_synchronize,
    .event_create = event_create,
    .event_destroy = event_destroy,
    .event_record = event_record,
    .event_done = event_done,
    .event_synchronize = event_synchronize,
    .stream_wait_event = stream_wait_event,
    .capture_begin = capture_begin,
    .capture_end = capture_end,
    .graph_launch = graph_launch,
    .graph_destroy = graph_destroy,
};

} // namespace

int vmaf_sycl_fail(const char *what, const sycl::exception &e)
{
    vmaf_log(VMAF_LOG_LEVEL_ERROR, "sycl: %s: %s", what, e.what());
    return -EIO;
}

extern "C" int vmaf_sycl_runtime_probe(int device, VmafCudaDevice *dev)
{
    std::call_once(enumerated, enumerate);
    const int count = devices ? static_cast<int>(devices->size()) : 0;
    if (!count) {
        vmaf_log(VMAF_LOG_LEVEL_INFO, "sycl: no usable device (none found)");
        return -ENODEV;
    }
    if (device < 0 || device >= count) {
        vmaf_log(VMAF_LOG_LEVEL_WARNING, "sycl: no usable device (there is no device %d; %d found)",
                 device, count);
        return -ENODEV;
    }
    vmaf_log(VMAF_LOG_LEVEL_DEBUG, "sycl: device %d: %s", device, vmaf_sycl_device_name(device));
    *dev = VmafCudaDevice{&sycl_api, device, nullptr, VMAF_CUDA_DISPATCH_DIRECT};
    return 0;
}

extern "C" const char *vmaf_sycl_device_name(int device)
{
    static thread_local std::string name;
    try {
        name = (*devices)[device].device.get_info<sycl::info::device::name>();
    } catch (const sycl::exception &) {
        name = "(unnamed)";
    }
    return name.c_str();
}

// What the SYCL backend's kernel files share with its device-API table
// (sycl_api.cpp): a stream is an in-order queue that remembers the event of
// the last command it was given, so that an event recorded on it, or a
// stream waiting on it, is ordered after everything queued before. Kernels
// are put on a stream through vmaf_sycl_submit(), which keeps that event and
// turns a SYCL exception into a logged -EIO.
#ifndef VMAF_SYCL_SYCL_STREAM_HPP
#define VMAF_SYCL_SYCL_STREAM_HPP

#include <sycl/sycl.hpp>

extern "C" {
#include "cuda/cuda_api.h"
}

struct VmafSyclStream {
    sycl::queue queue;
    sycl::event last; // of the last command; default-constructed: none yet
};

inline VmafSyclStream *vmaf_sycl_stream(VmafCudaStream stream)
{
    return reinterpret_cast<VmafSyclStream *>(stream);
}

// Logs "sycl: what: the exception's message" and returns -EIO.
int vmaf_sycl_fail(const char *what, const sycl::exception &e);

// Submits the command group cgf (a callable taking a sycl::handler &) to
// stream, after what was queued there before; 0 or -EIO (logged, naming
// what). Errors while the kernel runs surface at the next wait.
template <typename CommandGroup>
int vmaf_sycl_submit(VmafCudaStream stream, const char *what, CommandGroup &&cgf)
{
    VmafSyclStream *s = vmaf_sycl_stream(stream);
    try {
        s->last = s->queue.submit(cgf);
    } catch (const sycl::exception &e) {
        return vmaf_sycl_fail(what, e);
    }
    return 0;
}

#endif

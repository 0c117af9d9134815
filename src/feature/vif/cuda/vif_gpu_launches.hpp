// The vif twin's launches of a frame, in order, written once for both GPU
// backends' kernels (vif_cuda.cu, ../sycl/vif_sycl.cpp). Launch is the
// backend's: scale<Scale, Hbd, Stat, Decimate>(frame) and sums(frame), each
// queueing one kernel and returning 0 or a negative errno.
#ifndef VMAF_FEATURE_VIF_CUDA_VIF_GPU_LAUNCHES_HPP
#define VMAF_FEATURE_VIF_CUDA_VIF_GPU_LAUNCHES_HPP

#include "vif_cuda.h"

// Scale 0 at the frame's depth, without the statistic when it is skipped.
template <bool Hbd, typename Launch> int vif_gpu_scale0(const VifCudaFrame *f, const Launch &l)
{
    if (f->scale[0].partials)
        return l.template scale<0, Hbd, true, true>(f);
    return l.template scale<0, Hbd, false, true>(f);
}

// A kernel a scale, then the sums of their partials.
template <typename Launch> int vif_gpu_launches(const VifCudaFrame *f, const Launch &l)
{
    int err = f->bpc > 8 ? vif_gpu_scale0<true>(f, l) : vif_gpu_scale0<false>(f, l);
    if (!err)
        err = l.template scale<1, true, true, true>(f);
    if (!err)
        err = l.template scale<2, true, true, true>(f);
    if (!err)
        err = l.template scale<3, true, true, false>(f);
    return err ? err : l.sums(f);
}

#endif

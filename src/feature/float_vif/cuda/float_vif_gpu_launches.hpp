// The float_vif twin's launches of a frame, in order, written once for both
// GPU backends' kernels (float_vif_cuda.cu, ../sycl/float_vif_sycl.cpp).
// Launch is the backend's: scale<Kind, Stat, Decimate>(scale), queueing one
// kernel and returning 0 or a negative errno.
#ifndef VMAF_FEATURE_FLOAT_VIF_CUDA_FLOAT_VIF_GPU_LAUNCHES_HPP
#define VMAF_FEATURE_FLOAT_VIF_CUDA_FLOAT_VIF_GPU_LAUNCHES_HPP

#include "float_vif_cuda.h"

// Scale 0 from the input's samples, without the statistic when skipped.
template <int Kind, typename Launch>
int float_vif_gpu_scale0(const FloatVifCudaScale &s, const Launch &l)
{
    return s.rows ? l.template scale<Kind, true, true>(s) : l.template scale<Kind, false, true>(s);
}

// A kernel a scale: past scale 0 from the floats the scale before
// decimated into, the last one without decimation.
template <typename Launch> int float_vif_gpu_launches(const FloatVifCudaFrame *f, const Launch &l)
{
    const FloatVifCudaScale s0 = float_vif_cuda_scale(f, 0);
    int err = s0.kind == FLOAT_VIF_CUDA_U8 ? float_vif_gpu_scale0<FLOAT_VIF_CUDA_U8>(s0, l)
                                           : float_vif_gpu_scale0<FLOAT_VIF_CUDA_U16>(s0, l);
    for (unsigned scale = 1; !err && scale < FLOAT_VIF_SCALES; scale++) {
        const FloatVifCudaScale s = float_vif_cuda_scale(f, scale);
        err = scale + 1 < FLOAT_VIF_SCALES ? l.template scale<FLOAT_VIF_CUDA_F32, true, true>(s)
                                           : l.template scale<FLOAT_VIF_CUDA_F32, true, false>(s);
    }
    return err;
}

#endif

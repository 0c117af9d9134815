// The float_adm twin's launches of a frame, in order, written once for both
// GPU backends' kernels (float_adm_cuda.cu, ../sycl/float_adm_sycl.cpp).
// Launch is the backend's: dwt<Kind>(level), mask(level) and rows(frame),
// each queueing one kernel and returning 0 or a negative errno.
#ifndef VMAF_FEATURE_FLOAT_ADM_CUDA_FLOAT_ADM_GPU_LAUNCHES_HPP
#define VMAF_FEATURE_FLOAT_ADM_CUDA_FLOAT_ADM_GPU_LAUNCHES_HPP

#include "float_adm_cuda.h"

// A level's wavelet from its input's samples, then its masking where its
// details are summed.
template <typename Launch> int float_adm_gpu_level(const FloatAdmCudaLevel &lv, const Launch &l)
{
    int err;
    switch (lv.src_kind) {
    case FLOAT_ADM_CUDA_U8:
        err = l.template dwt<FLOAT_ADM_CUDA_U8>(lv);
        break;
    case FLOAT_ADM_CUDA_U16:
        err = l.template dwt<FLOAT_ADM_CUDA_U16>(lv);
        break;
    default:
        err = l.template dwt<FLOAT_ADM_CUDA_F32>(lv);
    }
    return err || !lv.details ? err : l.mask(lv);
}

// Nine launches: each level's two, then every level's rows.
template <typename Launch> int float_adm_gpu_launches(const FloatAdmCudaFrame *f, const Launch &l)
{
    int err = 0;
    for (int level = 0; !err && level < FLOAT_ADM_SCALES; level++)
        err = float_adm_gpu_level(f->level[level], l);
    return err ? err : l.rows(*f);
}

#endif

// The adm twin's launches of a frame, in order, written once for both GPU
// backends' kernels (adm_cuda.cu, ../sycl/adm_sycl.cpp). Launch is the
// backend's: dwt<Kind, Scale>(level), mask<Scale0, Aim>(mask) and
// reduce(frame), each queueing one kernel and returning 0 or a negative
// errno.
#ifndef VMAF_FEATURE_ADM_CUDA_ADM_GPU_LAUNCHES_HPP
#define VMAF_FEATURE_ADM_CUDA_ADM_GPU_LAUNCHES_HPP

extern "C" {
#include "adm_cuda.h"
}

// The masking of one scale, none for a skipped one.
template <bool Scale0, typename Launch> int adm_gpu_mask(const AdmCudaMask &m, const Launch &l)
{
    if (!m.partials)
        return 0;
    return m.aim ? l.template mask<Scale0, true>(m) : l.template mask<Scale0, false>(m);
}

// Nine launches: each scale's wavelet and masking, then the sums.
template <typename Launch> int adm_gpu_launches(const AdmCudaFrame *f, const Launch &l)
{
    int err = f->dwt[0].src_kind == ADM_CUDA_U16 ? l.template dwt<ADM_CUDA_U16, 0>(f->dwt[0])
                                                 : l.template dwt<ADM_CUDA_U8, 0>(f->dwt[0]);
    if (!err)
        err = adm_gpu_mask<true>(f->mask[0], l);
    if (!err)
        err = l.template dwt<ADM_CUDA_S32, 1>(f->dwt[1]);
    if (!err)
        err = adm_gpu_mask<false>(f->mask[1], l);
    if (!err)
        err = l.template dwt<ADM_CUDA_S32, 2>(f->dwt[2]);
    if (!err)
        err = adm_gpu_mask<false>(f->mask[2], l);
    if (!err)
        err = l.template dwt<ADM_CUDA_S32, 3>(f->dwt[3]);
    if (!err)
        err = adm_gpu_mask<false>(f->mask[3], l);
    return err ? err : l.reduce(*f);
}

#endif

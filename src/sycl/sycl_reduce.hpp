// Sums (and a maximum) over a work group, for the SYCL twins' kernels, through local memory
// and barriers alone: AdaptiveCpp's group algorithms (reduce_over_group) are
// not available on its CPU device. Integer sums: the order of the additions
// cannot change the result, also where they wrap.
#ifndef VMAF_SYCL_SYCL_REDUCE_HPP
#define VMAF_SYCL_SYCL_REDUCE_HPP

#include <sycl/sycl.hpp>

// v[k] summed, for each k < K at once, over each run of Run items of the
// group (by linear id; Run a power of two dividing Items, the group's size),
// returned in v of every item of the run: the whole group's sums by default.
// scratch: K * Items values of local memory. Every item of the group must
// call it.
template <unsigned Items, unsigned Run = Items, unsigned K, typename T, int Dims>
void vmaf_sycl_group_sums(const sycl::nd_item<Dims> &it, T *scratch, T (&v)[K])
{
    static_assert(Run && !(Run & (Run - 1)) && Items % Run == 0, "runs of a power of two");
    const unsigned t = static_cast<unsigned>(it.get_local_linear_id());
    const unsigned lane = t % Run, first = t - lane;
    for (unsigned k = 0; k < K; k++)
        scratch[k * Items + t] = v[k];
    sycl::group_barrier(it.get_group());
    for (unsigned half = Run / 2; half; half >>= 1) {
        if (lane < half)
            for (unsigned k = 0; k < K; k++)
                scratch[k * Items + t] += scratch[k * Items + t + half];
        sycl::group_barrier(it.get_group());
    }
    for (unsigned k = 0; k < K; k++)
        v[k] = scratch[k * Items + first];
    sycl::group_barrier(it.get_group());
}

// The largest v over the Items items of it's group (a power of two), in
// every item. scratch: Items values of local memory. Every item of the
// group must call it.
template <unsigned Items, typename T, int Dims>
T vmaf_sycl_group_max(const sycl::nd_item<Dims> &it, T *scratch, T v)
{
    static_assert(Items && !(Items & (Items - 1)), "a power of two");
    const unsigned t = static_cast<unsigned>(it.get_local_linear_id());
    scratch[t] = v;
    sycl::group_barrier(it.get_group());
    for (unsigned half = Items / 2; half; half >>= 1) {
        if (t < half && scratch[t + half] > scratch[t])
            scratch[t] = scratch[t + half];
        sycl::group_barrier(it.get_group());
    }
    v = scratch[0];
    sycl::group_barrier(it.get_group());
    return v;
}

#endif

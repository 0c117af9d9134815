// The three steps of cuda/serial_sums.h as SYCL kernels: a work group per
// segment of every sum for the totals, a group per segment for the maps, a
// group per sum for the walk. Where the CUDA kernels scan the threads' maps
// with warp shuffles (cuda/serial_sum.cuh), these scan them in local memory
// with barriers; the maps and steps themselves are serial_sum.h's, so each
// sum is the CPU's loop bit for bit.
#include <cstddef>
#include <cstdint>

#include "sycl_reduce.hpp"
#include "sycl_stream.hpp"

extern "C" {
#include "serial_sums_sycl.h"
}

namespace
{

constexpr unsigned kTotalItems = 256;
constexpr unsigned kItems = SERIAL_SUM_THREADS;
static_assert(kItems && !(kItems & (kItems - 1)), "a power of two");

// What a group of kItems items shares while it scans.
struct ScanLocal {
    SerialSumMap scan[kItems];
    size_t exit[kItems]; // each item's first element leaving the grid, SIZE_MAX: none
    SerialSumState state;
    uint64_t units[kItems]; // each item's units at its exit or end; the maps' scratch
    double guess;           // the maps': the sum at the segment's start, guessed
};

using Local = sycl::local_accessor<ScanLocal, 1>;

// The composition of the maps of the items before item t; every item of the
// group must call it.
SerialSumMap group_exclusive(const sycl::nd_item<2> &it, ScanLocal *l, SerialSumMap m)
{
    const unsigned t = it.get_local_id(1);
    const SerialSumMap identity = {{0, 0}};
    l->scan[t] = m;
    sycl::group_barrier(it.get_group());
    for (unsigned d = 1; d < kItems; d <<= 1) {
        const SerialSumMap mine = l->scan[t];
        const SerialSumMap before = t >= d ? l->scan[t - d] : identity;
        sycl::group_barrier(it.get_group());
        if (t >= d)
            l->scan[t] = serial_sum_compose(before, mine);
        sycl::group_barrier(it.get_group());
    }
    const SerialSumMap r = t ? l->scan[t - 1] : identity;
    sycl::group_barrier(it.get_group());
    return r;
}

// The CPU's `sum += x[i]` over x[0..n) from start, in every item of the
// group (cuda/serial_sum.cuh's vmaf_serial_sum_from()).
double serial_sum_from(const sycl::nd_item<2> &it, ScanLocal *l, const double *x, size_t n,
                       double start)
{
    const unsigned t = it.get_local_id(1);
    if (!t)
        l->state = serial_sum_start(start);
    for (;;) {
        if (!t) {
            for (unsigned k = 0; l->state.next < n && serial_sum_plain(&l->state, k); k++)
                l->state.sum += x[l->state.next++];
        }
        sycl::group_barrier(it.get_group());
        const SerialSumState at = l->state;
        if (at.next >= n)
            return at.sum; // every item returns
        const SerialSumGrid g = serial_sum_grid(at.sum);
        const size_t first = at.next + static_cast<size_t>(t) * SERIAL_SUM_PER_THREAD;
        const unsigned count = first >= n ? 0
                               : n - first < SERIAL_SUM_PER_THREAD
                                   ? static_cast<unsigned>(n - first)
                                   : SERIAL_SUM_PER_THREAD;
        double v[SERIAL_SUM_PER_THREAD];
        for (unsigned j = 0; j < SERIAL_SUM_PER_THREAD; j++)
            v[j] = j < count ? x[first + j] : 0.0;
        const SerialSumMap before = group_exclusive(it, l, serial_sum_thread_map(&g, v, count));
        const SerialSumWalk w =
            serial_sum_thread_walk(&g, v, count, serial_sum_apply(before, g.base));
        l->exit[t] = w.exit < count ? first + w.exit : SIZE_MAX;
        l->units[t] = w.units;
        sycl::group_barrier(it.get_group());
        if (!t) {
            // The first exit of the chunk, else the units after its last item.
            size_t exit = SIZE_MAX;
            uint64_t units = l->units[kItems - 1];
            for (unsigned i = 0; i < kItems && exit == SIZE_MAX; i++) {
                if (l->exit[i] != SIZE_MAX) {
                    exit = l->exit[i];
                    units = l->units[i];
                }
            }
            serial_sum_advance(&l->state, &g, exit, units, n);
        }
        sycl::group_barrier(it.get_group());
    }
}

// Segment group(1) of job group(0): its first term and count (0 past the
// job's end).
size_t segment_terms(const sycl::nd_item<2> &it, const VmafSerialSumJob &job, size_t *first)
{
    *first = static_cast<size_t>(it.get_group(1)) * SERIAL_SUM_CHUNK;
    if (*first >= job.n)
        return 0;
    return job.n - *first < SERIAL_SUM_CHUNK ? job.n - *first : SERIAL_SUM_CHUNK;
}

// Step 1.
struct Totals {
    VmafSerialSums a;
    sycl::local_accessor<double, 1> scratch; // 2 * kTotalItems

    void operator()(sycl::nd_item<2> it) const
    {
        const VmafSerialSumJob &job = a.job[it.get_group(0)];
        size_t first;
        const size_t count = segment_terms(it, job, &first);
        if (!count) // the whole group
            return;
        const unsigned t = it.get_local_id(1);
        double v[2] = {0.0, 0.0}; // the total, then the nonzero terms
        for (size_t i = t; i < count; i += kTotalItems) {
            const double x = job.x[first + i];
            v[0] += x;
            v[1] += x != 0.0;
        }
        vmaf_sycl_group_sums<kTotalItems>(it, &scratch[0], v);
        if (t)
            return;
        SerialSumSegment *seg =
            &a.segments[it.get_group(0) * serial_sum_segment_count(a.max_n) + it.get_group(1)];
        seg->total = v[0];
        seg->zero = v[1] == 0.0;
        seg->key = 0.0;
    }
};

// Step 2.
struct Maps {
    VmafSerialSums a;
    Local local;

    void operator()(sycl::nd_item<2> it) const
    {
        ScanLocal *l = &local[0];
        const VmafSerialSumJob &job = a.job[it.get_group(0)];
        const size_t k = it.get_group(1);
        size_t first;
        const size_t count = segment_terms(it, job, &first);
        SerialSumSegment *segs = &a.segments[it.get_group(0) * serial_sum_segment_count(a.max_n)];
        if (!count || segs[k].zero) // the whole group
            return;
        const unsigned t = it.get_local_id(1);
        if (!t) {
            double before = 0.0;
            for (size_t s = 0; s < k; s++)
                before += segs[s].total;
            l->guess = before;
        }
        sycl::group_barrier(it.get_group());
        const SerialSumGrid g = serial_sum_grid(l->guess);
        if (g.plain) // the same in the whole group
            return;
        const size_t mine = static_cast<size_t>(t) * SERIAL_SUM_PER_THREAD;
        SerialSumMap m = {{0, 0}};
        bool ok = true;
        for (unsigned j = 0; j < SERIAL_SUM_PER_THREAD; j++) {
            if (mine + j < count) {
                SerialSumMap step;
                ok = serial_sum_segment_step(&g, job.x[first + mine + j], &step) && ok;
                m = serial_sum_compose(m, step);
            }
        }
        uint64_t unmappable[1] = {!ok};
        vmaf_sycl_group_sums<kItems>(it, l->units, unmappable);
        if (unmappable[0]) // the same in the whole group
            return;
        const SerialSumMap before = group_exclusive(it, l, m);
        if (t == kItems - 1) {
            segs[k].map = serial_sum_compose(before, m);
            segs[k].key = serial_sum_grid_key(&g);
        }
    }
};

// Step 3: job group(0). Every item walks the segments alike, the same sum
// in each, and they add the segments that do not apply together.
struct Walk {
    VmafSerialSums a;
    double *out;
    Local local;

    void operator()(sycl::nd_item<2> it) const
    {
        ScanLocal *l = &local[0];
        const VmafSerialSumJob &job = a.job[it.get_group(0)];
        const SerialSumSegment *segs =
            &a.segments[it.get_group(0) * serial_sum_segment_count(a.max_n)];
        const size_t n_segs = serial_sum_segment_count(job.n);
        double sum = 0.0;
        size_t at = 0;
        for (;;) {
            for (; at < n_segs; at++) {
                double next = sum;
                if (!serial_sum_segment_apply(&segs[at], &next))
                    break;
                sum = next;
            }
            if (at >= n_segs)
                break;
            const size_t first = at * SERIAL_SUM_CHUNK;
            const size_t n = job.n - first < SERIAL_SUM_CHUNK ? job.n - first : SERIAL_SUM_CHUNK;
            sum = serial_sum_from(it, l, job.x + first, n, sum);
            at++;
            // serial_sum_from()'s local state is read by all before it starts again.
            sycl::group_barrier(it.get_group());
        }
        if (!it.get_local_id(1))
            out[job.out] = sum;
    }
};

sycl::nd_range<2> groups(size_t jobs, size_t per_job, unsigned items)
{
    return sycl::nd_range<2>(sycl::range<2>(jobs, per_job * items), sycl::range<2>(1, items));
}

} // namespace

extern "C" int vmaf_sycl_serial_sums_enqueue(const VmafSerialSums *s, double *out,
                                             VmafCudaStream stream)
{
    if (!s->count)
        return 0;
    const size_t segments = serial_sum_segment_count(s->max_n);
    int err = vmaf_sycl_submit(stream, "the sums' totals", [&](sycl::handler &h) {
        h.parallel_for(groups(s->count, segments, kTotalItems),
                       Totals{*s, sycl::local_accessor<double, 1>(2 * kTotalItems, h)});
    });
    if (!err)
        err = vmaf_sycl_submit(stream, "the sums' maps", [&](sycl::handler &h) {
            h.parallel_for(groups(s->count, segments, kItems), Maps{*s, Local(1, h)});
        });
    if (!err)
        err = vmaf_sycl_submit(stream, "the sums' walk", [&](sycl::handler &h) {
            h.parallel_for(groups(s->count, 1, kItems), Walk{*s, out, Local(1, h)});
        });
    return err;
}

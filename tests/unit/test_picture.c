#include <errno.h>
#include <stdint.h>

#include "test.h"

#include "core/picture.h"
#include "core/thread_pool.h"

static void test_alloc_layout(void)
{
    VmafPicture p;
    CHECK_EQ_INT(vmaf_picture_alloc(&p, VMAF_PIX_FMT_YUV420P, 10, 33, 17), 0);
    CHECK_EQ_INT(p.w[1], 16);
    CHECK_EQ_INT(p.h[1], 8);
    CHECK_EQ_INT(p.stride[0], 64 * 2);
    CHECK_EQ_INT(p.stride[1], 32 * 2);
    CHECK_EQ_INT((uintptr_t)p.data[0] % 32, 0);
    CHECK_EQ_INT(((uint16_t *)p.data[2])[p.stride[2] / 2 * p.h[2] - 1], 0);
    vmaf_picture_unref(&p);
    CHECK(p.data[0] == NULL);

    CHECK_EQ_INT(vmaf_picture_alloc(&p, VMAF_PIX_FMT_YUV422P, 8, 7, 5), 0);
    CHECK_EQ_INT(p.w[1], 3);
    CHECK_EQ_INT(p.h[1], 5);
    vmaf_picture_unref(&p);
    CHECK_EQ_INT(vmaf_picture_alloc(&p, VMAF_PIX_FMT_YUV400P, 16, 4, 4), 0);
    CHECK(p.data[1] == NULL && p.w[1] == 0);
    vmaf_picture_unref(&p);

    CHECK_EQ_INT(vmaf_picture_alloc(&p, VMAF_PIX_FMT_YUV420P, 7, 4, 4), -EINVAL);
    CHECK_EQ_INT(vmaf_picture_alloc(&p, VMAF_PIX_FMT_YUV420P, 17, 4, 4), -EINVAL);
    CHECK_EQ_INT(vmaf_picture_alloc(&p, VMAF_PIX_FMT_YUV420P, 8, 0, 4), -EINVAL);
    CHECK_EQ_INT(vmaf_picture_alloc(&p, VMAF_PIX_FMT_UNKNOWN, 8, 4, 4), -EINVAL);
}

static void test_ref_and_pool(void)
{
    VmafPicturePool *pool;
    CHECK_EQ_INT(vmaf_picture_pool_init(&pool, 2, VMAF_PIX_FMT_YUV444P, 8, 16, 16, false), 0);
    VmafPicture a, b, c;
    vmaf_picture_pool_fetch(pool, &a);
    vmaf_picture_pool_fetch(pool, &b);
    CHECK(a.data[0] != b.data[0]);
    vmaf_picture_ref(&c, &a);
    vmaf_picture_unref(&a);
    ((uint8_t *)c.data[0])[0] = 7; /* still alive through c */
    void *first = c.data[0];
    vmaf_picture_unref(&c);
    vmaf_picture_pool_fetch(pool, &a); /* the freed buffer comes back */
    CHECK(a.data[0] == first);
    vmaf_picture_unref(&a);
    vmaf_picture_unref(&b);
    vmaf_picture_pool_destroy(pool);

    /* A luma-only pool: chroma described, not held. */
    CHECK_EQ_INT(vmaf_picture_pool_init(&pool, 1, VMAF_PIX_FMT_YUV420P, 10, 33, 17, true), 0);
    vmaf_picture_pool_fetch(pool, &a);
    CHECK(a.data[0] && !a.data[1] && !a.data[2]);
    CHECK(a.w[1] == 16 && a.h[1] == 8 && a.stride[1] == 32 * 2);
    CHECK_EQ_INT(((uint16_t *)a.data[0])[a.stride[0] / 2 * a.h[0] - 1], 0);
    vmaf_picture_unref(&a);
    vmaf_picture_pool_destroy(pool);
}

static _Atomic int job_sum;

static void add_job(void *arg, void **data)
{
    int *n = arg;
    if (!*data)
        *data = &job_sum; /* each worker keeps its slot */
    job_sum += *n;
}

static void test_thread_pool(void)
{
    VmafThreadPool *pool;
    CHECK_EQ_INT(vmaf_thread_pool_create(&pool, 3), 0);
    for (int i = 1; i <= 100; i++)
        vmaf_thread_pool_enqueue(pool, add_job, &i, sizeof(i));
    vmaf_thread_pool_wait(pool);
    CHECK_EQ_INT(job_sum, 5050);
    vmaf_thread_pool_destroy(pool, NULL);
}

TEST_MAIN("picture", {"alloc_layout", test_alloc_layout}, {"ref_and_pool", test_ref_and_pool},
          {"thread_pool", test_thread_pool})

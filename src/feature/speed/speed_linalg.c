/* Eigenvalues (after GSL's symmtd + symm) and a QR linear solve, in float.
 * Square roots and a few scalings are taken in double and rounded back to
 * float, as the reference does. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "core/log.h"
#include "speed_linalg.h"
#include "speed_math.h"

#define SPEED_MAX_QR_STEPS 500

/* sqrt(x^2 + y^2): the squares summed in float, the root taken in double. */
static float hypotenuse(float x, float y)
{
    return (float)sqrt(x * x + y * y);
}

/* Norm of column col of a from row first down. */
static float column_norm(const float *a, int n, int col, int first)
{
    float sum = 0;
    for (int i = first; i < n; i++)
        sum += a[i * n + col] * a[i * n + col];
    return (float)sqrt(sum);
}

/* Makes column col, rows first..n-1, the Householder vector that zeroes
 * rows first+1.. of that column: row first receives beta (the image of the
 * column), the rows below are scaled so that the vector's implicit first
 * element is 1. Returns tau of P = I - tau v v'. */
static float householder_column(float *a, int n, int col, int first)
{
    if (n - first == 1)
        return 0.0f;
    const float tail = column_norm(a, n, col, first + 1);
    if (tail == 0.0f)
        return 0.0f;
    const float alpha = a[first * n + col];
    const float beta = (float)-speed_sign_of(alpha) * hypotenuse(alpha, tail);
    const float tau = (beta - alpha) / beta;
    const float scale = alpha - beta;
    if (scale != 0.0f) {
        for (int i = first; i < n; i++)
            a[i * n + col] /= scale;
        a[first * n + col] = beta;
    }
    return tau;
}

/* Reduces the symmetric a (destroyed) to tridiagonal form: diagonal diag[n],
 * subdiagonal sub[n - 1]. v and x are scratch vectors of n floats. */
static void tridiagonalize(float *a, int n, float *diag, float *sub, float *v, float *x)
{
    for (int i = 0; i + 2 < n; i++) {
        const float tau = householder_column(a, n, i, i + 1);
        const int lo = i + 1;
        for (int j = lo; j < n; j++)
            v[j] = a[j * n + i];
        if (tau == 0.0f)
            continue;
        v[lo] = 1.0f;
        /* The trailing block becomes P A P with P = I - tau v v':
         * x = tau A v - (tau / 2)(x'v) v, then A -= v x' + x v'. */
        for (int r = lo; r < n; r++) {
            x[r] = 0.0f;
            for (int c = lo; c < n; c++)
                x[r] += tau * a[r * n + c] * v[c];
        }
        float xv = 0;
        for (int r = lo; r < n; r++)
            xv += x[r] * v[r];
        const float alpha = (float)(-0.5 * tau * xv);
        for (int r = lo; r < n; r++)
            x[r] += alpha * v[r];
        for (int r = lo; r < n; r++) {
            for (int c = lo; c < n; c++)
                a[r * n + c] -= x[r] * v[c] + v[r] * x[c];
        }
    }
    for (int i = 0; i < n; i++)
        diag[i] = a[i * n + i];
    for (int i = 0; i + 1 < n; i++)
        sub[i] = a[(i + 1) * n + i];
}

/* Zeroes subdiagonal elements negligible against their diagonal neighbours. */
static void chop_small(const float *diag, float *sub, int n)
{
    for (int i = 0; i + 1 < n; i++) {
        if (fabsf(sub[i]) < SPEED_EPS * (fabsf(diag[i]) + fabsf(diag[i + 1])))
            sub[i] = 0.0f;
    }
}

/* The eigenvalue of the trailing 2x2 block closer to its last element. */
static float wilkinson_shift(const float *diag, const float *sub, int n)
{
    const float ta = diag[n - 2], tb = diag[n - 1], tab = sub[n - 2];
    const float dt = (float)((ta - tb) / 2.0);
    if (dt > 0)
        return tb - tab * (tab / (dt + hypotenuse(dt, tab)));
    if (dt == 0)
        return tb - fabsf(tab);
    return tb + tab * (tab / (-dt + hypotenuse(dt, tab)));
}

/* The rotation (c, s) that zeroes b in s a + c b. */
static void givens(float a, float b, float *c, float *s)
{
    if (b == 0) {
        *c = 1;
        *s = 0;
    } else if (fabsf(b) > fabsf(a)) {
        const float t = -a / b;
        const float s1 = (float)(1.0 / sqrt(1 + t * t));
        *s = s1;
        *c = s1 * t;
    } else {
        const float t = -b / a;
        const float c1 = (float)(1.0 / sqrt(1 + t * t));
        *c = c1;
        *s = c1 * t;
    }
}

/* Rotated 2x2 block [ap bp; bp aq] of one Givens step. */
typedef struct Rotated {
    float ap, bp, aq;
} Rotated;

static Rotated rotate(float c, float s, float ap, float bp, float aq)
{
    return (Rotated){
        .ap = c * (c * ap - s * bp) + s * (s * aq - c * bp),
        .bp = c * (s * ap + c * bp) - s * (s * bp + c * aq),
        .aq = s * (s * ap + c * bp) + c * (s * bp + c * aq),
    };
}

/* One implicit shifted QR step on the unreduced tridiagonal block
 * (diag[0..n-1], sub[0..n-2]), chasing the bulge down with rotations. */
static void qr_step(float *diag, float *sub, int n)
{
    float mu = wilkinson_shift(diag, sub, n);
    if (SPEED_EPS * fabsf(mu) > fabsf(diag[0]) + fabsf(sub[0]))
        mu = 0;

    float x = diag[0] - mu, z = sub[0];
    float c, s;
    if (n == 2) {
        givens(x, z, &c, &s);
        const Rotated r = rotate(c, s, diag[0], sub[0], diag[1]);
        diag[0] = r.ap;
        sub[0] = r.bp;
        diag[1] = r.aq;
        return;
    }

    float ap = diag[0], bp = sub[0], aq = diag[1], bq = sub[1];
    float bk = 0, zk = 0; /* the previous rotation's subdiagonal and bulge */
    for (int k = 0; k < n - 1; k++) {
        givens(x, z, &c, &s);
        const float bk_prev = c * bk - s * zk;
        const Rotated r = rotate(c, s, ap, bp, aq);
        const float bulge = -s * bq;
        const float bq_next = c * bq;

        bk = r.bp;
        zk = bulge;
        ap = r.aq;
        bp = bq_next;
        if (k < n - 2)
            aq = diag[k + 2];
        if (k < n - 3)
            bq = sub[k + 2];

        diag[k] = r.ap;
        if (k > 0)
            sub[k - 1] = bk_prev;
        if (k < n - 2)
            sub[k + 1] = bp;
        x = bk;
        z = zk;
    }
    diag[n - 1] = ap;
    sub[n - 2] = bk;
}

void speed_eigenvalues(const float *a, int n, float *eig, float *scratch)
{
    float *m = scratch, *sub = m + n * n, *v = sub + n, *x = v + n;
    memcpy(m, a, sizeof(*m) * n * n);
    tridiagonalize(m, n, eig, sub, v, x);

    /* Deflate from the bottom: split off the trailing element once its
     * subdiagonal vanishes, else step on the largest unreduced block
     * ending there. */
    chop_small(eig, sub, n);
    int end = n - 1, steps = 0;
    while (end > 0 && steps < SPEED_MAX_QR_STEPS) {
        if (sub[end - 1] == 0.0f) {
            end--;
            continue;
        }
        int start = end - 1;
        while (start > 0 && sub[start - 1] != 0.0f)
            start--;
        qr_step(eig + start, sub + start, end - start + 1);
        chop_small(eig + start, sub + start, end - start + 1);
        steps++;
    }
    if (steps == SPEED_MAX_QR_STEPS)
        vmaf_log(VMAF_LOG_LEVEL_WARNING, "speed: eigenvalues did not converge in %d steps",
                 SPEED_MAX_QR_STEPS);
}

/* dst (rows x cols) = x (rows x inner) * y (inner x cols), each element
 * speed_product()'s sum, computed row by row for the vectoriser. */
static void multiply(float *dst, const float *x, const float *y, int rows, int inner, int cols)
{
    memset(dst, 0, sizeof(*dst) * rows * cols);
    for (int i = 0; i < rows; i++) {
        for (int k = 0; k < inner; k++) {
            for (int j = 0; j < cols; j++)
                dst[i * cols + j] += x[i * inner + k] * y[k * cols + j];
        }
    }
}

/* qt = H_{n-2} ... H_0 (that is Q') and r = qt a, by Householder
 * reflections of the successive minors of a. */
static void householder_qr(const float *a, int n, float *qt, float *r, float *scratch)
{
    float *z = scratch, *h = z + n * n, *tmp = h + n * n, *v = tmp + n * n;
    memcpy(z, a, sizeof(*z) * n * n);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            qt[i * n + j] = i == j ? 1 : 0;
    }
    for (int k = 0; k + 1 < n; k++) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++)
                z[i * n + j] = speed_qr_minor(z[i * n + j], i, j, k);
        }
        speed_householder_vector(z, n, k, a[k * n + k], v);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++)
                h[i * n + j] = speed_reflector(v, i, j);
        }
        multiply(tmp, h, z, n, n, n);
        memcpy(z, tmp, sizeof(*z) * n * n);
        multiply(tmp, h, qt, n, n, n);
        memcpy(qt, tmp, sizeof(*qt) * n * n);
    }
    multiply(r, qt, a, n, n, n);
}

int speed_solve(const float *a, int n, const float *b, int cols, float *x, float *scratch)
{
    float *qt = scratch, *r = qt + n * n, *rhs = r + n * n, *qr_scratch = rhs + n * cols;
    householder_qr(a, n, qt, r, qr_scratch);
    multiply(rhs, qt, b, n, n, cols);

    /* Back substitution on r x = qt b. */
    for (int i = n - 1; i >= 0; i--) {
        if (fabsf(r[i * n + i]) < SPEED_EPS)
            return -EINVAL;
        for (int j = 0; j < cols; j++)
            x[i * cols + j] = speed_back_substitute(r, n, i, rhs[i * cols + j], x + j, cols);
    }
    return 0;
}

/* Dense float linear algebra for SpEED's small covariance matrices
 * (row-major, n x n). The algorithms and the order of every float
 * operation follow the reference, whose results depend on them. */
#ifndef VMAF_FEATURE_SPEED_LINALG_H
#define VMAF_FEATURE_SPEED_LINALG_H

/* Floats of scratch the functions below need. */
#define SPEED_EIGEN_SCRATCH(n) ((n) * (n) + 3 * (n))
#define SPEED_SOLVE_SCRATCH(n, cols) (5 * (n) * (n) + (n) + (n) * (cols))

/* Eigenvalues of the symmetric matrix a (left unchanged), unsorted:
 * Householder reduction to tridiagonal form, then implicit QR steps with
 * Wilkinson shifts. */
void speed_eigenvalues(const float *a, int n, float *eig, float *scratch);

/* Solves a x = b for the n x cols matrix x by a Householder QR of a.
 * Returns -EINVAL when a diagonal element of R is below 1e-6 in magnitude
 * (x is then partly written). */
int speed_solve(const float *a, int n, const float *b, int cols, float *x, float *scratch);

#endif

/* vmaf-ng public API: VMAF_API marks the functions libvmaf exports. The
 * library is built with hidden visibility, so that nothing else of it is
 * exported (tests/install/exports.sh checks the shared library's symbols
 * against the functions so marked in these headers). */
#ifndef LIBVMAF_EXPORT_H
#define LIBVMAF_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define VMAF_API __attribute__((visibility("default")))
#else
#define VMAF_API
#endif

#endif

# Instrumented builds, each in a build directory of its own (the Makefile's
# sanitize, tsan and fuzz targets make them):
#   VMAF_SANITIZE=address,undefined or thread: everything built under those
#     sanitizers; the first report stops the program with an error.
#   VMAF_FUZZ=ON (clang): the libFuzzer targets of tests/fuzz, the library
#     instrumented for coverage under ASan and UBSan.
# Included before the targets are made, after cmake/cuda.cmake.
set(VMAF_SANITIZE "" CACHE STRING "sanitizers for the whole build: address,undefined or thread")
option(VMAF_FUZZ "build the libFuzzer targets of tests/fuzz (needs clang)" OFF)

if(VMAF_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "VMAF_FUZZ needs clang (configure with CC=clang)")
  endif()
  if(NOT VMAF_SANITIZE)
    set(VMAF_SANITIZE address,undefined)
  endif()
  add_compile_options("$<$<COMPILE_LANGUAGE:C>:-fsanitize=fuzzer-no-link>")
endif()

if(VMAF_SANITIZE)
  if(VMAF_HAVE_CUDA)
    message(FATAL_ERROR "sanitizer builds are CPU only: configure with -DVMAF_CUDA=OFF")
  endif()
  set(VMAF_SANITIZE_FLAGS -fsanitize=${VMAF_SANITIZE} -fno-sanitize-recover=all
                          -fno-omit-frame-pointer -g)
  # GCC's "undefined" leaves out conversions of out-of-range doubles to
  # integers, which option and score code does; clang's includes them.
  if(VMAF_SANITIZE MATCHES "undefined")
    list(APPEND VMAF_SANITIZE_FLAGS -fsanitize=float-cast-overflow)
  endif()
  add_compile_options("$<$<COMPILE_LANGUAGE:C>:${VMAF_SANITIZE_FLAGS}>")
  add_link_options(${VMAF_SANITIZE_FLAGS})
  message(STATUS "sanitizers: ${VMAF_SANITIZE}")
endif()

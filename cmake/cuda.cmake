# The CUDA backend: src/cuda/ and the twins in src/feature/*/cuda/.
# VMAF_CUDA=AUTO builds it when a CUDA compiler is found, ON requires one.
# Included before the targets are made (they take CMAKE_CUDA_ARCHITECTURES);
# vmaf_add_cuda_backend() adds the sources afterwards.
# The binary runs without a GPU or a driver too: the CPU then serves.
set(VMAF_CUDA AUTO CACHE STRING "CUDA backend: AUTO (when nvcc is found), ON or OFF")
set_property(CACHE VMAF_CUDA PROPERTY STRINGS AUTO ON OFF)

set(VMAF_HAVE_CUDA OFF)
if(VMAF_CUDA STREQUAL "AUTO")
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    set(VMAF_HAVE_CUDA ON)
  endif()
elseif(VMAF_CUDA)
  set(VMAF_HAVE_CUDA ON)
endif()
if(NOT VMAF_HAVE_CUDA)
  message(STATUS "CUDA backend: off")
  return()
endif()

# Machine code for Turing to Hopper, and Hopper PTX that the driver compiles
# for later GPUs. One architecture (-DCMAKE_CUDA_ARCHITECTURES=90) builds
# about six times faster.
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  set(CMAKE_CUDA_ARCHITECTURES 75-real 80-real 86-real 89-real 90-real 90-virtual)
endif()
enable_language(CUDA)
find_package(CUDAToolkit 12.0 REQUIRED)
# Link with the C compiler: the kernels' host code needs no C++ runtime
# (no exceptions, no guarded statics), so the library depends on libc, libm,
# pthreads, libdl and librt only, as without CUDA.
set(CMAKE_CUDA_LINKER_PREFERENCE_PROPAGATES OFF)

message(STATUS "CUDA backend: on (nvcc ${CMAKE_CUDA_COMPILER_VERSION}, architectures "
               "${CMAKE_CUDA_ARCHITECTURES})")

# Called once the library targets exist, after vmaf_add_gpu_host_layer().
function(vmaf_add_cuda_backend)
  file(GLOB sources CONFIGURE_DEPENDS src/cuda/*.cu src/feature/*/cuda/*.cu)
  target_sources(vmaf_objects PRIVATE ${sources} src/cuda/cuda_runtime.c src/cuda/cuda_state.c)
  set_target_properties(vmaf_objects PROPERTIES CUDA_STANDARD 17 CUDA_STANDARD_REQUIRED ON)
  target_include_directories(vmaf_objects PRIVATE ${CUDAToolkit_INCLUDE_DIRS})
  # As -ffp-contract=off for C: no fused multiply-adds in device code.
  target_compile_options(vmaf_objects PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--fmad=false
                         -Xcompiler=-fno-exceptions -Xcompiler=-fno-threadsafe-statics>)
  target_compile_definitions(vmaf_objects PRIVATE VMAF_HAVE_CUDA=1)
  # The static runtime: no libcudart to ship; libcuda is opened at run time.
  target_compile_definitions(vmaf_static PUBLIC VMAF_HAVE_CUDA=1)
  target_link_libraries(vmaf_static PUBLIC CUDA::cudart_static)
  target_link_libraries(vmaf_shared PRIVATE CUDA::cudart_static)
  set_target_properties(vmaf_shared PROPERTIES LINKER_LANGUAGE C)
endfunction()

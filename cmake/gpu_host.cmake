# The GPU backends' host layer: the context's backend, the shared frame, the
# twins' helpers and graph cache (src/cuda/*.c but the CUDA runtime's table
# and API), and every twin's host code (src/feature/*/cuda/*.c). Plain C over
# the device-API table (src/cuda/cuda_api.h), built with the C compiler into
# any build with a GPU backend: CUDA, SYCL or HIP, each of which adds its
# table and kernels (cmake/cuda.cmake, sycl.cmake, hip.cmake).
function(vmaf_add_gpu_host_layer)
  file(GLOB sources CONFIGURE_DEPENDS src/cuda/*.c src/feature/*/cuda/*.c)
  list(REMOVE_ITEM sources ${PROJECT_SOURCE_DIR}/src/cuda/cuda_runtime.c
       ${PROJECT_SOURCE_DIR}/src/cuda/cuda_state.c)
  target_sources(vmaf_objects PRIVATE ${sources})
endfunction()

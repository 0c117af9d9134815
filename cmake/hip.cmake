# The HIP backend (AMD GPUs, docs/hip.md): hipcc builds the CUDA twins'
# kernel sources (src/feature/*/cuda/*.cu, through src/cuda/gpu_runtime.h)
# and the C compiler the HIP table (src/hip/hip_api.c, hip_module.c) into
# the module vmaf-hip.so, which the library loads when a HIP device is asked
# for (src/hip/hip_loader.c), so that it needs no ROCm to run elsewhere.
# Custom commands, not CMake's HIP language, which does not find Debian's
# ROCm layout. VMAF_HIP=AUTO builds it when hipcc is found, ON requires it.
# The twins' host code and the shared frame are the GPU backends' host layer
# (cmake/gpu_host.cmake), plain C: no CUDA toolkit is needed.
set(VMAF_HIP AUTO CACHE STRING "HIP backend: AUTO (when hipcc is found), ON or OFF")
set_property(CACHE VMAF_HIP PROPERTY STRINGS AUTO ON OFF)
# gfx942 (MI300) needs a newer ROCm than Debian 12's 5.2.
set(VMAF_HIP_ARCHS "gfx90a;gfx908;gfx940;gfx1030" CACHE STRING
    "AMD GPU architectures the HIP kernels are built for (;-separated)")

set(VMAF_HAVE_HIP OFF)
set(VMAF_HIP_OFF_REASON "VMAF_HIP=OFF")
if(NOT VMAF_HIP)
  message(STATUS "HIP backend: off")
  return()
endif()
find_program(VMAF_HIPCC hipcc HINTS ENV ROCM_PATH PATH_SUFFIXES bin PATHS /opt/rocm/bin)
find_library(VMAF_AMDHIP64 amdhip64 HINTS ENV ROCM_PATH PATH_SUFFIXES lib PATHS /opt/rocm/lib)
find_path(VMAF_HIP_INCLUDE hip/hip_runtime_api.h HINTS ENV ROCM_PATH PATH_SUFFIXES include
          PATHS /opt/rocm/include)
if(NOT VMAF_HIPCC OR NOT VMAF_AMDHIP64 OR NOT VMAF_HIP_INCLUDE)
  set(VMAF_HIP_OFF_REASON "hipcc, libamdhip64 or HIP's headers not found (Debian: hipcc \
libamdhip64-dev rocm-device-libs)")
else()
  set(VMAF_HAVE_HIP ON)
endif()
if(NOT VMAF_HAVE_HIP)
  if(VMAF_HIP STREQUAL "ON")
    message(FATAL_ERROR "VMAF_HIP=ON: ${VMAF_HIP_OFF_REASON}")
  endif()
  message(STATUS "HIP backend: off (${VMAF_HIP_OFF_REASON})")
  return()
endif()
message(STATUS "HIP backend: on (${VMAF_HIPCC}, architectures ${VMAF_HIP_ARCHS})")
# Comma-separated for the C code: a ";" would split a definition.
list(JOIN VMAF_HIP_ARCHS "," VMAF_HIP_ARCHS_CSV)

# Called once the library targets exist.
function(vmaf_add_hip_backend)
  target_sources(vmaf_objects PRIVATE src/hip/hip_loader.c src/hip/hip_state.c)
  file(RELATIVE_PATH dir /prefix/${CMAKE_INSTALL_BINDIR} /prefix/${CMAKE_INSTALL_LIBDIR}/vmaf-ng)
  target_compile_definitions(vmaf_objects PRIVATE VMAF_HAVE_HIP=1 VMAF_HIP_MODULE_DIR="${dir}")
  target_compile_definitions(vmaf_static PUBLIC VMAF_HAVE_HIP=1)
  target_link_libraries(vmaf_static PUBLIC ${CMAKE_DL_LIBS})
  target_link_libraries(vmaf_shared PRIVATE ${CMAKE_DL_LIBS})

  # The kernels: every twin's .cu, and the exact sums they share (not the
  # NVDEC picture import, which is CUDA's alone).
  file(GLOB kernels CONFIGURE_DEPENDS src/feature/*/cuda/*.cu)
  list(APPEND kernels ${PROJECT_SOURCE_DIR}/src/cuda/serial_sums.cu)
  set(archs)
  foreach(arch ${VMAF_HIP_ARCHS})
    list(APPEND archs --offload-arch=${arch})
  endforeach()
  # As -ffp-contract=off for C and --fmad=false for CUDA: no fused
  # multiply-adds, which hipcc makes by default.
  set(flags -x hip -std=c++17 -O3 -fPIC -fvisibility=hidden -ffp-contract=off
      -fno-exceptions ${archs} -I${PROJECT_SOURCE_DIR}/src -I${PROJECT_SOURCE_DIR}/include
      -I${CMAKE_BINARY_DIR}/include)
  set(objects)
  foreach(src ${kernels})
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${src})
    set(obj ${CMAKE_BINARY_DIR}/hip/${rel}.o)
    get_filename_component(obj_dir ${obj} DIRECTORY)
    add_custom_command(OUTPUT ${obj}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${obj_dir}
      COMMAND ${VMAF_HIPCC} ${flags} -MD -MF ${obj}.d -c ${src} -o ${obj}
      DEPENDS ${src} DEPFILE ${obj}.d
      COMMENT "Building HIP object ${rel}.o" VERBATIM)
    list(APPEND objects ${obj})
  endforeach()
  add_library(vmaf_hip MODULE src/hip/hip_api.c src/hip/hip_module.c ${objects})
  set_target_properties(vmaf_hip PROPERTIES PREFIX "" OUTPUT_NAME vmaf-hip
                        LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR} C_VISIBILITY_PRESET hidden
                        LINKER_LANGUAGE C)
  target_include_directories(vmaf_hip PRIVATE src include ${CMAKE_BINARY_DIR}/include
                             ${VMAF_HIP_INCLUDE})
  target_compile_definitions(vmaf_hip PRIVATE _GNU_SOURCE VMAF_GPU_HIP=1 __HIP_PLATFORM_AMD__
                             VMAF_HIP_ARCHS="${VMAF_HIP_ARCHS_CSV}"
                             VMAF_VERSION_STRING="${PROJECT_VERSION}")
  target_link_libraries(vmaf_hip PRIVATE ${VMAF_AMDHIP64})
  target_link_options(vmaf_hip PRIVATE -Wl,--no-undefined)
  # Built with the library and the tool, so that they find it beside them.
  add_dependencies(vmaf_static vmaf_hip)
  install(TARGETS vmaf_hip LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/vmaf-ng)
endfunction()

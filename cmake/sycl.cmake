# The SYCL backend: src/sycl/, the SYCL kernels in src/feature/*/sycl/ and
# the *_sycl twins that the CUDA twins' host code makes with them. Built with
# AdaptiveCpp (find_package; -DAdaptiveCpp_DIR=PREFIX/lib/cmake/AdaptiveCpp
# where it is not installed system-wide). VMAF_SYCL=AUTO builds it when
# AdaptiveCpp is found, ON requires it. The twins' host code and the shared
# frame are the GPU backends' host layer (cmake/gpu_host.cmake), plain C.
# ACPP_TARGETS (default generic: kernels compiled for the device at their
# first launch) is AdaptiveCpp's.
set(VMAF_SYCL AUTO CACHE STRING "SYCL backend: AUTO (when AdaptiveCpp is found), ON or OFF")
set_property(CACHE VMAF_SYCL PROPERTY STRINGS AUTO ON OFF)

set(VMAF_HAVE_SYCL OFF)
# Why not, for the log and for the SYCL tests' skip message.
set(VMAF_SYCL_OFF_REASON "VMAF_SYCL=OFF")
if(NOT VMAF_SYCL)
  message(STATUS "SYCL backend: off")
  return()
endif()
# AdaptiveCpp's compiler launcher takes the C++ compiler known when it is
# found (nvcc's host compiler is one).
enable_language(CXX)
# Also where `make test` builds it (scripts/adaptivecpp.sh).
set(acpp_hint ${CMAKE_BINARY_DIR}/_deps/adaptivecpp/lib/cmake/AdaptiveCpp)
if(VMAF_SYCL STREQUAL "ON")
  find_package(AdaptiveCpp CONFIG REQUIRED HINTS ${acpp_hint})
else()
  find_package(AdaptiveCpp CONFIG QUIET HINTS ${acpp_hint})
  if(NOT AdaptiveCpp_FOUND)
    set(VMAF_SYCL_OFF_REASON "AdaptiveCpp not found (-DAdaptiveCpp_DIR=...; make test builds it \
from ../shared when present)")
    message(STATUS "SYCL backend: off (${VMAF_SYCL_OFF_REASON})")
    return()
  endif()
endif()
if(NOT ACPP_TARGETS)
  set(ACPP_TARGETS generic CACHE STRING "AdaptiveCpp's compilation targets" FORCE)
endif()
set(VMAF_HAVE_SYCL ON)
# Where AdaptiveCpp's runtime is, for the installed files' RUNPATH and
# libvmaf.pc: the imported target's file, in whichever configuration it has.
get_target_property(acpp_configs AdaptiveCpp::acpp-rt IMPORTED_CONFIGURATIONS)
list(GET acpp_configs 0 acpp_config)
get_target_property(acpp_rt AdaptiveCpp::acpp-rt IMPORTED_LOCATION_${acpp_config})
get_filename_component(VMAF_ACPP_LIBDIR ${acpp_rt} DIRECTORY)
message(STATUS "SYCL backend: on (AdaptiveCpp ${AdaptiveCpp_VERSION}, targets ${ACPP_TARGETS})")

# Called once the library targets exist.
function(vmaf_add_sycl_backend)
  file(GLOB kernels CONFIGURE_DEPENDS src/sycl/*.cpp src/feature/*/sycl/*.cpp)
  file(GLOB host CONFIGURE_DEPENDS src/sycl/*.c)
  target_sources(vmaf_objects PRIVATE ${host})
  target_compile_definitions(vmaf_objects PRIVATE VMAF_HAVE_SYCL=1)
  add_library(vmaf_sycl_objects OBJECT ${kernels})
  target_include_directories(vmaf_sycl_objects PRIVATE include ${CMAKE_BINARY_DIR}/include src)
  target_compile_definitions(vmaf_sycl_objects PRIVATE _GNU_SOURCE VMAF_HAVE_SYCL=1)
  set_target_properties(vmaf_sycl_objects PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON
                        CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  # As -ffp-contract=off for C and --fmad=false for CUDA: no fused
  # multiply-adds; optimised kernels (AdaptiveCpp leaves them unoptimised
  # without a level).
  target_compile_options(vmaf_sycl_objects PRIVATE -O3 -ffp-contract=off)
  add_sycl_to_target(TARGET vmaf_sycl_objects SOURCES ${kernels})
  target_sources(vmaf_static PRIVATE $<TARGET_OBJECTS:vmaf_sycl_objects>)
  target_sources(vmaf_shared PRIVATE $<TARGET_OBJECTS:vmaf_sycl_objects>)
  target_compile_definitions(vmaf_static PUBLIC VMAF_HAVE_SYCL=1)
  target_link_libraries(vmaf_static PUBLIC AdaptiveCpp::acpp-rt stdc++)
  target_link_libraries(vmaf_shared PRIVATE AdaptiveCpp::acpp-rt stdc++)
  # Installed, the library and the tool find AdaptiveCpp's runtime where it
  # was found at build time (also inside the build tree, where `make test`
  # builds it, which INSTALL_RPATH_USE_LINK_PATH would leave out).
  set_property(TARGET vmaf_shared vmaf APPEND PROPERTY INSTALL_RPATH ${VMAF_ACPP_LIBDIR})
endfunction()

# Encoded input for the vmaf tool (tools/input/libav.c): FFmpeg's libraries,
# found by pkg-config. VMAF_LIBAV=AUTO uses them when found, ON requires
# them, OFF leaves them out; without them the tool reads Y4M and raw YUV and
# says so when given anything else. VMAF_LIBAV_STATIC=ON links them as
# pkg-config --static describes (a self-contained tool for another machine).
set(VMAF_LIBAV AUTO CACHE STRING "encoded input through FFmpeg's libraries: AUTO, ON or OFF")
set_property(CACHE VMAF_LIBAV PROPERTY STRINGS AUTO ON OFF)
option(VMAF_LIBAV_STATIC "link FFmpeg's libraries statically" OFF)

set(VMAF_HAVE_LIBAV OFF)
if(NOT VMAF_LIBAV STREQUAL "OFF")
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(LIBAV IMPORTED_TARGET libavformat libavcodec libavutil libswscale)
  endif()
  if(LIBAV_FOUND)
    set(VMAF_HAVE_LIBAV ON)
  elseif(VMAF_LIBAV STREQUAL "ON")
    message(FATAL_ERROR "VMAF_LIBAV=ON: libavformat, libavcodec, libavutil and libswscale not "
                        "found by pkg-config (Debian: libavformat-dev libavcodec-dev "
                        "libavutil-dev libswscale-dev)")
  endif()
endif()
message(STATUS "Encoded input (FFmpeg's libraries): ${VMAF_HAVE_LIBAV}")

# vmaf_link_libav(TARGET): TARGET reads encoded files.
function(vmaf_link_libav target)
  if(NOT VMAF_HAVE_LIBAV)
    return()
  endif()
  target_compile_definitions(${target} PUBLIC VMAF_HAVE_LIBAV)
  if(VMAF_LIBAV_STATIC)
    # FFmpeg's archives by their full paths, so that no other copy on the
    # linker's path (the system's) is taken; their system needs as -l.
    set(libs)
    foreach(lib ${LIBAV_STATIC_LIBRARIES})
      find_library(archive_${lib} NAMES lib${lib}.a PATHS ${LIBAV_STATIC_LIBRARY_DIRS}
                   NO_DEFAULT_PATH)
      if(archive_${lib})
        list(APPEND libs ${archive_${lib}})
      else()
        list(APPEND libs ${lib})
      endif()
    endforeach()
    target_include_directories(${target} PUBLIC ${LIBAV_STATIC_INCLUDE_DIRS})
    target_link_libraries(${target} PUBLIC ${libs})
  else()
    target_link_libraries(${target} PUBLIC PkgConfig::LIBAV)
  endif()
endfunction()

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

# vmaf_add_libav_module(TOOLS TOOL): the module vmaf-libav.so (libav.c and
# FFmpeg's libraries), built next to TOOL and installed in LIBDIR/vmaf-ng;
# TOOLS (the readers' library) loads it from either place, and TOOL exports
# the input helpers the module calls.
function(vmaf_add_libav_module tools tool)
  add_library(vmaf_libav MODULE ${PROJECT_SOURCE_DIR}/tools/input/libav.c)
  set_target_properties(vmaf_libav PROPERTIES PREFIX "" OUTPUT_NAME vmaf-libav
                        LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
  target_include_directories(vmaf_libav PRIVATE ${PROJECT_SOURCE_DIR}/tools
                             ${PROJECT_SOURCE_DIR}/include ${CMAKE_BINARY_DIR}/include)
  target_compile_definitions(vmaf_libav PRIVATE _GNU_SOURCE)
  target_link_libraries(vmaf_libav PRIVATE PkgConfig::LIBAV)
  file(RELATIVE_PATH dir /prefix/${CMAKE_INSTALL_BINDIR} /prefix/${CMAKE_INSTALL_LIBDIR}/vmaf-ng)
  target_compile_definitions(${tools} PUBLIC VMAF_HAVE_LIBAV PRIVATE
                             VMAF_LIBAV_MODULE="vmaf-libav.so" VMAF_LIBAV_MODULE_DIR="${dir}")
  target_link_libraries(${tools} PUBLIC ${CMAKE_DL_LIBS})
  set_target_properties(${tool} PROPERTIES ENABLE_EXPORTS ON)
  add_dependencies(${tool} vmaf_libav)
  install(TARGETS vmaf_libav LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/vmaf-ng)
endfunction()

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

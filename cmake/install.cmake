# What `cmake --install` (and `make install`) puts under the prefix: the
# vmaf CLI and its Slurm driver (vmaf-slurm), libvmaf.so.3 and libvmaf.a, the public headers, libvmaf.pc; and
# with HIP, the HIP module (cmake/hip.cmake); an `uninstall` target that
# removes what the last install wrote.

install(TARGETS vmaf vmaf_static vmaf_shared)
install(PROGRAMS tools/slurm/vmaf-slurm TYPE BIN)
set(VMAF_PUBLIC_HEADERS include/libvmaf/libvmaf.h include/libvmaf/model.h
    include/libvmaf/picture.h include/libvmaf/feature.h include/libvmaf/export.h
    ${CMAKE_BINARY_DIR}/include/libvmaf/version.h)
if(VMAF_HAVE_CUDA)
  list(APPEND VMAF_PUBLIC_HEADERS include/libvmaf/libvmaf_cuda.h)
endif()
if(VMAF_HAVE_SYCL)
  list(APPEND VMAF_PUBLIC_HEADERS include/libvmaf/libvmaf_sycl.h)
endif()
if(VMAF_HAVE_HIP)
  list(APPEND VMAF_PUBLIC_HEADERS include/libvmaf/libvmaf_hip.h)
endif()
install(FILES ${VMAF_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/libvmaf)

# libvmaf.pc finds the prefix from its own place (${pcfiledir}), so that it
# holds wherever `cmake --install --prefix` or DESTDIR puts it. A static link
# (pkg-config --static) needs what libvmaf.a does not carry: libm, threads and,
# with CUDA, the toolkit's static runtime and what that needs.
file(RELATIVE_PATH VMAF_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" VMAF_PC_TO_PREFIX "${VMAF_PC_TO_PREFIX}")
set(VMAF_PC_LIBS_PRIVATE "-lm -pthread")
if(VMAF_HAVE_CUDA)
  get_filename_component(cudart_dir ${CUDA_cudart_static_LIBRARY} DIRECTORY)
  string(APPEND VMAF_PC_LIBS_PRIVATE " -L${cudart_dir} -lcudart_static -ldl -lrt")
endif()
if(VMAF_HAVE_SYCL)
  string(APPEND VMAF_PC_LIBS_PRIVATE
         " -L${VMAF_ACPP_LIBDIR} -Wl,-rpath,${VMAF_ACPP_LIBDIR} -lacpp-rt -lstdc++")
endif()
configure_file(cmake/libvmaf.pc.in ${CMAKE_BINARY_DIR}/libvmaf.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/libvmaf.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

add_custom_target(uninstall
  COMMAND ${CMAKE_COMMAND} -DMANIFEST=${CMAKE_BINARY_DIR}/install_manifest.txt
          -P ${PROJECT_SOURCE_DIR}/cmake/uninstall.cmake
  COMMENT "Removing the files the last install wrote" VERBATIM)

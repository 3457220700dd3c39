# Install rules, the CMake package (find_package(sgmc) -> sgmc::sgmc) and the
# pkg-config file. Consumers need only libsgmc and its header: the engine,
# Eigen and oneTBB stay private to the shared library.
include(CMakePackageConfigHelpers)

set(SGMC_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/sgmc)

install(TARGETS sgmc EXPORT sgmc-targets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  PUBLIC_HEADER DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sgmc)
# The copies per instruction-set level, where glibc's loader looks for them.
foreach(level IN LISTS SGMC_ISA_LEVELS)
  install(TARGETS sgmc.${level} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/glibc-hwcaps/${level} NAMELINK_SKIP)
endforeach()
if(TARGET sgmc_mpi)
  install(TARGETS sgmc_mpi EXPORT sgmc-targets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    PUBLIC_HEADER DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sgmc)
endif()
install(EXPORT sgmc-targets NAMESPACE sgmc:: DESTINATION ${SGMC_CMAKE_DIR})

configure_package_config_file(cmake/sgmc-config.cmake.in
  ${PROJECT_BINARY_DIR}/sgmc-config.cmake INSTALL_DESTINATION ${SGMC_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/sgmc-config-version.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/sgmc-config.cmake ${PROJECT_BINARY_DIR}/sgmc-config-version.cmake
  DESTINATION ${SGMC_CMAKE_DIR})

# The .pc file finds its prefix from its own location, so the install tree
# can be moved (cmake --install --prefix DIR works too). bindings/r
# configures the same template for the build tree.
file(RELATIVE_PATH _pc_to_prefix /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
set(SGMC_PC_PREFIX "\${pcfiledir}/${_pc_to_prefix}")
set(SGMC_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
set(SGMC_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
configure_file(cmake/sgmc.pc.in ${PROJECT_BINARY_DIR}/sgmc.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/sgmc.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The program: an executable that finds libsgmc (and its copies per level)
# through its RUNPATH.
if(TARGET sgmc_cli)
  install(TARGETS sgmc_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

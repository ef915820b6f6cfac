# Every dependency is a Debian 12 package. A missing one stops configuration
# with one line naming the package to install (tools/setup installs them all).

find_package(PkgConfig QUIET)

function(libero_missing what package)
  message(FATAL_ERROR "libero: ${what} not found: install the Debian package '${package}' (or run tools/setup)")
endfunction()

# LuaJIT
if(PkgConfig_FOUND)
  pkg_check_modules(LUAJIT QUIET IMPORTED_TARGET luajit)
endif()
if(NOT LUAJIT_FOUND)
  libero_missing("LuaJIT" "libluajit2-5.1-dev")
endif()
add_library(libero_luajit INTERFACE)
target_link_libraries(libero_luajit INTERFACE PkgConfig::LUAJIT)

# Eigen
find_package(Eigen3 3.3 QUIET NO_MODULE)
if(NOT TARGET Eigen3::Eigen)
  libero_missing("Eigen3" "libeigen3-dev")
endif()

# standalone asio (header only)
find_path(ASIO_INCLUDE_DIR asio.hpp)
if(NOT ASIO_INCLUDE_DIR)
  libero_missing("standalone asio" "libasio-dev")
endif()
add_library(libero_asio INTERFACE)
target_include_directories(libero_asio SYSTEM INTERFACE ${ASIO_INCLUDE_DIR})
target_compile_definitions(libero_asio INTERFACE ASIO_STANDALONE ASIO_NO_DEPRECATED)
find_package(Threads REQUIRED)
target_link_libraries(libero_asio INTERFACE Threads::Threads)

# doctest
find_package(doctest QUIET)
if(NOT TARGET doctest::doctest)
  libero_missing("doctest" "doctest-dev")
endif()

# MuJoCo
find_package(mujoco QUIET)
if(NOT TARGET mujoco::mujoco)
  libero_missing("MuJoCo" "libmujoco-dev")
endif()
# The Debian package's exported target names a qhull include directory that
# is not always installed; keep only the MuJoCo headers.
set_target_properties(mujoco::mujoco PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "/usr/include")

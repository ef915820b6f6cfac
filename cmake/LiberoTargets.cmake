# Shared compile settings for every Libero target.
add_library(libero_warnings INTERFACE)
target_compile_options(libero_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wno-missing-field-initializers)
if(LIBERO_SANITIZE)
  target_compile_options(libero_warnings INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer)
  target_link_options(libero_warnings INTERFACE -fsanitize=address,undefined)
endif()

# libero_test(<name> SOURCES ... LIBS ...): one doctest executable per part,
# registered with CTest under the label of its part.
function(libero_test name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${LIBERO_SOURCE_DIR}/tests/test_main.cpp ${T_SOURCES})
  target_link_libraries(${name} PRIVATE doctest::doctest libero_warnings ${T_LIBS})
  target_compile_definitions(${name} PRIVATE
    LIBERO_SOURCE_DIR="${LIBERO_SOURCE_DIR}"
    LIBERO_SAMPLE_SESSION="${LIBERO_SAMPLE_SESSION}"
    LIBERO_BINARY_DIR="${CMAKE_BINARY_DIR}")
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}" TIMEOUT 600)
endfunction()

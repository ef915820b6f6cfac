# Writes a C++ source holding a JavaScript file as a string, so the match
# report (a single self-contained HTML file) inlines the very code the live
# page loads. cmake -DINPUT=<js> -DOUTPUT=<cpp> -DNAME=<symbol> -P embed_js.cmake
file(READ "${INPUT}" content)
string(FIND "${content}" ")LIBERO_JS\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string delimiter")
endif()
file(WRITE "${OUTPUT}.tmp" "// Generated from ${INPUT} by tools/view/embed_js.cmake.\nnamespace libero::view {\nextern const char ${NAME}[];\nconst char ${NAME}[] = R\"LIBERO_JS(${content})LIBERO_JS\";\n}  // namespace libero::view\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)

# Writes the text of INPUT as a C++ byte array named kBuiltinMoveModel into OUTPUT, so that the engine carries its
# learned move model without reading a file at run time. Usage: cmake -DINPUT=... -DOUTPUT=... -P embed_model.cmake
file(READ "${INPUT}" content HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${content}")
file(WRITE "${OUTPUT}"
     "// Generated from ${INPUT} by embed_model.cmake; do not edit.\n"
     "namespace tengen::engine {\n"
     "extern const char kBuiltinMoveModel[];\n"
     "const char kBuiltinMoveModel[] = {${bytes}0x00};\n"
     "}  // namespace tengen::engine\n")

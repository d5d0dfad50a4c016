# Writes the bytes of INPUT into OUTPUT as a C++ array named NAME, followed by a 0 byte (so that a text reads as a C
# string), and its length (the 0 not counted) as NAME##Size, so that the engine carries its learned data without
# reading a file at run time. Usage: cmake -DINPUT=... -DOUTPUT=... -DNAME=... -P embed_data.cmake
file(READ "${INPUT}" content HEX)
string(LENGTH "${content}" digits)
math(EXPR length "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${content}")
file(WRITE "${OUTPUT}"
     "// Generated from ${INPUT} by embed_data.cmake; do not edit.\n"
     "#include <cstddef>\n"
     "namespace tengen::engine {\n"
     "extern const unsigned char ${NAME}[];\n"
     "extern const std::size_t ${NAME}Size;\n"
     "const unsigned char ${NAME}[] = {${bytes}0x00};\n"
     "const std::size_t ${NAME}Size = ${length};\n"
     "}  // namespace tengen::engine\n")

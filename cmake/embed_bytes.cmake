# embed_bytes(FILE ID OUT_VAR): appends to OUT_VAR the C definition of
# `static const char ID[]` holding FILE's bytes, twenty a line, and a NUL
# that the length (FILE's size, set in ${ID}_SIZE) leaves out, so that a
# text file is also a C string. For the generators run with cmake -P.
function(embed_bytes file id out_var)
  file(READ ${file} hex HEX)
  string(LENGTH "${hex}" digits)
  math(EXPR size "${digits} / 2")
  string(REGEX REPLACE "(........................................)" "\\1\n" hex "${hex}")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  set(${out_var} "${${out_var}}static const char ${id}[${size} + 1] = {\n${bytes}0x00};\n\n"
      PARENT_SCOPE)
  set(${id}_SIZE ${size} PARENT_SCOPE)
endfunction()

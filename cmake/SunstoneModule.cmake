# sunstone_add_module(NAME SOURCES...) — builds one dlopen-able module build/modules/NAME.so.
# Modules see only the public SDK (core/include); they do not link against the kernel, which
# hands them its function table at init.
function(sunstone_add_module name)
  add_library(${name} MODULE ${ARGN})
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    OUTPUT_NAME ${name}
    LIBRARY_OUTPUT_DIRECTORY ${SUNSTONE_MODULE_DIR})
  target_include_directories(${name} PRIVATE ${SUNSTONE_SDK_INCLUDE})
  target_link_options(${name} PRIVATE -Wl,--no-undefined)
  set_property(GLOBAL APPEND PROPERTY SUNSTONE_MODULES ${name})
endfunction()

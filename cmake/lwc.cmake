# What cmake/lwc-tree.cmake's lines mean.  Each call records one
# implementation folder or one target in global properties (no list is kept
# here by hand: tools/gen_cmake.py writes the calls from the tree).

# lwc_impl(KIND SCHEME NAME NAMESPACE FOLDER ARCHS token... [NOT_CT] SOURCES file...)
function(lwc_impl kind scheme name namespace folder)
  cmake_parse_arguments(PARSE_ARGV 5 arg "NOT_CT" "" "ARCHS;SOURCES")
  set(id "${scheme}/${name}")
  set_property(GLOBAL APPEND PROPERTY LWC_ALL_IMPLS "${id}")
  set_property(GLOBAL APPEND PROPERTY LWC_ALL_SCHEMES "${scheme}")
  foreach(field kind scheme name namespace folder)
    set_property(GLOBAL PROPERTY "LWC_IMPL_${id}_${field}" "${${field}}")
  endforeach()
  set_property(GLOBAL PROPERTY "LWC_IMPL_${id}_archs" "${arg_ARCHS}")
  set_property(GLOBAL PROPERTY "LWC_IMPL_${id}_not_ct" "${arg_NOT_CT}")
  set_property(GLOBAL PROPERTY "LWC_IMPL_${id}_sources" "${arg_SOURCES}")
endfunction()

# lwc_target(NAME ARCHS token... DEFAULT scheme/impl...)
function(lwc_target name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "ARCHS;DEFAULT")
  set_property(GLOBAL APPEND PROPERTY LWC_ALL_TARGETS "${name}")
  set_property(GLOBAL PROPERTY "LWC_TARGET_${name}_archs" "${arg_ARCHS}")
  set_property(GLOBAL PROPERTY "LWC_TARGET_${name}_default" "${arg_DEFAULT}")
endfunction()

# lwc_impl_get(VAR ID FIELD): one field of an implementation
function(lwc_impl_get var id field)
  get_property(value GLOBAL PROPERTY "LWC_IMPL_${id}_${field}")
  set(${var} "${value}" PARENT_SCOPE)
endfunction()

# lwc_builds_for(VAR ID TARGET): TRUE when the implementation's
# architectures file says `any` or names one of the target's tokens
function(lwc_builds_for var id target)
  lwc_impl_get(archs "${id}" archs)
  get_property(tokens GLOBAL PROPERTY "LWC_TARGET_${target}_archs")
  set(ok FALSE)
  foreach(a IN LISTS archs)
    if(a STREQUAL "any" OR a IN_LIST tokens)
      set(ok TRUE)
    endif()
  endforeach()
  set(${var} ${ok} PARENT_SCOPE)
endfunction()

"""The C library and what ships it: KATs, properties, API edges, the lwc
command, the Python binding, CMake, Arduino, the SUPERCOP export."""

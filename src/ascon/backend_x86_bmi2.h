/*
 * x86-64 with BMI1/BMI2 (run-time selected): opt64's backend compiled for
 * rorx (rotation into another register, no copy) and andn (~a & b in one
 * instruction); with rorx the linear layer's plain three-term form is the
 * shorter one.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_X86_TARGET "bmi,bmi2"
#include "ascon/x86_target.h"
#define ASCON_X86_RORX 1
#define ASCON_BACKEND_NAME "x86_64_bmi2"
#include "ascon/backend_opt64.h"
#endif

/**
 * @file sgmc_export.h
 * @brief SGMC_API marks the exported functions of the shared library; the
 *        library is built with hidden visibility for everything else.
 */
#ifndef SGMC_SGMC_EXPORT_H
#define SGMC_SGMC_EXPORT_H

#if defined(_WIN32)
#  if defined(SGMC_BUILDING)
#    define SGMC_API __declspec(dllexport)
#  else
#    define SGMC_API __declspec(dllimport)
#  endif
#elif defined(SGMC_BUILDING)
#  define SGMC_API __attribute__((visibility("default")))
#else
#  define SGMC_API
#endif

#endif /* SGMC_SGMC_EXPORT_H */

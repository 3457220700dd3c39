// docs/options.md's table of options (`sgmc options --markdown`), printed
// from the facts the library gives about each option (sgmc_option_info,
// _domain, _read_by, _resumable; its default from fresh options), so that
// the page cannot drift from the library: ctest test_options compares.
#pragma once

#include <string>

namespace sgmc::app {

/// The table: key, type, default, values, read by, resume, meaning.
std::string options_markdown();

}  // namespace sgmc::app

#include "option_set.hpp"

namespace sgmc::app {
namespace {

OptionsHandle fresh() {
  sgmc_options* options = nullptr;
  check(sgmc_options_create(&options));
  return OptionsHandle(options);
}

OptionsHandle copy_of(const sgmc_options* source) {
  sgmc_options* options = nullptr;
  check(sgmc_options_clone(&options, source));
  return OptionsHandle(options);
}

}  // namespace

OptionSet::OptionSet() : options_(fresh()) {}

OptionSet::OptionSet(const OptionSet& other) : options_(copy_of(other.handle())) {}

OptionSet& OptionSet::operator=(const OptionSet& other) {
  if (this != &other) options_ = copy_of(other.handle());
  return *this;
}

void OptionSet::set(const std::string& key, std::int64_t value) {
  check(sgmc_options_set_int(options_.get(), key.c_str(), value));
}

void OptionSet::set(const std::string& key, double value) {
  check(sgmc_options_set_double(options_.get(), key.c_str(), value));
}

void OptionSet::set(const std::string& key, const std::string& value) {
  check(sgmc_options_set_string(options_.get(), key.c_str(), value.c_str()));
}

void OptionSet::set_theta0(const std::vector<double>& theta0) {
  check(sgmc_options_set_theta0(options_.get(), theta0.empty() ? nullptr : theta0.data(),
                                static_cast<int64_t>(theta0.size())));
}

std::int64_t OptionSet::get_int(const std::string& key) const {
  int64_t value = 0;
  check(sgmc_options_get_int(options_.get(), key.c_str(), &value));
  return value;
}

double OptionSet::get_double(const std::string& key) const {
  double value = 0;
  check(sgmc_options_get_double(options_.get(), key.c_str(), &value));
  return value;
}

std::string OptionSet::get_string(const std::string& key) const {
  const char* value = nullptr;
  check(sgmc_options_get_string(options_.get(), key.c_str(), &value));
  return value;
}

OptionValue OptionSet::get(const std::string& key) const {
  switch (option_type(key)) {
    case SGMC_OPTION_INT: return get_int(key);
    case SGMC_OPTION_DOUBLE: return get_double(key);
    case SGMC_OPTION_STRING: break;
  }
  return get_string(key);
}

sgmc_option_type option_type(const std::string& key) {
  sgmc_option_type type{};
  check(sgmc_option_type_of(key.c_str(), &type));
  return type;
}

const char* option_type_name(sgmc_option_type type) {
  switch (type) {
    case SGMC_OPTION_INT: return "int";
    case SGMC_OPTION_DOUBLE: return "double";
    case SGMC_OPTION_STRING: return "string";
  }
  return "unknown";
}

}  // namespace sgmc::app

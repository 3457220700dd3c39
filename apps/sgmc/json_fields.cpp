#include "json_fields.hpp"

#include <cmath>

#include "library.hpp"

namespace sgmc::app {

JsonFields::JsonFields(const nlohmann::json& object, std::string path)
    : object_(object), path_(std::move(path)) {
  if (!object_.is_object()) {
    throw Failure("config " + (path_.empty() ? std::string("file") : "key '" + path_ + "'") + " = " +
                    object_.dump() + ": must be a JSON object");
  }
}

std::string JsonFields::name(const std::string& key) const {
  return path_.empty() ? key : path_ + "." + key;
}

void JsonFields::fail(const std::string& key, const std::string& expected) const {
  throw Failure("config key '" + name(key) + "' = " + object_.at(key).dump() + ": " + expected);
}

const nlohmann::json* JsonFields::take(const std::string& key) {
  taken_.insert(key);
  const auto it = object_.find(key);
  return it == object_.end() ? nullptr : &*it;
}

std::optional<std::string> JsonFields::text(const std::string& key) {
  const auto* v = take(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_string()) fail(key, "must be a string");
  return v->get<std::string>();
}

std::optional<double> JsonFields::number(const std::string& key) {
  const auto* v = take(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_number()) fail(key, "must be a number");
  return v->get<double>();
}

std::optional<std::int64_t> JsonFields::integer(const std::string& key) {
  const auto x = number(key);
  if (!x) return std::nullopt;
  if (std::trunc(*x) != *x || std::abs(*x) > 9e18) fail(key, "must be an integer");
  return static_cast<std::int64_t>(*x);
}

std::optional<bool> JsonFields::flag(const std::string& key) {
  const auto* v = take(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_boolean()) fail(key, "must be true or false");
  return v->get<bool>();
}

template <typename T>
std::optional<std::vector<T>> JsonFields::array(const std::string& key,
                                                bool (nlohmann::json::*is)() const noexcept,
                                                const char* expected) {
  const auto* v = take(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_array()) fail(key, expected);
  std::vector<T> out;
  for (const auto& x : *v) {
    if (!(x.*is)()) fail(key, expected);
    out.push_back(x.get<T>());
  }
  return out;
}

std::optional<std::vector<double>> JsonFields::numbers(const std::string& key) {
  return array<double>(key, &nlohmann::json::is_number, "must be an array of numbers");
}

std::optional<std::vector<std::string>> JsonFields::texts(const std::string& key) {
  return array<std::string>(key, &nlohmann::json::is_string, "must be an array of strings");
}

void JsonFields::reject_unknown() const {
  for (const auto& [key, value] : object_.items()) {
    if (!taken_.contains(key)) {
      throw Failure("config key '" + name(key) + "' is unknown (value " + value.dump() + ")");
    }
  }
}

}  // namespace sgmc::app

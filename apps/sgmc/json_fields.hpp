// The members of one JSON object of a config file, taken by name with their
// expected type. Errors name the key's full path and its value; keys left
// untaken are rejected by name, so a misspelt key never passes silently.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sgmc::app {

class JsonFields {
 public:
  /// `object` must outlive this; `path` names it in errors ("" for the
  /// top level, "model" for a nested object). Throws unless it is an object.
  JsonFields(const nlohmann::json& object, std::string path);

  /// The member, or null when absent.
  const nlohmann::json* take(const std::string& key);
  std::optional<std::string> text(const std::string& key);
  std::optional<double> number(const std::string& key);
  std::optional<std::int64_t> integer(const std::string& key);
  /// true or false.
  std::optional<bool> flag(const std::string& key);
  /// An array of numbers.
  std::optional<std::vector<double>> numbers(const std::string& key);
  /// An array of strings.
  std::optional<std::vector<std::string>> texts(const std::string& key);

  /// "path.key" for messages.
  std::string name(const std::string& key) const;
  /// Throws naming the key and its value: "key 'model.x' = 3: <expected>".
  [[noreturn]] void fail(const std::string& key, const std::string& expected) const;
  /// Throws naming the first member no take() asked for.
  void reject_unknown() const;

 private:
  /// An array whose every element passes `is`, read as T; `expected` says
  /// what it must be.
  template <typename T>
  std::optional<std::vector<T>> array(const std::string& key,
                                      bool (nlohmann::json::*is)() const noexcept,
                                      const char* expected);

  const nlohmann::json& object_;
  std::string path_;
  std::set<std::string> taken_;
};

}  // namespace sgmc::app

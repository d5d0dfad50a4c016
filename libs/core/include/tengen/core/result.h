// A value or the words that say why there is none; how fallible calls answer across library boundaries.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace tengen {

template <typename T>
class Result {
 public:
  Result(T value) : m_value(std::move(value)) {}  // NOLINT(google-explicit-constructor): reads as `return value;`

  static Result failure(std::string why) {  // NOLINT(performance-unnecessary-value-param): moved from
    Result r;
    r.m_error = std::move(why);
    return r;
  }

  bool ok() const { return m_value.has_value(); }
  explicit operator bool() const { return ok(); }

  // Precondition: ok().
  const T& value() const& {
    assert(ok());
    return *m_value;
  }
  T& value() & {
    assert(ok());
    return *m_value;
  }
  T&& value() && {
    assert(ok());
    return std::move(*m_value);
  }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

  // Empty when ok().
  const std::string& error() const { return m_error; }

 private:
  Result() = default;
  std::optional<T> m_value;
  std::string m_error;
};

}  // namespace tengen

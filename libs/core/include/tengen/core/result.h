// A value, or the words that say why there is none and what kind of failure it was: how every fallible call
// answers across library boundaries. Status is the same for calls that have no value to give.
#pragma once

#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace tengen {

// What kind of failure a Result holds; each one has its exit code (docs/cli.md) and HTTP status
// (docs/http-api.md).
enum class ErrorKind : std::uint8_t {
  Invalid,      // bad input or usage: the words say what and where (exit 2, HTTP 400)
  Unreachable,  // an engine or model could not be started or reached, or kept failing (exit 4, HTTP 502)
  NoLegalMove,  // an AI found no legal move within its attempts (exit 3, HTTP 422)
  Failed,       // anything else: a file that cannot be written, a resource that ran out (exit 1, HTTP 500)
};

// The value of a Status that succeeded.
struct Done {};

template <typename T>
class Result {
 public:
  Result(T value) : m_value(std::move(value)) {}  // NOLINT(google-explicit-constructor): reads as `return value;`

  // NOLINTNEXTLINE(performance-unnecessary-value-param): moved from
  static Result failure(std::string why, ErrorKind kind = ErrorKind::Invalid) {
    Result r;
    r.m_error = std::move(why);
    r.m_kind = kind;
    return r;
  }

  // The failure of another call passed on, of the same kind, with `context` put before its words.
  template <typename U>
  static Result failure(const Result<U>& other, const std::string& context = {}) {
    return failure(context + other.error(), other.errorKind());
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
  // Meaningful only when !ok().
  ErrorKind errorKind() const { return m_kind; }

 private:
  Result() = default;
  std::optional<T> m_value;
  std::string m_error;
  ErrorKind m_kind = ErrorKind::Invalid;
};

// Success or the reason for a failure, for calls with nothing else to return.
using Status = Result<Done>;

}  // namespace tengen

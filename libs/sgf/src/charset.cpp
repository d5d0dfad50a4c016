#include "charset.h"

#include <iconv.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <utility>

#include "tengen/core/text.h"

namespace tengen::sgf {

namespace {

// Closes the descriptor on every path out of toUtf8().
class Converter {
 public:
  explicit Converter(const std::string& from) : m_cd(iconv_open("UTF-8", from.c_str())) {}
  ~Converter() {
    if (ok()) iconv_close(m_cd);
  }
  Converter(const Converter&) = delete;
  Converter& operator=(const Converter&) = delete;
  // (iconv_t)-1 is how iconv_open says it failed.
  bool ok() const { return m_cd != reinterpret_cast<iconv_t>(-1); }  // NOLINT(performance-no-int-to-ptr)
  iconv_t get() const { return m_cd; }

 private:
  iconv_t m_cd;
};

}  // namespace

std::string decoderFor(std::string_view ca) {
  std::string name = asciiUpper(trim(ca));
  if (name.empty() || name == "UTF-8" || name == "UTF8" || name == "US-ASCII" || name == "ASCII") return {};
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 13> kSupersets = {{
      {"GB2312", "GB18030"},
      {"GBK", "GB18030"},
      {"CP936", "GB18030"},
      {"EUC-CN", "GB18030"},
      {"EUCCN", "GB18030"},
      {"SHIFT_JIS", "CP932"},
      {"SHIFT-JIS", "CP932"},
      {"SJIS", "CP932"},
      {"MS_KANJI", "CP932"},
      {"WINDOWS-31J", "CP932"},
      {"EUC-KR", "CP949"},
      {"EUCKR", "CP949"},
      {"KS_C_5601-1987", "CP949"},
  }};
  for (const auto& [label, superset] : kSupersets) {
    if (name == label) return std::string(superset);
  }
  return name;
}

std::optional<std::string> toUtf8(std::string_view text, const std::string& charset) {
  Converter converter(charset);
  if (!converter.ok()) return std::nullopt;
  std::string out;
  out.reserve(text.size() + text.size() / 2);
  // iconv's interface takes a non-const input pointer but does not write through it.
  char* in = const_cast<char*>(text.data());
  std::size_t inLeft = text.size();
  std::array<char, 16384> buffer{};
  while (inLeft > 0) {
    char* outPtr = buffer.data();
    std::size_t outLeft = buffer.size();
    const std::size_t done = iconv(converter.get(), &in, &inLeft, &outPtr, &outLeft);
    out.append(buffer.data(), static_cast<std::size_t>(outPtr - buffer.data()));
    if (done != static_cast<std::size_t>(-1)) continue;
    if (errno == E2BIG) continue;
    // EILSEQ (an invalid sequence) or EINVAL (a sequence cut off by the end): mark it, skip one byte, go on.
    out += kReplacementCharacter;
    ++in;
    --inLeft;
    iconv(converter.get(), nullptr, nullptr, nullptr, nullptr);
  }
  char* outPtr = buffer.data();
  std::size_t outLeft = buffer.size();
  iconv(converter.get(), nullptr, nullptr, &outPtr, &outLeft);
  out.append(buffer.data(), static_cast<std::size_t>(outPtr - buffer.data()));
  return out;
}

}  // namespace tengen::sgf

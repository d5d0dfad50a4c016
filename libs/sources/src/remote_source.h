// The `tengen:URL` source: a remote `tengen serve` (docs/http-api.md). The whole game goes to URL/v1/genmove; the
// remote server runs its own referee (asking its model again with the rejected points named), and the local
// referee checks the move it answers once more. docs/engines.md says how its failures map.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "tengen/ai/move_source.h"
#include "tengen/core/result.h"
#include "tengen/net/http_client.h"
#include "tengen/sources/chat.h"
#include "tengen/sources/make_source.h"

namespace tengen::sources {

class RemoteSource final : public ai::MoveSource {
 public:
  // `spec` is the whole ENGINE spec, `url` what follows "tengen:" (http:// or https://, the server's root). The
  // bearer token is read now from TENGEN_TOKEN, or from ModelOptions::apiKeyEnv when it is not the default. A null
  // `http` means the libcurl client; a null `sleep` really sleeps between the retries after a 503 or 429.
  static Result<std::unique_ptr<RemoteSource>> make(std::string_view spec, std::string_view url,
                                                    const SourceOptions& options,
                                                    std::unique_ptr<net::HttpClient> http = nullptr,
                                                    sources::Sleeper sleep = {});

  std::string describe() const override { return m_spec; }

  // One POST (a few more when the server is busy). 200 gives its move as the answer; a 422 (the remote found no
  // legal move), 502, 4xx, an unreachable server or a reply that is not the API's is a failure naming the remote
  // server's detail and, for 422, its error-log record.
  Result<ai::Answer> propose(const ai::MoveRequest& request) override;

 private:
  RemoteSource() = default;
  Result<ai::Answer> exchange(const ai::MoveRequest& request);
  // `text` with every occurrence of the token replaced: a server or proxy may echo it in what it answers.
  std::string redacted(std::string text) const;

  std::string m_spec;
  std::string m_endpoint;  // URL/v1/genmove
  std::string m_token;
  double m_timeoutSeconds = 60;
  std::unique_ptr<net::HttpClient> m_http;
  sources::Sleeper m_sleep;
};

}  // namespace tengen::sources

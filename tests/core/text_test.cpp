// The text helpers of tengen/core/text.h that carry a decision: what of a URL a message may show.
#include "tengen/core/text.h"

#include <gtest/gtest.h>

namespace tengen {
namespace {

TEST(DisplayUrlTest, DropsTheUserAndPasswordBeforeTheHost) {
  EXPECT_EQ(displayUrl("http://user:secret@127.0.0.1:8000/v1"), "http://127.0.0.1:8000/v1");
  EXPECT_EQ(displayUrl("openai:https://user:pa:ss@models.example.org/v1"), "openai:https://models.example.org/v1");
  // The last @ before the path ends the credentials; an @ in the path or query is not one.
  EXPECT_EQ(displayUrl("https://a@b:c@host/v1"), "https://host/v1");
  EXPECT_EQ(displayUrl("https://host/v1?mail=x@example.org"), "https://host/v1?mail=x@example.org");
}

TEST(DisplayUrlTest, LeavesTextWithoutCredentialsAsItIs) {
  EXPECT_EQ(displayUrl("http://127.0.0.1:8000/v1"), "http://127.0.0.1:8000/v1");
  EXPECT_EQ(displayUrl("gtp:/usr/games/gnugo --mode gtp"), "gtp:/usr/games/gnugo --mode gtp");
  EXPECT_EQ(displayUrl("builtin:playouts=64"), "builtin:playouts=64");
}

}  // namespace
}  // namespace tengen

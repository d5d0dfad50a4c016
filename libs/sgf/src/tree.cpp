#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/sgf/sgf.h"

#include "collection_data.h"

namespace tengen::sgf {

Node::~Node() {
  // Children are detached before they die, so every destructor below this one sees no children: no recursion.
  std::vector<std::unique_ptr<Node>> pending = std::move(children);
  while (!pending.empty()) {
    std::unique_ptr<Node> node = std::move(pending.back());
    pending.pop_back();
    for (std::unique_ptr<Node>& child : node->children) pending.push_back(std::move(child));
    node->children.clear();
  }
}

const Property* Node::property(std::string_view id) const {
  for (const Property& p : properties) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

const std::string* Node::find(std::string_view id) const {
  const Property* p = property(id);
  return p && !p->values.empty() ? &p->values.front() : nullptr;
}

void Node::set(std::string_view id, std::string value) {
  auto first = std::find_if(properties.begin(), properties.end(), [&](const Property& p) { return p.id == id; });
  if (first == properties.end()) {
    Property added{std::string(id), {}};
    added.values.push_back(std::move(value));
    properties.push_back(std::move(added));
    return;
  }
  first->values.clear();
  first->values.push_back(std::move(value));
  // A node holds a property once; drop any duplicates a lenient read kept.
  properties.erase(std::remove_if(std::next(first), properties.end(), [&](const Property& p) { return p.id == id; }),
                   properties.end());
}

namespace detail {

NodeView gameAt(const CollectionData& data, std::uint32_t index) { return {&data, data.roots[index]}; }
NodeView nodeAt(const CollectionData& data, std::uint32_t index) { return {&data, index}; }
std::uint32_t nextSibling(const CollectionData& data, std::uint32_t node) { return data.ends[node]; }
PropertyView propertyAt(const CollectionData& data, std::uint32_t index) { return {&data, index}; }
std::string_view stringAt(const CollectionData& data, std::uint32_t index) {
  const std::uint32_t from = data.strings[index];
  return std::string_view(data.text).substr(from, data.strings[index + 1] - from);
}

}  // namespace detail

std::string_view PropertyView::id() const { return detail::stringAt(*m_data, m_data->properties[m_index]); }

Values PropertyView::values() const {
  return {m_data, m_data->properties[m_index] + 1, m_data->properties[m_index + 1]};
}

Property PropertyView::toProperty() const {
  Property out{std::string(id()), {}};
  const Values all = values();
  out.values.reserve(all.size());
  for (std::string_view value : all) out.values.emplace_back(value);
  return out;
}

std::size_t Children::size() const {
  std::size_t n = 0;
  for (std::uint32_t child = m_first; child != m_last; child = m_data->ends[child]) ++n;
  return n;
}

NodeView Children::front() const { return {m_data, m_first}; }

Properties NodeView::properties() const {
  // Properties are stored in the order of their nodes: a node's are one run, found by binary search.
  const auto [first, last] = std::equal_range(m_data->owners.begin(), m_data->owners.end(), m_index);
  return {m_data, static_cast<std::uint32_t>(first - m_data->owners.begin()),
          static_cast<std::uint32_t>(last - m_data->owners.begin())};
}

Children NodeView::children() const {
  const std::uint32_t end = m_data->ends[m_index];
  return {m_data, m_index + 1 < end ? m_index + 1 : end, end};
}

std::optional<PropertyView> NodeView::property(std::string_view id) const {
  for (PropertyView p : properties()) {
    if (p.id() == id) return p;
  }
  return std::nullopt;
}

std::optional<std::string_view> NodeView::find(std::string_view id) const {
  const std::optional<PropertyView> p = property(id);
  if (!p) return std::nullopt;
  return p->values().front();
}

Collection::Collection() : m_data(std::make_unique<CollectionData>()) {}
Collection::Collection(std::unique_ptr<const CollectionData> data) : m_data(std::move(data)) {}
Collection::~Collection() = default;
Collection::Collection(Collection&&) noexcept = default;
Collection& Collection::operator=(Collection&&) noexcept = default;

Games Collection::games() const {
  if (!m_data) return {};  // moved from
  return {m_data.get(), 0, static_cast<std::uint32_t>(m_data->roots.size())};
}

}  // namespace tengen::sgf

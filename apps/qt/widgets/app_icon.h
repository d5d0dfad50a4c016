// The client's icon: the corner of a wooden board with a black and a white stone, drawn for each size a window
// system asks for. apps/qt/data/tengen-qt.svg is the same picture for the desktop menu (docs/client.md, "Installing").
#pragma once

#include <QIcon>

namespace tengen::qt {

// Drawn at 16, 24, 32, 48, 64, 128 and 256 pixels.
QIcon appIcon();

}  // namespace tengen::qt

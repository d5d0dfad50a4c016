#include "widgets/app_icon.h"

#include <QPainter>
#include <QPixmap>
#include <QRadialGradient>

namespace tengen::qt {

namespace {

// The picture on a 64-unit square, as in data/tengen-qt.svg: a rounded wooden square, three lines each way, a black
// stone where two lines cross and a white one diagonally from it.
QPixmap drawIcon(int size) {
  QPixmap pixmap(size, size);
  pixmap.fill(Qt::transparent);
  QPainter p(&pixmap);
  p.setRenderHint(QPainter::Antialiasing);
  p.scale(size / 64.0, size / 64.0);
  p.setPen(Qt::NoPen);
  p.setBrush(QColor(0xdc, 0xb3, 0x5c));
  p.drawRoundedRect(QRectF(2, 2, 60, 60), 8, 8);
  p.setPen(QPen(QColor(0x3a, 0x2a, 0x10), 2.0));
  for (const double at : {14.0, 32.0, 50.0}) {
    p.drawLine(QPointF(at, 8), QPointF(at, 56));
    p.drawLine(QPointF(8, at), QPointF(56, at));
  }
  QRadialGradient black(QPointF(28, 28), 14);
  black.setColorAt(0, QColor(0x5a, 0x5a, 0x5a));
  black.setColorAt(1, QColor(0x10, 0x10, 0x10));
  p.setPen(Qt::NoPen);
  p.setBrush(black);
  p.drawEllipse(QPointF(32, 32), 12.5, 12.5);
  QRadialGradient white(QPointF(46, 46), 14);
  white.setColorAt(0, QColor(0xff, 0xff, 0xff));
  white.setColorAt(1, QColor(0xc8, 0xc8, 0xc8));
  p.setPen(QPen(QColor(0x50, 0x50, 0x50), 1.0));
  p.setBrush(white);
  p.drawEllipse(QPointF(50, 50), 10.5, 10.5);
  return pixmap;
}

}  // namespace

QIcon appIcon() {
  QIcon icon;
  for (const int size : {16, 24, 32, 48, 64, 128, 256}) icon.addPixmap(drawIcon(size));
  return icon;
}

}  // namespace tengen::qt

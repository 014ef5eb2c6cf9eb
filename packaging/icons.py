"""The application icon in every format the platforms want, drawn from the game's own all-seeing eye
(ui/common/icons.draw_all_seeing_eye, the same drawing as the window icon of ui/app/main_window.app_icon).

    python packaging/icons.py OUT_DIR     writes illuminopoly.png (256 px), illuminopoly.ico, illuminopoly.icns
                                          and hicolor/<N>x<N>/apps/illuminopoly.png

Only Qt (already installed with the game) renders the pictures; the .ico and .icns containers are written here in
plain Python (both hold PNG images), so no image tool (Pillow, iconutil, ImageMagick) is needed.
"""
from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ICON_NAME = "illuminopoly"
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}
"""Apple's PNG-holding icon types by pixel size (ic10 is the 512 pt @2x image)."""
MAIN_PNG_SIZE = 256


def render_pngs(sizes) -> dict[int, bytes]:
    """PNG bytes of the all-seeing eye at each size (square, transparent background)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from illuminopoly_desktop.ui.common.icons import draw_all_seeing_eye

    if QApplication.instance() is None:  # painting needs an application object; it lives until the process ends
        render_pngs.app = QApplication([sys.argv[0]])
    pngs = {}
    for size in sorted(set(sizes)):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        draw_all_seeing_eye(painter, QRectF(0, 0, size, size))
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "PNG"):
            raise RuntimeError(f"Qt could not encode the {size} px icon as PNG")
        buffer.close()
        pngs[size] = bytes(data.data())
    return pngs


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding the given PNGs (PNG entries are valid since Windows Vista)."""
    sizes = [size for size in sorted(pngs) if size <= 256]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size == 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(images))
        images += data
    return header + entries + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding the given PNGs under their PNG icon types."""
    body = b""
    for size in sorted(pngs):
        kind = ICNS_TYPES.get(size)
        if kind is not None:
            body += kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out_dir: Path) -> dict[str, Path]:
    """Render and write every icon file into `out_dir`; returns them by kind (png, ico, icns, hicolor)."""
    out_dir = Path(out_dir)
    pngs = render_pngs({*HICOLOR_SIZES, *ICO_SIZES, *ICNS_TYPES, MAIN_PNG_SIZE})
    out_dir.mkdir(parents=True, exist_ok=True)
    written = {"png": out_dir / f"{ICON_NAME}.png", "ico": out_dir / f"{ICON_NAME}.ico",
               "icns": out_dir / f"{ICON_NAME}.icns", "hicolor": out_dir / "hicolor"}
    written["png"].write_bytes(pngs[MAIN_PNG_SIZE])
    written["ico"].write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    written["icns"].write_bytes(icns_bytes({s: pngs[s] for s in ICNS_TYPES}))
    for size in HICOLOR_SIZES:
        target = written["hicolor"] / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(pngs[size])
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 2
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no window is shown; works without a display
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the game's code, from a source checkout
    written = write_icons(Path(args[0]))
    print(f"icons written to {Path(args[0])}: " + ", ".join(p.name for p in written.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

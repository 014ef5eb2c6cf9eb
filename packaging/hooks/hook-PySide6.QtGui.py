"""Replaces PyInstaller's hook for PySide6.QtGui: the same Qt plugins, minus those the game never loads
(package_config.UNUSED_QT_PLUGINS and _FOLDERS). Filtering here, before PyInstaller follows each plugin's shared
libraries, also keeps out what only those plugins need (the GTK stack of the GTK theme, the EGLFS libraries)."""
import os

from PyInstaller.utils.hooks.qt import add_qt6_dependencies

import package_config  # the spec put packaging/ on sys.path

hiddenimports, binaries, datas = add_qt6_dependencies(__file__)
binaries = [(source, target) for source, target in binaries
            if not package_config.is_unused_qt_file(os.path.join(target, os.path.basename(source)))]

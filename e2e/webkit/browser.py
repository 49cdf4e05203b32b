#!/usr/bin/python3
"""Safari's engine for the end-to-end tests: a small WebKitGTK browser that WebKitWebDriver
starts (as its `binary`, with `--automation`) and that writes the page's console to a file.

WebKitGTK's own MiniBrowser runs automation in an ephemeral session, and WebKit sends no
console message of an ephemeral session anywhere. This browser keeps its data in a fresh
folder of its own instead (so every session is still a first visit) and has WebKit write
every console message, uncaught error and unhandled rejection to standard error, which it
points at `console.log` in the folder `$PETSTORE_WEBKIT_DIR` (the data go in `data/` there).
"""

import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

folder = os.environ.get("PETSTORE_WEBKIT_DIR")
if not folder or "--automation" not in sys.argv[1:]:
    sys.exit("browser.py runs under WebKitWebDriver (--automation), with PETSTORE_WEBKIT_DIR set")
console = os.path.join(folder, "console.log")
os.dup2(os.open(console, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644), 2)
data = os.path.join(folder, "data")
manager = WebKit2.WebsiteDataManager(base_data_directory=data, base_cache_directory=data)
context = WebKit2.WebContext(website_data_manager=manager)
context.set_automation_allowed(True)
settings = WebKit2.Settings(enable_write_console_messages_to_stdout=True)


def create_web_view(_session):
    view = WebKit2.WebView(web_context=context, settings=settings, is_controlled_by_automation=True)
    window = Gtk.Window(default_width=1280, default_height=800)
    window.add(view)
    view.connect("close", lambda _view: window.destroy())
    window.show_all()
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("petstore-webkit")
    info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(),
                     WebKit2.get_micro_version())
    session.set_application_info(info)
    session.connect("create-web-view", create_web_view)


context.connect("automation-started", automation_started)
Gtk.main()

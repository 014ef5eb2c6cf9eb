"""Drawing helpers, colours, the dialog frame and the window-thread plumbing every other area uses."""

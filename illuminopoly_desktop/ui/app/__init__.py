"""The application: start-up, the main window, files, error reporting and the self-test."""

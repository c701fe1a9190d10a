"""The app's screens, one a file."""

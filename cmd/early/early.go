// Package early runs hedgerow's headless subcommands (check, odds,
// replay...) from a package initialiser, before Ebiten's own initialiser
// looks for a display. Ebiten's init panics when there is no X display, so
// without this `hedgerow check` would need a window system it never uses.
//
// Go initialises packages in a fixed order (sorted by import path, each
// once all its imports are done), and this package and its imports are
// ready before Ebiten's UI package: main imports it first, and
// TestSubcommandsNeedNoDisplay in the main package proves it on the real
// binary with DISPLAY unset.
package early

import (
	"fmt"
	"os"
	"runtime"

	"hedgerow/cmd"
)

func init() {
	if code, handled := cmd.Run(os.Args[1:], os.Stdout, os.Stderr); handled {
		os.Exit(code)
	}
	// The network commands (cmd/netcmd) run from main, after Ebiten has
	// started: say so in plain words rather than let its start fail.
	if len(os.Args) > 1 && cmd.Late[os.Args[1]] != "" && noDisplay() {
		fmt.Fprintf(os.Stderr, "hedgerow %s: this machine has no display, which Hedgerow needs to start even with no window: run it as  xvfb-run -a hedgerow %s ...\n", os.Args[1], os.Args[1])
		os.Exit(1)
	}
}

// noDisplay reports a Unix machine with no X or Wayland display.
func noDisplay() bool {
	switch runtime.GOOS {
	case "windows", "darwin", "js", "android", "ios":
		return false
	}
	return os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == ""
}

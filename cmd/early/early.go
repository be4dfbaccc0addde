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
	"os"

	"hedgerow/cmd"
)

func init() {
	if code, handled := cmd.Run(os.Args[1:], os.Stdout, os.Stderr); handled {
		os.Exit(code)
	}
}

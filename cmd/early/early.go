// Package early runs hedgerow's headless subcommands (check, odds,
// replay...) from a package initialiser, before Ebiten's own initialiser
// looks for a display. Ebiten's init panics when there is no X display, so
// without this `hedgerow check` would need a window system it never uses.
// For the game itself it reads the flags first and refuses a mistake, or
// a machine with no display, in one line (exit 1) instead of Ebiten's
// panic.
//
// Go initialises packages in a fixed order (sorted by import path, each
// once all its imports are done), and this package and its imports are
// ready before Ebiten's UI package: main imports it first, and
// TestSubcommandsNeedNoDisplay in the main package proves it on the real
// binary with DISPLAY unset.
package early

import (
	"errors"
	"fmt"
	"io"
	"os"
	"testing"

	"hedgerow/cmd"
	"hedgerow/cmd/gameflags"
)

func init() {
	if testing.Testing() {
		return // a test binary (the main package's tests): its flags are the test's
	}
	if code, handled := Start(os.Args[1:], os.Stdout, os.Stderr, gameflags.NoDisplay); handled {
		os.Exit(code)
	}
}

// Start runs a subcommand, or refuses the game's flags or a missing
// display; handled is false when the game should open its window.
func Start(args []string, stdout, stderr io.Writer, noDisplay func() string) (code int, handled bool) {
	if code, handled := cmd.Run(args, stdout, stderr); handled {
		return code, true
	}
	if len(args) > 0 && cmd.Late[args[0]] != "" {
		// The network commands (cmd/netcmd) run from main, after Ebiten
		// has started: say so in plain words rather than let its start
		// fail.
		if noDisplay() != "" {
			fmt.Fprintf(stderr, "hedgerow %s: this machine has no display, which Hedgerow needs to start even with no window: run it as  xvfb-run -a hedgerow %s ...\n", args[0], args[0])
			return 1, true
		}
		return 0, false
	}
	if _, err := gameflags.Parse(args); errors.Is(err, gameflags.ErrHelp) {
		code, _ := cmd.Run([]string{"help"}, stdout, stderr)
		return code, true
	} else if err != nil {
		fmt.Fprintln(stderr, "hedgerow:", err)
		return 1, true
	}
	if why := noDisplay(); why != "" {
		fmt.Fprintln(stderr, "hedgerow:", why)
		return 1, true
	}
	return 0, false
}

// Command hedgerow is a tabletop skirmish wargame for two players at one
// desk. With no arguments it opens the game; subcommands (check, odds,
// replay, help) run headless and need no display.
package main

import (
	"fmt"
	"os"

	// Runs a headless subcommand and exits before Ebiten initialises; see
	// the package comment.
	_ "hedgerow/cmd/early"

	"hedgerow/cmd"
	"hedgerow/cmd/netcmd" // hedgerow host, hedgerow join: they start after Ebiten (see netcmd)
	"hedgerow/game"
)

func main() {
	netcmd.Window = game.RunNet // host and join without --headless open the window
	if code, handled := cmd.Run(os.Args[1:], os.Stdout, os.Stderr); handled {
		os.Exit(code)
	}
	if err := game.Run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "hedgerow:", err)
		os.Exit(1)
	}
}

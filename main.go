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

	"hedgerow/game"
	// Holds the garbage collector off from before the rule sets load
	// until the first frame is on screen; see the package comment.
	"hedgerow/game/startup"
)

func main() {
	game.OnFirstFrame = startup.Done
	if err := game.Run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "hedgerow:", err)
		os.Exit(1)
	}
}

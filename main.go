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
)

func main() {
	if err := game.Run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "hedgerow:", err)
		os.Exit(1)
	}
}

// Command hedgerow is a tabletop skirmish wargame for two players at one
// desk. With no arguments it opens the game; subcommands work headless.
package main

import (
	"fmt"
	"os"

	"hedgerow/cmd"
	"hedgerow/game"
)

func main() {
	if len(os.Args) > 1 {
		if code, handled := cmd.Run(os.Args[1:], os.Stdout, os.Stderr); handled {
			os.Exit(code)
		}
	}
	if err := game.Run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "hedgerow:", err)
		os.Exit(1)
	}
}

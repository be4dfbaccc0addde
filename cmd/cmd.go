// Package cmd holds hedgerow's headless subcommands (check, odds,
// replay...). It never imports Ebiten, so every subcommand runs on a
// machine with no display. Each subcommand registers itself from its own
// file.
package cmd

import (
	"fmt"
	"io"
	"sort"

	"hedgerow/cmd/gameflags"
)

// Subcommand runs with its arguments and returns the exit code.
type Subcommand struct {
	Usage string
	Run   func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]Subcommand{}

func register(name string, c Subcommand) { commands[name] = c }

// Run dispatches args[0] to a subcommand. handled is false when args[0]
// is not a subcommand (the game then starts, reading its own flags).
func Run(args []string, stdout, stderr io.Writer) (code int, handled bool) {
	if len(args) == 0 {
		return 0, false
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stdout, "usage: hedgerow [game flags]   open the game (it needs a display; the subcommands below do not)")
		names := make([]string, 0, len(commands))
		for n := range commands {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(stdout, "       hedgerow %s\n", commands[n].Usage)
		}
		fmt.Fprintln(stdout, "game flags:")
		gameflags.Usage(stdout)
		return 0, true
	}
	c, ok := commands[args[0]]
	if !ok {
		return 0, false
	}
	// Nothing a file holds reaches the terminal as a control sequence.
	return c.Run(args[1:], plainWriter{stdout}, plainWriter{stderr}), true
}

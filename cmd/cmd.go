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
	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// Subcommand runs with its arguments and returns the exit code.
type Subcommand struct {
	Usage string
	Run   func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]Subcommand{}

func register(name string, c Subcommand) { commands[name] = c }

// Register adds a subcommand from another package: the network commands
// (cmd/netcmd), which start after Ebiten and so only once main runs.
func Register(name string, c Subcommand) { commands[name] = c }

// Lookup is the subcommand registered under name (a zero Subcommand if
// there is none).
func Lookup(name string) Subcommand { return commands[name] }

// Late lists the subcommands registered by cmd/netcmd, with their usage
// for help (which runs before they are registered). Until then Run does
// not handle them.
var Late = map[string]string{
	"host": "host [--scenario NAME|--resume SAVE] [--side N] [--listen ADDR] [--seed N] [--save FILE]   host a network battle in the window; with no window: host --headless --scenario NAME|--resume SAVE [--listen ADDR] [--side N] [--as computer|computer:hard|random] [--seed N] [--save FILE] [--wire-log FILE]",
	"join": "join [ADDRESS]   join a network battle in the window; with no window: join --headless ADDRESS [--as computer|computer:hard|random] [--save FILE] [--wire-log FILE]",
}

// Run dispatches args[0] to a subcommand. handled is false when args[0]
// is not a subcommand (the game then starts, reading its own flags).
func Run(args []string, stdout, stderr io.Writer) (code int, handled bool) {
	if len(args) == 0 {
		return 0, false
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stdout, "usage: hedgerow [game flags]   open the game (it needs a display; the subcommands below do not, but host and join)")
		usage := map[string]string{}
		for n, u := range Late {
			usage[n] = u
		}
		for n, c := range commands {
			usage[n] = c.Usage
		}
		names := make([]string, 0, len(usage))
		for n := range usage {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(stdout, "       hedgerow %s\n", usage[n])
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

// LoadScenarioArg loads a scenario named on the command line: a shipped
// scenario (with or without ".toml"), else a file path.
func LoadScenarioArg(arg string) (*rules.Scenario, *terrain.Map, error) { return loadScenarioArg(arg) }

package cmd

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// parseFlags parses a subcommand's flags. A mistake (an unknown flag, a
// value that is not a number) is one line on stderr and exit 1, like any
// other refusal of what the user typed; --help prints the usage and every
// flag, exit 0. ok is false when the caller should return code.
func parseFlags(fl *flag.FlagSet, args []string, stdout, stderr io.Writer, usage string) (code int, ok bool) {
	fl.SetOutput(io.Discard)
	fl.Usage = func() {}
	err := fl.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, "usage: hedgerow "+usage)
		fl.SetOutput(stdout)
		fl.PrintDefaults()
		return 0, false
	}
	if err != nil {
		fmt.Fprintf(stderr, "hedgerow %s: %s (usage: hedgerow %s)\n", fl.Name(), flagError(err), usage)
		return 1, false
	}
	return 0, true
}

// flagError says a flag package error in plain words: the package's
// own text names Go's parse functions ("strconv.ParseUint: parsing ...").
func flagError(err error) string {
	s := err.Error()
	if i := strings.Index(s, ": parse error"); i >= 0 {
		s = s[:i] + ": not a whole number"
	}
	if i := strings.Index(s, ": value out of range"); i >= 0 {
		s = s[:i] + ": too large a number"
	}
	s = strings.Replace(s, "invalid value", "bad value", 1)
	s = strings.Replace(s, "flag provided but not defined", "no such option", 1)
	return s
}

package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/BurntSushi/toml"

	"hedgerow/rules/terrain"
)

func init() {
	register("check", Subcommand{
		Usage: "check FILE...   check map (and scenario) files and report every problem",
		Run:   runCheck,
	})
}

// checkScenario checks a scenario file; it is set by the scenario code
// when that exists. Its error's text is printed as it is, so it should
// already read "file:line:col: message", one problem per line.
var checkScenario func(name string, data []byte) error

func runCheck(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: hedgerow check FILE...")
		fmt.Fprintln(stderr, "checks each map or scenario file and prints every problem as file:line:col: message")
		return 2
	}
	for _, a := range args {
		if strings.HasPrefix(a, "-") && a != "-" {
			fmt.Fprintf(stderr, "hedgerow check: unknown option %s\nusage: hedgerow check FILE...\n", a)
			return 2
		}
	}
	failed := false
	for _, name := range args {
		if !checkFile(name, stdout, stderr) {
			failed = true
		}
	}
	if failed {
		return 1
	}
	return 0
}

// checkFile checks one file and reports whether it was good.
func checkFile(name string, stdout, stderr io.Writer) bool {
	data, err := readLimited(name)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s\n", name, err)
		return false
	}
	if isScenario(data) {
		if checkScenario == nil {
			fmt.Fprintf(stderr, "%s: this is a scenario file (it has rule_set or [[side]]); scenario files are not supported yet\n", name)
			return false
		}
		if err := checkScenario(name, data); err != nil {
			fmt.Fprintln(stderr, err)
			return false
		}
		fmt.Fprintf(stdout, "%s: ok (scenario)\n", name)
		return true
	}
	m, err := terrain.Parse(name, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return false
	}
	fmt.Fprintf(stdout, "%s: ok (%d pieces, %d areas)\n", name, len(m.Pieces), len(m.Areas))
	return true
}

// readLimited reads a file, refusing one too big to be a map or scenario.
func readLimited(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		switch {
		case errors.Is(err, os.ErrNotExist):
			return nil, errors.New("no such file")
		case errors.Is(err, os.ErrPermission):
			return nil, errors.New("not allowed to read the file")
		}
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, errors.New("is a directory, not a file")
	}
	data, err := io.ReadAll(io.LimitReader(f, terrain.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	return data, nil // terrain.Parse reports a file that is too big
}

// isScenario tells a scenario file from a map file: a scenario has a
// top-level rule_set key or [[side]] tables. When the TOML does not parse,
// a look at the lines decides, so the right checker reports the error.
func isScenario(data []byte) bool {
	var top map[string]any
	if _, err := toml.Decode(string(data), &top); err == nil {
		_, rs := top["rule_set"]
		_, sd := top["side"]
		return rs || sd
	}
	for _, line := range strings.Split(string(data), "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "[[side]]") || strings.HasPrefix(l, "rule_set ") || strings.HasPrefix(l, "rule_set=") {
			return true
		}
	}
	return false
}

package cmd

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/BurntSushi/toml"

	"hedgerow/rules/safefile"
	"hedgerow/rules/terrain"
	"hedgerow/rules/tomlpos"
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
		fmt.Fprintln(stderr, "usage: hedgerow check FILE...: checks each map or scenario file and prints every problem as file:line:col: message")
		return 1
	}
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			fmt.Fprintln(stdout, "usage: hedgerow check FILE...: checks each map or scenario file and prints every problem as file:line:col: message")
			return 0
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			fmt.Fprintf(stderr, "hedgerow check: no such option %s (usage: hedgerow check FILE...)\n", safefile.Name(a))
			return 1
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
	if strings.TrimSpace(name) == "" {
		fmt.Fprintln(stderr, `hedgerow check: "" is no file name; give the path of a map or scenario file`)
		return false
	}
	data, err := readLimited(name)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s\n", safefile.Name(name), err)
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
		fmt.Fprintf(stdout, "%s: ok (scenario)\n", safefile.Name(name))
		return true
	}
	m, err := terrain.Parse(name, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return false
	}
	fmt.Fprintf(stdout, "%s: ok (%d pieces, %d areas)\n", safefile.Name(name), len(m.Pieces), len(m.Areas))
	return true
}

// readLimited reads a file, refusing one that is not a regular file (a
// named pipe would block forever) or too big to be a map or scenario,
// before reading it.
func readLimited(name string) ([]byte, error) {
	dir, base := splitPath(name)
	return safefile.Read(os.DirFS(dir), base, terrain.MaxFileBytes)
}

// isScenario tells a scenario file from a map file: a scenario has a
// top-level rule_set key or [[side]] tables. When the TOML does not parse,
// a look at the lines decides, so the right checker reports the error.
func isScenario(data []byte) bool {
	var top map[string]any
	// Only text within the shape limits reaches the TOML library (it is
	// slow on deep nesting and long dotted keys); the loader then reports
	// any limit broken, at its line.
	if _, err := tomlpos.Scan(string(data), tomlpos.Default); err == nil {
		if _, err := toml.Decode(string(data), &top); err == nil {
			_, rs := top["rule_set"]
			_, sd := top["side"]
			return rs || sd
		}
	}
	for _, line := range strings.Split(string(data), "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "[[side]]") || strings.HasPrefix(l, "rule_set ") || strings.HasPrefix(l, "rule_set=") {
			return true
		}
	}
	return false
}

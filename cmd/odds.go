package cmd

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/safefile"
	"hedgerow/rules/save"
)

func init() {
	register("odds", Subcommand{
		Usage: oddsUsage + "   exact odds of a command",
		Run:   runOdds,
	})
}

const oddsUsage = `odds --scenario FILE [--save FILE] [--seed N] [--after "CMD; CMD"] --command "TEXT"`

// playAfter plays the --after commands, in order, before the odds are
// taken (the dice of the scenario's seed, or --seed, decide any rolls).
func playAfter(g *rules.Game, after string) error {
	n := 0
	for _, text := range strings.Split(after, ";") {
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		n++
		c, err := rules.ParseCommand(text)
		if err != nil {
			return fmt.Errorf("--after command %d (%q): cannot read it: %v", n, safefile.Clip(text, 60), err)
		}
		if _, err := g.Apply(c); err != nil {
			return fmt.Errorf("--after command %d (%q) was refused: %v", n, safefile.Clip(text, 60), err)
		}
	}
	return nil
}

func runOdds(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("odds", flag.ContinueOnError)
	fl.SetOutput(stderr)
	scenario := fl.String("scenario", "", "shipped scenario name or scenario file")
	save := fl.String("save", "", "save file: the odds are taken at its end")
	seed := fl.Uint64("seed", 1, "dice seed when the scenario gives none (no --save)")
	command := fl.String("command", "", `the command, e.g. "fire F3 F9"`)
	after := fl.String("after", "", `commands played first, separated by ";", e.g. "end; end"`)
	if code, ok := parseFlags(fl, args, stdout, stderr, oddsUsage); !ok {
		return code
	}
	switch {
	case fl.NArg() > 0:
		fmt.Fprintf(stderr, "hedgerow odds: unexpected %q: give the command with --command (usage: hedgerow %s)\n", safefile.Clip(fl.Arg(0), 40), oddsUsage)
		return 1
	case *scenario == "" && *save == "":
		fmt.Fprintf(stderr, "hedgerow odds: say which game with --scenario or --save (usage: hedgerow %s)\n", oddsUsage)
		return 1
	case strings.TrimSpace(*command) == "":
		fmt.Fprintf(stderr, "hedgerow odds: no command given: add the command to weigh, e.g. --command \"fire F3 F9\"\n")
		return 1
	}
	c, err := rules.ParseCommand(*command)
	if err != nil {
		// Refused like any command Apply would refuse: exit 1.
		fmt.Fprintf(stderr, "hedgerow odds: cannot read the command: %v\n", err)
		return 1
	}
	var g *rules.Game
	if *save != "" {
		g, err = replaySaveFile(*save, *scenario, nil)
	} else {
		g, err = newGameFromArg(*scenario, *seed)
	}
	if err != nil {
		fmt.Fprintf(stderr, "hedgerow odds: %v\n", err)
		return 1
	}
	if err := playAfter(g, *after); err != nil {
		fmt.Fprintf(stderr, "hedgerow odds: %v\n", err)
		return 1
	}
	o, err := g.Odds(c)
	if err != nil {
		fmt.Fprintf(stderr, "hedgerow odds: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, formatOdds(o))
	return 0
}

func newGameFromArg(arg string, seed uint64) (*rules.Game, error) {
	sc, m, err := loadScenarioArg(arg)
	if err != nil {
		return nil, err
	}
	rs, ok := all.Get(sc.RuleSet)
	if !ok {
		return nil, fmt.Errorf("rule set %q is not available", sc.RuleSet)
	}
	if sc.HasSeed {
		seed = sc.Seed
	}
	g, _, err := rules.NewGame(rs, sc, m, seed)
	return g, err
}

// replaySaveFile replays a save, looking for its scenario among the
// shipped ones, then beside the --scenario file, then beside the save.
func replaySaveFile(path, scenarioArg string, each func(int, rules.Command, []rules.Event)) (*rules.Game, error) {
	sdir, base := splitPath(path)
	sf, err := save.ReadFS(os.DirFS(sdir), base)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", safefile.Name(path), err)
	}
	dir := filepath.Dir(path)
	if scenarioArg != "" && strings.ContainsAny(scenarioArg, `/\`) {
		dir = filepath.Dir(scenarioArg)
	}
	g, _, err := save.ReplayEach(sf, saveScenarios(dir), maps.FS, all.Get, each)
	return g, err
}

// formatOdds writes {"outcomes": {"hit": 0.3333, ...}, "mods": [...],
// "note": "...", "parts": [{"name": "...", "outcomes": {...}}, ...]} with
// the outcomes in the rule set's order and four decimals. Parts are the
// separate distributions of a command with several results (each figure
// under an explosive's template, each pairing of a close assault).
func formatOdds(o rules.Odds) string {
	var b strings.Builder
	b.WriteString(`{"outcomes": `)
	writeOutcomes(&b, o.Outcomes)
	if len(o.Mods) > 0 {
		m, _ := json.Marshal(o.Mods)
		b.WriteString(`, "mods": `)
		b.Write(m)
	}
	if o.Note != "" {
		n, _ := json.Marshal(o.Note)
		b.WriteString(`, "note": `)
		b.Write(n)
	}
	if len(o.Parts) > 0 {
		b.WriteString(`, "parts": [`)
		for i, p := range o.Parts {
			if i > 0 {
				b.WriteString(", ")
			}
			n, _ := json.Marshal(p.Name)
			b.WriteString(`{"name": `)
			b.Write(n)
			b.WriteString(`, "outcomes": `)
			writeOutcomes(&b, p.Outcomes)
			b.WriteString("}")
		}
		b.WriteString("]")
	}
	b.WriteString("}")
	return b.String()
}

func writeOutcomes(b *strings.Builder, os []rules.Outcome) {
	b.WriteString("{")
	for i, x := range os {
		if i > 0 {
			b.WriteString(", ")
		}
		k, _ := json.Marshal(x.Name)
		b.Write(k)
		b.WriteString(": ")
		b.WriteString(strconv.FormatFloat(x.P, 'f', 4, 64))
	}
	b.WriteString("}")
}

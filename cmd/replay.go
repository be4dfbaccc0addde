package cmd

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"hedgerow/rules"
)

func init() {
	register("replay", Subcommand{
		Usage: replayUsage + "   replay a save with no window and print its event log",
		Run:   runReplay,
	})
}

const replayUsage = "replay [--scenario FILE] SAVE"

func runReplay(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("replay", flag.ContinueOnError)
	fl.SetOutput(stderr)
	scenario := fl.String("scenario", "", "scenario file, when the save's scenario is not a shipped one or beside the save")
	if code, ok := parseFlags(fl, args, stdout, stderr, replayUsage); !ok {
		return code
	}
	if fl.NArg() != 1 {
		fmt.Fprintf(stderr, "hedgerow replay: give one save file (usage: hedgerow %s)\n", replayUsage)
		return 1
	}
	// a long save prints millions of lines: one write a line would take
	// far longer than the replay itself
	buf := bufio.NewWriterSize(stdout, 64<<10)
	defer buf.Flush()
	stdout = buf
	g, err := replaySaveFile(fl.Arg(0), *scenario, func(n int, c rules.Command, evs []rules.Event) {
		if n == 0 {
			fmt.Fprintln(stdout, "start")
		} else {
			fmt.Fprintf(stdout, "command %d: %s\n", n, c)
		}
		for _, e := range evs {
			fmt.Fprintln(stdout, "  "+EventLine(e))
		}
	})
	if err != nil {
		buf.Flush()
		fmt.Fprintf(stderr, "hedgerow replay: %v\n", err)
		return 1
	}
	st := g.St
	if st.Over {
		w := "a draw"
		if st.Winner >= 0 {
			w = "victory to " + st.Sides[st.Winner].Name
		}
		fmt.Fprintf(stdout, "over after %d commands: %s (%s)\n", len(g.Log), w, st.Result)
	} else {
		fmt.Fprintf(stdout, "not over after %d commands: round %d, %s\n", len(g.Log), st.Round, st.Phase)
	}
	return 0
}

// EventLine writes one event as a line of the log, with its roll's ledger:
//
//	roll side 1 F3->F9: Rifle shot | dice 5 (d6); mods -1 partial cover; total 4 >= 5: miss
func EventLine(e rules.Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s side %d", e.Kind, e.Side+1)
	if e.Fig != 0 {
		fmt.Fprintf(&b, " F%d", e.Fig)
		if e.Target != 0 {
			fmt.Fprintf(&b, "->F%d", e.Target)
		}
	}
	b.WriteString(": ")
	b.WriteString(e.Text)
	if len(e.Path) > 0 {
		b.WriteString(" | path")
		for _, p := range e.Path {
			fmt.Fprintf(&b, " %s,%s", rules.FormatInches(p.X), rules.FormatInches(p.Y))
		}
	}
	if l := e.Roll; l != nil {
		fmt.Fprintf(&b, " | %s: dice", l.What)
		for i, d := range l.Dice {
			if i > 0 {
				b.WriteString("+")
			} else {
				b.WriteString(" ")
			}
			fmt.Fprintf(&b, "%d", d.Face)
		}
		b.WriteString(" (" + diceKinds(l.Dice) + ")")
		if len(l.Mods) > 0 {
			b.WriteString("; mods")
			for _, m := range l.Mods {
				fmt.Fprintf(&b, " %+d %s", m.Value, m.Reason)
				if m.Rule != "" {
					fmt.Fprintf(&b, " [%s]", m.Rule)
				}
				b.WriteString(",")
			}
			s := strings.TrimSuffix(b.String(), ",")
			b.Reset()
			b.WriteString(s)
		}
		fmt.Fprintf(&b, "; total %d", l.Total)
		if l.Compare != "" && l.Compare != "table" && l.Compare != "opposed" {
			fmt.Fprintf(&b, " %s %d", l.Compare, l.Target)
		}
		fmt.Fprintf(&b, ": %s", l.Outcome)
		if l.Note != "" {
			b.WriteString(" (" + l.Note + ")")
		}
	}
	return b.String()
}

// diceKinds writes "2d6" or "1d20+1d6".
func diceKinds(ds []rules.Die) string {
	var parts []string
	for i := 0; i < len(ds); {
		j := i
		for j < len(ds) && ds[j].Sides == ds[i].Sides {
			j++
		}
		parts = append(parts, fmt.Sprintf("%dd%d", j-i, ds[i].Sides))
		i = j
	}
	return strings.Join(parts, "+")
}

package cmd

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"hedgerow/rules"
	"hedgerow/rules/ai"
	"hedgerow/rules/all"
)

func init() {
	register("duel", Subcommand{
		Usage: `duel --scenario NAME|FILE --a computer|computer:hard|random|idle --b ... [--games N] [--seed S] [-v]   computer players against each other`,
		Run:   runDuel,
	})
}

// duelCap is how many commands a duel game may last; a game still going
// then is a draw.
const duelCap = 4000

// duelPlayer is one of the two players of a duel.
type duelPlayer struct {
	kind string // "computer", "computer:hard", "random", "idle"
	ai   *ai.Player
	r    *rand.Rand
}

func parseDuelPlayer(s string) (string, bool) {
	switch s {
	case "computer", "computer:normal":
		return "computer", true
	case "computer:hard", "random", "idle":
		return s, true
	}
	return "", false
}

func newDuelPlayer(kind string, seed uint64) *duelPlayer {
	p := &duelPlayer{kind: kind}
	switch kind {
	case "computer":
		p.ai = ai.New(ai.Normal, seed)
	case "computer:hard":
		p.ai = ai.New(ai.Hard, seed)
	default:
		p.r = rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	}
	return p
}

func runDuel(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("duel", flag.ContinueOnError)
	fl.SetOutput(stderr)
	scenario := fl.String("scenario", "", "shipped scenario name or scenario file")
	aArg := fl.String("a", "computer", "player A: computer, computer:hard, random or idle (ends its go at once)")
	bArg := fl.String("b", "random", "player B: computer, computer:hard, random or idle (ends its go at once)")
	games := fl.Int("games", 10, "how many games")
	seed := fl.Uint64("seed", 1, "seed of the first game's dice and of the players")
	verbose := fl.Bool("v", false, "print every command given, with the side that gave it")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	ka, okA := parseDuelPlayer(*aArg)
	kb, okB := parseDuelPlayer(*bArg)
	if *scenario == "" || fl.NArg() > 0 || !okA || !okB || *games < 1 {
		fmt.Fprintln(stderr, "usage: hedgerow duel --scenario NAME|FILE --a computer|computer:hard|random|idle --b computer|computer:hard|random|idle [--games N] [--seed S] [-v]")
		return 2
	}
	sc, m, err := loadScenarioArg(*scenario)
	if err != nil {
		fmt.Fprintf(stderr, "hedgerow duel: %v\n", err)
		return 1
	}
	rs, ok := all.Get(sc.RuleSet)
	if !ok {
		fmt.Fprintf(stderr, "hedgerow duel: rule set %q is not available\n", sc.RuleSet)
		return 1
	}
	var aWins, bWins, draws, illegal int
	var think []time.Duration
	skipped := make([]int, *games)
	for i := 1; i <= *games; i++ {
		gs := *seed + uint64(i-1)
		g, _, err := rules.NewGame(rs, sc, m, gs)
		if err != nil {
			fmt.Fprintf(stderr, "hedgerow duel: %v\n", err)
			return 1
		}
		// A takes the first side in odd games, the second in even ones
		aSide := (i + 1) % 2
		players := [2]*duelPlayer{}
		players[aSide] = newDuelPlayer(ka, gs*2+1)
		players[1-aSide] = newDuelPlayer(kb, gs*2+2)
		var failed error
		shown, who := len(g.Log), ""
		// show prints the commands given since the last look, by the
		// player that gave them
		show := func() {
			for ; shown < len(g.Log); shown++ {
				fmt.Fprintf(stdout, "  %d %s: %s\n", shown+1, who, g.Log[shown])
			}
		}
		for len(g.Log) < duelCap && !g.St.Over {
			if *verbose {
				show()
				who = "A"
				if g.St.Decider != aSide {
					who = "B"
				}
			}
			p := players[g.St.Decider]
			if p.kind == "idle" && idleCommand(g) {
				continue
			}
			if p.ai == nil {
				c, ok := rules.RandomCommand(g, p.r)
				if ok {
					if _, err := g.Apply(c); err == nil {
						continue
					}
				}
				// a random pick refused: try every legal command as it is
				done := false
				for _, c := range g.Legal() {
					if len(c.Path) == 0 && c.Verb == "move" {
						continue
					}
					if _, err := g.Apply(c); err == nil {
						done = true
						break
					}
				}
				if !done {
					failed = fmt.Errorf("the random player found no command the game accepts")
					break
				}
				continue
			}
			t0 := time.Now()
			_, _, refused, err := p.ai.Play(g)
			think = append(think, time.Since(t0))
			illegal += refused
			skipped[i-1] += p.ai.Skipped
			if err != nil {
				failed = err
				break
			}
		}
		if *verbose {
			show()
		}
		res := "draw"
		switch {
		case failed != nil:
			res = "draw (stopped: " + failed.Error() + ")"
			draws++
		case !g.St.Over:
			res = fmt.Sprintf("draw (not over after %d commands)", duelCap)
			draws++
		case g.St.Winner == aSide:
			res = "A wins"
			aWins++
		case g.St.Winner == 1-aSide:
			res = "B wins"
			bWins++
		default:
			draws++
		}
		why := ""
		if g.St.Result != "" {
			why = ": " + g.St.Result
		}
		if skipped[i-1] > 0 {
			why += fmt.Sprintf(" (%d choices passed over as the game would refuse them)", skipped[i-1])
		}
		fmt.Fprintf(stdout, "game %d (seed %d): A %s as %s, B %s as %s: %s in %d commands%s\n", i, gs,
			ka, g.St.Sides[aSide].Name, kb, g.St.Sides[1-aSide].Name, res, len(g.Log), why)
	}
	slices.Sort(think)
	fmt.Fprintf(stdout, `{"games":%d,"a_wins":%d,"b_wins":%d,"draws":%d,"illegal":%d,"think_ms_p50":%s,"think_ms_p95":%s,"think_ms_max":%s}`+"\n",
		*games, aWins, bWins, draws, illegal, pctMS(think, 50), pctMS(think, 95), pctMS(think, 100))
	return 0
}

// idleCommand gives the command of a side that does nothing: it ends its
// go or passes where the game lets it (and does as the random player
// where it must choose something else, such as a set-up). It measures
// whether a side wins by doing nothing, to tell a scenario's balance from
// the computer's play. It reports whether the game took such a command.
func idleCommand(g *rules.Game) bool {
	for _, verb := range []string{"end", "pass"} {
		for _, c := range g.Legal() {
			if c.Verb != verb {
				continue
			}
			if _, err := g.Apply(c); err == nil {
				return true
			}
		}
	}
	return false
}

// pctMS is the q-th percentile of sorted durations in milliseconds, one
// decimal (0 when there are none).
func pctMS(d []time.Duration, q int) string {
	if len(d) == 0 {
		return "0"
	}
	i := (len(d)*q + 99) / 100
	i = min(max(i-1, 0), len(d)-1)
	s := strconv.FormatFloat(float64(d[i].Microseconds())/1000, 'f', 1, 64)
	return strings.TrimSuffix(s, ".0")
}

package scenarios

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
)

// BenchmarkFullGame plays seeded random games to the end on every shipped
// scenario of every rule set, one sub-benchmark each (named by file). The
// games/min metric is what a computer opponent or a balance run gets from
// one core: go test ./scenarios -run '^$' -bench FullGame -count 5
//
// cpu-games/min counts the process's CPU time (user and system, the
// garbage collector's included) instead of the wall clock, so that a
// loaded shared machine, where the benchmark waits for a core, still gives
// comparable figures.
func BenchmarkFullGame(b *testing.B) {
	for _, n := range Names() {
		sc, m, err := Load(n)
		if err != nil {
			b.Fatal(err)
		}
		rs, ok := all.Get(sc.RuleSet)
		if !ok {
			b.Fatalf("%s: rule set %q is not shipped", n, sc.RuleSet)
		}
		b.Run(strings.TrimSuffix(n, ".toml"), func(b *testing.B) {
			b.ReportAllocs()
			cmds := 0
			seed := uint64(0)
			cpu0 := cpuTime()
			for b.Loop() {
				seed++
				g, err := rules.PlayRandom(rs, sc, m, seed, 5000)
				if err != nil {
					b.Fatalf("seed %d: %v", seed, err)
				}
				cmds += len(g.Log)
			}
			b.ReportMetric(float64(cmds)/float64(b.N), "commands/game")
			b.ReportMetric(float64(b.N)/b.Elapsed().Minutes(), "games/min")
			b.ReportMetric(float64(b.N)/(cpuTime()-cpu0).Minutes(), "cpu-games/min")
		})
	}
}

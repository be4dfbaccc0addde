package netplay

import (
	"bytes"
	"context"
	"math/rand/v2"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/terrain"
	"hedgerow/scenarios"
)

func load(name string) (*rules.Scenario, *terrain.Map, error) { return scenarios.Load(name) }

// match is a host and a joiner on 127.0.0.1.
type match struct {
	host                       *Host
	join                       *Joiner
	hostErr                    error
	joinErr                    error
	hostLog, joinLog, joinWire lockedBuf
}

type lockedBuf struct {
	mu   sync.Mutex
	b    bytes.Buffer
	mark int // waitFor's place
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func newBattle(t *testing.T, name string, seed uint64, hostSide int) *Battle {
	t.Helper()
	sc, m, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := all.Get(sc.RuleSet)
	if !ok {
		t.Fatalf("no rule set %q", sc.RuleSet)
	}
	b, err := NewBattle(rs, sc, m, seed, hostSide)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func listen(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

// play runs a whole battle between two random players over loopback.
func play(t *testing.T, b *Battle, j *Joiner, timeout time.Duration) *match {
	t.Helper()
	return playWith(t, b, j, nil, timeout)
}

// playWith is play with the host's chat lines.
func playWith(t *testing.T, b *Battle, j *Joiner, hostChat <-chan string, timeout time.Duration) *match {
	t.Helper()
	return playAgainst(t, b, NewRandom(1), j, hostChat, timeout)
}

// hostPlace, when set, is the host's placing in the next match (tests).
var hostPlace func(sc *rules.Scenario, m *terrain.Map, side int) []string

// playAgainst is playWith with the host's player. Both sides deploy
// first, through the protocol (the host's placing is hostPlace's).
func playAgainst(t *testing.T, b *Battle, hp Player, j *Joiner, hostChat <-chan string, timeout time.Duration) *match {
	t.Helper()
	ln := listen(t)
	mt := &match{}
	mt.host = &Host{B: b, Player: hp, Log: &mt.hostLog, FinalWait: 5 * time.Second, Chat: hostChat, Deploy: true, Place: hostPlace}
	j.Addr = ln.Addr().String()
	if j.Player == nil {
		j.Player = NewRandom(2)
	}
	j.Load, j.Lookup = load, all.Get
	j.Log, j.WireLog = &mt.joinLog, &mt.joinWire
	mt.join = j
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); mt.hostErr = mt.host.Serve(ctx, ln) }()
	go func() { defer wg.Done(); mt.joinErr = j.Run(ctx) }()
	wg.Wait()
	// the host started the battle afresh from both placings: b is that
	// battle now, for the callers that look at it
	if mt.host.B != b {
		*b = *mt.host.B
		mt.host.B = b
	}
	return mt
}

// finalSame checks that the joiner's final save is the host's, and that
// it replays to the host's final state.
func finalSame(t *testing.T, mt *match) {
	t.Helper()
	if mt.hostErr != nil || mt.joinErr != nil {
		t.Fatalf("host: %v\njoiner: %v\nhost log:\n%s\njoiner log tail:\n%s", mt.hostErr, mt.joinErr, mt.hostLog.String(), tail(mt.joinLog.String()))
	}
	g := mt.host.B.G
	if !g.St.Over {
		t.Fatal("the battle is not over")
	}
	var hs bytes.Buffer
	if err := all.WriteSave(g, &hs); err != nil {
		t.Fatal(err)
	}
	f := mt.join.Final
	if f == nil || f.Save != hs.String() || f.FinalHash != g.St.Hash() {
		t.Fatal("the joiner's final save is not the host's")
	}
	rg, _, err := all.Replay(strings.NewReader(f.Save), scenarios.FS, maps.FS)
	if err != nil {
		t.Fatal(err)
	}
	if rg.St.Hash() != g.St.Hash() {
		t.Fatal("the joiner's save replays to another state than the host's")
	}
	// every update once, in order
	for i, n := range mt.join.Received {
		if n != int64(i)+1 {
			t.Fatalf("the joiner's %dth update is number %d", i+1, n)
		}
	}
	if int64(len(mt.join.Received)) != int64(len(mt.host.B.Stream)) {
		t.Fatalf("the joiner has %d updates, the host sent %d", len(mt.join.Received), len(mt.host.B.Stream))
	}
}

func tail(s string) string {
	if len(s) > 3000 {
		return s[len(s)-3000:]
	}
	return s
}

// TestLoopbackGames plays every shipped scenario (with -short, a small
// one of each rule set) to its end between two random players on
// 127.0.0.1, the host taking side 1 and side 2 in turn, and checks that
// both ends finish with the same battle: the joiner's final save is the
// host's and replays to the host's final state, and the joiner got every
// update once, in order.
func TestLoopbackGames(t *testing.T) {
	names := scenarios.Names()
	if testing.Short() {
		names = []string{"ssg-standard", "smle-skirmish", "firefight-crossroads", "maxim-hot-lz", "skirmish35-ford"}
	}
	for i, name := range names {
		name = strings.TrimSuffix(name, ".toml")
		t.Run(name, func(t *testing.T) {
			b := newBattle(t, name, 42, i%2)
			mt := play(t, b, &Joiner{}, 60*time.Second)
			finalSame(t, mt)
			t.Logf("%s: %d commands, %d updates, result %q", name, len(b.G.Log), len(b.Stream), b.G.St.Result)
		})
	}
}

// TestRankerOnCopies plays a small scenario of each rule set with both
// sides ranked by the rule set's own Legal on the side's copy of the
// battle (the computer opponent's footing: no dice, no game-level
// variables, unseen enemies off the table), shuffled, and counts the
// decisions in which the ranking gave nothing the host lists as legal.
// The battles must end, and the count must be nought: a rule set's Legal
// on a copy lists what the host does (for S.M.L.E., through its
// GameVarKnower, which lets the side know the team now acting).
func TestRankerOnCopies(t *testing.T) {
	for _, name := range []string{"ssg-woods-sections", "smle-ambush", "firefight-crossroads", "maxim-hot-lz", "skirmish35-ambush"} {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(3, 4))
			var mu sync.Mutex
			lastFirst := func(g *rules.Game) []rules.Command {
				l := g.Legal()
				mu.Lock()
				r.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
				mu.Unlock()
				return l
			}
			b := newBattle(t, name, 5, 0)
			hp := Ranker(lastFirst, 1).(*ranker)
			jp := Ranker(lastFirst, 2).(*ranker)
			ln := listen(t)
			mt := &match{}
			mt.host = &Host{B: b, Player: hp, Log: &mt.hostLog, FinalWait: 5 * time.Second}
			mt.join = &Joiner{Addr: ln.Addr().String(), Player: jp, Load: load, Lookup: all.Get, Log: &mt.joinLog}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			var wg sync.WaitGroup
			wg.Add(2)
			go func() { defer wg.Done(); mt.hostErr = mt.host.Serve(ctx, ln) }()
			go func() { defer wg.Done(); mt.joinErr = mt.join.Run(ctx) }()
			wg.Wait()
			finalSame(t, mt)
			t.Logf("%d commands; the ranking gave nothing usable %d times on the host's side, %d on the joiner's", len(b.G.Log), hp.Fallbacks, jp.Fallbacks)
			// every rule set's Legal lists on a side's copy what the host
			// lists (S.M.L.E. needs its acting team: its GameVarKnower)
			if hp.Fallbacks+jp.Fallbacks != 0 {
				t.Errorf("the random player decided %d times on the host's side and %d on the joiner's", hp.Fallbacks, jp.Fallbacks)
			}
		})
	}
}

package netplay

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/terrain"
)

// Battle is the host's side of a network battle with no network in it:
// the game with its dice, and the numbered stream of updates for the
// joining side. Host serves it over the wire; tests drive it directly.
type Battle struct {
	G        *rules.Game
	HostSide int
	// Stream is every update the joiner has been sent, numbered from 1,
	// kept without snapshots so that a joiner coming back can be sent
	// those it missed.
	Stream []Update
	base   *rules.State // the scenario as played, for the sides' copies
	// opening is the scenario as written, before any deployment: the
	// rules hash is taken on it, so that a battle deployed away from the
	// scenario's placing (and taken up again from its save) offers the
	// hash the joiner works out from its own copy of the scenario.
	opening *rules.Scenario
}

// Opening is the scenario as written, before any deployment (what
// RulesHash is taken on).
func (b *Battle) Opening() *rules.Scenario {
	if b.opening != nil {
		return b.opening
	}
	return b.G.Scenario
}

// NewBattle starts a battle of sc on m with the dice seeded by seed; the
// host plays hostSide.
func NewBattle(rs rules.RuleSet, sc *rules.Scenario, m *terrain.Map, seed uint64, hostSide int) (*Battle, error) {
	if err := sideOK(hostSide); err != nil {
		return nil, err
	}
	g, evs, err := rules.NewGame(rs, sc, m, seed)
	if err != nil {
		return nil, err
	}
	base, err := rules.NewState(g.Scenario, m)
	if err != nil {
		return nil, err
	}
	b := &Battle{G: g, HostSide: hostSide, base: base, opening: sc}
	b.open(evs)
	return b, nil
}

// open puts the battle's opening events (the first round's start, its
// activation rolls: what the host's own table shows before anyone has
// given a command) first in the joiner's stream, as its side may be told
// them, so that the joiner's log begins where the host's does.
func (b *Battle) open(evs []rules.Event) {
	if tell := tellAll(b.G.RS, b.G.St, b.G.St, b.JoinSide(), evs); len(tell) > 0 {
		b.Stream = append(b.Stream, Update{N: int64(len(b.Stream)) + 1, Commands: len(b.G.Log), Events: tell})
	}
}

// ResumeBattle takes up a battle from its save (the host's autosave
// after the host stopped): the game as the save replays it, and the
// joiner's stream rebuilt from its opening, command by command (chat
// lines are not in a save and are not rebuilt). A joiner that was in the battle is told by
// the offer's stream id that the stream is a new one, and catches up from
// its start.
func ResumeBattle(sf *all.SaveFile, scenarios, maps fs.FS, hostSide int) (*Battle, error) {
	if err := sideOK(hostSide); err != nil {
		return nil, err
	}
	done, _, err := all.ReplayFile(sf, scenarios, maps)
	if err != nil {
		return nil, err
	}
	m := done.St.Map
	g, opening, err := rules.NewGame(done.RS, done.Scenario, m, done.Seed)
	if err != nil {
		return nil, err
	}
	base, err := rules.NewState(g.Scenario, m)
	if err != nil {
		return nil, err
	}
	b := &Battle{G: g, HostSide: hostSide, base: base}
	b.open(opening)
	if b.opening, err = openingOf(sf, scenarios, maps); err != nil {
		return nil, err
	}
	for _, c := range done.Log {
		before := g.St
		evs, err := g.Apply(c)
		if err != nil {
			return nil, fmt.Errorf("the save's command %d (%s) is refused: %v", len(g.Log)+1, c, err)
		}
		b.Stream = append(b.Stream, Update{N: int64(len(b.Stream)) + 1, Commands: len(g.Log), Events: tellAll(g.RS, before, g.St, b.JoinSide(), evs)})
	}
	if g.St.Hash() != done.St.Hash() {
		return nil, errors.New("the save replays to two different battles")
	}
	return b, nil
}

// openingOf is the scenario a save was played on, as written (its
// deploy list not applied): the text the save carries, else the file of
// that name.
func openingOf(sf *all.SaveFile, scenarios, maps fs.FS) (*rules.Scenario, error) {
	if sf.ScenarioText != "" {
		sc, _, err := all.ParseScenario(sf.Scenario, []byte(sf.ScenarioText), func(mapName string) (string, []byte, error) {
			return mapName, []byte(sf.MapText), nil
		})
		return sc, err
	}
	sc, _, err := all.LoadScenario(scenarios, sf.Scenario, maps)
	return sc, err
}

// JoinSide is the side the joiner plays.
func (b *Battle) JoinSide() int { return 1 - b.HostSide }

// Snapshot is the battle now as side may know it.
func (b *Battle) Snapshot(side int) Snapshot { return SnapshotOf(b.G.RS, b.G.St, side) }

// Copy is side's working copy of the battle: its snapshot written over
// the scenario, with no dice.
func (b *Battle) Copy(side int) *rules.Game {
	sn := b.Snapshot(side)
	st, err := sn.Apply(b.base)
	if err != nil {
		panic(err) // the snapshot is of this very battle
	}
	return &rules.Game{RS: b.G.RS, St: st}
}

// Legal is what the deciding side may do, less any command naming a
// figure or unit it may not know of (nil when side is not deciding).
func (b *Battle) Legal(side int) []rules.Command {
	if b.G.St.Over || b.G.St.Decider != side {
		return nil
	}
	v := rules.ViewOf(b.G.RS, b.G.St, side)
	var out []rules.Command
	for _, c := range b.G.Legal() {
		if knowsAll(v, c) {
			out = append(out, c)
		}
	}
	return out
}

func knowsAll(v rules.View, c rules.Command) bool {
	if c.Fig != 0 && !v.Figure(c.Fig) || c.Unit != 0 && !v.Unit(c.Unit) {
		return false
	}
	for _, t := range c.Targets {
		if !v.Figure(t) {
			return false
		}
	}
	return true
}

// Decision is what side's player is given now.
func (b *Battle) Decision(side int, refused []Refused) *Decision {
	return &Decision{Side: side, Game: b.Copy(side), Legal: b.Legal(side), Refused: refused}
}

// Give carries out side's command on the host's game. On success it adds
// the joiner's update to the stream and returns it, with the joiner's
// snapshot after it. A refusal reaches the side in the rule set's words
// unless they could tell it something hidden: when they name a figure or
// team it does not see or know of, or the place of such a figure, or when
// the side's own copy of the battle would take the command (so what
// stops it is something the side cannot see), the refusal says only that
// something it cannot see prevents it.
func (b *Battle) Give(side int, c rules.Command) (Update, error) {
	if b.G.St.Over {
		return Update{}, errors.New("the battle is over")
	}
	if b.G.St.Decider != side {
		return Update{}, fmt.Errorf("not yet: it is %s turn to decide", rules.Possessive(b.G.St.Sides[b.G.St.Decider].Name))
	}
	before := b.G.St
	evs, err := b.G.Apply(c)
	if err != nil {
		if tellsHidden(b.G.RS, b.G.St, side, err.Error()) || refusalOnCopy(b.Copy(side), c) == nil {
			return Update{}, errors.New("that cannot be done: something your side cannot see prevents it")
		}
		return Update{}, err
	}
	u := Update{N: int64(len(b.Stream)) + 1, Commands: len(b.G.Log), Events: tellAll(b.G.RS, before, b.G.St, b.JoinSide(), evs)}
	b.Stream = append(b.Stream, u)
	sn := b.Snapshot(b.JoinSide())
	u.Snap = &sn
	return u, nil
}

// tellsHidden reports whether text names a figure side does not see (by
// name or number), a team it does not know of, or the place of such a
// figure.
func tellsHidden(rs rules.RuleSet, s *rules.State, side int, text string) bool {
	v := rules.ViewOf(rs, s, side)
	for i := range s.Figures {
		f := &s.Figures[i]
		if v.Figure(f.ID) {
			continue
		}
		if f.Name != "" && strings.Contains(text, f.Name) || hasWord(text, fmt.Sprintf("F%d", f.ID)) ||
			strings.Contains(text, rules.FormatInches(f.Pos.X)+","+rules.FormatInches(f.Pos.Y)) ||
			strings.Contains(text, rules.FormatInches(f.Pos.X)+"\", "+rules.FormatInches(f.Pos.Y)+"\"") {
			return true
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if !v.Unit(u.ID) && (u.Name != "" && strings.Contains(text, u.Name) || hasWord(text, fmt.Sprintf("U%d", u.ID))) {
			return true
		}
	}
	return false
}

// hasWord reports whether w stands in text as a word of its own.
func hasWord(text, w string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !isWordByte(text[j-1])) && (end == len(text) || !isWordByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// Chat adds a chat line to the joiner's stream.
func (b *Battle) Chat(side int, text string) Update {
	u := Update{N: int64(len(b.Stream)) + 1, Commands: len(b.G.Log), Chat: &ChatLine{Side: side, Text: text}}
	b.Stream = append(b.Stream, u)
	return u
}

// refusalOnCopy is the refusal of c on a side's copy, nil if the copy
// would take it. A rule set meeting a copy's missing dice or variables
// in a way it never meets in play counts as a refusal there.
func refusalOnCopy(g *rules.Game, c rules.Command) (err error) {
	defer func() {
		if recover() != nil {
			err = errors.New("that cannot be done now")
		}
	}()
	return g.Refusal(c)
}

// RulesHash is a fingerprint of the rules a scenario is played under:
// the protocol and save versions, the rule set's id and name, and what
// the rule set does with the scenario: its opening state for three seeds
// and the state after forty random commands. Two programs whose rule
// data differ in anything the scenario's opening touches give different
// hashes. (A rule set exporting its data files' bytes would make this
// exact; none does yet.)
func RulesHash(rs rules.RuleSet, sc *rules.Scenario, m *terrain.Map) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "proto %d save %d rules %s %s scenario %s\n", Proto, all.SaveFormat, rs.ID(), rs.Name(), sc.Hash)
	for seed := uint64(1); seed <= 3; seed++ {
		g, _, err := rules.NewGame(rs, sc, m, seed)
		if err != nil {
			return "", err
		}
		fmt.Fprintln(h, g.St.Hash())
		if seed != 1 {
			continue
		}
		r := rand.New(rand.NewPCG(7, 11))
		for i := 0; i < 40 && !g.St.Over; i++ {
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			if _, err := g.Apply(c); err != nil {
				fmt.Fprintln(h, "refused", c.String(), err.Error())
				continue
			}
			fmt.Fprintln(h, c.String(), g.St.Hash())
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// CheckCode is the short code both players see, to read to each other:
// it comes from the scenario's hash and the rules hash, so two players
// who see the same code play the same battle under the same rules.
func CheckCode(scenarioHash, rulesHash string) string {
	if len(scenarioHash) < 4 || len(rulesHash) < 4 {
		return "????-????"
	}
	return strings.ToUpper(scenarioHash[:4] + "-" + rulesHash[:4])
}

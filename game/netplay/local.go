package netplay

import (
	"context"
	"errors"
	"time"

	"github.com/coder/websocket"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// A window plays its side through Host.Local or Joiner.Local instead of a
// Player, and hears what happens through Notify: the network runs on the
// host's and joiner's own goroutines, and the window reads the notes on
// its drawing thread whenever it likes (Notify must not block).

// Note kinds.
const (
	NApplied   = "applied"   // host: a command was carried out (Side gave Cmd)
	NRefused   = "refused"   // a command of the window's side was not taken (Text says why)
	NConnected = "connected" // the opponent is (again) connected
	NDropped   = "dropped"   // nothing heard from the opponent: "opponent not connected"
	NChat      = "chat"      // a chat line from Side (Text)
	NWelcome   = "welcome"   // joiner: joined; State is the side's copy now, RS the rule set; At the last update it had (0: every update follows from the first)
	NUpdate    = "update"    // joiner: Events of one command; State the copy after them (nil when caught up after a reconnect)
	NTurn      = "turn"      // joiner: the side decides the position At; Legal
	NFinal     = "final"     // joiner: the battle is over (Text: the host's whole save)
	NDeploy    = "deploy"    // joiner: place the side's figures; Sc the scenario's placing (the side's own taken placements when Text is "ready"), Map, RS
	NPlaced    = "placed"    // Side's placements are taken (the window waits for the opponent to deploy)
	NStarted   = "started"   // host: both sides have deployed; Sc is the scenario as placed, State the opening, RS the rule set
)

// Note is one thing that happened on the network, for a window.
type Note struct {
	Kind   string
	Side   int
	Cmd    rules.Command
	At     int // the position (commands so far) a command or turn is for
	Text   string
	Events []rules.Event
	State  *rules.State
	RS     rules.RuleSet
	Legal  []rules.Command
	Sc     *rules.Scenario
	Map    *terrain.Map
	// Again, on NWelcome: the host started again (a new stream, every
	// update follows from the first): what the window logged before is
	// written afresh.
	Again bool
}

// LocalCmd is a command the window's side gives for position At (the
// number of commands applied so far; a joiner's answer to an older
// position is refused, never applied twice).
type LocalCmd struct {
	At  int
	Cmd rules.Command
}

// Peek reads the battle a host offers and leaves again without joining:
// what a joining player is shown before taking it.
func Peek(ctx context.Context, addr string) (*Offer, error) {
	j := &Joiner{Addr: addr}
	dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(dctx, j.url(), nil)
	if err != nil {
		return nil, err
	}
	p := newPeer(c, MaxHostMsg, j.hb(), nil, nil)
	defer p.close(websocket.StatusNormalClosure, "only looking")
	m, err := p.recv()
	if err != nil {
		return nil, err
	}
	switch m.Type {
	case TOffer:
		return m.Offer, nil
	case TError:
		return nil, errors.New("the host refused: " + m.Error.Text)
	}
	return nil, errors.New("the host did not offer a battle")
}

// WindowOptions are `hedgerow host` and `hedgerow join` without
// --headless: the command line read by cmd/netcmd (which has no Ebiten)
// for the game window (package game), which opens on the Host or Join
// screens.
type WindowOptions struct {
	Host     bool
	Scenario string // host: the scenario (a shipped one's name or a file); "" to choose it in the window
	Side     int    // host: the side it plays, 0 or 1, when Scenario is given
	Listen   string // host: where to listen
	Resume   string // host: take up this save's battle again (the host's --save file)
	Addr     string // join: the host's address ("" to type it in the window)
	// Game flags passed on to the window: --seed, --autosave, --window,
	// --speed (as the game reads them).
	GameArgs []string
}

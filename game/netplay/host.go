package netplay

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/terrain"
)

// Host serves a Battle to one joining player.
type Host struct {
	B      *Battle
	Player Player // plays the host's side
	// RulesHash is RulesHash of the battle's rule set and scenario.
	RulesHash string
	// Log gets the host's status lines: connections, drops, chat,
	// refusals. WireLog gets every message received, one per line.
	Log, WireLog io.Writer
	Heartbeat    time.Duration // DefaultHeartbeat when 0
	// FinalWait is how long the host waits, once the battle is over, for
	// the joiner to take the final save (30 s when 0).
	FinalWait time.Duration
	// Chat, when set, sends its lines to the joiner as the host side's
	// chat (into both logs).
	Chat <-chan string
	// ChatFile, when set, keeps the battle's chat beside its save
	// (WriteChat), written as the host starts and after every line, so
	// that a battle taken up again from its save has its chat too.
	ChatFile string
	// MaxRefusals bounds the host player's refused tries for one
	// decision before the host gives up (200 when 0).
	MaxRefusals int
	// Local, when set, plays the host's side instead of Player: a window
	// sends its side's commands here (see Note). Notify, when set, is told
	// on the game loop's goroutine what happens: commands carried out or
	// refused, the opponent connected or not, chat. It must not block.
	Local  <-chan LocalCmd
	Notify func(Note)
	// Deploy, when set, has both sides place their figures before the
	// battle begins (a new battle; a battle taken up from its save has
	// been deployed). B is then the battle from the scenario's own
	// placing; once both sides are ready the host starts B afresh, with
	// the same seed, from both sides' placements. LocalPlace, when set,
	// brings the host window's placements ("place F<n> X,Y" lines); when
	// it is nil the host's side keeps the scenario's placing.
	Deploy     bool
	LocalPlace <-chan []string
	// Place, without LocalPlace, is the placing the host's player makes
	// (nil: the scenario's own), on a scenario where every figure has
	// its place; it is checked as the joiner's is.
	Place func(sc *rules.Scenario, m *terrain.Map, side int) []string

	stream string // this host's stream id (Offer.Stream)
	inbox  chan inMsg
	quit   chan struct{} // closed when the game loop has ended
	mu     sync.Mutex
	busy   bool // a joiner is connected or joining
	wireMu sync.Mutex
	logMu  sync.Mutex
}

type inMsg struct {
	p      *peer
	joined bool // p has joined (m.Join holds the join)
	gone   bool // p has gone
	m      Msg
}

func (h *Host) logf(format string, a ...any) {
	if h.Log == nil {
		return
	}
	h.logMu.Lock()
	defer h.logMu.Unlock()
	fmt.Fprintf(h.Log, format+"\n", a...)
}

func (h *Host) note(n Note) {
	if h.Notify != nil {
		h.Notify(n)
	}
}

func (h *Host) hb() time.Duration {
	if h.Heartbeat > 0 {
		return h.Heartbeat
	}
	return DefaultHeartbeat
}

// Serve plays the battle on ln until it is over and the joiner has taken
// the final save (or FinalWait has passed), or ctx ends. The listener is
// closed when Serve returns.
func (h *Host) Serve(ctx context.Context, ln net.Listener) error {
	h.inbox = make(chan inMsg, 64)
	var id [8]byte
	if _, err := rand.Read(id[:]); err != nil {
		return err
	}
	h.stream = hex.EncodeToString(id[:])
	h.quit = make(chan struct{})
	defer close(h.quit)
	if h.RulesHash == "" {
		rh, err := RulesHash(h.B.G.RS, h.B.Opening(), h.B.G.St.Map)
		if err != nil {
			return err
		}
		h.RulesHash = rh
	}
	mux := http.NewServeMux()
	mux.HandleFunc(Path, h.accept)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()
	return h.loop(ctx)
}

// accept takes one connection: refused at once when a joiner is already
// there; otherwise offered the battle and checked.
func (h *Host) accept(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	p := newPeer(c, MaxJoinerMsg, h.hb(), h.WireLog, &h.wireMu)
	h.mu.Lock()
	if h.busy {
		h.mu.Unlock()
		h.logf("refused a second joiner: a player has already joined")
		_ = p.send(Msg{Type: TError, Error: &Error{Text: "a player has already joined this battle; only one may play the other side", Again: true}})
		p.close(websocket.StatusTryAgainLater, "a player has already joined")
		return
	}
	h.busy = true
	h.mu.Unlock()
	// release frees the place before any refusal goes out, so that the
	// refused may try again at once
	released := false
	release := func() {
		if !released {
			released = true
			h.mu.Lock()
			h.busy = false
			h.mu.Unlock()
		}
	}
	defer release()
	sc := h.B.G.Scenario
	off := Offer{Stream: h.stream, Scenario: sc.File, ScenarioHash: sc.Hash, RuleSet: h.B.G.RS.ID(), RulesHash: h.RulesHash, Side: h.B.JoinSide()}
	if err := p.send(Msg{Type: TOffer, Offer: &off}); err != nil {
		p.close(websocket.StatusInternalError, "")
		return
	}
	m, err := p.recv()
	if err != nil {
		release()
		h.refuseConn(p, err)
		return
	}
	if m.Type != TJoin {
		release()
		p.refuse(fmt.Sprintf("the first message must be a join, not %q", m.Type))
		return
	}
	if why := h.checkJoin(m.Join); why != "" {
		h.logf("refused a joiner: %s", why)
		release()
		p.refuse(why)
		return
	}
	go p.heartbeat()
	h.post(inMsg{p: p, joined: true, m: m})
	for {
		m, err := p.recv()
		if err != nil {
			release()
			h.post(inMsg{p: p, gone: true})
			h.refuseConn(p, err)
			return
		}
		switch m.Type {
		case TPing:
		case TCommand, TChat, TDone, TPlace:
			h.post(inMsg{p: p, m: m})
		default:
			h.logf("refused a %q message from the joiner", m.Type)
			release()
			h.post(inMsg{p: p, gone: true})
			p.refuse(fmt.Sprintf("a joiner may not send a %q message", m.Type))
			return
		}
	}
}

// post hands a connection's news to the game loop (dropped once the
// loop has ended).
func (h *Host) post(in inMsg) {
	select {
	case h.inbox <- in:
	case <-h.quit:
	}
}

func (h *Host) refuseConn(p *peer, err error) {
	var pe *protoError
	switch {
	case errors.As(err, &pe):
		h.logf("refused a message from the joiner: %s", pe.msg)
		p.refuse(pe.msg)
	case errors.Is(err, errDropped):
		p.close(websocket.StatusGoingAway, "nothing heard")
	default:
		p.close(websocket.StatusGoingAway, "")
	}
}

// checkJoin is the plain-words refusal of a join, "" when it is good.
func (h *Host) checkJoin(j *Join) string {
	sc := h.B.G.Scenario
	switch {
	case j.Proto != Proto:
		return fmt.Sprintf("your Hedgerow speaks network version %d and the host's speaks version %d: both players need the same version", j.Proto, Proto)
	case j.ScenarioHash != sc.Hash:
		return fmt.Sprintf("your copy of the scenario %q differs from the host's: both players need the same scenario and map files", sc.File)
	case j.RulesHash != h.RulesHash:
		return fmt.Sprintf("your rules for %s differ from the host's (another version of Hedgerow or of its rule data): both players need the same version", h.B.G.RS.Name())
	}
	return ""
}

// loop is the game: it owns the Battle; connections talk to it through
// the inbox.
func (h *Host) loop(ctx context.Context) error {
	b := h.B
	var cur *peer
	defer func() {
		if cur != nil {
			cur.close(websocket.StatusNormalClosure, "the host has stopped")
		}
	}()
	turnSent := -1
	var refused []Refused // the host player's refused tries for this decision
	// the deployment: the scenario's placing (every figure placed), and
	// each side's placements once taken
	deploying := h.Deploy
	if deploying {
		// the scenario's own placing is never played: the battle's opening
		// is the deployed battle's, put in the stream when it begins
		b.Stream = nil
	}
	setup := b.G.Scenario
	var hostSc, joinSc *rules.Scenario
	var joinLines []string
	hostReady, joinReady := h.LocalPlace == nil, false
	if deploying && h.LocalPlace == nil && h.Place != nil {
		sc, err := CheckPlacing(setup, b.G.St.Map, b.HostSide, h.Place(setup.Clone(), b.G.St.Map, b.HostSide))
		if err != nil {
			return fmt.Errorf("the host's placing: %v", err)
		}
		hostSc = sc
	}
	finalSent, done := false, false
	var finalTimer <-chan time.Time

	keepChat := func() {
		if h.ChatFile != "" {
			if err := WriteChat(h.ChatFile, b.Chats()); err != nil {
				h.logf("the chat could not be kept beside the save: %v", err)
			}
		}
	}
	keepChat()
	sendTo := func(m Msg) {
		if cur != nil {
			if err := cur.send(m); err != nil {
				cur.close(websocket.StatusGoingAway, "")
			}
		}
	}
	say := func(line string) {
		line = clipChat(line)
		if line == "" {
			return
		}
		h.logf("chat from %s: %s", b.G.St.Sides[b.HostSide].Name, line)
		h.note(Note{Kind: NChat, Side: b.HostSide, Text: line})
		u := b.Chat(b.HostSide, line)
		keepChat()
		sendTo(Msg{Type: TUpdate, Update: &u})
	}
	chat := h.Chat
	hear := func(line string, ok bool) {
		if !ok {
			chat = nil // closed: no more lines
			return
		}
		say(line)
	}
	handle := func(in inMsg) error {
		switch {
		case in.joined:
			if n := in.m.Join.Since; n > int64(len(b.Stream)) {
				// (checked here: only the loop reads the stream)
				why := fmt.Sprintf("you ask for what came after update %d, but the battle has had only %d: this is not the battle you left", n, len(b.Stream))
				h.logf("refused a joiner: %s", why)
				in.p.refuse(why)
				return nil
			}
			if cur != nil && cur != in.p {
				cur.close(websocket.StatusGoingAway, "replaced")
			}
			cur = in.p
			turnSent = -1
			h.logf("opponent connected (after update %d of %d)", in.m.Join.Since, len(b.Stream))
			h.note(Note{Kind: NConnected, Side: b.JoinSide()})
			if deploying {
				// back to its deployment: its placements kept once taken
				d := Deploy{Side: b.JoinSide(), Ready: joinReady}
				if joinReady {
					d.Lines = joinLines
				}
				sendTo(Msg{Type: TDeploy, Deploy: &d})
				for i := in.m.Join.Since; i < int64(len(b.Stream)); i++ {
					u := b.Stream[i]
					sendTo(Msg{Type: TUpdate, Update: &u})
				}
				return nil
			}
			sendTo(Msg{Type: TWelcome, Welcome: &Welcome{Side: b.JoinSide(), Last: int64(len(b.Stream)), Snap: b.Snapshot(b.JoinSide())}})
			for i := in.m.Join.Since; i < int64(len(b.Stream)); i++ {
				u := b.Stream[i]
				sendTo(Msg{Type: TUpdate, Update: &u})
			}
			finalSent = false
		case in.gone:
			if in.p == cur {
				cur = nil
				h.logf("opponent not connected")
				h.note(Note{Kind: NDropped, Side: b.JoinSide()})
			}
		case in.p != cur:
			// a message from a connection already replaced
		case in.m.Type == TDone:
			done = true
		case in.m.Type == TPlace:
			if !deploying {
				sendTo(Msg{Type: TPlaced, Placed: &Placed{Why: errNotDeploying.Error()}})
				return nil
			}
			sc, err := CheckPlacing(setup, b.G.St.Map, b.JoinSide(), in.m.Place.Lines)
			if err != nil {
				h.logf("refused the opponent's placing: %v", err)
				sendTo(Msg{Type: TPlaced, Placed: &Placed{Why: clip500(err.Error())}})
				return nil
			}
			joinSc, joinLines, joinReady = sc, in.m.Place.Lines, true
			h.logf("the opponent has deployed")
			h.note(Note{Kind: NPlaced, Side: b.JoinSide()})
			sendTo(Msg{Type: TPlaced, Placed: &Placed{OK: true}})
		case in.m.Type == TChat:
			h.logf("chat from %s: %s", b.G.St.Sides[b.JoinSide()].Name, in.m.Chat.Text)
			h.note(Note{Kind: NChat, Side: b.JoinSide(), Text: in.m.Chat.Text})
			u := b.Chat(b.JoinSide(), in.m.Chat.Text)
			keepChat()
			sendTo(Msg{Type: TUpdate, Update: &u})
		case in.m.Type == TCommand:
			cm := in.m.Command
			if cm.At != len(b.G.Log) {
				sendTo(Msg{Type: TRefused, Refused: &Refused{At: cm.At, Cmd: cm.Cmd,
					Why: fmt.Sprintf("out of order: that command answers the battle after %d commands; it is now after %d", cm.At, len(b.G.Log))}})
				return nil
			}
			c, _ := rules.ParseCommand(cm.Cmd) // Decode has read it
			u, err := b.Give(b.JoinSide(), c)
			if err != nil {
				sendTo(Msg{Type: TRefused, Refused: &Refused{At: cm.At, Cmd: cm.Cmd, Why: clip500(err.Error())}})
				return nil
			}
			h.note(Note{Kind: NApplied, Side: b.JoinSide(), Cmd: c, At: cm.At})
			sendTo(Msg{Type: TUpdate, Update: &u})
		}
		return nil
	}

	for {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if deploying && hostReady && joinReady {
			sc := setup
			if hostSc != nil {
				sc = combine(sc, hostSc, b.HostSide)
			}
			sc = combine(sc, joinSc, b.JoinSide())
			nb, err := NewBattle(b.G.RS, sc, b.G.St.Map, b.G.Seed, b.HostSide)
			if err != nil {
				// (a problem between the two placings: both place again,
				// the joiner told nothing of the host's side)
				why := "the battle cannot start from the two sides' placings; place your figures again"
				h.logf("the battle cannot start from the two placings: %v", err)
				joinReady = false
				sendTo(Msg{Type: TPlaced, Placed: &Placed{Why: why}})
				if h.LocalPlace != nil {
					hostReady = false
					h.note(Note{Kind: NRefused, Side: b.HostSide, At: -1, Text: "the battle cannot start from the two sides' placings: " + err.Error()})
				}
				continue
			}
			opening := nb.Stream
			nb.Stream = b.Stream // (chat said while deploying)
			for _, u := range opening {
				u.N = int64(len(nb.Stream)) + 1
				nb.Stream = append(nb.Stream, u)
			}
			nb.opening = b.Opening()
			nb.G.OnCommit = b.G.OnCommit
			b, h.B, deploying = nb, nb, false
			h.logf("both sides have deployed: the battle begins")
			h.note(Note{Kind: NStarted, Sc: nb.G.Scenario, State: nb.G.St, RS: nb.G.RS})
			sn := b.Snapshot(b.JoinSide())
			sendTo(Msg{Type: TWelcome, Welcome: &Welcome{Side: b.JoinSide(), Last: int64(len(b.Stream)), Snap: sn}})
			for _, u := range b.Stream[len(b.Stream)-len(opening):] {
				u.Snap = &sn // (live: played out on the joiner's table as the host's shows it)
				sendTo(Msg{Type: TUpdate, Update: &u})
			}
			continue
		}
		if deploying {
			select {
			case in := <-h.inbox:
				handle(in)
			case line, ok := <-chat:
				hear(line, ok)
			case lines := <-h.LocalPlace:
				sc, err := CheckPlacing(setup, b.G.St.Map, b.HostSide, lines)
				if err != nil {
					h.note(Note{Kind: NRefused, Side: b.HostSide, At: -1, Text: err.Error()})
					continue
				}
				hostSc, hostReady = sc, true
				h.note(Note{Kind: NPlaced, Side: b.HostSide})
			case <-ctx.Done():
				return ctx.Err()
			}
			continue
		}
		if b.G.St.Over {
			if finalTimer == nil {
				wait := h.FinalWait
				if wait <= 0 {
					wait = 30 * time.Second
				}
				finalTimer = time.After(wait)
				h.logf("the battle is over: %s", b.G.St.Result)
			}
			if done {
				return nil
			}
			if cur != nil && !finalSent {
				var buf bytes.Buffer
				if err := all.WriteSave(b.G, &buf); err != nil {
					return err
				}
				sendTo(Msg{Type: TFinal, Final: &Final{Save: buf.String(), FinalHash: b.G.St.Hash()}})
				finalSent = true
			}
			select {
			case in := <-h.inbox:
				handle(in)
			case line, ok := <-chat:
				hear(line, ok)
			case <-finalTimer:
				return errors.New("the battle is over, but the other player did not take the final save")
			case <-ctx.Done():
				return ctx.Err()
			}
			continue
		}
		if b.G.St.Decider == b.HostSide && h.Local != nil {
			select {
			case in := <-h.inbox:
				handle(in)
			case line, ok := <-chat:
				hear(line, ok)
			case lc := <-h.Local:
				if lc.At != len(b.G.Log) {
					h.note(Note{Kind: NRefused, Side: b.HostSide, Cmd: lc.Cmd, At: lc.At, Text: "that came too late: the battle has moved on"})
					continue
				}
				u, err := b.Give(b.HostSide, lc.Cmd)
				if err != nil {
					h.note(Note{Kind: NRefused, Side: b.HostSide, Cmd: lc.Cmd, At: lc.At, Text: err.Error()})
					continue
				}
				h.note(Note{Kind: NApplied, Side: b.HostSide, Cmd: lc.Cmd, At: lc.At})
				sendTo(Msg{Type: TUpdate, Update: &u})
			case <-ctx.Done():
				return ctx.Err()
			}
			continue
		}
		if b.G.St.Decider == b.HostSide {
			for drained := false; !drained; {
				select {
				case in := <-h.inbox:
					handle(in)
				case line, ok := <-chat:
					hear(line, ok)
				default:
					drained = true
				}
			}
			c, err := h.Player.Decide(b.Decision(b.HostSide, refused))
			if err != nil {
				return fmt.Errorf("the host's player: %v", err)
			}
			u, err := b.Give(b.HostSide, c)
			if err != nil {
				refused = append(refused, Refused{At: len(b.G.Log), Cmd: c.String(), Why: err.Error()})
				limit := h.MaxRefusals
				if limit <= 0 {
					limit = 200
				}
				if len(refused) > limit {
					return fmt.Errorf("the host's player had %d commands refused in a row (last: %s: %v)", len(refused), c, err)
				}
				continue
			}
			refused = nil
			sendTo(Msg{Type: TUpdate, Update: &u})
			continue
		}
		if cur != nil && turnSent != len(b.G.Log) {
			var legal []string
			for _, c := range b.Legal(b.JoinSide()) {
				legal = append(legal, c.String())
			}
			sendTo(Msg{Type: TTurn, Turn: &Turn{At: len(b.G.Log), Legal: legal}})
			turnSent = len(b.G.Log)
		}
		select {
		case in := <-h.inbox:
			handle(in)
		case line, ok := <-chat:
			hear(line, ok)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

package netplay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// Joiner plays the other side of a host's battle.
type Joiner struct {
	Addr   string // host:port, or a ws:// address
	Player Player
	// Load finds a scenario by the name the host gives (the joiner's own
	// copy, checked against the host's by hash); Lookup a rule set.
	Load   func(name string) (*rules.Scenario, *terrain.Map, error)
	Lookup func(id string) (rules.RuleSet, bool)
	// Log gets the joiner's log: its side's events as it may know them,
	// chat, refusals, connection news. WireLog gets every message received.
	Log, WireLog io.Writer
	Heartbeat    time.Duration // DefaultHeartbeat when 0
	// Retry is how long the joiner keeps trying to reach the host after
	// losing it (30 s when 0).
	Retry time.Duration
	// Chat, when set, sends its lines to the host as chat. A line is
	// kept until the host's stream brings it back: one lost with a
	// dropped connection is sent again once the joiner is back and has
	// caught up (never twice: a line the catch-up brings back is not
	// sent again). Lines given while not connected wait for the next
	// connection.
	Chat <-chan string
	// Local, when set, plays the joiner's side instead of Player: a
	// window sends its side's commands here, each for the position it
	// answers. Notify, when set, is told on the joiner's goroutine what
	// happens (see Note); it must not block.
	Local  <-chan LocalCmd
	Notify func(Note)
	// LocalPlace, with Local: the window's placements of its side
	// ("place F<n> X,Y" lines), sent to the host when the side deploys.
	// Place, without LocalPlace, is the placing the joiner sends by itself
	// (nil: the scenario's own placing, on sc, where every figure has
	// its place); after a refusal it sends the scenario's placing.
	LocalPlace <-chan []string
	Place      func(sc *rules.Scenario, m *terrain.Map, side int) []string
	// Deployed is the placing the host took; PlaceRefusals the host's
	// refusals of this joiner's placings, in its words.
	Deployed      []string
	PlaceRefusals []string

	// What the joiner has: the last update's number, every update's
	// number in the order received (a test checks none came twice), the
	// side's latest snapshot.
	Last     int64
	Received []int64
	Dups     int
	Side     int
	Snap     *Snapshot
	// Final is the host's final save, once the battle is over.
	Final *Final

	// Drop, when set (tests), is asked after each update whether to drop
	// the connection now, as if the line had failed; DropSent likewise
	// just after a command is sent for position at.
	Drop     func(n int64) bool
	DropSent func(at int) bool
	// DropChat, when set (tests), is asked as each chat line goes out:
	// ChatSend sends it as usual, ChatLose drops the connection instead
	// (the line lost on the way), ChatSendDrop sends it and drops the
	// connection before the host's echo can come back.
	DropChat func(line string) int

	rs     rules.RuleSet
	base   *rules.State
	base0  *rules.Scenario
	played *rules.Scenario // the scenario's own placing (every figure placed)
	m0     *terrain.Map
	rh     string
	stream string // the host's stream id the updates are numbered in
	// sessions counts the welcomes received.
	sessions int
	wireMu   sync.Mutex
	again    bool // the host started again, and no welcome has said so yet
	chatMu   sync.Mutex
	unheard  []string // chat lines given to the host and not yet back in its stream
}

// DropChat's answers.
const (
	ChatSend = iota
	ChatLose
	ChatSendDrop
)

// heard takes a line of the side's own chat, back in the host's stream,
// off the lines still to be heard.
func (j *Joiner) heard(text string) {
	j.chatMu.Lock()
	defer j.chatMu.Unlock()
	if len(j.unheard) > 0 && j.unheard[0] == text {
		j.unheard = j.unheard[1:]
	}
}

// chatOn sends, on a connection that has caught up with the host's
// stream, the lines the host has not heard (lost with a drop) and then
// every line given on Chat.
func (j *Joiner) chatOn(p *peer) {
	if j.Chat == nil {
		return
	}
	j.chatMu.Lock()
	again := append([]string(nil), j.unheard...)
	j.chatMu.Unlock()
	for _, line := range again {
		if p.send(Msg{Type: TChat, Chat: &Chat{Text: line}}) != nil {
			return // (kept: the next connection sends them)
		}
	}
	go func() {
		for {
			select {
			case <-p.ctx.Done():
				return
			case line, ok := <-j.Chat:
				if !ok {
					return
				}
				line = clipChat(line)
				if line == "" {
					continue
				}
				j.chatMu.Lock()
				j.unheard = append(j.unheard, line)
				j.chatMu.Unlock()
				how := ChatSend
				if j.DropChat != nil {
					how = j.DropChat(line)
				}
				if how != ChatLose {
					p.send(Msg{Type: TChat, Chat: &Chat{Text: line}})
				}
				if how != ChatSend {
					p.close(websocket.StatusGoingAway, "dropped")
					return
				}
			}
		}
	}()
}

// fatal is a refusal that reconnecting will not cure.
type fatal struct{ msg string }

func (e *fatal) Error() string { return e.msg }

func (j *Joiner) logf(format string, a ...any) {
	if j.Log != nil {
		fmt.Fprintf(j.Log, format+"\n", a...)
	}
}

func (j *Joiner) note(n Note) {
	if j.Notify != nil {
		j.Notify(n)
	}
}

// copyOf is the side's working copy from snapshot sn (nil when it does
// not fit the scenario).
func (j *Joiner) copyOf(sn *Snapshot) *rules.State {
	st, err := sn.Apply(j.base)
	if err != nil {
		return nil
	}
	return st
}

func (j *Joiner) hb() time.Duration {
	if j.Heartbeat > 0 {
		return j.Heartbeat
	}
	return DefaultHeartbeat
}

func (j *Joiner) url() string {
	if strings.HasPrefix(j.Addr, "ws://") || strings.HasPrefix(j.Addr, "wss://") {
		return j.Addr
	}
	return "ws://" + j.Addr + Path
}

// Run joins the battle and plays it to the end, reconnecting after a
// drop, and returns once the host's final save is in j.Final.
func (j *Joiner) Run(ctx context.Context) error {
	retry := j.Retry
	if retry <= 0 {
		retry = 30 * time.Second
	}
	var lostAt time.Time
	for {
		before := j.sessions
		err := j.session(ctx)
		if j.sessions != before {
			lostAt = time.Time{} // it had joined: a new drop
		}
		if j.Final != nil {
			return nil
		}
		var f *fatal
		if errors.As(err, &f) || ctx.Err() != nil {
			return err
		}
		if lostAt.IsZero() {
			lostAt = time.Now()
			j.logf("opponent not connected (%v); trying again", err)
			j.note(Note{Kind: NDropped, Text: err.Error()})
		}
		if time.Since(lostAt) > retry {
			return fmt.Errorf("opponent not connected: the host could not be reached again for %s (%v)", retry, err)
		}
		select {
		case <-time.After(200 * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// session is one connection, from the offer to its end.
func (j *Joiner) session(ctx context.Context) error {
	dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	c, _, err := websocket.Dial(dctx, j.url(), nil)
	cancel()
	if err != nil {
		return err
	}
	p := newPeer(c, MaxHostMsg, j.hb(), j.WireLog, &j.wireMu)
	defer p.close(websocket.StatusNormalClosure, "")
	stop := context.AfterFunc(ctx, func() { p.close(websocket.StatusGoingAway, "") })
	defer stop()
	m, err := p.recv()
	if err != nil {
		return j.refuse(p, err)
	}
	if m.Type == TError {
		if m.Error.Again {
			return errors.New("the host refused: " + m.Error.Text)
		}
		return &fatal{"the host refused: " + m.Error.Text}
	}
	if m.Type != TOffer {
		p.refuse(fmt.Sprintf("the first message must be an offer, not %q", m.Type))
		return &fatal{"the host did not offer a battle"}
	}
	if err := j.takeOffer(m.Offer); err != nil {
		p.refuse(err.Error())
		return &fatal{err.Error()}
	}
	if j.stream != m.Offer.Stream {
		if j.stream != "" {
			j.logf("the host started again: catching up from the start")
			j.again = true // (until a welcome says so)
		}
		j.stream, j.Last, j.Received, j.Snap = m.Offer.Stream, 0, nil, nil
	}
	rh, _ := j.rulesHash()
	if j.sessions == 0 {
		j.logf("offered %s, playing side %d; check code %s", m.Offer.Scenario, m.Offer.Side+1, CheckCode(j.base0.Hash, rh))
	}
	if err := p.send(Msg{Type: TJoin, Join: &Join{Proto: Proto, ScenarioHash: j.base0.Hash, RulesHash: rh, Since: j.Last}}); err != nil {
		return err
	}
	go p.heartbeat()
	if j.Local != nil {
		go func() {
			for {
				select {
				case <-p.ctx.Done():
					return
				case lc := <-j.Local:
					p.send(Msg{Type: TCommand, Command: &Cmd{At: lc.At, Cmd: lc.Cmd.String()}})
				case lines := <-j.LocalPlace:
					p.send(Msg{Type: TPlace, Place: &Place{Lines: lines}})
				}
			}
		}()
	}
	// chat goes out once this connection has caught up with the host's
	// stream (the welcome's last update), so that a line the catch-up
	// brings back is known heard before the unheard are sent again
	chatting, caughtUp := false, int64(-1)
	catchUp := func() {
		if !chatting && caughtUp >= 0 && j.Last >= caughtUp {
			chatting = true
			j.chatOn(p)
		}
	}
	var turn *Turn
	var refused []Refused
	var sentPlace []string // the headless joiner's placing on its way
	for {
		m, err := p.recv()
		if err != nil {
			return j.refuse(p, err)
		}
		switch m.Type {
		case TPing:
		case TError:
			return &fatal{"the host refused: " + m.Error.Text}
		case TWelcome:
			j.Side = m.Welcome.Side
			j.sessions++
			sn := m.Welcome.Snap
			j.Snap = &sn
			j.logf("joined, playing side %d (%s); %d updates so far", j.Side+1, sn.Sides[j.Side].Name, m.Welcome.Last)
			j.note(Note{Kind: NWelcome, Side: j.Side, State: j.copyOf(&sn), RS: j.rs, At: int(j.Last), Again: j.again})
			j.again = false
			j.note(Note{Kind: NConnected})
			caughtUp = m.Welcome.Last
			catchUp()
		case TDeploy:
			d := m.Deploy
			j.Side = d.Side
			j.sessions++ // (it has joined: a drop now is a new one)
			if d.Ready {
				j.Deployed = d.Lines
				j.logf("back in the deployment: your placing is taken; waiting for the opponent to deploy")
			} else {
				j.logf("deploy your side's figures (side %d, %s)", d.Side+1, j.played.Sides[d.Side].Name)
			}
			if j.LocalPlace != nil {
				n := Note{Kind: NDeploy, Side: d.Side, Sc: j.played.Clone(), Map: j.m0, RS: j.rs}
				if d.Ready {
					if sc, err := CheckPlacing(j.played, j.m0, d.Side, d.Lines); err == nil {
						n.Sc, n.Text = sc, "ready"
					}
				}
				j.note(n)
				j.note(Note{Kind: NConnected})
				continue
			}
			if !d.Ready {
				sentPlace = j.placeFor(d.Side)
				if err := p.send(Msg{Type: TPlace, Place: &Place{Lines: sentPlace}}); err != nil {
					return err
				}
			}
		case TPlaced:
			r := m.Placed
			if r.OK {
				j.Deployed = sentPlace
				j.logf("your placing is taken; waiting for the opponent to deploy")
				j.note(Note{Kind: NPlaced, Side: j.Side})
				continue
			}
			j.PlaceRefusals = append(j.PlaceRefusals, r.Why)
			j.logf("placing refused: %s", r.Why)
			if j.LocalPlace != nil {
				j.note(Note{Kind: NRefused, Side: j.Side, At: -1, Text: r.Why})
				continue
			}
			if len(j.PlaceRefusals) > 3 {
				return &fatal{"the host refused the placing: " + r.Why}
			}
			sentPlace = PlaceLines(j.played, j.Side)
			if err := p.send(Msg{Type: TPlace, Place: &Place{Lines: sentPlace}}); err != nil {
				return err
			}
		case TUpdate:
			u := m.Update
			if u.N <= j.Last {
				j.Dups++
				continue
			}
			if u.N != j.Last+1 {
				return fmt.Errorf("update %d came after update %d: some were lost", u.N, j.Last)
			}
			j.Last = u.N
			j.Received = append(j.Received, u.N)
			for _, e := range u.Events {
				j.logf("%s", eventLine(e))
			}
			if u.Chat != nil {
				j.logf("chat from %s: %s", j.sideName(u.Chat.Side), u.Chat.Text)
				j.note(Note{Kind: NChat, Side: u.Chat.Side, Text: u.Chat.Text})
				if u.Chat.Side == j.Side {
					j.heard(u.Chat.Text)
				}
			}
			if u.Snap != nil {
				j.Snap = u.Snap
			}
			if u.Chat == nil {
				n := Note{Kind: NUpdate, At: u.Commands, Events: u.Events}
				if u.Snap != nil {
					n.State = j.copyOf(u.Snap)
				}
				j.note(n)
			}
			if j.Drop != nil && j.Drop(u.N) {
				p.close(websocket.StatusGoingAway, "dropped")
				return errors.New("dropped for a test")
			}
			catchUp()
		case TTurn:
			turn, refused = m.Turn, nil
			if j.Local != nil {
				n := Note{Kind: NTurn, At: turn.At}
				for _, s := range turn.Legal {
					c, _ := rules.ParseCommand(s) // Decode has read it
					n.Legal = append(n.Legal, c)
				}
				j.note(n)
				continue
			}
			if err := j.decide(p, turn, refused); err != nil {
				return err
			}
		case TRefused:
			r := *m.Refused
			j.logf("refused: %s: %s", r.Cmd, r.Why)
			if j.Local != nil {
				c, _ := rules.ParseCommand(r.Cmd)
				j.note(Note{Kind: NRefused, Cmd: c, At: r.At, Text: r.Why})
				continue
			}
			if turn != nil && r.At == turn.At {
				refused = append(refused, r)
				if len(refused) > 200 {
					return &fatal{fmt.Sprintf("%d commands refused in a row (last: %s: %s)", len(refused), r.Cmd, r.Why)}
				}
				if err := j.decide(p, turn, refused); err != nil {
					return err
				}
			}
		case TFinal:
			f := *m.Final
			j.Final = &f
			j.logf("the battle is over")
			j.note(Note{Kind: NFinal, Text: f.Save})
			p.send(Msg{Type: TDone})
			return nil
		default:
			p.refuse(fmt.Sprintf("a host may not send a %q message", m.Type))
			return &fatal{fmt.Sprintf("the host sent a %q message, which a host may not send", m.Type)}
		}
	}
}

func (j *Joiner) refuse(p *peer, err error) error {
	var pe *protoError
	if errors.As(err, &pe) {
		p.refuse(pe.msg)
	}
	return err
}

func (j *Joiner) sideName(s int) string {
	if j.Snap != nil {
		return j.Snap.Sides[s].Name
	}
	if j.played != nil {
		return j.played.Sides[s].Name
	}
	return fmt.Sprintf("side %d", s+1)
}

// takeOffer checks the host's offer against the joiner's own scenario
// and rules, and builds the base its copies are made on.
func (j *Joiner) takeOffer(o *Offer) error {
	if j.base != nil {
		if o.ScenarioHash != j.base0.Hash {
			return errors.New("the host now offers another battle than the one joined")
		}
		return nil
	}
	rs, ok := j.Lookup(o.RuleSet)
	if !ok {
		return fmt.Errorf("the host plays %q, a rule set this Hedgerow does not have", o.RuleSet)
	}
	sc, m, err := j.Load(o.Scenario)
	if err != nil {
		return fmt.Errorf("the host's scenario %q cannot be loaded here: %v", o.Scenario, err)
	}
	if sc.Hash != o.ScenarioHash {
		return fmt.Errorf("your copy of the scenario %q differs from the host's: both players need the same scenario and map files", o.Scenario)
	}
	played := sc.Clone()
	if err := rules.AutoDeploy(played, m); err != nil {
		return err
	}
	base, err := rules.NewState(played, m)
	if err != nil {
		return err
	}
	j.rs, j.base, j.base0, j.m0, j.played = rs, base, sc, m, played
	rh, err := j.rulesHash()
	if err != nil {
		return err
	}
	if rh != o.RulesHash {
		return fmt.Errorf("your rules for %s differ from the host's (another version of Hedgerow or of its rule data): both players need the same version", rs.Name())
	}
	return nil
}

func (j *Joiner) rulesHash() (string, error) {
	if j.rh == "" {
		rh, err := RulesHash(j.rs, j.base0, j.m0)
		if err != nil {
			return "", err
		}
		j.rh = rh
	}
	return j.rh, nil
}

// placeFor is the headless joiner's placing of side.
func (j *Joiner) placeFor(side int) []string {
	if j.Place != nil {
		return j.Place(j.played.Clone(), j.m0, side)
	}
	return PlaceLines(j.played, side)
}

// decide asks the player for a command for turn t and sends it.
func (j *Joiner) decide(p *peer, t *Turn, refused []Refused) error {
	if j.Snap == nil {
		return errors.New("a turn came before the welcome")
	}
	st, err := j.Snap.Apply(j.base)
	if err != nil {
		return &fatal{err.Error()}
	}
	d := &Decision{Side: j.Side, Game: &rules.Game{RS: j.rs, St: st}, Refused: refused}
	for _, s := range t.Legal {
		c, _ := rules.ParseCommand(s) // Decode has read it
		d.Legal = append(d.Legal, c)
	}
	c, err := j.Player.Decide(d)
	if err != nil {
		return &fatal{"your player: " + err.Error()}
	}
	if err := p.send(Msg{Type: TCommand, Command: &Cmd{At: t.At, Cmd: c.String()}}); err != nil {
		return err
	}
	if j.DropSent != nil && j.DropSent(t.At) {
		p.close(websocket.StatusGoingAway, "dropped")
		return errors.New("dropped for a test")
	}
	return nil
}

// eventLine is an event as a line of the joiner's log.
func eventLine(e rules.Event) string {
	s := fmt.Sprintf("%s side %d", e.Kind, e.Side+1)
	if e.Fig != 0 {
		s += fmt.Sprintf(" F%d", e.Fig)
	}
	return s + ": " + e.Text
}

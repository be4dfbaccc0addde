package netplay

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"hedgerow/rules/all"
)

// raw is a hand-driven joiner for sending what a real one never would.
type raw struct {
	t   *testing.T
	c   *websocket.Conn
	ctx context.Context
}

func dialRaw(t *testing.T, ctx context.Context, addr string) *raw {
	t.Helper()
	c, _, err := websocket.Dial(ctx, "ws://"+addr+Path, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(MaxHostMsg)
	return &raw{t: t, c: c, ctx: ctx}
}

// next reads the next message that is not a ping.
func (r *raw) next() (Msg, error) {
	for {
		rctx, cancel := context.WithTimeout(r.ctx, 5*time.Second)
		_, data, err := r.c.Read(rctx)
		cancel()
		if err != nil {
			return Msg{}, err
		}
		m, err := Decode(data, MaxHostMsg)
		if err != nil {
			r.t.Fatalf("the host sent a message that does not decode: %v", err)
		}
		if m.Type != TPing {
			return m, nil
		}
	}
}

func (r *raw) sendRaw(data []byte) {
	if err := r.c.Write(r.ctx, websocket.MessageText, data); err != nil {
		r.t.Fatal(err)
	}
}

func (r *raw) send(m Msg) {
	b, err := json.Marshal(m)
	if err != nil {
		r.t.Fatal(err)
	}
	r.sendRaw(b)
}

// refusedWith reads until the host's error and the end of the
// connection, and checks the error's words.
func (r *raw) refusedWith(words string) {
	r.t.Helper()
	m, err := r.next()
	if err != nil {
		r.t.Fatalf("want a refusal saying %q, the connection ended: %v", words, err)
	}
	if m.Type != TError || !strings.Contains(m.Error.Text, words) {
		r.t.Fatalf("want a refusal saying %q, got %+v", words, m)
	}
	if _, err := r.next(); err == nil {
		r.t.Fatal("the connection stays open after a refusal")
	}
}

// TestFaultsRefused sends the host, one after another: a second joiner
// while one is in, a command for a stale position, garbage, an oversized
// message, a message out of order, another protocol version, another
// scenario, other rules, an unknown type, a message a joiner may not
// send. Each is refused with words saying what was wrong and ends only
// its own connection (the stale command not even that); the host's
// battle does not move for any of them, and a good joiner then plays it
// to the end.
func TestFaultsRefused(t *testing.T) {
	b := newBattle(t, "ssg-standard", 21, 0)
	ln := listen(t)
	addr := ln.Addr().String()
	var hostLog lockedBuf
	h := &Host{B: b, Player: NewRandom(1), Log: &hostLog, FinalWait: 5 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	hostDone := make(chan error, 1)
	go func() { hostDone <- h.Serve(ctx, ln) }()

	// a good join, by hand
	first := dialRaw(t, ctx, addr)
	off, err := first.next()
	if err != nil || off.Type != TOffer {
		t.Fatalf("want an offer, got %+v, %v", off, err)
	}
	o := off.Offer
	join := func(seq int64) Msg {
		return Msg{V: Proto, Type: TJoin, Seq: seq, Join: &Join{Proto: Proto, ScenarioHash: o.ScenarioHash, RulesHash: o.RulesHash}}
	}
	first.send(join(1))
	w, err := first.next()
	if err != nil || w.Type != TWelcome {
		t.Fatalf("want a welcome, got %+v, %v", w, err)
	}
	// the battle waits for the joiner's side from here on
	var at int
	for {
		m, err := first.next()
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == TTurn {
			at = m.Turn.At
			break
		}
	}
	hash := b.G.St.Hash() // the loop is waiting for us: the battle stands still

	t.Run("second joiner", func(t *testing.T) {
		r := dialRaw(t, ctx, addr)
		r.refusedWith("already joined")
	})
	t.Run("stale command", func(t *testing.T) {
		first.send(Msg{V: Proto, Type: TCommand, Seq: 2, Command: &Cmd{At: at + 5, Cmd: "end"}})
		m, err := first.next()
		if err != nil || m.Type != TRefused || !strings.Contains(m.Refused.Why, "out of order") {
			t.Fatalf("want an out-of-order refusal, got %+v, %v", m, err)
		}
		first.c.Close(websocket.StatusNormalClosure, "")
	})
	// the host hears the first joiner go
	waitFor(t, &hostLog, "opponent not connected")

	// offered is a new connection that has had the offer; a place still
	// held by the last refused one (its end not yet seen by the host) is
	// "try again", as a real joiner does
	offered := func(t *testing.T) *raw {
		for try := 0; ; try++ {
			r := dialRaw(t, ctx, addr)
			m, err := r.next()
			if err == nil && m.Type == TError && m.Error.Again && try < 100 {
				r.c.CloseNow()
				time.Sleep(20 * time.Millisecond)
				continue
			}
			if err != nil || m.Type != TOffer {
				t.Fatalf("want an offer, got %+v, %v", m, err)
			}
			return r
		}
	}
	t.Run("garbage", func(t *testing.T) {
		r := offered(t)
		r.sendRaw([]byte("\x00\x01 this is not a message {"))
		r.refusedWith("not a well-formed protocol message")
		r = offered(t)
		r.sendRaw([]byte(`{"v":2,"type":"join","seq":1,"join":{"proto":1}} trailing`))
		r.refusedWith("after its end")
		r = offered(t)
		r.sendRaw([]byte(`{"v":2,"type":"join","seq":1,"join":{"proto":1,"scenario_hash":"x","rules_hash":"y","since":0,"extra":1}}`))
		r.refusedWith("unknown field")
	})
	t.Run("oversized", func(t *testing.T) {
		r := offered(t)
		r.sendRaw([]byte(`{"v":2,"type":"chat","seq":1,"chat":{"text":"` + strings.Repeat("x", MaxJoinerMsg) + `"}}`))
		_, err := r.next()
		if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
			t.Fatalf("want the connection closed as too big, got %v", err)
		}
	})
	t.Run("out of order", func(t *testing.T) {
		r := offered(t)
		r.send(join(2))
		r.refusedWith("out of order")
	})
	t.Run("wrong version", func(t *testing.T) {
		r := offered(t)
		m := join(1)
		m.V = Proto + 1
		r.send(m)
		r.refusedWith("protocol version 3")
		r = offered(t)
		m = join(1)
		m.Join.Proto = 9
		r.send(m)
		r.refusedWith("network version 9")
	})
	t.Run("other scenario", func(t *testing.T) {
		r := offered(t)
		m := join(1)
		m.Join.ScenarioHash = strings.Repeat("0", 64)
		r.send(m)
		r.refusedWith("your copy of the scenario \"ssg-standard.toml\" differs from the host's")
	})
	t.Run("other rules", func(t *testing.T) {
		r := offered(t)
		m := join(1)
		m.Join.RulesHash = strings.Repeat("0", 64)
		r.send(m)
		r.refusedWith("your rules for Simple Skirmish Game differ from the host's")
	})
	t.Run("unknown type", func(t *testing.T) {
		r := offered(t)
		r.sendRaw([]byte(`{"v":2,"type":"teleport","seq":1}`))
		r.refusedWith(`"teleport" is not one this Hedgerow knows`)
	})
	t.Run("not a joiner's message", func(t *testing.T) {
		r := offered(t)
		r.send(join(1))
		if m, err := r.next(); err != nil || m.Type != TWelcome {
			t.Fatalf("want a welcome, got %+v, %v", m, err)
		}
		r.send(Msg{V: Proto, Type: TFinal, Seq: 2, Final: &Final{Save: "{}", FinalHash: strings.Repeat("a", 64)}})
		for {
			m, err := r.next()
			if err != nil {
				t.Fatalf("want a refusal, the connection ended: %v", err)
			}
			if m.Type == TError {
				if !strings.Contains(m.Error.Text, `a joiner may not send a "final" message`) {
					t.Fatalf("refused with %q", m.Error.Text)
				}
				break
			}
		}
	})
	if b.G.St.Hash() != hash || len(b.G.Log) != at {
		t.Fatal("the host's battle moved while it was being sent bad messages")
	}

	waitFor(t, &hostLog, "opponent not connected")
	good := &Joiner{Addr: addr, Player: NewRandom(5), Load: load, Lookup: all.Get}
	if err := good.Run(ctx); err != nil {
		t.Fatalf("a good joiner after the faults: %v\nhost log:\n%s", err, hostLog.String())
	}
	if err := <-hostDone; err != nil {
		t.Fatal(err)
	}
	finalSame(t, &match{host: h, join: good})
	t.Logf("host log:\n%s", hostLog.String())
}

// waitFor waits up to five seconds for the log to have words in it
// (counting from the last time it was waited on).
func waitFor(t *testing.T, l *lockedBuf, words string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		l.mu.Lock()
		s := l.b.String()
		l.mu.Unlock()
		if i := strings.LastIndex(s, words); i >= 0 && i >= l.mark {
			l.mark = i + len(words)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the log never said %q:\n%s", words, l.String())
}

// TestHeartbeat: a joiner that joins and then falls silent (no pings, no
// close: a pulled cable) is "opponent not connected" in the host's log
// within three heartbeats, and the host takes a new joiner after it.
func TestHeartbeat(t *testing.T) {
	b := newBattle(t, "ssg-standard", 21, 0)
	ln := listen(t)
	var hostLog lockedBuf
	h := &Host{B: b, Player: NewRandom(1), Log: &hostLog, Heartbeat: 250 * time.Millisecond, FinalWait: 5 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	hostDone := make(chan error, 1)
	go func() { hostDone <- h.Serve(ctx, ln) }()
	r := dialRaw(t, ctx, ln.Addr().String())
	off, err := r.next()
	if err != nil {
		t.Fatal(err)
	}
	r.send(Msg{V: Proto, Type: TJoin, Seq: 1, Join: &Join{Proto: Proto, ScenarioHash: off.Offer.ScenarioHash, RulesHash: off.Offer.RulesHash}})
	waitFor(t, &hostLog, "opponent connected")
	silent := time.Now()
	waitFor(t, &hostLog, "opponent not connected")
	if d := time.Since(silent); d > 3*time.Second {
		t.Fatalf("the drop was noticed after %v", d)
	}
	good := &Joiner{Addr: ln.Addr().String(), Player: NewRandom(5), Load: load, Lookup: all.Get, Heartbeat: 250 * time.Millisecond}
	if err := good.Run(ctx); err != nil {
		t.Fatalf("a joiner after the silent one: %v", err)
	}
	if err := <-hostDone; err != nil {
		t.Fatal(err)
	}
	finalSame(t, &match{host: h, join: good})
}

// TestChat: a chat line from either end reaches both logs, carried in the
// joiner's numbered stream (so a joiner coming back gets it).
func TestChat(t *testing.T) {
	b := newBattle(t, "ssg-standard", 23, 0)
	chat := make(chan string, 1)
	chat <- "good luck, have fun"
	hostChat := make(chan string, 1)
	hostChat <- "and to you"
	mt := playWith(t, b, &Joiner{Chat: chat}, hostChat, 60*time.Second)
	finalSame(t, mt)
	for _, want := range []string{"chat from " + b.G.St.Sides[1].Name + ": good luck, have fun", "chat from " + b.G.St.Sides[0].Name + ": and to you"} {
		if !strings.Contains(mt.hostLog.String(), want) || !strings.Contains(mt.joinLog.String(), want) {
			t.Fatalf("want %q in both logs:\nhost:\n%s\njoiner:\n%s", want, mt.hostLog.String(), tail(mt.joinLog.String()))
		}
	}
	n, opening := 0, 0
	for _, u := range b.Stream {
		if u.Chat != nil {
			n++
		}
		if u.Chat == nil && u.Commands == 0 {
			opening++ // the battle's opening events
		}
	}
	if n != 2 || opening > 1 || len(b.Stream) != len(b.G.Log)+2+opening {
		t.Fatalf("%d chat lines and %d openings in a stream of %d updates for %d commands", n, opening, len(b.Stream), len(b.G.Log))
	}
}

// TestCommandNotAppliedTwice: a command sent again for the position it
// has already changed (as after a drop) is refused as out of order and
// changes nothing: the host's next update is its own, not a second one.
func TestCommandNotAppliedTwice(t *testing.T) {
	b := newBattle(t, "ssg-standard", 21, 0)
	ln := listen(t)
	var hostLog lockedBuf
	h := &Host{B: b, Player: NewRandom(1), Log: &hostLog, FinalWait: time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	go h.Serve(ctx, ln)
	r := dialRaw(t, ctx, ln.Addr().String())
	off, err := r.next()
	if err != nil {
		t.Fatal(err)
	}
	r.send(Msg{V: Proto, Type: TJoin, Seq: 1, Join: &Join{Proto: Proto, ScenarioHash: off.Offer.ScenarioHash, RulesHash: off.Offer.RulesHash}})
	var turn *Turn
	for turn == nil {
		m, err := r.next()
		if err != nil {
			t.Fatal(err)
		}
		turn = m.Turn
	}
	end := ""
	for _, l := range turn.Legal {
		if l == "end" {
			end = l
		}
	}
	if end == "" {
		t.Fatalf("no end among %v", turn.Legal)
	}
	r.send(Msg{V: Proto, Type: TCommand, Seq: 2, Command: &Cmd{At: turn.At, Cmd: end}})
	r.send(Msg{V: Proto, Type: TCommand, Seq: 3, Command: &Cmd{At: turn.At, Cmd: end}})
	applied, refused := 0, false
	for !refused {
		m, err := r.next()
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case m.Type == TUpdate && m.Update.Commands == turn.At+1:
			applied++
		case m.Type == TRefused:
			if m.Refused.At != turn.At || !strings.Contains(m.Refused.Why, "out of order") {
				t.Fatalf("refused with %+v", m.Refused)
			}
			refused = true
		}
	}
	if applied != 1 {
		t.Fatalf("the command was applied %d times", applied)
	}
}

package netplay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Path is where the host serves the battle.
const Path = "/hedgerow"

// DefaultHeartbeat is how often each end says it is still there; an end
// that hears nothing for DropAfter heartbeats takes the other as gone.
const (
	DefaultHeartbeat = time.Second
	DropAfter        = 3
)

// peer is one end of a websocket connection: numbered, checked messages.
type peer struct {
	c       *websocket.Conn
	limit   int
	hb      time.Duration
	wire    io.Writer // every message received, one per line (may be nil)
	wireMu  *sync.Mutex
	wmu     sync.Mutex
	seqOut  int64
	seqIn   int64
	ctx     context.Context
	cancel  context.CancelFunc
	closing sync.Once
}

func newPeer(c *websocket.Conn, limit int, hb time.Duration, wire io.Writer, wireMu *sync.Mutex) *peer {
	c.SetReadLimit(int64(limit))
	ctx, cancel := context.WithCancel(context.Background())
	return &peer{c: c, limit: limit, hb: hb, wire: wire, wireMu: wireMu, ctx: ctx, cancel: cancel}
}

// send numbers and writes one message.
func (p *peer) send(m Msg) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	p.seqOut++
	m.Seq = p.seqOut
	b, err := Encode(m)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	return p.c.Write(ctx, websocket.MessageText, b)
}

// refuse sends a plain-words error and closes the connection.
func (p *peer) refuse(text string) {
	_ = p.send(Msg{Type: TError, Error: &Error{Text: clip500(text)}})
	p.close(websocket.StatusPolicyViolation, text)
}

func (p *peer) close(code websocket.StatusCode, why string) {
	p.closing.Do(func() {
		p.cancel()
		if len(why) > 120 {
			why = why[:120]
		}
		_ = p.c.Close(code, why)
	})
}

// errDropped is a read that timed out: nothing heard for DropAfter
// heartbeats.
var errDropped = errors.New("opponent not connected")

// recv reads the next message, checked and in order, skipping nothing.
// A message that is malformed, oversized or out of order is an error
// (the caller refuses it and closes).
func (p *peer) recv() (Msg, error) {
	ctx, cancel := context.WithTimeout(p.ctx, p.hb*DropAfter)
	defer cancel()
	typ, data, err := p.c.Read(ctx)
	if err != nil {
		if errors.Is(err, websocket.ErrMessageTooBig) {
			return Msg{}, &protoError{fmt.Sprintf("a message was longer than %d bytes", p.limit)}
		}
		if ctx.Err() == context.DeadlineExceeded && p.ctx.Err() == nil {
			return Msg{}, errDropped
		}
		return Msg{}, err
	}
	if p.wire != nil {
		p.wireMu.Lock()
		p.wire.Write(data)
		p.wire.Write([]byte{'\n'})
		p.wireMu.Unlock()
	}
	if typ != websocket.MessageText {
		return Msg{}, &protoError{"a message was binary, not text"}
	}
	m, err := Decode(data, p.limit)
	if err != nil {
		return Msg{}, &protoError{err.Error()}
	}
	if m.Seq != p.seqIn+1 {
		return Msg{}, &protoError{fmt.Sprintf("message number %d came out of order (expected %d)", m.Seq, p.seqIn+1)}
	}
	p.seqIn = m.Seq
	return m, nil
}

// heartbeat sends a ping every hb until the connection ends.
func (p *peer) heartbeat() {
	t := time.NewTicker(p.hb)
	defer t.Stop()
	for {
		select {
		case <-p.ctx.Done():
			return
		case <-t.C:
			if err := p.send(Msg{Type: TPing}); err != nil {
				return
			}
		}
	}
}

// protoError is a message refused for what it is (not a dropped line).
type protoError struct{ msg string }

func (e *protoError) Error() string { return "refused: " + e.msg }

func clip500(s string) string {
	if len(s) > MaxWhy {
		return s[:MaxWhy]
	}
	return s
}

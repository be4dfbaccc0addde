package game

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hedgerow/game/art"
	"hedgerow/game/keys"
	"hedgerow/game/netplay"
	"hedgerow/rules"
)

// A battle over the network (issue 27): one side is played at this
// window, the other by a player on another machine. The rules and the
// dice live with the host (game/netplay); the network runs on netplay's
// own goroutines and talks to the drawing thread only through netLink's
// queue of notes, read once a frame. The table always shows the local
// side's view, with no curtain; the other side's commands arrive as notes
// and go through the same path as a local one (apply on the host's copy
// of the battle, which has the same seed; the snapshot and events on the
// joiner's), so figures glide, dice roll and the log fills alike.

// netLink is a battle's network end.
type netLink struct {
	host  bool
	local int                       // the side played at this window
	out   chan netplay.LocalCmd     // the local side's commands, to the host's game loop or the joiner's connection
	chat  chan string               // chat lines to send
	stop  context.CancelFunc        // ends the network
	join  *netplay.Joiner           // the joiner (nil on the host)
	run   func(ctx context.Context) // starts the joiner again after it gave up

	mu    sync.Mutex
	notes []netplay.Note
	ended error // the network's end (the joiner gave up, the host stopped)
	done  bool

	// read and written on the drawing thread only
	connected bool
	sent      bool            // a command is on its way to the host
	turnAt    int             // joiner: the position the host asks about (-1 none)
	legal     []rules.Command // joiner: the host's legal commands for turnAt
	typing    bool            // the chat line is open
	line      []rune
	asked     bool // the joiner was offered to try again
	final     string
	base      *rules.State // host: the scenario as played, for the local side's copy (netExplain)
}

// notify is netplay's Notify: it queues a note for the drawing thread.
func (n *netLink) notify(no netplay.Note) {
	n.mu.Lock()
	n.notes = append(n.notes, no)
	n.mu.Unlock()
}

// putBack returns notes taken but not played out to the queue's head.
func (n *netLink) putBack(notes []netplay.Note) {
	n.mu.Lock()
	n.notes = append(append([]netplay.Note(nil), notes...), n.notes...)
	n.mu.Unlock()
}

// finish records the network's end.
func (n *netLink) finish(err error) {
	n.mu.Lock()
	n.ended, n.done = err, true
	n.mu.Unlock()
}

// take empties the queue.
func (n *netLink) take() (notes []netplay.Note, done bool, err error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	notes, n.notes = n.notes, nil
	done, err = n.done, n.ended
	n.done = false
	return notes, done, err
}

// legalNow is what the player at this window may do now: everything the
// rules allow in a battle at one desk; over the network, only on the
// local side's decision and with no command already on its way (the
// joiner is given the host's list).
func (b *battle) legalNow() []rules.Command {
	n := b.net
	if n == nil {
		return b.g.Legal()
	}
	if b.st().Over || b.st().Decider != n.local || n.sent {
		return nil
	}
	if n.host {
		return b.g.Legal() // (with the opponent gone too: they catch up when they come back)
	}
	if !n.connected {
		return nil
	}
	if n.turnAt != len(b.g.Log) {
		return nil
	}
	return n.legal
}

// netSend sends a local command to the host instead of applying it: the
// host checks it with Apply, and it comes back as a note to be played
// out like the opponent's.
func (b *battle) netSend(a *App, c rules.Command) bool {
	n := b.net
	at := len(b.g.Log)
	if !n.host {
		at = n.turnAt
		if !n.connected {
			// held back, not queued: a move the host would play out later,
			// unseen, is a move the player thinks failed
			a.Toast("Not connected to the host: nothing is played until the connection is back. The battle waits where it stood.")
			return false
		}
	}
	select {
	case n.out <- netplay.LocalCmd{At: at, Cmd: c}:
	default:
		a.Toast("Still waiting for the host's answer to the last command.")
		return false
	}
	n.sent = true
	b.legal, b.sel.Legal = nil, nil
	return true
}

// setLog keeps the joiner's log as long as the host's (the joiner holds
// no commands, only their number: the table's caches are keyed on it).
func (b *battle) setLog(at int) {
	for len(b.g.Log) < at {
		b.g.Log = append(b.g.Log, rules.Command{Verb: "(host)"})
	}
}

// netUpdate plays out the network's notes and works the chat line. It
// reports whether it took this frame's input (the chat line is open).
func (b *battle) netUpdate(a *App, dt float64) bool {
	n := b.net
	notes, done, err := n.take()
	if len(notes) > 0 || done {
		a.poke() // news from the network is drawn even on a table at rest
	}
	for _, no := range notes {
		b.netNote(a, no)
	}
	if done && !n.host && n.final == "" && !n.asked {
		n.asked = true
		n.connected = false
		b.playOut() // (no dice left rolling behind the dialog)
		a.Dialog("Host not reachable", gaveUpWords(err),
			[]string{"Reconnect", "Leave to the title"}, func(c int) {
				if c == 0 {
					n.asked = false
					ctx, cancel := context.WithCancel(context.Background())
					n.stop = cancel
					go n.run(ctx)
					a.Toast("Reconnecting...")
					return
				}
				n.stop()
				a.scene = newTitle(a)
			})
	}
	if n.typing {
		for _, an := range b.tl.Step(dt) {
			b.finished(an)
		}
		b.settle()
		n.line = ebiten.AppendInputChars(n.line)
		if len(string(n.line)) > netplay.MaxChat {
			n.line = n.line[:len(n.line)-1]
		}
		if d := inpututil.KeyPressDuration(ebiten.KeyBackspace); (d == 1 || (d > 30 && d%3 == 0)) && len(n.line) > 0 {
			n.line = n.line[:len(n.line)-1]
		}
		if keys.Pressed(keys.ActCancel) {
			n.typing = false
		}
		if keys.Pressed(keys.ActEnd) {
			n.typing = !b.sendChat(a, strings.TrimSpace(string(n.line)))
		}
		return true
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyT) && !keys.CtrlHeld() {
		n.typing, n.line = true, nil
		return true
	}
	return false
}

// sendChat hands a chat line to the network; false when it could not
// take it (the line stays open, as typed). A joiner that has lost the
// host keeps the line and sends it once the connection is back, and says
// so.
func (b *battle) sendChat(a *App, s string) bool {
	n := b.net
	if s == "" {
		return true
	}
	select {
	case n.chat <- s:
	default:
		a.Toast("The chat line could not be sent yet: it is kept here; press Enter again in a moment.")
		return false
	}
	if !n.host && !n.connected {
		a.Toast("Not connected to the host: your chat line goes to the host when the connection is back.")
	}
	return true
}

// playOut finishes whatever the table is still showing (a glide, dice
// rolling) at once, its lines written to the log: before a dialog, which
// nothing should move behind, and before the log is caught up after a
// reconnect, so that the lines come in order and none twice.
func (b *battle) playOut() {
	b.tl.SkipAll()
	for _, an := range b.tl.Step(0) {
		b.finished(an)
	}
	b.settle()
}

// netNote plays out one note from the network.
func (b *battle) netNote(a *App, no netplay.Note) {
	n := b.net
	switch no.Kind {
	case netplay.NApplied: // the host: the same command on the window's copy, same seed, same dice
		if no.Side == n.local {
			n.sent = false
		}
		if no.At != len(b.g.Log) {
			a.Toast("This table has lost step with the host's battle (command %d came at %d).", no.At+1, len(b.g.Log))
			return
		}
		before := b.net
		b.net = nil // (apply carries it out here, not at the host again)
		ok := b.apply(a, no.Cmd)
		b.net = before
		if !ok {
			a.Toast("This table could not play the host's command %s.", no.Cmd)
		}
		b.refresh()
	case netplay.NRefused:
		n.sent = false
		a.Toast("%s", sentence(b.plain(no.Text)))
		b.refresh()
	case netplay.NConnected:
		if !n.connected {
			b.log = append(b.log, logEntry{text: "(opponent connected)", side: -1})
		}
		n.connected = true
		b.refresh()
	case netplay.NDropped:
		if n.connected {
			b.log = append(b.log, logEntry{text: "(opponent not connected)", side: -1})
			a.Toast("Opponent not connected.")
		}
		n.connected = false
		b.refresh()
	case netplay.NChat:
		name := fmt.Sprintf("Side %d", no.Side+1)
		if no.Side >= 0 && no.Side < len(b.st().Sides) {
			name = b.st().Sides[no.Side].Name
		}
		b.log = append(b.log, logEntry{text: name + " says: " + no.Text, side: no.Side})
		b.logScroll = 0
	case netplay.NWelcome: // the joiner, back after a drop: the present as the host has it
		// what was still being shown goes to the log now: the catch-up's
		// lines follow it, and a log written afresh below is not followed
		// by those lines a second time when their animations end
		b.playOut()
		if no.Again {
			// the host started again (from its save): every update follows
			// from the first, so the log is written afresh
			b.log = []logEntry{{text: "(the host started again: the battle goes on from its save)", side: -1}}
		}
		if no.State != nil {
			b.before = nil
			b.g.St = no.State
			b.refresh()
		}
	case netplay.NUpdate: // the joiner: another command's events, and the side's copy after it
		if no.State == nil {
			for _, ev := range no.Events {
				b.logEvent(ev) // caught up after a drop: the present is already on the table
			}
			b.setLog(no.At)
			return
		}
		before := b.g.St
		b.g.St = no.State
		b.setLog(no.At)
		if b.before == nil && before != b.st() {
			b.before, b.beforeInfo = before, map[rules.FigID]rules.FigureInfo{}
		}
		n.sent = false
		b.push(no.Events)
		b.refresh()
	case netplay.NTurn:
		b.setLog(no.At)
		n.turnAt, n.legal, n.sent = no.At, no.Legal, false
		b.refresh()
	case netplay.NFinal:
		n.final = no.Text // (kept as a file by keepFinal, on the network's goroutine)
	}
}

// netHint is the bar's line over the network ("" when the table's own
// hint should show).
func (b *battle) netHint() string {
	n := b.net
	if n == nil {
		return ""
	}
	switch {
	case n.typing:
		return "Chat: " + string(n.line) + "_   (Enter sends, Esc closes)"
	case b.st().Over:
		return ""
	case !n.connected && n.host && b.st().Decider == n.local:
		return "Opponent not connected: play on if you like; they catch up when they join again."
	case !n.connected && n.host:
		return "Opponent not connected: the battle waits for them to join again."
	case !n.connected:
		return "Opponent not connected: trying to reach the host again."
	case b.st().Decider != n.local:
		return "Opponent's turn. The table is yours to look at; T to chat."
	case b.opponentShown():
		return "The opponent's moves are being shown; your turn follows."
	case n.sent:
		return "Sent to the host..."
	}
	return ""
}

// drawNet marks the table with the network's news: whose turn it is,
// a lost opponent.
func (b *battle) drawNet(a *App, dst *ebiten.Image) {
	n := b.net
	if n != nil && n.typing {
		b.drawChatLine(a, dst)
	}
	if n == nil || b.st().Over {
		return
	}
	msg, col := "", art.RGB(0x3a5a3a)
	switch {
	case !n.connected:
		msg, col = "Opponent not connected", art.RGB(0x8a2a1a)
	case b.st().Decider != n.local:
		msg = "Opponent's turn"
	default:
		return
	}
	f := art.BoldFace(15)
	w := art.TextW(msg, f) + 28*art.UIScale
	x := (a.W-b.tv.padR)/2 - w/2
	y := b.tv.padT + 10*art.UIScale
	art.RoundRect(dst, x, y, w, 30*art.UIScale, 8*art.UIScale, art.RGBA(0x000000, 80))
	art.RoundRect(dst, x, y-2*art.UIScale, w, 30*art.UIScale, 8*art.UIScale, col)
	art.Say(dst, msg, f, x+w/2, y+4*art.UIScale, art.RGB(0xfbf3e0), 1)
}

// netMenu is Esc's menu over the network: back to the battle, or leave
// it (which ends this end of the network).
func (b *battle) netMenu(a *App) {
	n := b.net
	b.playOut() // (no dice left rolling behind the menu)
	body := "The host keeps this battle and its autosave; you may join it again to come back to the present."
	if n.host {
		body = "Your Hedgerow holds this battle: leaving stops it for the other player too. It stays in the autosave: the next time Hedgerow starts it offers to host it again, and your opponent joins it where it stood."
	}
	a.Dialog("Menu", body, []string{"Back to the battle", "Leave the battle"}, func(c int) {
		if c == 1 {
			n.stop()
			a.scene = newTitle(a)
		}
	})
	a.dlg.cancel = 0
}

// keepFinal writes the host's save of a finished battle, sent to the
// joiner at the end, as network.save in the saves folder (the joiner's
// own save of it).
func keepFinal(dir string, no netplay.Note) {
	if no.Kind != netplay.NFinal {
		return
	}
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "network.save"), []byte(no.Text), 0o644)
}

// netExplain is the rule set's status panel. Over the network the host's
// table holds the whole battle but shows only what its side may know: the
// panel is worked out on the local side's copy of the battle (netplay's
// snapshot), as the joiner's is, so it names no team and no place the
// side may not know, and its order of play lists no hidden team (not even
// as "unseen enemy team", which would say how many there are and when
// they act) whoever decides. A rule set that cannot explain the copy
// shows no panel then.
func (b *battle) netExplain(ex rules.Explainer) (e *rules.Explanation) {
	n := b.net
	if n == nil || !n.host {
		x := ex.Explain(b.st())
		return &x
	}
	if n.base == nil {
		base, err := rules.NewState(b.g.Scenario, b.st().Map)
		if err != nil {
			return nil
		}
		n.base = base
	}
	sn := netplay.SnapshotOf(b.g.RS, b.st(), n.local)
	st, err := sn.Apply(n.base)
	if err != nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			e = nil
		}
	}()
	x := ex.Explain(st)
	return &x
}

// netAsked reports whether the local side is asked whether to interrupt
// the other side's go (over the network each screen asks its own side).
func (b *battle) netAsked() bool {
	st := b.st()
	return b.net != nil && !st.Over && st.Decider == b.net.local && st.Decider != st.Active
}

// opponentShown reports whether the table is still showing the other
// side's last moves (their glide, their dice): the state has passed to
// this side, but the player should see what was done first.
func (b *battle) opponentShown() bool {
	an, ok := b.tl.Current()
	return ok && b.tl.Busy() && an.Ev.Side != b.net.local && an.Ev.Side >= 0
}

// drawChatLine is the chat line being typed, in a box of its own just
// above the action bar, so that it shows however full the bar is.
func (b *battle) drawChatLine(a *App, dst *ebiten.Image) {
	f := art.Face(15)
	w := math.Min(720*art.UIScale, a.W-b.tv.padR-24*art.UIScale)
	h := 34 * art.UIScale
	x := (a.W-b.tv.padR)/2 - w/2
	y := a.H - b.tv.padB - h - 10*art.UIScale
	art.RoundRect(dst, x, y, w, h, 6*art.UIScale, art.RGBA(0x1c1a16, 235))
	label, tail := "Chat: ", "_"
	help := "Enter sends, Esc closes"
	hw := art.TextW(help, art.ItalicFace(12)) + 16*art.UIScale
	text := clipFront(string(b.net.line), f, w-hw-art.TextW(label+tail, f)-24*art.UIScale)
	art.Say(dst, label+text+tail, f, x+12*art.UIScale, y+8*art.UIScale, art.RGB(0xfbf3e0), 0)
	art.Say(dst, help, art.ItalicFace(12), x+w-hw, y+10*art.UIScale, art.RGB(0xbdb3a0), 0)
}

// clipFront keeps the end of s that fits in w (the newest letters of a
// line being typed), with an ellipsis in front when it had to cut.
func clipFront(s string, f text.Face, w float64) string {
	if art.TextW(s, f) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && art.TextW("..."+string(r), f) > w {
		r = r[1:]
	}
	return "..." + string(r)
}

// gaveUpWords is why the joiner stopped trying to reach the host, in a
// player's words: the transport's own error (a websocket dial, a refused
// TCP connection) is for the headless log, never the screen.
func gaveUpWords(err error) string {
	const back = " The battle is kept in the host's autosave: when the host's Hedgerow has it again, Reconnect brings you back to where it stands."
	switch {
	case err == nil:
		return "The connection to the host was lost." + back
	case strings.HasPrefix(err.Error(), "opponent not connected"):
		return "The host could not be reached for half a minute: its Hedgerow may have stopped, or the network between you is down." + back
	case strings.HasPrefix(err.Error(), "the host refused: "):
		return sentence(err.Error())
	}
	msg := err.Error()
	if i := strings.Index(msg, " ("); i > 0 {
		msg = msg[:i] // (the transport's details)
	}
	return sentence(msg) + back
}

package netplay

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/scenarios"
)

// TestChatKeptWhenTheHostStartsAgain: the host keeps the battle's chat
// beside its save; a host stopped mid-battle and taken up again from its
// save puts those lines back in the stream where they were said, so a
// joiner coming back finds its chat in the log. The rebuilt stream is
// the one the stopped host had, line for line. Before, a save held no
// chat and the resumed stream had none.
func TestChatKeptWhenTheHostStartsAgain(t *testing.T) {
	b := newBattle(t, "ssg-standard", 31, 0)
	ln := listen(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	kctx, kill := context.WithCancel(ctx)
	hostChat, joinChat := make(chan string, 1), make(chan string, 1)
	hostChat <- "good luck"
	joinChat <- "and to you"
	b.G.OnCommit = func(g *rules.Game) {
		switch len(g.Log) {
		case 20:
			hostChat <- "halfway there"
		case 40:
			kill()
		}
	}
	file := filepath.Join(t.TempDir(), "battle.chat")
	h1 := &Host{B: b, Player: NewRandom(1), Chat: hostChat, ChatFile: file}
	done := make(chan error, 1)
	go func() { done <- h1.Serve(kctx, ln) }()
	j := &Joiner{Addr: ln.Addr().String(), Player: NewRandom(2), Load: load, Lookup: all.Get, Chat: joinChat}
	go j.Run(kctx)
	if err := <-done; err == nil {
		t.Fatal("the host ended the battle before it was stopped")
	}
	if len(b.Chats()) != 3 {
		t.Fatalf("the stopped host's stream has %d chat lines, want 3: %+v", len(b.Chats()), b.Chats())
	}
	var saved bytes.Buffer
	if err := all.WriteSave(b.G, &saved); err != nil {
		t.Fatal(err)
	}
	sf, err := all.ReadSave(&saved)
	if err != nil {
		t.Fatal(err)
	}
	b2, err := ResumeBattle(sf, scenarios.FS, maps.FS, 0)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := ReadChat(ChatFile(filepath.Join(filepath.Dir(file), "battle.save")))
	if err != nil {
		t.Fatal(err)
	}
	b2.AddChats(cs)
	was, _ := json.Marshal(b.Stream)
	now, _ := json.Marshal(b2.Stream)
	if !bytes.Equal(was, now) {
		t.Fatalf("the resumed stream (%d updates, chat %+v) is not the stopped host's (%d updates, chat %+v)", len(b2.Stream), b2.Chats(), len(b.Stream), b.Chats())
	}
}

// TestReadChatRefusesNonsense: a chat file that is not kept chat lines
// is refused with its line number; a missing one is no chat.
func TestReadChatRefusesNonsense(t *testing.T) {
	dir := t.TempDir()
	if cs, err := ReadChat(filepath.Join(dir, "none.chat")); err != nil || cs != nil {
		t.Fatalf("a missing file: %v, %v", cs, err)
	}
	good := []SavedChat{{After: 0, Side: 1, Text: "hello"}, {After: 3, Side: 0, Text: "hi"}}
	p := filepath.Join(dir, "a.chat")
	if err := WriteChat(p, good); err != nil {
		t.Fatal(err)
	}
	if cs, err := ReadChat(p); err != nil || len(cs) != 2 || cs[1] != good[1] {
		t.Fatalf("read back %+v, %v", cs, err)
	}
	for _, bad := range [][]SavedChat{{{After: 0, Side: 2, Text: "x"}}, {{After: -1, Side: 0, Text: "x"}}, {{After: 0, Side: 0, Text: ""}}} {
		if err := WriteChat(p, bad); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadChat(p); err == nil {
			t.Errorf("%+v read as chat", bad)
		}
	}
}

// TestLongChatLineCutAtALetter: a chat line longer than MaxChat is cut
// between letters, so the message carrying it is still text (cut inside
// a letter, the other end refused the message and dropped the
// connection, and the joiner, keeping the line, sent it again and again).
func TestLongChatLineCutAtALetter(t *testing.T) {
	long := strings.Repeat("€", MaxChat) // 3 bytes a letter
	got := clipChat(long)
	if len(got) > MaxChat || len(got) < MaxChat-3 || !utf8.ValidString(got) {
		t.Fatalf("cut to %d bytes, text: %v", len(got), utf8.ValidString(got))
	}
	m, err := Encode(Msg{Seq: 1, Type: TChat, Chat: &Chat{Text: got}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(m, MaxJoinerMsg); err != nil {
		t.Fatalf("the cut line's message is refused: %v", err)
	}
}

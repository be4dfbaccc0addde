package netplay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Chat kept beside a hosted battle's save. A save holds the commands
// only, so a host that stopped and took its battle up again from its save
// would have lost the chat, and a joiner coming back to it would find
// the lines said before gone from its log. The host keeps every chat line
// in a file of its own beside the save (ChatFile), written again after
// each line; ResumeBattle's caller reads it back (ReadChat) and puts the
// lines into the rebuilt stream where they were said (AddChats).

// SavedChat is one chat line and when it was said: after how many
// commands.
type SavedChat struct {
	After int    `json:"after"`
	Side  int    `json:"side"`
	Text  string `json:"text"`
}

// clipChat cuts a chat line to MaxChat bytes, at a letter's boundary
// (a line cut inside a letter is not text, and the other end refuses
// the message).
func clipChat(line string) string {
	if len(line) <= MaxChat {
		return line
	}
	cut := MaxChat
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return line[:cut]
}

// MaxSavedChat is the most chat lines kept for one battle.
const MaxSavedChat = 10000

// ChatFile is where the chat of the battle saved at save is kept.
func ChatFile(save string) string {
	if save == "" {
		return ""
	}
	return strings.TrimSuffix(save, filepath.Ext(save)) + ".chat"
}

// Chats is the chat said in the battle, in order.
func (b *Battle) Chats() []SavedChat {
	var out []SavedChat
	for _, u := range b.Stream {
		if u.Chat != nil {
			out = append(out, SavedChat{After: u.Commands, Side: u.Chat.Side, Text: u.Chat.Text})
		}
	}
	return out
}

// AddChats puts chat lines kept beside the battle's save into its
// stream, each after the commands it was said after (one said after more
// commands than the battle has goes at the end), and numbers the stream
// again.
func (b *Battle) AddChats(cs []SavedChat) {
	if len(cs) == 0 {
		return
	}
	out := make([]Update, 0, len(b.Stream)+len(cs))
	add := func(c SavedChat) {
		out = append(out, Update{Commands: min(c.After, len(b.G.Log)), Chat: &ChatLine{Side: c.Side, Text: c.Text}})
	}
	for _, u := range b.Stream {
		for len(cs) > 0 && cs[0].After < u.Commands {
			add(cs[0])
			cs = cs[1:]
		}
		out = append(out, u)
	}
	for _, c := range cs {
		add(c)
	}
	for i := range out {
		out[i].N = int64(i) + 1
	}
	b.Stream = out
}

// WriteChat writes the chat lines to path (a file of its own, replaced
// whole).
func WriteChat(path string, cs []SavedChat) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, c := range cs {
		if err := enc.Encode(c); err != nil {
			return err
		}
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// ReadChat reads the chat kept at path; a missing file is no chat. Every
// line is checked: a side, a line of at most MaxChat bytes, a number of
// commands not below 0; at most MaxSavedChat lines.
func ReadChat(path string) ([]SavedChat, error) {
	name := filepath.Base(path)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s cannot be read", name)
	}
	defer f.Close()
	limit := int64(MaxSavedChat) * (MaxChat*2 + 64)
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s cannot be read", name)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is longer than any battle's chat", name)
	}
	var out []SavedChat
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, MaxChat*8+256)
	for n := 1; sc.Scan(); n++ {
		if len(out) == MaxSavedChat {
			return nil, fmt.Errorf("%s holds more than %d chat lines", name, MaxSavedChat)
		}
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		var c SavedChat
		if err := dec.Decode(&c); err != nil {
			return nil, fmt.Errorf("%s, line %d: not a kept chat line", name, n)
		}
		if sideOK(c.Side) != nil || c.Text == "" || len(c.Text) > MaxChat || c.After < 0 {
			return nil, fmt.Errorf("%s, line %d: not a kept chat line", name, n)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return out, nil
}

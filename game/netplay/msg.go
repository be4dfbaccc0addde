package netplay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"hedgerow/rules"
	"hedgerow/rules/all"
)

// Proto is the protocol version. A message of any other version is
// refused; a joiner whose version differs is refused at the door.
const Proto = 2

// Size bounds. The host reads at most MaxJoinerMsg bytes per message from
// the joiner (commands, chat, pings: all short); the joiner reads at most
// MaxHostMsg per message (a snapshot, a batch of events, or the final
// save at the end of the battle, which is bounded by all.MaxSaveBytes).
const (
	MaxJoinerMsg = 16 << 10
	MaxHostMsg   = all.MaxSaveBytes + 1<<20
	MaxChat      = 500  // bytes of one chat line
	MaxName      = 200  // bytes of a scenario name or a hash
	MaxLegal     = 4096 // commands in one Turn
	MaxEvents    = 4096 // events in one Update
	MaxFigures   = 4096 // figures, units or vehicles in a snapshot
	MaxWhy       = 1000 // bytes of a refusal or error text
	// MaxPlacements is the most figures one placing may list (a
	// scenario's most figures).
	MaxPlacements = all.MaxFigures
)

// Message types.
const (
	TOffer   = "offer"   // host -> joiner, first: the battle on offer
	TJoin    = "join"    // joiner -> host: I take it, I have seen updates up to Since
	TWelcome = "welcome" // host -> joiner: the side's snapshot now and the last update's number
	TUpdate  = "update"  // host -> joiner: one numbered update (events of one command, or a chat line)
	TTurn    = "turn"    // host -> joiner: your side decides; the legal commands
	TCommand = "command" // joiner -> host: a command for the turn At
	TRefused = "refused" // host -> joiner: that command was not accepted, and why
	TChat    = "chat"    // joiner -> host: a chat line
	TPing    = "ping"    // either way: still here
	TFinal   = "final"   // host -> joiner: the battle is over; the whole save
	TDone    = "done"    // joiner -> host: final save received
	TError   = "error"   // either way: a refusal that ends the connection
	TDeploy  = "deploy"  // host -> joiner: place your side's figures (version 2)
	TPlace   = "place"   // joiner -> host: the side's placements (version 2)
	TPlaced  = "placed"  // host -> joiner: the placements are taken, or why not (version 2)
)

// Msg is one message on the wire, a JSON object. Every message carries the
// protocol version, its type and its number: the sender numbers its
// messages on one connection 1, 2, 3...; a message out of that order is
// refused. Exactly the payload field of its type is set.
type Msg struct {
	V    int    `json:"v"`
	Type string `json:"type"`
	Seq  int64  `json:"seq"`

	Offer   *Offer   `json:"offer,omitempty"`
	Join    *Join    `json:"join,omitempty"`
	Welcome *Welcome `json:"welcome,omitempty"`
	Update  *Update  `json:"update,omitempty"`
	Turn    *Turn    `json:"turn,omitempty"`
	Command *Cmd     `json:"command,omitempty"`
	Refused *Refused `json:"refused,omitempty"`
	Chat    *Chat    `json:"chat,omitempty"`
	Final   *Final   `json:"final,omitempty"`
	Error   *Error   `json:"error,omitempty"`
	Deploy  *Deploy  `json:"deploy,omitempty"`
	Place   *Place   `json:"place,omitempty"`
	Placed  *Placed  `json:"placed,omitempty"`
}

// Deploy asks the joiner to place its side's figures before the battle.
// It carries nothing of the host's side. Ready says the host has already
// taken the joiner's placements (Lines, the joiner's own, sent back to a
// joiner that comes back during the deployment): it waits for the host.
type Deploy struct {
	Side  int      `json:"side"`
	Ready bool     `json:"ready,omitempty"`
	Lines []string `json:"lines,omitempty"`
}

// Place is the joiner's placing of its own side's figures, one
// "place F<n> X,Y" line per figure (numbered as a save numbers them).
type Place struct {
	Lines []string `json:"lines"`
}

// Placed answers a Place: OK, or refused with Why in plain words (the
// joiner places again).
type Placed struct {
	OK  bool   `json:"ok"`
	Why string `json:"why,omitempty"`
}

// Offer is the battle on offer: the scenario and the rules it is played
// under (both by hash) and the side the joiner will play.
type Offer struct {
	// Stream names the host's stream of updates: a host started again
	// (resumed from its save) numbers a new one, and a joiner that knew
	// another catches up from its start.
	Stream       string `json:"stream"`
	Scenario     string `json:"scenario"`
	ScenarioHash string `json:"scenario_hash"`
	RuleSet      string `json:"rule_set"`
	RulesHash    string `json:"rules_hash"`
	Side         int    `json:"side"`
}

// Join takes the offer. Proto, RulesHash and ScenarioHash must be the
// host's; Since is the number of the last update the joiner has (0 on a
// first join).
type Join struct {
	Proto        int    `json:"proto"`
	ScenarioHash string `json:"scenario_hash"`
	RulesHash    string `json:"rules_hash"`
	Since        int64  `json:"since"`
}

// Welcome brings the joiner to the present: its side's snapshot now and
// the number of the last update. The updates after Since follow it.
type Welcome struct {
	Side int      `json:"side"`
	Last int64    `json:"last"`
	Snap Snapshot `json:"snap"`
}

// Update is one numbered entry of the joiner's stream: the events one
// accepted command caused, as its side may be told them, or a chat line.
// A live update carries the side's snapshot after it; an update sent
// again after a reconnect does not (the Welcome has the present).
type Update struct {
	N        int64         `json:"n"`
	Commands int           `json:"commands"` // commands applied on the host after this update
	Events   []rules.Event `json:"events,omitempty"`
	Chat     *ChatLine     `json:"chat,omitempty"`
	Snap     *Snapshot     `json:"snap,omitempty"`
}

// ChatLine is one line of chat in the log.
type ChatLine struct {
	Side int    `json:"side"`
	Text string `json:"text"`
}

// Turn says the joiner's side decides now. At is the number of commands
// applied so far: the answer must name it, so an answer to an old turn is
// refused and never applied twice. Legal is what the side may do, in
// command notation, leaving out anything aimed at what it cannot see.
type Turn struct {
	At    int      `json:"at"`
	Legal []string `json:"legal"`
}

// Cmd is a command given for turn At, in command notation.
type Cmd struct {
	At  int    `json:"at"`
	Cmd string `json:"cmd"`
}

// Refused says a command was not accepted and why, in plain words.
type Refused struct {
	At  int    `json:"at"`
	Cmd string `json:"cmd"`
	Why string `json:"why"`
}

// Chat is a chat line sent by the joiner.
type Chat struct {
	Text string `json:"text"`
}

// Final ends the battle: the host's whole save (seed and every command;
// nothing is hidden once the battle is over) and its final state hash.
type Final struct {
	Save      string `json:"save"`
	FinalHash string `json:"final_hash"`
}

// Error is a refusal in plain words; the sender closes the connection.
// Again says that trying again later may succeed (a player is already
// joined, perhaps on a line that has died and is not yet known dead).
type Error struct {
	Text  string `json:"text"`
	Again bool   `json:"again,omitempty"`
}

// Encode writes m as JSON with the protocol version filled in.
func Encode(m Msg) ([]byte, error) {
	m.V = Proto
	return json.Marshal(m)
}

// Decode reads one message and checks it: JSON with no unknown field and
// nothing after it, no more than limit bytes, the protocol version, a
// known type with exactly its payload, and every field of the payload in
// bounds. It does not check the sequence number (the connection does).
func Decode(data []byte, limit int) (Msg, error) {
	var m Msg
	if len(data) > limit {
		return m, fmt.Errorf("the message is %d bytes long; at most %d are allowed", len(data), limit)
	}
	if !utf8.Valid(data) {
		return m, errors.New("the message is not text (UTF-8)")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return Msg{}, fmt.Errorf("the message is not a well-formed protocol message: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Msg{}, errors.New("the message has something after its end")
	}
	if m.V != Proto {
		return Msg{}, fmt.Errorf("the message is of protocol version %d; this Hedgerow speaks version %d", m.V, Proto)
	}
	if m.Seq < 1 {
		return Msg{}, fmt.Errorf("the message number %d is not a positive number", m.Seq)
	}
	if err := m.check(); err != nil {
		return Msg{}, err
	}
	return m, nil
}

// payloads counts the payload fields set.
func (m *Msg) payloads() int {
	n := 0
	for _, set := range []bool{m.Offer != nil, m.Join != nil, m.Welcome != nil, m.Update != nil, m.Turn != nil,
		m.Command != nil, m.Refused != nil, m.Chat != nil, m.Final != nil, m.Error != nil,
		m.Deploy != nil, m.Place != nil, m.Placed != nil} {
		if set {
			n++
		}
	}
	return n
}

func (m *Msg) check() error {
	want := 1
	var has bool
	switch m.Type {
	case TOffer:
		has = m.Offer != nil
		if has {
			o := m.Offer
			if err := textOK("scenario name", o.Scenario, MaxName); err != nil {
				return err
			}
			if err := textOK("rule set", o.RuleSet, MaxName); err != nil {
				return err
			}
			if !isHash(o.ScenarioHash) || !isHash(o.RulesHash) {
				return errors.New("the offer's hashes are not 64 hex digits")
			}
			if len(o.Stream) != 16 || !isHash(o.Stream+o.Stream+o.Stream+o.Stream) {
				return errors.New("the offer's stream id is not 16 hex digits")
			}
			if err := sideOK(o.Side); err != nil {
				return err
			}
		}
	case TJoin:
		has = m.Join != nil
		if has {
			j := m.Join
			if !isHash(j.ScenarioHash) || !isHash(j.RulesHash) {
				return errors.New("the join's hashes are not 64 hex digits")
			}
			if j.Since < 0 {
				return fmt.Errorf("the join asks for the updates after %d, which is below 0", j.Since)
			}
		}
	case TWelcome:
		has = m.Welcome != nil
		if has {
			if err := sideOK(m.Welcome.Side); err != nil {
				return err
			}
			if m.Welcome.Last < 0 {
				return errors.New("the welcome's last update number is below 0")
			}
			if err := m.Welcome.Snap.check(); err != nil {
				return err
			}
		}
	case TUpdate:
		has = m.Update != nil
		if has {
			u := m.Update
			if u.N < 1 || u.Commands < 0 {
				return fmt.Errorf("update number %d (after %d commands) is out of range", u.N, u.Commands)
			}
			if len(u.Events) > MaxEvents {
				return fmt.Errorf("the update has %d events; at most %d are allowed", len(u.Events), MaxEvents)
			}
			if (len(u.Events) > 0 || u.Snap != nil) && u.Chat != nil {
				return errors.New("an update is either a command's events or a chat line, not both")
			}
			if u.Chat != nil {
				if err := sideOK(u.Chat.Side); err != nil {
					return err
				}
				if err := textOK("chat line", u.Chat.Text, MaxChat); err != nil {
					return err
				}
			}
			for i := range u.Events {
				if err := eventOK(&u.Events[i]); err != nil {
					return err
				}
			}
			if u.Snap != nil {
				if err := u.Snap.check(); err != nil {
					return err
				}
			}
		}
	case TTurn:
		has = m.Turn != nil
		if has {
			if m.Turn.At < 0 {
				return errors.New("the turn's command number is below 0")
			}
			if len(m.Turn.Legal) > MaxLegal {
				return fmt.Errorf("the turn lists %d commands; at most %d are allowed", len(m.Turn.Legal), MaxLegal)
			}
			for _, s := range m.Turn.Legal {
				if _, err := rules.ParseCommand(s); err != nil {
					return fmt.Errorf("the turn lists a command that cannot be read: %v", err)
				}
			}
		}
	case TCommand:
		has = m.Command != nil
		if has {
			if m.Command.At < 0 {
				return errors.New("the command's turn number is below 0")
			}
			if _, err := rules.ParseCommand(m.Command.Cmd); err != nil {
				return fmt.Errorf("the command cannot be read: %v", err)
			}
		}
	case TRefused:
		has = m.Refused != nil
		if has {
			if m.Refused.At < 0 {
				return errors.New("the refusal's turn number is below 0")
			}
			if err := textOK("refused command", m.Refused.Cmd, rules.MaxCommandBytes); err != nil {
				return err
			}
			if err := textOK("reason", m.Refused.Why, MaxWhy); err != nil {
				return err
			}
		}
	case TChat:
		has = m.Chat != nil
		if has {
			if err := textOK("chat line", m.Chat.Text, MaxChat); err != nil {
				return err
			}
			if m.Chat.Text == "" {
				return errors.New("the chat line is empty")
			}
		}
	case TFinal:
		has = m.Final != nil
		if has {
			if len(m.Final.Save) > all.MaxSaveBytes {
				return fmt.Errorf("the final save is %d bytes long; at most %d are allowed", len(m.Final.Save), all.MaxSaveBytes)
			}
			if !isHash(m.Final.FinalHash) {
				return errors.New("the final state hash is not 64 hex digits")
			}
		}
	case TError:
		has = m.Error != nil
		if has {
			if err := textOK("error", m.Error.Text, MaxWhy); err != nil {
				return err
			}
		}
	case TDeploy:
		has = m.Deploy != nil
		if has {
			if err := sideOK(m.Deploy.Side); err != nil {
				return err
			}
			if err := placeLinesOK(m.Deploy.Lines); err != nil {
				return err
			}
		}
	case TPlace:
		has = m.Place != nil
		if has {
			if err := placeLinesOK(m.Place.Lines); err != nil {
				return err
			}
		}
	case TPlaced:
		has = m.Placed != nil
		if has {
			if err := textOK("reason", m.Placed.Why, MaxWhy); err != nil {
				return err
			}
			if m.Placed.OK != (m.Placed.Why == "") {
				return errors.New("placements are either taken or refused with a reason")
			}
		}
	case TPing, TDone:
		want, has = 0, true
	default:
		return fmt.Errorf("the message type %q is not one this Hedgerow knows", clip(m.Type))
	}
	if !has || m.payloads() != want {
		return fmt.Errorf("a %q message must carry its own content and nothing else", m.Type)
	}
	return nil
}

// placeLinesOK checks a list of placements: at most MaxPlacements,
// each a "place F<n> X,Y" command.
func placeLinesOK(lines []string) error {
	if len(lines) > MaxPlacements {
		return fmt.Errorf("%d placements; at most %d are allowed", len(lines), MaxPlacements)
	}
	for _, l := range lines {
		c, err := rules.ParseCommand(l)
		if err != nil {
			return fmt.Errorf("a placement cannot be read: %v", err)
		}
		if c.Verb != "place" || c.Fig == 0 || len(c.Path) != 1 || c.Unit != 0 || len(c.Targets) != 0 || c.Arg != "" {
			return fmt.Errorf("a placement reads %q; it should read \"place F<number> X,Y\"", clip(l))
		}
	}
	return nil
}

func sideOK(s int) error {
	if s != 0 && s != 1 {
		return fmt.Errorf("side %d is neither side 1 nor side 2", s+1)
	}
	return nil
}

func textOK(what, s string, max int) error {
	if len(s) > max {
		return fmt.Errorf("the %s is %d bytes long; at most %d are allowed", what, len(s), max)
	}
	return nil
}

func isHash(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

func eventOK(e *rules.Event) error {
	if err := sideOK(e.Side); err != nil && e.Side != -1 {
		return fmt.Errorf("an event's side: %v", err)
	}
	if len(e.Kind) > MaxName || len(e.Text) > MaxWhy*4 {
		return errors.New("an event's kind or text is too long")
	}
	if len(e.Path) > 10000 || len(e.Figures) > MaxFigures {
		return errors.New("an event's path or list of figures is too long")
	}
	return nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

package netplay

import (
	"bytes"
	"strings"
	"testing"

	"hedgerow/rules"
)

var h64 = strings.Repeat("ab", 32)

// seedMsgs is one good message of every type.
func seedMsgs() []Msg {
	sn := Snapshot{Winner: -1, Units: []SnapUnit{{ID: 1, Known: true, Name: "A"}}, Figures: []SnapFigure{{ID: 1, Side: 1}}}
	return []Msg{
		{Type: TOffer, Seq: 1, Offer: &Offer{Stream: "0123456789abcdef", Scenario: "ssg-standard.toml", ScenarioHash: h64, RuleSet: "ssg", RulesHash: h64, Side: 1}},
		{Type: TJoin, Seq: 1, Join: &Join{Proto: Proto, ScenarioHash: h64, RulesHash: h64, Since: 3}},
		{Type: TWelcome, Seq: 2, Welcome: &Welcome{Side: 1, Last: 3, Snap: sn}},
		{Type: TUpdate, Seq: 3, Update: &Update{N: 4, Commands: 4, Events: []rules.Event{{Kind: "move", Side: 0, Fig: 1, Text: "moves"}}, Snap: &sn}},
		{Type: TUpdate, Seq: 3, Update: &Update{N: 5, Commands: 4, Chat: &ChatLine{Side: 1, Text: "hi"}}},
		{Type: TTurn, Seq: 4, Turn: &Turn{At: 4, Legal: []string{"move F1", "end"}}},
		{Type: TCommand, Seq: 2, Command: &Cmd{At: 4, Cmd: "move F1 12,3.5"}},
		{Type: TRefused, Seq: 5, Refused: &Refused{At: 4, Cmd: "move F1 12,3.5", Why: "too far"}},
		{Type: TChat, Seq: 3, Chat: &Chat{Text: "hello"}},
		{Type: TPing, Seq: 9},
		{Type: TFinal, Seq: 6, Final: &Final{Save: "{}", FinalHash: h64}},
		{Type: TDone, Seq: 4},
		{Type: TError, Seq: 1, Error: &Error{Text: "no", Again: true}},
		{Type: TDeploy, Seq: 2, Deploy: &Deploy{Side: 1}},
		{Type: TDeploy, Seq: 2, Deploy: &Deploy{Side: 0, Ready: true, Lines: []string{"place F1 3,4.5"}}},
		{Type: TPlace, Seq: 2, Place: &Place{Lines: []string{"place F1 3,4.5", "place F2 5,6"}}},
		{Type: TPlaced, Seq: 3, Placed: &Placed{OK: true}},
		{Type: TPlaced, Seq: 3, Placed: &Placed{Why: "Rifle 1: keep the base wholly inside the wood"}},
	}
}

func TestDecodeGood(t *testing.T) {
	for _, m := range seedMsgs() {
		b, err := Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Decode(b, MaxHostMsg); err != nil {
			t.Errorf("%s: %v\n%s", m.Type, err, b)
		}
	}
}

// TestDecodeRefuses: each malformed message is refused with words that
// say what is wrong.
func TestDecodeRefuses(t *testing.T) {
	for _, c := range []struct{ msg, words string }{
		{`not json`, "not a well-formed"},
		{"\xff\xfe", "not text"},
		{`{"v":2,"type":"ping","seq":1} {}`, "after its end"},
		{`{"v":3,"type":"ping","seq":1}`, "protocol version 3"},
		{`{"v":2,"type":"ping","seq":0}`, "not a positive number"},
		{`{"v":2,"type":"ping","seq":1,"chat":{"text":"x"}}`, `a "ping" message must carry its own content and nothing else`},
		{`{"v":2,"type":"chat","seq":1}`, `a "chat" message must carry its own content`},
		{`{"v":2,"type":"chat","seq":1,"chat":{"text":""}}`, "chat line is empty"},
		{`{"v":2,"type":"chat","seq":1,"chat":{"text":"` + strings.Repeat("x", MaxChat+1) + `"}}`, "chat line is 501 bytes long"},
		{`{"v":2,"type":"command","seq":1,"command":{"at":1,"cmd":"fly F1 to the moon"}}`, "the command cannot be read"},
		{`{"v":2,"type":"command","seq":1,"command":{"at":-1,"cmd":"end"}}`, "below 0"},
		{`{"v":2,"type":"join","seq":1,"join":{"proto":1,"scenario_hash":"x","rules_hash":"y","since":0}}`, "not 64 hex digits"},
		{`{"v":2,"type":"offer","seq":1,"offer":{"stream":"0123456789abcdef","scenario":"a","scenario_hash":"` + h64 + `","rule_set":"ssg","rules_hash":"` + h64 + `","side":2}}`, "side 3 is neither"},
		{`{"v":2,"type":"welcome","seq":1,"welcome":{"side":0,"last":0,"snap":{"active":0,"decider":0,"figures":[{"id":2,"side":0,"seen":false}]}}}`, "figure 1 is numbered 2"},
		{`{"v":2,"type":"welcome","seq":1,"welcome":{"side":0,"last":0,"snap":{"active":0,"decider":0,"figures":[{"id":1,"side":0,"seen":false,"pos":{"X":1,"Y":2}}]}}}`, "unseen with one"},
		{`{"v":2,"type":"warp","seq":1}`, `"warp" is not one`},
		{`{"v":2,"type":"place","seq":1,"place":{"lines":["move F1 3,4"]}}`, `should read "place F<number> X,Y"`},
		{`{"v":2,"type":"place","seq":1,"place":{"lines":["place F1"]}}`, `should read "place F<number> X,Y"`},
		{`{"v":2,"type":"place","seq":1,"place":{"lines":["place F1 a,b"]}}`, "a placement cannot be read"},
		{`{"v":2,"type":"place","seq":1,"place":{"lines":[` + strings.Repeat(`"place F1 1,1",`, MaxPlacements) + `"place F1 1,1"]}}`, "401 placements; at most 400"},
		{`{"v":2,"type":"placed","seq":1,"placed":{"ok":true,"why":"but"}}`, "either taken or refused"},
		{`{"v":2,"type":"deploy","seq":1,"deploy":{"side":5}}`, "side 6 is neither"},
	} {
		_, err := Decode([]byte(c.msg), MaxHostMsg)
		if err == nil || !strings.Contains(err.Error(), c.words) {
			t.Errorf("%.60s: got %v, want words %q", c.msg, err, c.words)
		}
	}
	big := bytes.Repeat([]byte("x"), MaxJoinerMsg+1)
	if _, err := Decode(big, MaxJoinerMsg); err == nil || !strings.Contains(err.Error(), "at most 16384") {
		t.Errorf("oversized: %v", err)
	}
}

// FuzzDecodeMsg: Decode never panics, and a message it takes encodes to
// something it takes again, unchanged.
func FuzzDecodeMsg(f *testing.F) {
	for _, m := range seedMsgs() {
		b, _ := Encode(m)
		f.Add(b)
	}
	f.Add([]byte(`{"v":2,"type":"update","seq":1,"update":{"n":1,"commands":0,"events":[{"kind":"x","side":-1,"text":""}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data, MaxJoinerMsg)
		if err != nil {
			return
		}
		b, err := Encode(m)
		if err != nil {
			t.Fatalf("a decoded message does not encode: %v", err)
		}
		m2, err := Decode(b, MaxHostMsg)
		if err != nil {
			t.Fatalf("a decoded message, encoded again, is refused: %v\n%s", err, b)
		}
		b2, _ := Encode(m2)
		if !bytes.Equal(b, b2) {
			t.Fatalf("a message changes on its way round:\n%s\n%s", b, b2)
		}
	})
}

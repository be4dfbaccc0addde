package cmd

import (
	"bytes"
	"encoding/json"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/save"
)

func writeSave(t *testing.T, buf *bytes.Buffer, sf *save.File) {
	t.Helper()
	b, err := json.MarshalIndent(sf, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	buf.Write(b)
}

func TestEventLine(t *testing.T) {
	e := rules.Event{Kind: "roll", Side: 0, Fig: 3, Target: 9, Text: "Rifle 1 fires at Blue leader",
		Roll: &rules.Ledger{What: "Rifle shot", Dice: []rules.Die{{Sides: 6, Face: 5}}, Target: 5, Compare: ">=",
			Mods: []rules.Mod{{Value: -1, Reason: "partial cover", Rule: "SSG Shooting"}}, Total: 4, Outcome: "miss"}}
	want := "roll side 1 F3->F9: Rifle 1 fires at Blue leader | Rifle shot: dice 5 (1d6); mods -1 partial cover [SSG Shooting]; total 4 >= 5: miss"
	if got := EventLine(e); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	m := rules.Event{Kind: "move", Side: 1, Fig: 2, Text: "moves", Path: []geom.Pt{geom.P(1, 2), geom.P(3.5, 2)}}
	if got := EventLine(m); got != "move side 2 F2: moves | path 1,2 3.5,2" {
		t.Fatalf("move line %q", got)
	}
}

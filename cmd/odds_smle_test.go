package cmd

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/smle"
	"hedgerow/scenarios"
)

// The README's S.M.L.E. example: the British rifle group's opening volley
// in Sections in the Woods is legal at the start (seed 1) and the odds
// command prints its outcome distribution, worst result first.
func TestOddsSMLEExample(t *testing.T) {
	const text = "fire - U5 F1 direct"
	sc, m, err := scenarios.Load("smle-woods-sections")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get("smle")
	g, _, err := rules.NewGame(rs, sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	legal := false
	for _, c := range g.Legal() {
		legal = legal || c.String() == text
	}
	if !legal {
		t.Fatalf("%q is not legal at the start", text)
	}
	var out, errb bytes.Buffer
	if rc := runOdds([]string{"--scenario", "smle-woods-sections", "--command", text}, &out, &errb); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	var o struct {
		Outcomes map[string]float64 `json:"outcomes"`
	}
	if err := json.Unmarshal(out.Bytes(), &o); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	sum := 0.0
	for _, k := range []string{"kill", "serious", "light", "near miss", "miss"} {
		p, ok := o.Outcomes[k]
		if !ok {
			t.Errorf("no %q in %s", k, out.String())
		}
		sum += p
	}
	// Four trained rifles need 4+ on 2D6 (7 - 2 direct - 2 not under fire
	// + 1 veteran target): all four miss with (3/36)^4, under 0.0001.
	if math.Abs(sum-1) > 0.0006 || o.Outcomes["miss"] != 0 || o.Outcomes["kill"] < 0.25 {
		t.Errorf("odds %v (sum %v)", o.Outcomes, sum)
	}
}

// The odds command answers for a team's activation roll: the chance of
// each band of the Activation Table, summing to one.
func TestOddsSMLEActivation(t *testing.T) {
	var out, errb bytes.Buffer
	if rc := runOdds([]string{"--scenario", "smle-woods-sections", "--command", "activate U1"}, &out, &errb); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	var o struct {
		Outcomes map[string]float64 `json:"outcomes"`
	}
	if err := json.Unmarshal(out.Bytes(), &o); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	sum := 0.0
	for _, p := range o.Outcomes {
		sum += p
	}
	if len(o.Outcomes) != len(smle.Std().Bands) || math.Abs(sum-1) > 0.0006 {
		t.Errorf("activation odds %s", out.String())
	}
}

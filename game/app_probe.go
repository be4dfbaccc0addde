package game

import (
	"encoding/json"
	"fmt"
	"os"

	"hedgerow/game/view"
	"hedgerow/rules"
)

// probe is a test hook: when HEDGEROW_PROBE names a file, the battle
// screen writes where things are on screen (figures, buttons) and what is
// legal, so the end-to-end test can click the real window.
type probe struct {
	Scene   string                `json:"scene"`
	Decider int                   `json:"decider"`
	Phase   string                `json:"phase"`
	Busy    bool                  `json:"busy"` // the table animates (dice held behind the curtain do not)
	Curtain bool                  `json:"curtain"`
	PerInch float64               `json:"per_inch"`
	Figures map[string][3]float64 `json:"figures"` // "F3": x, y, side
	Legal   []string              `json:"legal"`
	Acts    []probeAct            `json:"acts,omitempty"` // for each legal command: how the table offers it
	Over    bool                  `json:"over"`
	Buttons []probeButton         `json:"buttons,omitempty"` // the action bar, left to right
	Log     int                   `json:"log"`               // commands played so far (a test knows the probe is fresh)
	Result  string                `json:"result,omitempty"`  // the result scene: how the game ended
	Winner  int                   `json:"winner,omitempty"`  // the result scene: the winning side, -1 a draw
	Anim    string                `json:"anim,omitempty"`    // the kind of the event animating now ("roll", "blast"...)
	Choice  string                `json:"choice,omitempty"`  // the scenario list: the file chosen now
	Frame   int                   `json:"frame"`             // frames drawn so far (a test waits for the game to see its input)
	Sel     string                `json:"sel,omitempty"`     // the battle: the selected figure
	Mode    string                `json:"mode,omitempty"`    // the battle: what the pointer is doing (selected, targeting...)
	Verb    string                `json:"verb,omitempty"`    // the battle: the command being aimed
	// Vehicles: the battle's vehicles on the table ("V2"): the hull's
	// centre and corners on screen, its side, and the vehicle selected.
	Vehicles map[string]probeVeh `json:"vehicles,omitempty"`
	SelVeh   string              `json:"sel_veh,omitempty"`
	Ask      string              `json:"ask,omitempty"`       // the battle: an end waiting for its confirmation
	Card     string              `json:"card,omitempty"`      // the battle: the head of the card on screen
	LogLines int                 `json:"log_lines,omitempty"` // the battle: entries in its log
	Rolls    int                 `json:"rolls,omitempty"`     // the battle: rolls in its log (what the luck report counts)
	Hint     string              `json:"hint,omitempty"`      // the battle: the line beside the bar's buttons
	Toast    string              `json:"toast,omitempty"`     // the message shown now
	Scroll   int                 `json:"scroll,omitempty"`    // the scenario list: the first row shown
	Tape     []string            `json:"tape,omitempty"`      // the battle: the crossing marks on the move being dragged
}

// probeVeh is one vehicle on screen.
type probeVeh struct {
	X       float64       `json:"x"`
	Y       float64       `json:"y"`
	Side    int           `json:"side"`
	Corners [4][2]float64 `json:"corners"`
}

// probeAct is how the table offers a legal command (rules.Action): its
// kind (button, aim, point, drag, end, pass) and its words.
type probeAct struct {
	Kind  string `json:"kind"`
	Label string `json:"label"`
	Group string `json:"group,omitempty"`
}

// probeButton is one button on screen: its label and its centre.
type probeButton struct {
	Label    string  `json:"label"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Disabled bool    `json:"disabled,omitempty"`
	End      bool    `json:"end,omitempty"` // the bar's fixed end (or pass) place
}

func probeButtons(bs []button) []probeButton {
	out := make([]probeButton, len(bs))
	for i, b := range bs {
		out[i] = probeButton{Label: b.label, X: b.x + b.w/2, Y: b.y + b.h/2, Disabled: b.disabled, End: b.endSlot}
	}
	return out
}

var probeFrames int

// toastNow is the message on screen (for the probe).
var toastNow string

// frames counts App.Draw calls, painted or not: each follows one poll of
// the window's input, so a test that sees it move on knows its click or
// key has reached the game.
var frames int

func writeProbe(p probe) {
	path := os.Getenv("HEDGEROW_PROBE")
	if path == "" {
		return
	}
	probeFrames++
	if probeFrames%6 != 0 {
		return
	}
	p.Frame = frames
	p.Toast = toastNow
	data, _ := json.Marshal(p)
	tmp := path + ".tmp"
	if os.WriteFile(tmp, data, 0o644) == nil {
		os.Rename(tmp, path)
	}
}

func (b *battle) probe() {
	if os.Getenv("HEDGEROW_PROBE") == "" {
		return
	}
	st := b.st()
	p := probe{Scene: "battle", Decider: st.Decider, Phase: st.Phase, Busy: b.tl.Busy() && !b.curtain, Curtain: b.curtain,
		PerInch: b.tv.cam.Zoom, Figures: map[string][3]float64{}, Over: st.Over, Log: len(b.g.Log)}
	for i := range st.Figures {
		f := &st.Figures[i]
		if f.Removed {
			continue
		}
		q := b.tv.scr(f.Pos)
		if dp, ok := b.deckPos(f); ok {
			q = dp // a man aboard drawn on the deck to be aimed at
		}
		p.Figures[rules.Command{Verb: "x", Fig: f.ID}.String()[2:]] = [3]float64{q.X, q.Y, float64(f.Side)}
	}
	if b.ask != nil && b.ask.st == st {
		p.Ask = b.ask.text
	}
	p.Hint = b.barHint()
	p.Card = b.cardShown
	if b.sel.Mode == view.Dragging {
		for _, c := range b.moveCross {
			p.Tape = append(p.Tape, c.What+": "+c.Note)
		}
	}
	p.LogLines = len(b.log)
	for _, e := range b.log {
		if e.roll != nil {
			p.Rolls++
		}
	}
	for _, c := range b.legal {
		p.Legal = append(p.Legal, c.String())
		ac := b.action(c)
		p.Acts = append(p.Acts, probeAct{Kind: string(ac.Kind), Label: ac.Label, Group: ac.Group})
	}
	for i := range st.Vehicles {
		v := &st.Vehicles[i]
		h, ok := rules.HullOf(b.g.RS, st, v.ID)
		if v.Removed || !ok {
			continue
		}
		if p.Vehicles == nil {
			p.Vehicles = map[string]probeVeh{}
		}
		q := b.tv.scr(v.Pos)
		pv := probeVeh{X: q.X, Y: q.Y, Side: v.Side}
		for k, c := range h.Corners {
			cq := b.tv.scr(c)
			pv.Corners[k] = [2]float64{cq.X, cq.Y}
		}
		p.Vehicles[fmt.Sprintf("V%d", v.ID)] = pv
	}
	if b.selVeh != 0 {
		p.SelVeh = fmt.Sprintf("V%d", b.selVeh)
	}
	p.Buttons = probeButtons(b.buttons)
	if b.sel.Sel != 0 {
		p.Sel = rules.Command{Verb: "x", Fig: b.sel.Sel}.String()[2:]
	}
	p.Mode = [...]string{"idle", "selected", "pressing", "dragging", "targeting"}[b.sel.Mode]
	p.Verb = b.sel.Verb
	if an, ok := b.tl.Current(); ok {
		p.Anim = an.Ev.Kind
	}
	writeProbe(p)
}

// probe for the result scene: the game's end as the players are told it.
func (r *result) probe() {
	if os.Getenv("HEDGEROW_PROBE") == "" {
		return
	}
	st := r.b.st()
	writeProbe(probe{Scene: "result", Decider: st.Decider, Over: st.Over, Result: st.Result, Winner: st.Winner, Log: len(r.b.g.Log),
		Buttons: probeButtons(r.buttons)})
}

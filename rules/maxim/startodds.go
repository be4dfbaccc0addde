package maxim

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// The rolls a turn opens with, after its initiative: each mounted man of
// the moving side rolls his horse's move, each of its vehicles able to
// drive its move; and after defensive fire each vehicle that moved rolls
// its second move. Their odds are parts of the "end" that brings them
// (and of "initiative", which asks this turn's opening rolls again).

// startRoll is one horse's or vehicle's move roll as a part.
type startRoll struct {
	name  string
	side  int
	fig   rules.FigID // a horseman, or 0
	veh   int         // index in State.Vehicles, or -1
	dist  map[string]float64
	order []string
	acc   map[string]float64
}

// startRolls are the opening move rolls of a coming turn.
type startRolls struct {
	rolls []*startRoll
	sides [2]string
}

// moveDist is the chance of each outcome of n D6 plus add inches, halved
// when half, in the words of the roll's ledger (ledger words, in order).
func moveDist(n, add int, half bool, words func(tot, dist int) string) (map[string]float64, []string) {
	dist := map[string]float64{}
	var order []string
	for k, sm := range diceSums(n) {
		tot := n + k + add
		d := tot * int(geom.PerInch)
		if half {
			d /= 2
		}
		w := words(tot, d)
		if _, ok := dist[w]; !ok {
			order = append(order, w)
		}
		dist[w] += sm.p
	}
	return dist, order
}

func horseWords(tot, _ int) string { return fmt.Sprintf("moves up to %d\"", tot) }

// vehMoveDist is a vehicle's move roll, as rollVehicleMoves makes it.
func vehMoveDist(v *rules.Vehicle) (map[string]float64, []string) {
	da := data.Vehicle.Move[vehKinds[v.Type].Class]
	loco := v.Var(vLoco) > 0
	return moveDist(da.Dice, da.Add, loco, func(_, d int) string {
		w := fmt.Sprintf("up to %s\"", rules.FormatInches(int64(d)))
		if loco {
			w += ", halved for a locomotion hit"
		}
		return w
	})
}

// newStartRolls lists every roll the next turn may open with: each
// mounted man on the table, each vehicle that may drive.
func newStartRolls(s *rules.State) startRolls {
	r := startRolls{sides: [2]string{s.Sides[0].Name, s.Sides[1].Name}}
	round := s.Round + 1
	for i := range s.Figures {
		f := &s.Figures[i]
		u := s.UnitOf(f.Unit)
		if f.Removed || u == nil || u.Mount != "horse" {
			continue
		}
		dist, order := moveDist(data.Move.HorseDice, data.Move.HorseAdd, false, horseWords)
		r.rolls = append(r.rolls, &startRoll{name: fmt.Sprintf("%s: horse move, turn %d", oddsFig(s, f), round),
			side: f.Side, fig: f.ID, veh: -1, dist: dist, order: order, acc: map[string]float64{}})
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if knockedOut(s, v) || v.Damage.Has(vehicle.Immobilised) {
			continue
		}
		dist, order := vehMoveDist(v)
		r.rolls = append(r.rolls, &startRoll{name: fmt.Sprintf("%s: move, turn %d", oddsVehicle(s, v), round),
			side: v.Side, veh: i, dist: dist, order: order, acc: map[string]float64{}})
	}
	return r
}

// notMoving is a roll's outcome when the other side wins the initiative.
func (r startRolls) notMoving(side int) string { return "not rolled: " + r.sides[1-side] + " moves" }

const notOnTable = "not rolled: off the table"

// over adds chance p of no next turn.
func (r startRolls) over(p float64) {
	for _, x := range r.rolls {
		x.acc[endNotRolled] += p
	}
}

// add adds chance p of side moving next turn from state s.
func (r startRolls) add(s *rules.State, side int, p float64) {
	for _, x := range r.rolls {
		switch {
		case x.side != side:
			x.acc[r.notMoving(x.side)] += p
		case x.fig != 0 && s.Fig(x.fig).Removed:
			x.acc[notOnTable] += p
		case x.veh >= 0 && (knockedOut(s, &s.Vehicles[x.veh]) || s.Vehicles[x.veh].Damage.Has(vehicle.Immobilised)):
			x.acc[notOnTable] += p
		default:
			for n, q := range x.dist {
				x.acc[n] += p * q
			}
		}
	}
}

// parts gives each roll's part.
func (r startRolls) parts(s *rules.State, round int) []rules.OddsPart {
	var out []rules.OddsPart
	for _, x := range r.rolls {
		order := append(append([]string{}, x.order...), r.notMoving(x.side), notOnTable, endNotRolled)
		out = append(out, rules.OddsPart{Name: x.name, Fig: x.fig, Outcomes: ordered(x.acc, order)})
	}
	return out
}

// secondMoveOdds prices the "end" of defensive fire that opens the
// vehicles' second move: each vehicle that moved rolls again.
func secondMoveOdds(s *rules.State) rules.Odds {
	o := rules.Odds{Outcomes: []rules.Outcome{{Name: "vehicles move again", P: 1}},
		Note: "each vehicle of the moving side that moved this turn rolls its second move"}
	mover := s.Var(gMover)
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Side != mover || knockedOut(s, v) || v.Damage.Has(vehicle.Immobilised) || v.Var(vMoved) != s.Round {
			continue
		}
		dist, order := vehMoveDist(v)
		o.Parts = append(o.Parts, rules.OddsPart{Name: oddsVehicle(s, v) + ": second move", Outcomes: ordered(dist, order)})
	}
	return o
}

// initiativeOdds answers "initiative": this turn's initiative as it is
// rolled when the turn begins (the first turn's in Start), and the
// horse and vehicle moves its winner then rolls.
func initiativeOdds(s *rules.State) rules.Odds {
	c := s.Clone()
	c.Round--
	r := newStartRolls(c) // the figures and vehicles as they stand now
	w0 := initiativeWin(s, s.Round)
	r.add(s, 0, w0)
	r.add(s, 1, 1-w0)
	init := []rules.Outcome{{Name: rules.Does(s.Sides[0].Name, "moves", "move"), P: w0}, {Name: rules.Does(s.Sides[1].Name, "moves", "move"), P: 1 - w0}}
	var mods []rules.Mod
	for side := range 2 {
		for _, m := range initModsAt(s, side, s.Round) {
			m.Reason = s.Sides[side].Name + ": " + m.Reason
			mods = append(mods, m)
		}
	}
	o := rules.Odds{Outcomes: ordered(map[string]float64{init[0].Name: w0, init[1].Name: 1 - w0}, []string{init[0].Name, init[1].Name}), Mods: mods,
		Note: fmt.Sprintf("turn %d's initiative as the turn opens with it (a twenty-sided die each, ties rolled again), and the moves its winner rolls for horses and vehicles", s.Round)}
	o.Parts = append(o.Parts, rules.OddsPart{Name: fmt.Sprintf("Initiative, turn %d", s.Round), Outcomes: o.Outcomes})
	o.Parts = append(o.Parts, r.parts(s, s.Round)...)
	return o
}

// OddsOnly: "initiative" asks this turn's opening rolls; it is never
// given as a command.
func (Maxim) OddsOnly(c rules.Command) bool { return c.Verb == "initiative" }

var _ rules.OddsOnlyer = Maxim{}

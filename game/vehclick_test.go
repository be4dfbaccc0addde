package game

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// With the Sherman selected, a click on the Panzer deselected it and said
// nothing (play-test 6). As a figure's first click on an enemy aims, a
// vehicle's does: its first weapon that may fire at the enemy aims, and a
// second click fires; the vehicle stays selected.
func TestEnemyClickWithAVehicleAims(t *testing.T) {
	for _, file := range []string{"maxim-armour-crossroads.toml", "skirmish35-panzer.toml", "smle-mech-assault.toml"} {
		t.Run(file, func(t *testing.T) { vehicleAimsIn(t, file) })
	}
}

func vehicleAimsIn(t *testing.T, file string) {
	aimed := 0
	for seed := uint64(1); seed < 30 && aimed < 3; seed++ {
		g := shippedGame(t, file, seed)
		r := rand.New(rand.NewPCG(seed, 3))
		for step := 0; step < 300 && !g.St.Over && aimed < 3; step++ {
			if aimed += vehicleAimsAtFirstClick(t, g); aimed >= 3 {
				break
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			if _, err := g.Apply(c); err != nil {
				t.Fatal(err)
			}
		}
	}
	if aimed < 3 {
		t.Fatalf("a vehicle aimed at an enemy at the first click %d times; want 3", aimed)
	}
}

// vehicleAimsAtFirstClick selects a vehicle of the side deciding that may
// fire at an enemy figure now and clicks that enemy: it reports 1 when the
// vehicle aimed at him, 0 when no vehicle may fire at a figure.
func vehicleAimsAtFirstClick(t *testing.T, g *rules.Game) int {
	t.Helper()
	a, b := deciderTable(g)
	b.refresh()
	st := g.St
	for _, c := range b.legal {
		v := st.Veh(st.Carrier(c.Fig))
		if c.Fig == 0 {
			v = st.Veh(b.crewVeh(c)) // a crew's order (1/35th)
		}
		if v == nil || len(c.Targets) == 0 || b.action(c).Kind != rules.ActAim {
			continue
		}
		target := st.Fig(c.Targets[0])
		b.selVeh = v.ID
		if !b.vehEnemyClick(a, target.Pos, target.ID) {
			t.Fatalf("a click on %s with %s selected was not answered", target.Name, v.Name)
		}
		if b.sel.Mode != view.Targeting || b.selVeh != v.ID || !strings.Contains(a.toast, target.Name) {
			t.Fatalf("%s selected, %s clicked: mode %v, vehicle %d selected, %q", v.Name, target.Name, b.sel.Mode, b.selVeh, a.toast)
		}
		// the notice sits on at most two lines at 1024x640, with no
		// tail of a word or two on a line of its own (it read "... Esc /
		// stops.")
		if lines := toastLinesAt(a, 1024, 640, b); len(lines) > 2 || slices.ContainsFunc(lines, func(l string) bool { return len(strings.Fields(l)) < 3 }) {
			t.Fatalf("%s aims at %s: at 1024x640 the notice reads %q; want at most two lines, no word or two left on a line of their own", v.Name, target.Name, lines)
		}
		// the notice names the gun, not its cost ("Panzer IV: Main gun (3
		// AP) aims at ...", play-test 8)
		if strings.Contains(a.toast, " AP)") || strings.Contains(a.toast, "(free)") {
			t.Fatalf("%s aims at %s: %q", v.Name, target.Name, a.toast)
		}
		// a man the gun may not reach is told of the gun's range, not of
		// the gunner's own weapon ("beyond the SMG's range of 10\"" with
		// the Sherman aiming, play-test 8)
		if hand, ok := b.weapon(st.Fig(b.sel.Sel)); ok && b.sel.Aim != nil && b.sel.Aim.Arg != "" && !b.handWeapon(st.Fig(b.sel.Sel), b.sel.Aim.Arg) {
			for _, e := range st.Alive(1 - v.Side) {
				if why := b.whyNoTarget(e.ID); !b.sel.Targetable(e.ID) && strings.Contains(why, "the "+hand.Label+"'s range") {
					t.Fatalf("%s aiming its %s: %s is refused with its gunner's weapon: %q", v.Name, b.sel.Aim.Arg, e.Name, why)
				}
			}
		}
		fire := b.aimedCommand(target.ID)
		if fire == nil || b.g.Refusal(*fire) != nil || st.Carrier(fire.Fig) != v.ID && b.crewVeh(*fire) != v.ID {
			t.Fatalf("%s aimed at %s: the second click would give %v", v.Name, target.Name, fire)
		}
		// the card names the vehicle as the firer and reads the range
		// bands of the gun that fires, not of the gunner's own weapon ("Range 33.1\" out of range" beside the
		// odds of a 75 mm gun's legal shot)
		b.aimOdds(target.ID)
		b.hover = target.ID
		render(a, b)
		if card := strings.Join(b.cardLines, " | "); !strings.Contains(b.cardShown, ": "+v.Name) || strings.Contains(card, "out of range") {
			t.Fatalf("%s aiming at %s: card %q %q", v.Name, target.Name, b.cardShown, card)
		}
		return 1
	}
	return 0
}

// toastLinesAt is how the notice up now wraps in a w by h window over the
// battle's table (the room the battle gives it: the table's part).
func toastLinesAt(a *App, w, h float64, b *battle) []string {
	ow, oh, room := a.W, a.H, a.toastRoom
	defer func() { a.W, a.H, a.toastRoom = ow, oh, room }()
	a.W, a.H = w, h
	a.keepToastWithin(0, w-b.tv.padR)
	_, _, _, _, lines := a.toastBox()
	return lines
}

// A click on an enemy that none of the vehicle's weapons may reach keeps
// the vehicle selected and says why; a click on anything else is not
// answered here.
func TestEnemyClickWithAVehicleSaysWhyNot(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	a, b := deciderTable(g)
	b.refresh()
	var enemy *rules.Figure
	for i := range g.St.Vehicles {
		if v := &g.St.Vehicles[i]; v.Side == g.St.Decider && !v.Removed {
			b.selVeh = v.ID
			break
		}
	}
	for _, f := range g.St.Alive(1 - g.St.Decider) {
		enemy = f
		break
	}
	if b.selVeh == 0 || enemy == nil {
		t.Fatal("no vehicle of the side to play, or no enemy")
	}
	if b.vehEnemyClick(a, enemy.Pos, 0) && b.vehAt(enemy.Pos) == 0 {
		t.Error("a click on no enemy was answered as one on an enemy")
	}
	if !b.vehEnemyClick(a, enemy.Pos, enemy.ID) || b.selVeh == 0 {
		t.Fatalf("a click on %s with %d selected: answered no, or the vehicle let go", enemy.Name, b.selVeh)
	}
	if a.toast == "" || strings.Contains(a.toast, "aims at") || strings.Contains(a.toast, "can do nothing") {
		t.Errorf("a click on %s out of every weapon's reach: %q", enemy.Name, a.toast)
	}
}

// After the Panzer's opportunity shot the decision went back to the
// Americans with the Panzer still selected, and the bar said its
// crewman "is on the other side" (play-test 7): a vehicle of the side
// no longer deciding is let go; one of the side deciding stays.
func TestVehicleOfTheOtherSideIsLetGo(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	_, b := deciderTable(g)
	var own, other rules.VehicleID
	for _, v := range g.St.Vehicles {
		switch {
		case v.Removed:
		case v.Side == g.St.Decider:
			own = v.ID
		default:
			other = v.ID
		}
	}
	if own == 0 || other == 0 {
		t.Fatal("the scenario wants a vehicle on each side")
	}
	b.selVeh = other
	b.refresh()
	if b.selVeh != 0 {
		t.Errorf("the other side's vehicle %d stays selected", other)
	}
	b.selVeh = own
	b.refresh()
	if b.selVeh != own {
		t.Errorf("the deciding side's vehicle %d was let go", own)
	}
}

// With a man of the Rifle pair selected (its activation allows only
// return fire), a click on the enemy carrier said he "can do nothing to
// Carrier 1 now" (play-test 7): it now gives the rules' reason.
func TestEnemyVehicleClickSaysWhy(t *testing.T) {
	g := shippedGame(t, "smle-mech-assault.toml", 1)
	a, b := deciderTable(g)
	b.refresh()
	for _, c := range b.legal {
		if c.Fig != 0 {
			b.sel.Mode, b.sel.Sel = view.Selected, c.Fig
			break
		}
	}
	n := 0
	for _, v := range g.St.Vehicles {
		if v.Side == g.St.Decider || v.Removed {
			continue
		}
		n++
		a.toast = ""
		b.enemyVehClick(a, v.ID, v.Pos)
		if !strings.Contains(a.toast, "cannot fire at "+v.Name+": ") || strings.Contains(a.toast, "can do nothing") {
			t.Errorf("a click on %s with %s selected says %q", v.Name, g.St.Fig(b.sel.Sel).Name, a.toast)
		}
	}
	if n == 0 {
		t.Fatal("no enemy vehicle")
	}
}

// With the Panzer selected and then a grenadier picked, the bar showed
// the tank's Advance, Pivot, Turret and Hatches beside his Prone and Look
// (play-test 7): the bar is the grenadier's alone.
func TestManPickedAfterAVehicleHasHisOwnBar(t *testing.T) {
	g := shippedGame(t, "skirmish35-panzer.toml", 1)
	a, b := deciderTable(g)
	b.refresh()
	crew := map[string]bool{} // the labels of the vehicle crew's orders
	var veh rules.VehicleID
	for _, c := range b.legal {
		if c.Unit == 0 || c.Fig != 0 {
			continue
		}
		for _, f := range g.St.Figures {
			if f.Unit == c.Unit && g.St.Carrier(f.ID) != 0 {
				veh = g.St.Carrier(f.ID)
				act := b.action(c)
				crew[act.Label], crew[act.Short] = true, true
			}
		}
	}
	var man rules.FigID
	for _, c := range b.legal {
		if c.Fig != 0 && g.St.Carrier(c.Fig) == 0 {
			man = c.Fig
		}
	}
	delete(crew, "")
	if veh == 0 || man == 0 {
		t.Fatalf("want a vehicle crew with orders and a man on foot of the side deciding (%d, %d)", veh, man)
	}
	b.selVeh = veh
	b.layoutButtons(a)
	withTank := 0
	for _, bt := range b.buttons {
		if crew[bt.label] {
			withTank++
		}
	}
	if withTank == 0 {
		t.Fatalf("the vehicle's bar %q shows none of its crew's orders %v", barLabels(b), crew)
	}
	b.sel.Mode, b.sel.Sel = view.Selected, man
	b.layoutButtons(a)
	if b.selVeh != 0 {
		t.Errorf("the vehicle stays selected with %s picked", g.St.Fig(man).Name)
	}
	for _, c := range b.legal {
		if c.Fig == man { // his own (his "Opp fire" is named as the tank's)
			act := b.action(c)
			delete(crew, act.Label)
			delete(crew, act.Short)
		}
	}
	for _, bt := range b.buttons {
		if crew[bt.label] {
			t.Errorf("%s's bar %q holds the vehicle's %q", g.St.Fig(man).Name, barLabels(b), bt.label)
		}
	}
}

// A Sherman dragged 5" up and to the left from the table's edge only
// turned on the spot ("it would leave the table") and its drive was
// spent (play-test 8): a drive cut short to under an inch of a longer
// drag gives nothing and says why.
func TestDriveCutToNothingGivesNothing(t *testing.T) {
	g := shippedGame(t, "smle-tank-bocage.toml", 1)
	for i := 0; i < 12; i++ {
		a, b := deciderTable(g)
		b.refresh()
		for _, v := range g.St.Vehicles {
			c, ok := b.driveFor(v.ID)
			if v.Side != g.St.Decider || !ok {
				continue
			}
			for deg := 0; deg < 360; deg += 15 {
				rad := float64(deg) * math.Pi / 180
				to := geom.Pt{X: v.Pos.X + int64(5*geom.PerInch*math.Cos(rad)), Y: v.Pos.Y + int64(5*geom.PerInch*math.Sin(rad))}
				c.Path = []geom.Pt{to}
				res, _ := rules.DriveViewOf(g.RS, g.St, c)
				if res.Arrived || !b.mereDrive(v.Pos, res.End, c.Path) {
					continue
				}
				n := len(g.Log)
				b.vdrag = &vehDrag{id: v.ID, cmd: c, moving: true, way: nil}
				b.vehDragUpdate(a, to, 0, 0, false, false)
				if len(g.Log) != n || !strings.Contains(a.toast, "nothing was driven") {
					t.Fatalf("%s dragged to %v (it stops at once: %s): %d commands given, %q", v.Name, to, res.Why, len(g.Log)-n, a.toast)
				}
				return
			}
		}
		if _, err := g.Apply(rules.Command{Verb: "end"}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no drive of the Sherman stopped at once: the test looks at nothing")
}

// With the bocage's Sherman selected, a click on a German it cannot see
// said "no man of Sherman crew is fit to fire" (the crew's reason for
// their own rifles, play-test 8): it names what stands between them.
func TestVehicleClickOnAnUnseenEnemySaysWhatHidesHim(t *testing.T) {
	g := shippedGame(t, "smle-tank-bocage.toml", 1)
	for i := 0; i < 12; i++ {
		a, b := deciderTable(g)
		b.refresh()
		for k := range g.St.Vehicles {
			v := &g.St.Vehicles[k]
			if _, ok := b.driveFor(v.ID); v.Side != g.St.Decider || !ok {
				continue
			}
			b.selVeh = v.ID
			for _, e := range g.St.Alive(1 - v.Side) {
				if b.vehicleSightWhy(v, e.Pos, e, nil, e.Name) == "" {
					continue
				}
				b.sel.Reset()
				b.vehEnemyClick(a, e.Pos, e.ID)
				if !strings.Contains(a.toast, v.Name+" cannot see "+e.Name+": ") || strings.Contains(a.toast, "fit to fire") {
					t.Fatalf("%s selected, a click on %s (unseen): %q", v.Name, e.Name, a.toast)
				}
				return
			}
		}
		if _, err := g.Apply(rules.Command{Verb: "end"}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no vehicle of the side to play with an enemy out of its sight")
}

// Dragging the Sherman after its move said "Sgt Lyle is in a vehicle: get
// out first" (play-test 8): the reason of a crewman's own move, which
// says nothing of the tank. A press on a vehicle that may not drive, and
// a drag of it, give the rule set's reason it may not drive.
func TestMovedVehicleSaysWhyItDoesNotDrive(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	st := g.St
	v := &st.Vehicles[0]
	if !strings.HasPrefix(v.Name, "Sherman") || st.Decider != v.Side {
		t.Fatalf("seed 1: %s, side %d to decide", v.Name, st.Decider)
	}
	drive := rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{{X: v.Pos.X + geom.In(3), Y: v.Pos.Y}}, Arg: rules.VehicleArg{ID: v.ID}.String()}
	if _, err := g.Apply(drive); err != nil {
		t.Fatal(err)
	}
	for n := 0; g.St.Decider != v.Side && n < 20; n++ { // the Germans let the move pass
		passed := false
		for _, c := range g.Legal() {
			if c.Verb == "pass" {
				if _, err := g.Apply(c); err != nil {
					t.Fatal(err)
				}
				passed = true
				break
			}
		}
		if !passed {
			t.Fatal("the Germans may not let the move pass")
		}
	}
	a, b := deciderTable(g)
	b.refresh()
	v = g.St.Veh(v.ID)
	const want = "has made its move; it may move again in the vehicles' phase."
	sp := b.tv.scr(v.Pos)
	mx, my := sp.X, sp.Y
	if !b.vehPress(a, v.Pos, mx, my) || b.vdrag != nil {
		t.Fatalf("a press on %s: not its, or a drive started", v.Name)
	}
	press := a.toast
	if b.vehStuckRelease(a, mx+1, my) {
		t.Error("a click (no drag) was answered as a drag")
	}
	b.vstuck = vehPressAt{id: v.ID, x: mx, y: my}
	a.toast = ""
	if !b.vehStuckRelease(a, mx+80, my) || !strings.Contains(a.toast, v.Name+" "+want) {
		t.Errorf("a drag of %s: %q", v.Name, a.toast)
	}
	if strings.Contains(press, "get out first") || !strings.Contains(press, "pick") && !strings.Contains(press, want) {
		t.Errorf("a press on %s: %q", v.Name, press)
	}
}

// The S.M.L.E. turret turned only towards the nearest enemy (play-test
// 8): its button aims, and a click on the table turns it to face there.
func TestTurretTurnsToTheClickedPoint(t *testing.T) {
	g := shippedGame(t, "smle-tank-bocage.toml", 1)
	found, ok := rules.RandomUntil(g, rand.New(rand.NewPCG(1, 9)), 400, func(c rules.Command) bool { return c.Verb == "turret" })
	if !ok {
		t.Fatal("no turret to turn in 400 random commands")
	}
	turret := &found
	a, b := deciderTable(g)
	arg, _ := rules.ParseVehicleArg(turret.Arg)
	v := g.St.Veh(arg.ID)
	b.selVeh = v.ID
	b.refresh()
	b.layoutButtons(a)
	pressed := false
	for i, bt := range b.buttons {
		if strings.Contains(bt.label, "turret") || strings.HasPrefix(bt.label, "Turret") {
			b.bcmds[i]()
			pressed = true
			break
		}
	}
	if !pressed || b.sel.Mode != view.Targeting || !b.sel.Point {
		t.Fatalf("no turret button aiming at a point: %v, %+v (bar %q)", pressed, b.sel, barLabels(b))
	}
	// a point 6" from the hull, not where the enemy it was offered to
	// face stands, nor where it faces now
	var at geom.Pt
	for _, d := range []geom.Pt{{X: geom.In(6)}, {X: -geom.In(6)}, {Y: geom.In(6)}, {Y: -geom.In(6)}} {
		p := v.Pos.Add(d)
		bf := geom.Bearing(v.Pos, p)
		if p.X > 0 && p.Y > 0 && p.X < g.St.Map.Width && p.Y < g.St.Map.Height && bf != v.Turret && bf != geom.Bearing(v.Pos, turret.Path[0]) {
			at = p
			break
		}
	}
	want := geom.Bearing(v.Pos, at)
	c := b.sel.Press(view.Hit{Pt: at}, geom.Pt{})
	if c == nil || !b.apply(a, *c) {
		t.Fatalf("a click at %v gave %v (%v)", at, c, b.g.Refusal(b.sel.AtPoint(at)))
	}
	if got := g.St.Veh(v.ID).Turret; got != want {
		t.Errorf("the turret faces %d after a click at bearing %d", got, want)
	}
}

// A 1/35th bazooka's "AT fire" rolled at once, with no odds shown first,
// and a click on the Panzer with the bazooka man selected let him go and
// said nothing (play-test 9). The button carries its command, whose odds
// its card shows; the first click on the vehicle says what the shot is
// and its odds, the second fires it.
func TestAntiTankShotShowsItsOddsFirst(t *testing.T) {
	g := shippedGame(t, "skirmish35-panzer.toml", 1)
	r := rand.New(rand.NewPCG(1, 11))
	var at *rules.Command
	for step := 0; step < 300 && at == nil && !g.St.Over; step++ {
		// the Panzer 8" in front of a bazooka man of the side to play
		for i := range g.St.Figures {
			f := &g.St.Figures[i]
			if f.Side != g.St.Decider || f.Removed || !slices.Contains(f.Weapons, "bazooka") {
				continue
			}
			for j := range g.St.Vehicles {
				if v := &g.St.Vehicles[j]; v.Side != f.Side && !v.Removed {
					p := v.Pose
					p.Pos = f.Pos.Add(geom.Pt{Y: -geom.In(8)})
					g.St.MoveVehicle(v.ID, p)
				}
			}
			break
		}
		for _, c := range g.Legal() {
			if _, ok := rules.ParseVehicleArg(c.Arg); ok && c.Verb == "at" && c.Fig != 0 {
				c := c
				at = &c
				break
			}
		}
		if at != nil {
			break
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		g.Apply(c)
	}
	if at == nil {
		t.Fatal("no anti-tank shot offered in 300 random commands")
	}
	a, b := deciderTable(g)
	b.refresh()
	b.sel.Mode, b.sel.Sel = view.Selected, at.Fig
	b.layoutButtons(a)
	var onBar *rules.Command
	for _, bt := range b.buttons {
		if bt.cmd != nil && bt.cmd.String() == at.String() {
			onBar = bt.cmd
		}
	}
	if onBar == nil {
		t.Fatalf("no button gives %s: %q", at, barLabels(b))
	}
	lines, ok := b.commandOdds(*onBar)
	if !ok || !strings.Contains(lines[len(lines)-1], "%") {
		t.Fatalf("the button's odds: %q, %v", lines, ok)
	}
	arg, _ := rules.ParseVehicleArg(at.Arg)
	v := g.St.Veh(arg.ID)
	n := len(g.Log)
	b.enemyVehClick(a, v.ID, v.Pos)
	if len(g.Log) != n || !strings.Contains(a.toast, "%") || !strings.Contains(a.toast, "again to fire") {
		t.Fatalf("the first click on %s: %d commands played, %q", v.Name, len(g.Log)-n, a.toast)
	}
	b.enemyVehClick(a, v.ID, v.Pos)
	if len(g.Log) != n+1 || g.Log[n].Verb != "at" {
		t.Fatalf("the second click on %s did not fire: %v", v.Name, g.Log[n:])
	}
}

// The Panzer, having driven on two of its four action points, was
// clicked at an American with the tank selected: "Lt Falk is aboard a
// vehicle" (play-test 9). The click gives the rule set's reason its
// weapons may not fire (rules.VehicleFireWhyer).
func TestVehicleClickSaysWhyItsWeaponsMayNotFire(t *testing.T) {
	g := shippedGame(t, "skirmish35-panzer.toml", 1)
	st := g.St
	var v *rules.Vehicle
	for i := range st.Vehicles {
		if st.Vehicles[i].Side == st.Decider {
			v = &st.Vehicles[i]
		}
	}
	if v == nil {
		t.Fatal("seed 1: the Germans do not play first")
	}
	v.SetVar("ap", 2) // (the rule set's action points: two left)
	a, b := deciderTable(g)
	b.refresh()
	b.selVeh = v.ID
	for _, e := range st.Alive(1 - v.Side) {
		a.toast = ""
		if !b.vehEnemyClick(a, e.Pos, e.ID) {
			t.Fatalf("a click on %s was not answered", e.Name)
		}
		if strings.Contains(a.toast, "aboard a vehicle") || !strings.Contains(a.toast, v.Name+" cannot") {
			t.Errorf("a click on %s: %q", e.Name, a.toast)
		}
	}
}

// A bazooka man clicked at the Panzer 27" away was told "Acquire names
// the looker and, at most, one target." (play-test 10): the refusal of a
// look about tried at the hull. He is given the rule set's reason he may
// not fire his bazooka at it.
func TestBazookaOutOfRangeSaysWhy(t *testing.T) {
	g := shippedGame(t, "skirmish35-panzer.toml", 1)
	r := rand.New(rand.NewPCG(1, 11))
	for step := 0; step < 300 && !g.St.Over; step++ {
		var man *rules.Figure
		for i := range g.St.Figures {
			f := &g.St.Figures[i]
			if f.Side == g.St.Decider && !f.Removed && slices.Contains(f.Weapons, "bazooka") {
				man = f
				break
			}
		}
		if man != nil {
			var v *rules.Vehicle
			for j := range g.St.Vehicles {
				if w := &g.St.Vehicles[j]; w.Side != man.Side && !w.Removed {
					v = w
				}
			}
			p := v.Pose
			p.Pos = man.Pos.Add(geom.Pt{Y: -geom.In(27)})
			g.St.MoveVehicle(v.ID, p)
			a, b := deciderTable(g)
			b.refresh()
			b.sel.Mode, b.sel.Sel = view.Selected, man.ID
			b.enemyVehClick(a, v.ID, v.Pos)
			if !strings.Contains(a.toast, man.Name+" cannot fire at "+v.Name) || strings.Contains(a.toast, "names the") {
				t.Fatalf("a click on %s 27\" away: %q", v.Name, a.toast)
			}
			return
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		g.Apply(c)
	}
	t.Fatal("no bazooka man of the side to play")
}

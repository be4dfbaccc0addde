package game

import (
	"strings"

	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Aiming and fitting: the weapon a figure's shot is given with, entering
// targeting for a verb or a bar button, the command a click on a target
// gives, and a dragged move cut to what the rules allow.

// weapon is the figure's weapon in hand as the rule set describes it.
func (b *battle) weapon(f *rules.Figure) (rules.WeaponInfo, bool) {
	ws := b.figInfo(f.ID).Weapons
	if len(ws) == 0 {
		return rules.WeaponInfo{}, false
	}
	return ws[0], true
}

// weaponFor is the weapon arg names that f fires: his own, or his
// vehicle's that he works (never the one in his hand: a tank's gun fires
// its own shots); "" is the weapon in his hand.
func (b *battle) weaponFor(f *rules.Figure, arg string) (rules.WeaponInfo, bool) {
	if arg == "" {
		return b.weapon(f)
	}
	ws := b.figInfo(f.ID).Weapons
	if v := b.st().Carrier(f.ID); v != 0 {
		ws = append(append([]rules.WeaponInfo(nil), ws...), rules.VehicleOf(b.g.RS, b.st(), v).Weapons...)
	}
	for _, x := range ws {
		if x.ID == arg {
			return x, true
		}
	}
	return rules.WeaponInfo{}, false
}

// handWeapon reports whether arg names a weapon f carries himself (not
// one of his vehicle's).
func (b *battle) handWeapon(f *rules.Figure, arg string) bool {
	for _, x := range b.figInfo(f.ID).Weapons {
		if x.ID == arg {
			return true
		}
	}
	return false
}

// beginTargeting enters targeting with a verb; a figure's own shot with a
// weapon of several dice places them one click at a time (a volley).
func (b *battle) beginTargeting(verb string) bool { return b.beginTargetingWith(verb, "") }

// beginTargetingWith is beginTargeting for the weapon arg names (the
// pressed button's; "" the figure's weapon in hand): its dice are placed.
func (b *battle) beginTargetingWith(verb, arg string) bool {
	b.sel.Shots = 0
	if f := b.st().Fig(b.sel.Sel); f != nil {
		if w, ok := b.weaponFor(f, arg); ok && w.Shots > 1 {
			for _, c := range b.legal {
				if c.Verb == verb && c.Fig == f.ID && len(c.Targets) > 0 {
					b.sel.Shots = w.Shots
					break
				}
			}
		}
	}
	b.oddsFor = 0
	return b.sel.BeginTargeting(verb)
}

// beginAim enters aiming for the command a button stands for, as the rule
// set offers it: at a target (with the button's weapon, and at bare
// ground too when the rule set says so), at a point, or at a line's two
// ends.
func (b *battle) beginAim(c rules.Command, act rules.Action) bool {
	if act.Kind == rules.ActAim && !b.beginTargetingWith(c.Verb, c.Arg) {
		return false
	}
	b.oddsFor, b.aimAt, b.aimErr = 0, nil, nil
	return b.sel.BeginAim(c, act.Kind, act.Ground)
}

// aimedCommand is the command a click on target would give now: the
// shot at it, or, in a volley, the dice placed so far and the rest on it.
func (b *battle) aimedCommand(target rules.FigID) *rules.Command {
	c := b.sel.TargetCommand(target)
	if c == nil || b.sel.Shots < 2 || c.Fig != b.sel.Sel {
		return c
	}
	v := append(append([]rules.FigID(nil), b.sel.Volley...), target)
	for len(v) < b.sel.Shots {
		v = append(v, target)
	}
	return &rules.Command{Verb: c.Verb, Fig: c.Fig, Targets: v, Arg: c.Arg}
}

// fitMove is the furthest part of a dragged path the rules take for the
// selected figure (nil when none): a drag past the allowance stops there.
func (b *battle) fitMove(path []geom.Pt) []geom.Pt {
	f := b.st().Fig(b.sel.Sel)
	if f == nil {
		return nil
	}
	mi := b.g.MoveCheck(f.ID, path)
	if mi.OK {
		return path
	}
	return view.FurthestLegal(f.Pos, path, float64(mi.Allowance), func(p []geom.Pt) bool { return b.g.MoveCheck(f.ID, p).OK })
}

// fitDrop is where letting go of a drag moves the selected figure: the
// furthest legal part of the path, unless that is a mere step of a long
// drag (mereStep): then nothing moves, and the drag's refusal says what is
// in the way.
func (b *battle) fitDrop(path []geom.Pt) []geom.Pt {
	fit := b.fitMove(path)
	if f := b.st().Fig(b.sel.Sel); f != nil && mereStep(f.Pos, fit, path) {
		return nil
	}
	return fit
}

// stopWhy is why a drag let go along dragged moves a figure only along
// fit, the part of it the rules take: the rules' refusal of the whole
// drag, in plain words ("" when the whole drag was taken). A figure
// stopped at a wall or a locked door had said only how far he went.
func (b *battle) stopWhy(id rules.FigID, dragged, fit []geom.Pt) string {
	if len(dragged) == 0 || samePath(dragged, fit) {
		return ""
	}
	info := b.g.MoveCheck(id, dragged)
	if info.OK || info.Why == "" {
		return ""
	}
	why := strings.TrimSuffix(b.plain(info.Why), ".")
	// mid-sentence after "stopped short:" ("the walls of ...", but
	// "Lt Hale may move 6"" keeps his capital)
	for _, w := range []string{"The ", "A ", "An ", "There ", "It ", "Its "} {
		if strings.HasPrefix(why, w) {
			return strings.ToLower(w[:1]) + why[1:]
		}
	}
	return why
}

// mereStep reports whether fit, the legal part of a path dragged from
// from, is a step of under an inch out of a drag of two or more, four
// times as long: a man at the back of a packed group dragged 4" went 0.3",
// stopped by his friends, and lost his whole move (play-test 6). A man
// with under an inch of move left is told so and may drag less.
func mereStep(from geom.Pt, fit, path []geom.Pt) bool {
	if len(fit) == 0 || len(path) == 0 {
		return false
	}
	long := func(p []geom.Pt) int64 {
		n, at := int64(0), from
		for _, q := range p {
			n += geom.Dist(at, q)
			at = q
		}
		return n
	}
	went, meant := long(fit), long(path)
	return went < geom.PerInch && meant >= 2*geom.PerInch && went*4 < meant
}

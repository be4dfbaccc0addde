package ai

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Level is how hard the computer plays.
type Level int

const (
	// Normal scores each candidate command by its sampled outcome and
	// where it leaves the figure, and picks the best.
	Normal Level = iota
	// Hard also plays its best few candidates ahead on copies of its
	// belief, within a node budget.
	Hard
)

func (l Level) String() string {
	if l == Hard {
		return "hard"
	}
	return "normal"
}

// Player is one computer player. It keeps only its own random stream, so
// the same seed, scenario and commands give the same choices.
type Player struct {
	Level Level
	// Samples is how many times Normal carries out each candidate on a
	// copy of its belief to measure what it does (default 8, Hard 16).
	Samples int
	// Budget is Hard's node budget: commands applied in its look-ahead
	// for one decision (default 3000).
	Budget int

	r *rand.Rand
	// refused holds commands the game refused, with the round they were
	// refused in: they are not chosen again in that round.
	refused map[string]int
	// Skipped is how many choices the last Play passed over because the
	// game said it would refuse them.
	Skipped int
}

// New makes a player of that level with its own seeded stream.
func New(level Level, seed uint64) *Player {
	return &Player{Level: level, r: rand.New(rand.NewPCG(seed, seed^0xda3e39cb94b95bdb))}
}

// Choice is one candidate command with its score (higher is better) and
// the reason in plain words.
type Choice struct {
	Cmd   rules.Command
	Score int
	Why   string
	gain  int // the expected material change measured for it (Hard replaces it)
}

// Decide ranks what the deciding side of g may do, best first. It is empty
// only when nothing is legal. g is not changed.
func (p *Player) Decide(g *rules.Game) []Choice {
	if g.St.Over {
		return nil
	}
	side := g.St.Decider
	b := newBelief(g, side, p.r)
	ch := p.normal(b)
	if p.Level == Hard && len(ch) > 1 {
		ch = p.hard(b, ch)
	}
	p.explain(b, ch)
	return ch
}

// men says a material change in plain words: a whole man is worth 100
// (a leader 150, a hurt or pinned man less; see figWorth).
func men(d int) string {
	switch {
	case d >= 5:
		return fmt.Sprintf("the enemy should lose about %s men more than its own side", tenths(d))
	case d <= -5:
		return fmt.Sprintf("it risks losing about %s men more than the enemy", tenths(-d))
	}
	return "it changes little either way"
}

// tenths writes a material amount in men, to one decimal.
func tenths(d int) string { return fmt.Sprintf("%d.%d", d/100, d%100/10) }

// prepares is the reason for a step that changes nothing yet.
func prepares(f int) string {
	if f >= 5 {
		return "it lets it act next where the enemy should lose about " + tenths(f) + " men"
	}
	return "it readies the side for what comes next"
}

// betterPlace is the reason for a move to a chosen spot.
func betterPlace(g int) string {
	w := "a better place to stand"
	if g <= -5 || g >= 5 {
		w += "; " + men(g)
	}
	return w
}

// Play decides for the deciding side and gives the best command that the
// game accepts; refused counts the chosen commands Apply refused before
// that (0 when all is well).
//
// Like a player hovering over a button, it first asks the game whether a
// choice would be refused (Game.Refusal: the words the table shows), and
// passes over one that would be: the belief it decides on leaves out
// enemies it may not see, and a rule may still count them (1/35th's hide
// looks for cover from the nearest enemy, seen or not). Skipped counts
// those, which are told to the side as refusals, not given.
func (p *Player) Play(g *rules.Game) (c rules.Command, evs []rules.Event, refused int, err error) {
	ch := p.Decide(g)
	p.Skipped = 0
	for _, x := range ch {
		if g.Refusal(x.Cmd) != nil {
			p.Skipped++
			p.remember(g, x.Cmd)
			continue
		}
		evs, err = g.Apply(x.Cmd)
		if err == nil {
			return x.Cmd, evs, refused, nil
		}
		refused++
		p.remember(g, x.Cmd)
	}
	// nothing it chose was accepted: fall back on the random player's pick
	// so a game always goes on
	if rc, ok := rules.RandomCommand(g, p.r); ok {
		if evs, err = g.Apply(rc); err == nil {
			return rc, evs, refused, nil
		}
	}
	if err == nil {
		err = fmt.Errorf("no legal command")
	}
	return rules.Command{}, nil, refused, err
}

// remember notes a command the side was told it may not give: not
// chosen again this round.
func (p *Player) remember(g *rules.Game, c rules.Command) {
	if p.refused == nil {
		p.refused = map[string]int{}
	}
	p.refused[c.String()] = g.St.Round
}

// normal scores every candidate command once and ranks them.
func (p *Player) normal(b *belief) []Choice {
	samples := p.Samples
	if samples <= 0 {
		samples = 8
		if p.Level == Hard {
			// Hard measures each candidate four times as often before it
			// looks ahead: fewer lucky samples mislead its short list
			samples = 32
		}
	}
	legal := b.legal()
	var out []Choice
	base := b.material(b.s)
	type neutral struct {
		c       rules.Command
		pos     int
		posture bool // it changes only the figure's posture
	}
	var later []neutral
	direct := map[string]int{} // what each command with an outcome is expected to gain
	for _, c := range legal {
		if b.needsPath(c) {
			out = append(out, p.moves(b, c, base)...)
			continue
		}
		if r, ok := p.refused[c.String()]; ok && r == b.s.Round {
			continue
		}
		kind := rules.ActionOf(b.rs, b.s, c).Kind
		if kind == rules.ActEnd || kind == rules.ActPass || c.Verb == "end" || c.Verb == "pass" {
			out = append(out, Choice{Cmd: c, Score: -1, Why: "nothing else it could do looked worth doing"})
			continue
		}
		d, st, ok := p.sample(b, c, samples, base)
		if !ok {
			continue
		}
		// where the acting figure is left (moved, lying down)
		pos, posture := 0, false
		if f := b.s.Fig(c.Fig); f != nil && !f.Removed {
			if g := st.Fig(c.Fig); !g.Removed && (g.Pos != f.Pos || g.Posture != f.Posture) {
				pos = b.positional(g, g.Pos) - b.positional(f, f.Pos)
				posture = g.Pos == f.Pos
			}
		}
		if d <= 0 && b.hopeless(c) {
			// a shot that can only miss does nothing that passing would
			// not (and may give the firer away): it ranks below ending
			out = append(out, Choice{Cmd: c, Score: d + pos - 2 - 2*b.repeats(c), Why: men(d), gain: d})
			continue
		}
		if d == 0 {
			later = append(later, neutral{c, pos, posture})
			continue
		}
		direct[c.String()] = d
		out = append(out, Choice{Cmd: c, Score: d + pos + 3 - 2*b.repeats(c), Why: men(d), gain: d})
	}
	now := map[string]bool{}
	if len(later) > 0 {
		for _, c := range legal {
			now[c.String()] = true
		}
	}
	var step steps // what the moves on offer now could do for where their figures stand
	if len(later) > 0 {
		step = b.stepsNow(legal)
	}
	for _, n := range later {
		// a step that changes nothing yet (an activation, an order, a
		// spotting roll): worth what it newly lets the side do next
		f, lost, moving := p.followUp(b, n.c, now, direct, step)
		sc := 1 + f*3/4 - lost + n.pos - 6*b.repeats(n.c) - 4*b.recent(n.c)
		if n.posture && n.pos <= 0 && f <= 0 {
			// lying down or getting up that leaves the figure no better
			// placed and opens nothing: ending is better than dithering
			sc -= 3
		}
		why := prepares(f)
		if moving {
			why = "it lets the side's men move to better places"
		}
		out = append(out, Choice{Cmd: n.c, Score: sc, Why: why})
	}
	if len(out) == 0 {
		// every listed command failed on the belief (it hides enemies):
		// offer them all as they are, for Play to try in order
		for _, c := range legal {
			if !b.needsPath(c) {
				out = append(out, Choice{Cmd: c, Why: "it is all it may do now"})
			}
		}
	}
	// a little seeded variety between near equals
	for i := range out {
		out[i].Score = out[i].Score*4 + p.r.IntN(3)
	}
	slices.SortStableFunc(out, func(a, b Choice) int { return b.Score - a.Score })
	return out
}

// sample carries c out n times on reseeded copies of the belief and
// averages the change in material; ok is false if the rule set refuses c.
func (p *Player) sample(b *belief, c rules.Command, n int, base int) (gain int, last *rules.State, ok bool) {
	sum := 0
	for k := 0; k < n; k++ {
		st := b.copy(p.r)
		if _, err := b.rs.Apply(st, c); err != nil {
			return 0, nil, false
		}
		if c.Verb != "end" && c.Verb != "pass" {
			p.reply(b, st)
		}
		sum += b.material(st) - base
		last = st
	}
	return sum / n, last, true
}

// followUp is the best expected gain of a command that c newly opens to
// the side (one not on offer now, moves aside), 0 when the other side
// decides next. Commands already on offer are left out: they are scored
// on their own, and the best of a few noisy samples would flatter c.
// lost is the best expected gain among the commands on offer now that c
// takes away (a double move that forbids firing). moving says the best
// is a move's: how much better a place a move after c could reach than
// step, the best a move on offer now could.
func (p *Player) followUp(b *belief, c rules.Command, now map[string]bool, direct map[string]int, step steps) (best, lost int, moving bool) {
	st := b.copy(p.r)
	if _, err := b.rs.Apply(st, c); err != nil || st.Over || st.Decider != b.me {
		return 0, 0, false
	}
	after := legalIn(b, st)
	still := make(map[string]bool, len(after))
	for _, n := range after {
		still[n.String()] = true
	}
	for k, d := range direct {
		if d > lost && !still[k] {
			lost = d
		}
	}
	base := b.material(st)
	nb := *b
	nb.s = st
	tried := 0
	// the moves it opens or lengthens (a Firefight leader's motivation
	// gives the men about him action points): the better place a figure
	// could then reach
	if g, mv := nb.bestStep(after, b.s, step); g > step.best {
		g -= step.best
		if _, could := step.figs[mv.Fig]; could && mv.Verb != "" {
			// a step that lengthens a move the figure could make now (a
			// run) is worth the longer move only if that move is worth
			// making after all: what it risks (opportunity fire at it)
			// counts against it (a run was declared for a double move
			// and no move made after it, each one sampled as a risk).
			// It is sampled on a stream of its own, seeded by where the
			// move goes, so that where no move is at risk every other
			// choice is drawn as before
			r := p.r
			p.r = rand.New(rand.NewPCG(uint64(mv.Path[0].X), uint64(mv.Path[0].Y)))
			d, _, ok := p.sample(&nb, mv, 3, base)
			p.r = r
			if ok && d < 0 {
				g += d
			}
		}
		if g > best {
			best, moving = g, true
		}
	}
	for _, n := range after {
		if nb.needsPath(n) || n.Verb == "end" || n.Verb == "pass" || now[n.String()] {
			continue
		}
		if tried++; tried > 16 {
			break
		}
		if k := rules.ActionOf(b.rs, st, n).Kind; k == rules.ActEnd || k == rules.ActPass {
			continue
		}
		if g, _, ok := p.sample(&nb, n, 3, base); ok && g > best {
			best, moving = g, false
		}
	}
	return best, lost, moving
}

// steps is what the moves on offer could do for where their figures
// stand: the most for any (0 when none could improve it), and each
// figure's most with the allowance and posture it was worked out for.
type steps struct {
	best int
	figs map[rules.FigID]step
}

type step struct {
	allowance int64
	posture   rules.Posture
	best      int
	to        geom.Pt // where the best is reached
}

// stepsNow works out steps for the moves on offer in b.s.
func (b *belief) stepsNow(legal []rules.Command) steps {
	out := steps{figs: map[rules.FigID]step{}}
	for _, c := range legal {
		if !b.needsPath(c) {
			continue
		}
		f := b.s.Fig(c.Fig)
		if f == nil || f.Removed {
			continue
		}
		a := b.rs.MoveCheck(b.s, f.ID, []geom.Pt{f.Pos}).Allowance
		v, to := b.bestStepOf(f)
		out.figs[f.ID] = step{a, f.Posture, v, to}
		out.best = max(out.best, v)
	}
	return out
}

// bestStep is the most a move on offer in b.s (listed without a path)
// could improve where its figure stands, 0 when none could, and that
// move with its destination (no verb when none could). When no
// figure stands elsewhere than in was, a figure with the allowance and
// posture it had in was keeps its most from was's steps.
func (b *belief) bestStep(legal []rules.Command, was *rules.State, w steps) (int, rules.Command) {
	same := len(was.Figures) == len(b.s.Figures)
	for i := 0; same && i < len(was.Figures); i++ {
		f, g := &b.s.Figures[i], &was.Figures[i]
		same = f.Pos == g.Pos && f.Removed == g.Removed
	}
	best, mv := 0, rules.Command{}
	for _, c := range legal {
		if !b.needsPath(c) {
			continue
		}
		f := b.s.Fig(c.Fig)
		if f == nil || f.Removed {
			continue
		}
		v, to := 0, geom.Pt{}
		if k, ok := w.figs[f.ID]; ok && same && k.posture == f.Posture &&
			k.allowance == b.rs.MoveCheck(b.s, f.ID, []geom.Pt{f.Pos}).Allowance {
			v, to = k.best, k.to
		} else {
			v, to = b.bestStepOf(f)
		}
		if v > best {
			best, mv = v, c
			mv.Path = []geom.Pt{to}
		}
	}
	return best, mv
}

// bestStepOf is the most a move of f could improve where it stands, and
// the destination that does it.
func (b *belief) bestStepOf(f *rules.Figure) (int, geom.Pt) {
	best, to := 0, geom.Pt{}
	here := b.positional(f, f.Pos)
	for _, pt := range b.destinations(f) {
		mi := b.rs.MoveCheck(b.s, f.ID, []geom.Pt{pt})
		if !mi.OK {
			continue
		}
		stop := pt
		if mi.Stop != (geom.Pt{}) {
			stop = mi.Stop
		}
		if v := b.positional(f, stop) - here; v > best {
			best, to = v, pt
		}
	}
	return best, to
}

// moves scores candidate destinations for a move listed without a path.
func (p *Player) moves(b *belief, c rules.Command, base int) []Choice {
	f := b.s.Fig(c.Fig)
	if f == nil {
		return nil
	}
	here := b.positional(f, f.Pos)
	type dest struct {
		pt    geom.Pt
		score int
	}
	var ds []dest
	for _, pt := range b.destinations(f) {
		mi := b.rs.MoveCheck(b.s, f.ID, []geom.Pt{pt})
		if !mi.OK {
			continue
		}
		stop := pt
		if mi.Stop != (geom.Pt{}) {
			stop = mi.Stop
		}
		ds = append(ds, dest{pt, b.positional(f, stop) - here})
	}
	slices.SortStableFunc(ds, func(a, b dest) int { return b.score - a.score })
	keep, n := 3, 3
	if p.Level == Hard {
		keep, n = 6, 12
	}
	if len(ds) > keep {
		ds = ds[:keep]
	}
	rep := b.repeats(rules.Command{Verb: c.Verb, Fig: c.Fig})
	var out []Choice
	for _, d := range ds {
		mc := c
		mc.Path = []geom.Pt{d.pt}
		g, _, ok := p.sample(b, mc, n, base)
		if !ok {
			continue
		}
		sc := d.score + g - 2*rep
		out = append(out, Choice{Cmd: mc, Score: sc, gain: g,
			Why: betterPlace(g)})
	}
	return out
}

// replyPlies is how many commands of the enemy's reply sample plays when
// a command hands the decision to the enemy in the middle of a go.
const replyPlies = 2

// reply plays the enemy's quick greedy reply on st when the command just
// carried out handed it the decision (opportunity fire at a move, the
// next activation of alternating play), so that what a command provokes
// is counted with what it does. It stops once the decision comes back.
func (p *Player) reply(b *belief, st *rules.State) {
	for k := 0; k < replyPlies && !st.Over && st.Decider != b.me; k++ {
		c, _, ok := greedy(b, st, p.r)
		if !ok {
			return
		}
		if _, err := b.rs.Apply(st, c); err != nil {
			return
		}
	}
}

package maxim

import (
	"slices"
	"sync"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// Legal offers a few drives of every vehicle that may move (driveCandidates)
// and lists only those that get all the way. Asking that of vehicle.Drive
// afresh after every command of the move phase was a seventh of a random
// game on Rue Principale, though a drive's answer changes only with what
// it depends on: the map, the vehicle's type and pose, the plan, its move
// rules and the models near enough to be in its way. Those are the key of
// the answers remembered here, so a remembered answer is exactly the one
// Drive would give (TestDriveCandidatesRemembered).

// nearModels are the models of others that a drive of a vehicle of type t
// from start through the points pts could run into: vehicle.Drive looks
// only inside the box around the route widened by the hull's length and
// width, so a hull or base wholly outside it (with an inch to spare here)
// never stops the drive, and leaving it out changes nothing but the
// index Drive would name it by.
func nearModels(t *vehicle.Type, start geom.Pt, to []geom.Pt, others *vehicle.Others) vehicle.Others {
	box := geom.Rect{Min: start, Max: start}
	for _, p := range to {
		box.Min.X, box.Min.Y = min(box.Min.X, p.X), min(box.Min.Y, p.Y)
		box.Max.X, box.Max.Y = max(box.Max.X, p.X), max(box.Max.Y, p.Y)
	}
	r := t.Length + t.Width + geom.PerInch
	box.Min.X, box.Min.Y, box.Max.X, box.Max.Y = box.Min.X-r, box.Min.Y-r, box.Max.X+r, box.Max.Y+r
	var near vehicle.Others
	for _, h := range others.Hulls {
		if h.Bounds().Overlaps(box) {
			near.Hulls = append(near.Hulls, h)
		}
	}
	for _, c := range others.Bases {
		if c.C.X+c.R >= box.Min.X && c.C.X-c.R <= box.Max.X && c.C.Y+c.R >= box.Min.Y && c.C.Y-c.R <= box.Max.Y {
			near.Bases = append(near.Bases, c)
		}
	}
	return near
}

// driveKey is everything a drive's answer depends on.
type driveKey struct {
	m        *terrain.Map // held here, so it cannot be freed and its address reused while remembered
	t        *vehicle.Type
	start    vehicle.Pose
	legs     []vehicle.Leg
	face     int
	hasFace  bool
	speeds   vehicle.Speeds
	budget   int64
	obstacle int64
	near     vehicle.Others
}

func (k *driveKey) same(o *driveKey) bool {
	return k.m == o.m && k.t == o.t && k.start == o.start && slices.Equal(k.legs, o.legs) &&
		k.face == o.face && k.hasFace == o.hasFace && k.speeds == o.speeds && k.budget == o.budget &&
		k.obstacle == o.obstacle && slices.Equal(k.near.Hulls, o.near.Hulls) && slices.Equal(k.near.Bases, o.near.Bases)
}

func (k *driveKey) hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v int64) { h = (h ^ uint64(v)) * 1099511628211 }
	mix(k.start.Pos.X)
	mix(k.start.Pos.Y)
	mix(int64(k.start.Facing))
	for _, l := range k.legs {
		mix(l.To.X)
		mix(l.To.Y)
	}
	for _, sp := range k.speeds {
		mix(sp)
	}
	for _, c := range k.near.Bases {
		mix(c.C.X)
		mix(c.C.Y)
	}
	for _, hl := range k.near.Hulls {
		mix(hl.C.X)
		mix(hl.C.Y)
	}
	return h ^ h>>29
}

// driveSlots bounds the memory: a direct-mapped table, a new answer
// replacing whatever shared its slot.
const driveSlots = 256

type driveSlot struct {
	k       driveKey
	arrived bool
	ok      bool
}

var driveMemo struct {
	mu    sync.Mutex
	slots [driveSlots]driveSlot
}

// arrives reports whether vehicle v's drive along plan goes all the way,
// as driveCheck says, with the models of others (rules.Obstructions of v)
// in its way. Drives that driveCheck does not leave to rules.DriveCheck
// (aircraft, vehicles that cannot move) and move rules with their own
// going are asked afresh.
func arrives(s *rules.State, v *rules.Vehicle, plan vehicle.Plan, others *vehicle.Others) bool {
	t := vehType(v)
	mr := moveRules(s, v)
	if t == nil || t.Flying || v.Removed || v.Damage&(vehicle.Immobilised|vehicle.BrewedUp) != 0 || mr.GoingOf != nil {
		return driveCheck(s, v, plan).Arrived
	}
	to := make([]geom.Pt, len(plan.Legs))
	for i, l := range plan.Legs {
		to[i] = l.To
	}
	k := driveKey{m: s.Map, t: t, start: v.Pose, legs: plan.Legs, face: plan.Face, hasFace: plan.HasFace,
		speeds: mr.Speeds, budget: mr.Budget, obstacle: mr.ObstacleCost, near: nearModels(t, v.Pos, to, others)}
	i := k.hash() % driveSlots
	driveMemo.mu.Lock()
	if sl := &driveMemo.slots[i]; sl.ok && sl.k.same(&k) {
		a := sl.arrived
		driveMemo.mu.Unlock()
		return a
	}
	driveMemo.mu.Unlock()
	a := vehicle.Drive(s.Map, t, v.Pose, plan, mr, k.near).Arrived
	k.legs = slices.Clone(k.legs)
	driveMemo.mu.Lock()
	driveMemo.slots[i] = driveSlot{k: k, arrived: a, ok: true}
	driveMemo.mu.Unlock()
	return a
}

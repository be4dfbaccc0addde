package rules

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"slices"
	"sync"
)

// Hash returns the hex SHA-256 of a canonical encoding of the state:
// everything that can change during play (sides, units, figures with
// their markers and variables, round, phase, whose go, result, game
// variables, the generator's state, the roll count and any forced dice).
// Variables are written sorted by key, so two equal states always hash
// equally. The map and terrain index are not hashed: the scenario hash in
// a save covers them.
//
// The encoding is built in one buffer and hashed once (a SHA-256 write per
// field cost a third of a small game); the bytes, so the hash, are those
// the field-by-field writes gave.
func (s *State) Hash() string {
	bp := hashBufs.Get().(*[]byte)
	buf := (*bp)[:0] // on the stack: appends need no write barrier
	e := hasher{b: &buf}
	e.str("hedgerow-state-1")
	e.str(s.RuleSet)
	e.str(s.Scenario)
	e.int(s.BaseR)
	for _, sd := range s.Sides {
		e.str(sd.Name)
		e.str(sd.Colour)
		e.int(int64(sd.Losses))
		e.vars(sd.Vars)
	}
	e.int(int64(len(s.Units)))
	for _, u := range s.Units {
		e.int(int64(u.ID))
		e.str(u.Name)
		e.int(int64(u.Side))
		e.int(int64(u.Parent))
		e.int(int64(u.Leader))
		e.str(u.Quality)
		e.str(u.Motive)
		e.int(int64(u.Rating))
		if u.Armour != "" || u.Mount != "" {
			// only when set, so older saves keep their hashes
			e.str("equip")
			e.str(u.Armour)
			e.str(u.Mount)
		}
		e.vars(u.Vars)
	}
	e.int(int64(len(s.Figures)))
	for _, f := range s.Figures {
		e.int(int64(f.ID))
		e.str(f.Name)
		e.int(int64(f.Side))
		e.int(int64(f.Unit))
		e.int(f.Pos.X)
		e.int(f.Pos.Y)
		e.int(int64(f.Facing))
		e.int(int64(f.Posture))
		e.int(int64(len(f.Weapons)))
		for _, w := range f.Weapons {
			e.str(w)
		}
		e.str(f.Quality)
		e.str(f.Motive)
		e.bool(f.Leader)
		e.int(int64(f.Rating))
		e.int(int64(f.Wounds))
		e.int(int64(f.Markers))
		e.bool(f.Removed)
		e.vars(f.Vars)
	}
	if len(s.Vehicles) > 0 {
		e.vehicles(s.Vehicles) // only then, so states without vehicles keep their hashes
	}
	e.int(int64(s.Round))
	e.str(s.Phase)
	e.int(int64(s.Active))
	e.int(int64(s.Decider))
	e.bool(s.Over)
	e.int(int64(s.Winner))
	e.str(s.Result)
	e.int(int64(s.TurnLimit))
	e.vars(s.Vars)
	e.rng(&s.RNG)
	e.int(int64(s.Rolls))
	e.int(int64(len(s.Forced)))
	for _, f := range s.Forced {
		e.int(int64(f))
	}
	sum := sha256.Sum256(buf)
	if cap(buf) <= 1<<20 {
		*bp = buf
		hashBufs.Put(bp)
	}
	return hex.EncodeToString(sum[:])
}

// hashBufs keeps encoding buffers between hashes (Hash may run on several
// goroutines at once: each takes its own).
var hashBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// hasher appends the canonical encoding to a buffer.
type hasher struct{ b *[]byte }

func (e hasher) int(v int64) {
	*e.b = binary.BigEndian.AppendUint64(*e.b, uint64(v))
}

// rng writes the generator's binary form as bytes (length, then the bytes)
// without an intermediate slice.
func (e hasher) rng(r interface {
	AppendBinary([]byte) ([]byte, error)
}) {
	at := len(*e.b)
	e.int(0)                       // the length, filled in below
	*e.b, _ = r.AppendBinary(*e.b) // never fails for PCG
	binary.BigEndian.PutUint64((*e.b)[at:], uint64(len(*e.b)-at-8))
}

func (e hasher) bool(v bool) {
	if v {
		e.int(1)
	} else {
		e.int(0)
	}
}

func (e hasher) bytes(b []byte) {
	e.int(int64(len(b)))
	*e.b = append(*e.b, b...)
}

func (e hasher) str(s string) {
	e.int(int64(len(s)))
	*e.b = append(*e.b, s...)
}

// vars writes a variable map sorted by key; zero values are skipped so a
// deleted key and a key set to zero hash alike.
func (e hasher) vars(m map[string]int) {
	var buf [24]string
	keys := buf[:0]
	for k, v := range m {
		if v != 0 {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys) // on the stack for up to 24 keys
	e.int(int64(len(keys)))
	for _, k := range keys {
		e.str(k)
		e.int(int64(m[k]))
	}
}

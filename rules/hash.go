package rules

import (
	"bytes"
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"slices"
	"strings"
	"sync"
	"unsafe"
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
func (s *State) Hash() string { return s.hash(nil) }

// hash is Hash; with fc, a figure whose variable map is shared with the
// state it was copied from (the random player's copies, probe.go) and
// was encoded before from that very map, shared then too, takes the bytes
// written then. A shared map is never written again (a figure's first
// SetVar copies it, and the game never changes a state it has copied
// from), so the bytes, and the hash, are the same as encoding it afresh.
func (s *State) hash(fc *figVarsCache) string {
	sum := s.hashSum(fc)
	return hex.EncodeToString(sum[:])
}

// shortHash is hash's first ShortHashLen hex digits (what a save keeps per
// command), without writing out the rest.
func (s *State) shortHash(fc *figVarsCache) string {
	sum := s.hashSum(fc)
	return hex.EncodeToString(sum[:ShortHashLen/2])
}

// hashSum is the SHA-256 that hash writes in hex.
func (s *State) hashSum(fc *figVarsCache) (sum [sha256.Size]byte) {
	bp := hashBufs.Get().(*[]byte)
	b := (*bp)[:0] // a local: appends need no write barrier
	b = hStr(b, "hedgerow-state-1")
	b = hStr(b, s.RuleSet)
	b = hStr(b, s.Scenario)
	b = hInt(b, s.BaseR)
	for _, sd := range s.Sides {
		b = hStr(b, sd.Name)
		b = hStr(b, sd.Colour)
		b = hInt(b, int64(sd.Losses))
		b = hVars(b, sd.Vars)
	}
	b = hInt(b, int64(len(s.Units)))
	for i := range s.Units {
		if fc == nil {
			b = hUnit(b, &s.Units[i])
		} else {
			b = fc.unit(b, i, &s.Units[i])
		}
	}
	b = hInt(b, int64(len(s.Figures)))
	for i := range s.Figures {
		if fc == nil {
			b = hFigure(b, &s.Figures[i], nil)
		} else {
			b = fc.figure(b, &s.Figures[i])
		}
	}
	if len(s.Vehicles) > 0 {
		e := hasher{b: &b}
		e.vehicles(s.Vehicles) // only then, so states without vehicles keep their hashes
	}
	b = hInt(b, int64(s.Round))
	b = hStr(b, s.Phase)
	b = hInt(b, int64(s.Active))
	b = hInt(b, int64(s.Decider))
	b = hBool(b, s.Over)
	b = hInt(b, int64(s.Winner))
	b = hStr(b, s.Result)
	b = hInt(b, int64(s.TurnLimit))
	b = hVars(b, s.Vars)
	b = hRNG(b, &s.RNG)
	b = hInt(b, int64(s.Rolls))
	b = hInt(b, int64(len(s.Forced)))
	for _, f := range s.Forced {
		b = hInt(b, int64(f))
	}
	if fc != nil {
		sum = fc.sha.sum(b)
	} else {
		sum = sha256.Sum256(b)
	}
	if cap(b) <= 1<<20 {
		*bp = b
		hashBufs.Put(bp)
	}
	return sum
}

// hUnit appends one unit's encoding.
func hUnit(b []byte, u *Unit) []byte {
	b = hInt(b, int64(u.ID))
	b = hStr(b, u.Name)
	b = hInt(b, int64(u.Side))
	b = hInt(b, int64(u.Parent))
	b = hInt(b, int64(u.Leader))
	b = hStr(b, u.Quality)
	b = hStr(b, u.Motive)
	b = hInt(b, int64(u.Rating))
	if u.Armour != "" || u.Mount != "" {
		// only when set, so older saves keep their hashes
		b = hStr(b, "equip")
		b = hStr(b, u.Armour)
		b = hStr(b, u.Mount)
	}
	return hVars(b, u.Vars)
}

// hFigure appends one figure's encoding; its variables through fc when
// there is one.
func hFigure(b []byte, f *Figure, fc *figVarsCache) []byte {
	b = hInt(b, int64(f.ID))
	b = hStr(b, f.Name)
	b = hInt(b, int64(f.Side))
	b = hInt(b, int64(f.Unit))
	b = hInt(b, f.Pos.X)
	b = hInt(b, f.Pos.Y)
	b = hInt(b, int64(f.Facing))
	b = hInt(b, int64(f.Posture))
	b = hInt(b, int64(len(f.Weapons)))
	for _, w := range f.Weapons {
		b = hStr(b, w)
	}
	b = hStr(b, f.Quality)
	b = hStr(b, f.Motive)
	b = hBool(b, f.Leader)
	b = hInt(b, int64(f.Rating))
	b = hInt(b, int64(f.Wounds))
	b = hInt(b, int64(f.Markers))
	b = hBool(b, f.Removed)
	if fc == nil {
		return hVars(b, f.Vars)
	}
	return fc.vars(b, int(f.ID), f.Vars, f.varsShared)
}

// hashBufs keeps encoding buffers between hashes (Hash may run on several
// goroutines at once: each takes its own).
var hashBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// hasher appends the canonical encoding to a buffer (for encoders in
// other files, such as vehicles.go; Hash itself appends to a local).
type hasher struct{ b *[]byte }

func (e hasher) int(v int64)                                             { *e.b = hInt(*e.b, v) }
func (e hasher) bool(v bool)                                             { *e.b = hBool(*e.b, v) }
func (e hasher) bytes(p []byte)                                          { *e.b = hBytes(*e.b, p) }
func (e hasher) str(v string)                                            { *e.b = hStr(*e.b, v) }
func (e hasher) vars(m map[string]int)                                   { *e.b = hVars(*e.b, m) }
func (e hasher) rng(r interface{ AppendBinary([]byte) ([]byte, error) }) { *e.b = hRNG(*e.b, r) }

func hInt(b []byte, v int64) []byte { return binary.BigEndian.AppendUint64(b, uint64(v)) }

func hBool(b []byte, v bool) []byte {
	if v {
		return hInt(b, 1)
	}
	return hInt(b, 0)
}

func hBytes(b, p []byte) []byte { return append(hInt(b, int64(len(p))), p...) }

func hStr(b []byte, v string) []byte { return append(hInt(b, int64(len(v))), v...) }

// hRNG writes the generator's binary form as bytes (length, then the
// bytes) without an intermediate slice.
func hRNG(b []byte, r interface{ AppendBinary([]byte) ([]byte, error) }) []byte {
	at := len(b)
	b = hInt(b, 0)           // the length, filled in below
	b, _ = r.AppendBinary(b) // never fails for PCG
	binary.BigEndian.PutUint64(b[at:], uint64(len(b)-at-8))
	return b
}

// hVars writes a variable map sorted by key; zero values are skipped so a
// deleted key and a key set to zero hash alike. Pairs are gathered on the
// stack in one pass over the map (no second lookup per key) and sorted in
// place.
func hVars(b []byte, m map[string]int) []byte {
	var buf [24]kv
	ps := buf[:0]
	for k, v := range m {
		if v != 0 {
			ps = append(ps, kv{k, v})
		}
	}
	if len(ps) <= len(buf) {
		for i := 1; i < len(ps); i++ {
			for j := i; j > 0 && ps[j].k < ps[j-1].k; j-- {
				ps[j], ps[j-1] = ps[j-1], ps[j]
			}
		}
	} else {
		slices.SortFunc(ps, func(a, b kv) int { return strings.Compare(a.k, b.k) })
	}
	b = hInt(b, int64(len(ps)))
	for _, p := range ps {
		b = hStr(b, p.k)
		b = hInt(b, int64(p.v))
	}
	return b
}

type kv struct {
	k string
	v int
}

// figVarsCache keeps, per figure, the map its variables were last encoded
// from and those bytes, and the whole figure as it was last encoded with
// its bytes (for PlayRandom's game: Game.Apply).
type figVarsCache struct {
	of    []figVarsEnc
	figs  []figEnc
	units []unitEnc
	sha   shaResume
}

// unitEnc is figEnc for a unit.
type unitEnc struct {
	u   Unit
	ok  bool
	enc []byte
}

// unit appends the encoding of unit u, the i-th, as figure does a
// figure's: a unit with no variable map (a map cannot be written into
// without first being made, which changes the unit) or a shared one
// (frozen), equal field by field to the one last encoded there with the
// very same map, takes the bytes written then.
func (fc *figVarsCache) unit(b []byte, i int, u *Unit) []byte {
	if i >= 1<<16 {
		return hUnit(b, u)
	}
	for len(fc.units) <= i {
		fc.units = append(fc.units, unitEnc{})
	}
	e := &fc.units[i]
	frozen := u.Vars == nil || u.varsShared
	if frozen && e.ok && sameUnit(&e.u, u) {
		return append(b, e.enc...)
	}
	at := len(b)
	b = hUnit(b, u)
	if e.ok = frozen; frozen {
		e.u, e.enc = *u, append(e.enc[:0], b[at:]...)
	} else {
		e.u = Unit{}
	}
	return b
}

func sameUnit(a, b *Unit) bool {
	return a.ID == b.ID && a.Side == b.Side && a.Parent == b.Parent && a.Leader == b.Leader &&
		a.Rating == b.Rating && a.Name == b.Name && a.Quality == b.Quality && a.Motive == b.Motive &&
		a.Armour == b.Armour && a.Mount == b.Mount &&
		*(*unsafe.Pointer)(unsafe.Pointer(&a.Vars)) == *(*unsafe.Pointer)(unsafe.Pointer(&b.Vars))
}

// figEnc is a figure as last encoded (a copy: its strings, weapon list
// and variable map are held, so never reused for another) and its bytes.
type figEnc struct {
	f   Figure
	ok  bool
	enc []byte
}

// figure appends figure f's encoding to b. A figure whose variable map is
// shared (so frozen: see hash) or nil, and which equals, field by field,
// the figure last encoded under its id, with that very map, takes the
// bytes written then: the same bytes encoding it afresh gives.
func (fc *figVarsCache) figure(b []byte, f *Figure) []byte {
	id := int(f.ID)
	if id < 1 || id > 1<<20 {
		return hFigure(b, f, nil) // never for a state NewState built
	}
	for len(fc.figs) < id {
		fc.figs = append(fc.figs, figEnc{})
	}
	e := &fc.figs[id-1]
	frozen := f.Vars == nil || f.varsShared
	if frozen && e.ok && sameFigure(&e.f, f) {
		return append(b, e.enc...)
	}
	at := len(b)
	b = hFigure(b, f, fc)
	if e.ok = frozen; frozen {
		e.f, e.enc = *f, append(e.enc[:0], b[at:]...)
	} else {
		e.f = Figure{}
	}
	return b
}

// sameFigure: do a and b encode alike, given that a's map, if any, is
// frozen? Every encoded field equal, and the same variable map (by
// identity: a frozen map never changes).
func sameFigure(a, b *Figure) bool {
	return a.ID == b.ID && a.Pos == b.Pos && a.Side == b.Side && a.Unit == b.Unit &&
		a.Facing == b.Facing && a.Posture == b.Posture && a.Leader == b.Leader &&
		a.Rating == b.Rating && a.Wounds == b.Wounds && a.Markers == b.Markers &&
		a.Removed == b.Removed && a.Name == b.Name && a.Quality == b.Quality &&
		a.Motive == b.Motive && slices.Equal(a.Weapons, b.Weapons) &&
		*(*unsafe.Pointer)(unsafe.Pointer(&a.Vars)) == *(*unsafe.Pointer)(unsafe.Pointer(&b.Vars))
}

type figVarsEnc struct {
	m    unsafe.Pointer // the map encoded (held below, so never reused)
	hold map[string]int
	enc  []byte
}

// vars appends the encoding of figure id's map m to b; shared says m is
// shared with the state it was copied from, so unchanged since then.
func (fc *figVarsCache) vars(b []byte, id int, m map[string]int, shared bool) []byte {
	for len(fc.of) < id {
		fc.of = append(fc.of, figVarsEnc{})
	}
	if !shared || m == nil {
		// a figure's own map may still be written in place: never cached
		return hVars(b, m)
	}
	e := &fc.of[id-1]
	p := *(*unsafe.Pointer)(unsafe.Pointer(&m))
	if p == e.m {
		return append(b, e.enc...)
	}
	at := len(b)
	b = hVars(b, m)
	e.m, e.hold, e.enc = p, m, append(e.enc[:0], b[at:]...)
	return b
}

// shaChunk is how many bytes of the encoding shaResume hashes between two
// saved states of the digest.
const shaChunk = 1024

// shaResume is SHA-256 for a run of encodings that mostly begin alike
// (one command changes a few figures: about half of each encoding is the
// last one's): the digest's state is saved after every whole chunk, and
// the next sum starts from the state after the last chunk both encodings
// share. The sum is sha256.Sum256's, byte for byte.
type shaResume struct {
	d     hash.Hash
	prev  []byte   // the last encoding summed
	marks [][]byte // marks[i]: the digest's state after prev[:(i+1)*shaChunk]
	n     int      // how many of marks belong to prev
}

func (r *shaResume) sum(b []byte) (out [sha256.Size]byte) {
	if r.d == nil {
		r.d = sha256.New()
	}
	k := 0 // whole chunks b shares with prev
	for k < r.n && (k+1)*shaChunk <= len(b) && bytes.Equal(b[k*shaChunk:(k+1)*shaChunk], r.prev[k*shaChunk:(k+1)*shaChunk]) {
		k++
	}
	r.d.Reset()
	if k > 0 {
		if err := r.d.(encoding.BinaryUnmarshaler).UnmarshalBinary(r.marks[k-1]); err != nil {
			return sha256.Sum256(b) // never for the standard digest
		}
	}
	off := k * shaChunk
	for ; off+shaChunk <= len(b); off += shaChunk {
		r.d.Write(b[off : off+shaChunk])
		if k == len(r.marks) {
			r.marks = append(r.marks, nil)
		}
		m, err := r.d.(encoding.BinaryAppender).AppendBinary(r.marks[k][:0])
		if err != nil {
			return sha256.Sum256(b)
		}
		r.marks[k] = m
		k++
	}
	r.d.Write(b[off:])
	r.d.Sum(out[:0])
	r.prev, r.n = append(r.prev[:0], b...), k
	return out
}

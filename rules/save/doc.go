// Package save writes and reads saves, and replays them. A save is the
// scenario's own text and its map's, the seed, where every figure was
// placed, and the command log in notation, with a state hash every
// rules.HashEvery commands and at the end: nothing else is needed to
// rebuild the game exactly, on any machine, and a replay that stops
// matching says at which command. Salvage keeps what matched of a save
// that no longer does; WriteAtomic writes a save so that a crash leaves
// the old file or the new one, never half of either.
//
// It builds on the rules core and rules/scenario (a save is replayed from
// its scenario's text), and nothing below it imports it.
package save

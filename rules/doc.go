// Package rules is Hedgerow's rules core, shared by all five rule sets:
// battle state, commands in and events out, dice with ledgers, exact odds,
// saves and replays. It never imports Ebiten, the clock, goroutines or
// global random functions.
package rules

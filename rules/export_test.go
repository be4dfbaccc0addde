package rules

// HistoryLen is how many states the game keeps for undo, for the tests
// outside the package (they load scenarios, which the core cannot).
func HistoryLen(g *Game) int { return len(g.history) }

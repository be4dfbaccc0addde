package rules

import "fmt"

// EndOnLosses ends a game whose turns are up, as every shipped rule set
// without objectives does: the side with fewer losses wins, even losses
// draw. result words the outcome (winner -1 for a draw, with the losses
// of the winner and of the other side, or each side's when even); the
// words are each rule set's own, for a game's result is part of its hash.
func EndOnLosses(s *State, result func(winner, mine, theirs int) string) []Event {
	l0, l1 := s.Sides[0].Losses, s.Sides[1].Losses
	s.Over, s.Phase = true, ""
	switch {
	case l0 < l1:
		s.Winner = 0
		s.Result = result(0, l0, l1)
	case l1 < l0:
		s.Winner = 1
		s.Result = result(1, l1, l0)
	default:
		s.Winner = -1
		s.Result = result(-1, l0, l1)
	}
	return []Event{{Kind: "win", Side: s.Winner, Text: s.Result}}
}

// TurnsAreUp words a game ended by EndOnLosses as "The turns are up: X win
// with fewer losses (2 against 5)" (Firefight Lite, 1/35th).
func TurnsAreUp(s *State) func(winner, mine, theirs int) string {
	return func(winner, mine, theirs int) string {
		if winner < 0 {
			return fmt.Sprintf("The turns are up with %d losses each: a draw", mine)
		}
		return fmt.Sprintf("The turns are up: %s win with fewer losses (%d against %d)", s.Sides[winner].Name, mine, theirs)
	}
}

// TurnLimitReached words it as "Turn limit reached: victory to X, with
// fewer losses (2 against 5)" (Simple Skirmish Game, Maxim to Minimi).
func TurnLimitReached(s *State) func(winner, mine, theirs int) string {
	return func(winner, mine, theirs int) string {
		if winner < 0 {
			return fmt.Sprintf("Turn limit reached with %d losses each: a draw", mine)
		}
		return fmt.Sprintf("Turn limit reached: victory to %s, with fewer losses (%d against %d)", s.Sides[winner].Name, mine, theirs)
	}
}

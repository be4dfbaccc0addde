package ai

// hard looks ahead on the best few of Normal's choices.
func (p *Player) hard(b *belief, ch []Choice) []Choice { return ch }

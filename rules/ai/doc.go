// Package ai is Hedgerow's computer opponent, one player for every rule
// set. It is headless (no Ebiten, no clock, no goroutines) and reads a
// game only as its own side may: the legal commands, the move check, the
// exact odds, the per-side view (rules.ViewOf) and the terrain.
//
// # What it may know
//
// Before each decision it builds a belief: a copy of the state in which
// every enemy figure its side may not see is moved off the table to one
// fixed place, and whose dice are reseeded from the player's own PCG
// stream. Everything it measures, tries or samples is measured on that
// copy, so where a hidden enemy really stands, and what the game's dice
// will roll next, cannot change its choice.
//
// # How Normal decides
//
// It lists the legal commands of the belief. A move listed without a path
// gets candidate destinations from the table itself: a ring of points
// within the figure's allowance, points along nearby hedges, walls and
// woods (cover), and points towards and away from the nearest known
// enemy, each checked with the rule set's move check. Every candidate is
// scored in whole points (integers, so every machine agrees):
//
//   - what it does: the command is carried out a few times on copies of
//     the belief with dice drawn from the player's stream, and the change
//     in the material score (each figure's worth less its wounds,
//     markers and losses, the battle won or lost) is averaged; this counts
//     the losses it inflicts and those it suffers at once, and when the
//     command hands the decision to the enemy in the middle of a go
//     (opportunity or reaction fire at a move, the next activation), the
//     enemy's quick greedy reply (two commands at most) is played too, so
//     what a command provokes is counted with what it does;
//   - where it leaves the figure: targets it could shoot next, enemies
//     that could shoot it there and the cover it would have against them,
//     and the distance left to the nearest known enemy (a side ahead on
//     losses, the enemy's figures lost less its own, no longer closes:
//     most battles that run out of turns go to the side with fewer losses),
//     and what the end of the go may bring down there unseen, where the
//     rule set says (rules.EndDangerer: 1/35th's enemy mortar rounds,
//     aimed in the enemy's turn at points the side may not know, are
//     feared where the side's men stood then), at twice its expected harm;
//   - a step with no outcome of its own (an activation, an order, a
//     spotting roll, a change of posture) is worth the best gain among
//     the commands it newly opens, less the best fire it takes away (a
//     double move that forbids firing), plus where it leaves the figure;
//   - not ending while it still has something useful to do, and not
//     repeating the same command over and over; a change of posture that
//     leaves the figure no better placed and opens nothing ranks below
//     ending the go (lying down and getting up again is no plan), and so
//     does a shot the rules' exact odds say can only miss, when it is
//     measured to gain nothing: passing does as well.
//
// The best score wins; a small seeded jitter breaks near-ties, and exact
// ties go to the earlier command in the rule set's stable order.
//
// The chosen command's reason is written for a player (explain.go): a
// shot names its target and the exact odds (the rule set's Odds, worked
// on the belief) of its likeliest outcomes, or says plainly that it
// cannot hit but is the best on offer; an action aimed at the side's own
// men says what it does for them ("motivates Schtz Uhl, the best of 4
// men"); a move names the cover it
// reaches or the enemy it closes on or leaves, and how many known enemies
// could shoot the figure there against here. Writing it draws nothing
// from the player's stream, so it never changes a choice.
//
// Play gives the choice to the game. As a player hovering over a button
// sees whether it would be refused, it first asks Game.Refusal and passes
// over a refused choice (a rule may count an enemy the belief left out),
// not trying it again that round; Apply should then never refuse.
//
// # How Hard decides
//
// Hard scores like Normal, with four times the samples (32) and six move
// destinations sampled twelve times each in place of three, then looks
// ahead on its four best candidates: each is played out many times on
// reseeded copies of the belief, both sides continuing with a quick
// greedy policy for two commands (the enemy's reply, or the side's own
// next step), and the candidate with the best average outcome is chosen.
// A longer play-out measured no better: the greedy policy never moves a
// figure, so its later commands add noise rather than knowledge. The k-th play-out of every
// candidate draws the same dice, so they are compared on the same luck.
// The work is bounded by a node budget (commands applied), never by the
// clock, so a decision is the same on a fast or a slow machine.
package ai

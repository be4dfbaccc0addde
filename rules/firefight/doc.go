// Package firefight is the Firefight Lite rule set (version 1.1): WWII
// skirmish at one figure to one man and 1 cm to 1 m, with initiative
// chits drawn from a cup, leaders who motivate their men, action points,
// d20 spotting and fire, burst and blast templates, and morale.
//
// # Scale
//
// The book measures in centimetres; the core keeps positions in
// thousandths of an inch. Every book distance is written in the data files
// (data/*.toml) once as centimetres and once as position units,
// round(cm * 1000 / 2.54), and the loader refuses a pair that does not
// agree. The rules use the position units only; Scale tells the table to
// show centimetres.
//
// # Turn flow
//
// A turn starts by putting chits 1 up to each side's best initiative in
// the cup (game vars cup_<side>_<value>). The rule set draws one with a
// die as large as the cup (a ledger names every chit in it): that side is
// Active and Decider, and its units of that initiative or more act.
//
//   - Phase "motivate": "motivate F<leader> F<figure>" motivates one
//     figure of the leader's unit within command range, up to his
//     leadership (his Rating); "motivate F<leader>" motivates everyone he
//     can, nearest first; "end" closes the step. With no one left to
//     motivate the step closes by itself.
//   - Phase "act": each motivated figure spends 4 action points:
//     "move F3 x,y ...", "posture F3 crouching", "spot F3 F9", "fire F3 F9"
//     (or "fire F3 F9 grenade" for another weapon carried), "oppfire F3"
//     (optionally with a point to face). "end" draws the next chit.
//   - When the cup is empty, phase "unmotivated": each side in turn (the
//     side that drew the last chit second) acts with its figures not
//     motivated this turn, 2 points each, without spotting.
//   - Then morale (automatic): initiative losses, cohesion tests,
//     reactions, counters that run out, new leaders; the next turn or
//     the end of the game.
//
// Opportunity fire interrupts: when a figure ends a move spotted, in
// sight, in reach and in the front 90 degrees of an enemy on
// opportunity fire that has not fired this phase, Decider passes to that
// enemy's side, whose Legal lists "fire F<o> F<mover>" for each such
// figure and "pass".
//
// # Knowledge
//
// After every move each side's sight of every enemy figure is worked out
// again (a clear centre line from any of its figures). An enemy figure no
// one sees is unknown to that side (Knower), and its spot is lost.
//
// # Events and ledgers
//
// Event kinds: "turn", "phase", "roll" (chit draws, spotting, fire, hit
// table, deviation, cohesion, reactions, new leaders, each with its
// Ledger), "motivate", "move", "posture", "oppfire", "opportunity",
// "pass", "blast" (Area: the blast circle), "suppressed", "neutralised",
// "wounded", "removed", "initiative", "recover" and "win".
//
// # Odds outcome names
//
//   - spot: "spotted", "not spotted".
//   - fire: what happens to the figure aimed at: "miss", "suppressed",
//     "neutralised", "wounded", "out of action", "killed" (a grenade's
//     deviations included); other figures under a template are in Note.
//   - end: the next chit ("next chit Germans 3", each as likely), or at
//     the end of the turn the first morale test ("cohesion fails",
//     "holds"); "certain" when no die is rolled.
//   - everything else: "certain".
//
// House values filling the parts of the book that are cut off are marked
// HOUSE in the data files and listed in the README.
package firefight

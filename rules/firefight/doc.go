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
// die as large as the cup (a ledger of Compare rules.CompareDraw, its
// note naming every chit in it): that side is Active and Decider, and
// its units of that initiative or more act.
//
//   - Phase "motivate": "motivate F<leader> F<figure>" motivates one
//     figure of the leader's unit within command range, up to his
//     leadership (his Rating); "motivate F<leader>" motivates everyone he
//     can, nearest first; "end" closes the step. With no one left to
//     motivate the step closes by itself.
//   - Phase "act": each motivated figure spends 4 action points:
//     "move F3 x,y ...", "posture F3 crouching", "spot F3 F9", "fire F3 F9"
//     (or "fire F3 F9 grenade" for another weapon carried), "oppfire F3"
//     (as he faces), or "oppfire F3 face x,y" (turned to face the point;
//     listed with no point, and the table asks for one). "end" draws
//     the next chit.
//   - When the cup is empty, phase "unmotivated": each side in turn (the
//     side that drew the last chit second) acts with its figures not
//     motivated this turn, 2 points each, without spotting.
//   - Then morale (automatic): initiative losses, cohesion tests,
//     reactions, counters that run out.
//   - Phase "leader", once for each unit that lost a leader from the
//     fight this turn (killed, out of action or routed): its side is
//     Active and Decider; "leader F<n>" names any man of the unit who is
//     not a leader, and "end" takes the default, DefaultLeader: the man
//     with the most of his unit within command range of him, preferring
//     one not neutralised, the first in scenario order on a tie. He
//     rolls 1d6+1 for his leadership and commands from the next turn.
//     A neutralised leader is not replaced: the book replaces a leader
//     who is lost, and he commands again once he comes to.
//   - Then the next turn, or the end of the game.
//
// Opportunity fire interrupts a move where it happens (opp.go): the move
// is walked in 1 cm steps and cut at the exact point where the mover
// first becomes a target for some enemy on opportunity fire (spotted by
// that side, in the firer's sight, his first weapon's reach and his front
// 90 degrees, the firer not neutralised and not yet fired this phase).
// The mover stands there, the rest of his path waits in game variables,
// and Decider passes to the other side, whose Legal lists "fire F<o>
// F<mover>" for each such figure and "pass". When all have fired or the
// side passes, the mover goes on if he is not neutralised or worse, and
// may be cut again further along by figures that have not yet had their
// chance at this move. The whole move is paid for when given. A mover
// who passes out of every enemy's sight on the way loses his spot there.
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
// Ledger), "motivate", "move" (a move, or the part of one up to where
// opportunity fire cuts it, and the rest after), "posture", "oppfire",
// "opportunity", "pass", "stopped" (a mover neutralised part way), "blast" (Area: the blast circle), "suppressed", "neutralised",
// "wounded", "removed", "initiative", "recover" and "win".
//
// # Odds outcome names
//
//   - spot: "spotted", "not spotted".
//   - fire: what happens to the figure aimed at: "miss", "suppressed",
//     "neutralised", "wounded", "out of action", "killed" (a grenade's
//     deviations included); every other figure under a burst template,
//     and every figure a grenade's blast may reach (the thrower too), has
//     a part of its own with the same names (a blast's also "not under
//     the blast").
//   - end: the next chit ("next chit Germans 3", each as likely), or at
//     the end of the turn the first morale test ("cohesion fails",
//     "holds"), with a part for every unit's cohesion test ("Cohesion:
//     <unit>") and every man's reaction ("Reaction: <man>": "routs",
//     "neutralised", "suppressed", "ok"), each also "not tested" when the
//     unit held or a rout has ended the game; "certain" when no die is
//     rolled. In phase "leader", as
//     for "leader": "leadership 2" to "leadership 7", each 1 in 6.
//   - everything else: "certain".
//
// House values filling the parts of the book that are cut off are marked
// HOUSE in the data files and listed in the README.
package firefight

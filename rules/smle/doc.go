// Package smle is the S.M.L.E. rule set (Chris & Alex Nicole's "Short
// Magazine Lee Enfield" skirmish rules) for infantry: team activation on a
// 1D6 table, 2D6 shooting against a to-hit number by troop quality, damage
// dice against the defender's die plus armour, close assault and
// explosives. Its numbers live in data/*.toml; mech.go holds the pure
// mechanics (ledgers and exact odds), the rest is the RuleSet.
//
// # Turn flow (the RuleSet)
//
// Each round every team (a unit with figures on the table) rolls
// activation: one ledger event per team. Teams then activate one at a
// time, lowest band first (then lowest total, ties rolled off on 1D6,
// then unit id). s.Active and s.Decider are the activating team's side,
// s.Phase is "activate" and Vars["cur"] names the team.
//
// Commands while a team is active (Decider = its side):
//
//	move F3 x,y ...        one figure moves (MoveCheck gives allowance)
//	run U2                 the team runs this activation: double move, no fire
//	posture F3 prone|standing|crouching
//	fire - U2 F9 direct   team fire at F9's team (direct, return or panic)
//	activate U2           (odds only) the team's next activation roll
//	fire - U2 F9 aimed    direct fire aimed at F9 alone (-3; offered at leaders)
//	call U2 x,y light-mortar  indirect fire on a point, landing next round
//	blast F3 F9 grenade    one figure fires an explosive weapon at F9
//	assault - U2 F9        close assault on F9's unit (figures in contact)
//	aid F3 F4              first aid: F3 treats F4's light wound
//	door F3 x,y open|kick|rush  F3 opens, kicks in or leads a rush at the door at x,y
//	dismount U2            a mounted team gets off (equip.go)
//	pickup F3 x,y          F3 takes up the abandoned weapon lying at x,y (abandon.go)
//	join F1 U3             leader F1 leaves his team for U3 of his group (leader.go)
//	recover F3 F7          F3 takes hold of casualty F7 to drag him (recover.go)
//	end                    the team's activation ends
//
// Forced actions are done by the engine when a team activates: Break
// (flee twice the full move, or leave the table on a second break), Fall
// back (full or half move away from the nearest enemy), Pinned (figures in
// the open go prone facing the nearest enemy), a fire mission called last
// round lands (indirect.go).
//
// Opportunity fire: after each move of an active figure, and after each
// of the active team's other options that opportunity fire may answer (a
// volley, an explosive, a close assault, a door, first aid, a call for
// fire: at the figure that acted, or the team's first figure some enemy
// may fire at), enemy teams at Stand (6) or better that have not attacked
// this round and can see that figure are offered "oppfire - U7 F3" or
// "pass" (Phase "opportunity", Decider = the other side). One "pass"
// closes the window. When the window was opened by a move and the mover
// is on its feet, declaring the fire hands the decision back (Phase
// "react", Decider = the mover's side): "posture F3 prone" throws it flat
// (its move ends there) or "pass" leaves it standing; then the fire is
// resolved. Windows open after the action, never in the middle of it.
//
// # Odds
//
// Odds are the engine's exact distribution of every roll a player can
// face (rules/oddscheck samples the engine against them in the tests):
//
//	fire / oppfire   worst result on the target team: "kill", "serious",
//	                 "light", "near miss", "miss". Hits fall at random
//	                 among the exposed figures still standing, and wounds
//	                 add up (a light wound on a wounded man is "serious",
//	                 a serious wound on a seriously wounded man "kill").
//	                 Panic fire: "pinned down" / "miss". Beyond twice
//	                 effective range: "ineffective" (certain).
//	blast            the to-hit roll ("hit" / "miss"), and a part per
//	                 figure (friend or foe) the burst may reach: "kill",
//	                 "serious", "light", "near miss", "unhurt", over every
//	                 to-hit roll and deviation die.
//	assault          the first pairing's five results (CloseNames) and a
//	                 part per pairing in the order rolled, with "not
//	                 fought" when one of its figures fell in an earlier
//	                 pairing; a broken team "defenders surrender".
//	call             the observer's roll as the mission lands next round
//	                 ("hit" / "miss") and a part per figure the burst may
//	                 reach where it stands now (as for blast).
//	door ... kick    "door open" / "door holds"; rush: "door open" / "in
//	                 a heap".
//	activate U2      each band of the team's next activation roll, by the
//	                 band's name ("break" ... "double"), as the next round
//	                 begins if nothing changes first (this round's fire
//	                 then counts as last round's).
//
// Anything without dice: "certain".
//
// # House choices
//
//   - Every figure is light infantry (uniform and helmet) unless its unit
//     says armour = "none" or "body" in the scenario (Vars["armour"] 1 or
//     3). Cavalry and bicycles (mount = ...) move 16" and 12", and must
//     dismount to fight (equip.go).
//   - Cover and prone for the to-hit roll are those of the named target
//     figure; hits are then spread at random (1Dn) among the target team's
//     figures that some firer can see.
//   - Row 7 of the Activation Table allows only opportunity fire (the
//     table's combat column), row 8 direct fire.
//   - Close assault: a figure is in contact when base edges are within
//     1". The active team's figures move into contact with move commands
//     (only at Close or better), then "assault" pairs each attacker in
//     contact with its nearest defender, and each unpaired defender in
//     contact with its nearest attacker.
//   - "Position at the start of the round" for falling back after a close
//     assault is the position at the start of the team's activation.
//   - Facing (facing.go): a figure's front arc is 45 degrees either side
//     of its facing, its rear more than 135 degrees off, the rest flank.
//     Fire or explosives from the target figure's flank or rear put the
//     team under flank (-1) or rear (-2) fire on the activation table;
//     rear replaces flank, never both. A moving figure faces its way of
//     travel; a side whose scenario gives no facing at all starts facing
//     the nearest enemy.
//   - Prepared positions: a figure in one may fire (and throw) only
//     across a 90 degree arc centred on its facing at the start of the
//     game, or, having moved in, on its nearest enemy when it arrived.
//     A figure that moves into a prepared position settles in for the
//     rest of that round: it may not fire or throw, and neither it nor
//     its team gets the position's firing, defending or activation
//     bonuses until the next round (the cover itself protects at once).
//     Figures that start the game in one are settled.
//   - Hidden set-up (conceal.go): a side with hidden = true starts with
//     its teams unspotted: no enemy can see them, so they are never
//     targets, until they attack, move in an enemy's sight, or an enemy
//     figure with sight comes within 4" (base edge to edge). Points x2.
//   - Concealment (conceal.go): a team that has not yet attacked, with
//     every figure in soft cover or better, is concealed (+1 activation);
//     its fire at a still-fresh team counts the target unaware (+2).
//   - Motivation (motive.go): fanatics and warriors may not move away
//     from the enemy by choice; fanatics must assault when they can, may
//     not end, run, go prone or give aid while they can still fire, and
//     their side may not pass up opportunity fire they could take.
//   - Leader quality (leader.go) comes from the leader figure's scenario
//     rating: 0 basic, 1 incompetent, 2 okay, 3 good, 4 exceptional. A
//     team with its own leader takes his row; an incompetent leader gives
//     no bonus and teams of his group within a full move act at his
//     team's level. Team cohesion: every figure within half a move of a
//     team-mate; section cohesion: a team under a parent unit within a
//     full move of that unit's leader; else -2 (separated).
//   - Aimed fire at one figure: only firers that can hit that figure
//     shoot, each at -3, and all hits land on it.
//   - Indirect fire: see indirect.go (observer in the calling team, the
//     mortar braced and in the same team, deviation doubled, +2 per
//     earlier mission observed on the same point).
//   - Points (points.go): Points / PointsOnMap price a scenario by the
//     rulebook's guide; team size above the guide's largest team for the
//     quality counts as more teams.
//   - Doors (doors.go): buildings with doors can be entered through open
//     ones; a figure within 1" of a door opens it (on through with 2"
//     left if under half its move is used, else it stops) or, at Advance
//     or better, kicks it in (1D6 + modifiers, 4+: through and stop; one
//     kick per door per team per round) or leads a rush (a kick that,
//     failing, still bursts the door and lands the team inside, prone). A drag blocked by walls goes by
//     the nearest open door. Vehicles are not played by the engine.
//   - A scenario with no turn limit ends after 12 rounds; the side with
//     fewer losses wins (also at any turn limit). A side wiped out, or
//     reaching the scenario's victory losses, loses at once.
//   - The deviation table is cut off in the rulebook: a missed explosive
//     lands short (1D6 of 1-3) or long (4-6) along the line of fire by as
//     many inches as the to-hit roll missed by; half for hand grenades,
//     double beyond effective range (see data/tables.toml).
//   - Burst distances are measured centre to centre; a figure takes one
//     one-die attack per die left at its distance (radius = dice).
//   - An explosive ("blast") is the team's one fire attack of the round.
//     Each listing of "grenade" (or any X weapon) in a figure's weapons is
//     one round of it.
//   - Fall back and break move each figure straight away from its nearest
//     enemy (towards its own side when there is none); off the table it is
//     lost. A figure that cannot move stays put.
//   - A second light wound, or a second serious wound, makes it worse
//     (serious, killed). A figure lightly wounded or near-missed does
//     nothing more this round. Seriously wounded figures move half, crawl
//     when prone, never shoot and only defend in close assault.
//   - A broken team (one Break result) contacted by a close assault
//     surrenders without a fight; two Break results remove the team.
//   - "Not under fire" (+2 to the firer, +1 to activation): the team has
//     not been fired at this round or the round before it. The book says
//     "in this round, or in a previous round"; we read "previous" as the
//     one before, as its activation modifiers carry over one round only,
//     so the bonus returns after one whole round with no fire at the team.
//   - Panic fire that fails its roll leaves the target not under fire; a
//     success pins it and puts it under direct fire.
//   - The GPMG must be braced: the weapons table marks it with the star
//     of the weapons that must be braced although its type column says
//     BA (it is priced as before). The light mortar, like the LMG, takes
//     1" off its carrier's move.
//   - The observer of indirect fire rolls with his own quality and state
//     only: no braced and no direct-fire bonus; +2 for each earlier round
//     he observed the same point.
//   - A target moving into sight (it is moving in its team's go and the
//     firer could not see where it began that go) is -2 to hit, counted
//     with cover (only the best of them applies). A mover leaving sight
//     cannot be fired at, so "out of sight" does not arise. A target
//     moving out of cover in its go keeps the cover it left (the best
//     cover applies, as the book says of moving into or out of cover).
//   - Close assault: a defending team still fresh (it has not met the
//     enemy) caught by a concealed or unspotted team is surprised (-2 to
//     each defender). "melee-weapon" (+3) and "improvised-weapon" (+1)
//     are equipment words in a figure's weapons list, like
//     "door-breaker"; the better one counts.
//   - A leader's +1 to the other teams of his group needs him within a
//     full move of the team and in sight of one of its figures.
//   - Fire beyond twice effective range is ineffective: offered when no
//     figure reaches the team but some see it; no roll, no hits, and the
//     target team comes under direct fire (autofire when an autofire
//     weapon fired) and records who fired at it (return fire).
//   - A light wound's -2 applies to the figure's door kicks as well as its
//     shooting and close assault.
//   - A breaking team (Break, or a defender breaking in close assault)
//     abandons its heavy (H) weapons where each carrier stood
//     (abandon.go). The book is silent on getting them back; here any fit
//     figure of either side whose base comes within 1" may take one up
//     in its team's go ("pickup"), ending its move.
//   - Leaders move from team to team of their group ("join"): base within
//     1" of a figure of the other team (its parent, a sibling or a
//     child); the new team is his from then on, and his go is over for
//     the round.
//   - Recovering casualties (Stand 5 or better, recover.go): a fit figure
//     within 1" of a seriously wounded team-mate takes hold of him; it
//     moves at half its allowance for the rest of the go and drags him
//     along, set down touching it behind.
//   - Activation Table options not played: reloading heavy weapons (the
//     engine does not count heavy-weapon ammunition), booby traps (maps
//     and scenarios have none) and de-bussing (no vehicles). Break's
//     "flee or surrender" is played as fleeing, with surrender when an
//     enemy is within 1" or the team is caught in a close assault.
//   - Movement: difficult going costs double and each linear obstacle
//     crossed 2" (the rulebook leaves terrain to the scenario); standing up
//     from prone costs 1"; a prone figure crawls up to 2"; going prone ends
//     the figure's move. Running doubles the allowance; after three rounds
//     of running a team halts for one round (two in body armour).
//   - A figure braces its weapon by spending a whole round without moving
//     or firing; heavy (H) weapons fire only when braced.
//   - Stand (6): a move may not end nearer the nearest enemy, and must
//     end in cover against it (soft or better: the area stood in, or a
//     wall or hedge between). When a Stand team activates, each standing
//     figure in the open looks for cover it could reach by one straight
//     move (points every 1/2" out to its half move, in 16 directions from
//     north, judged by the move rules); with none, the engine lays it
//     prone facing the nearest enemy. Only teams at Close or better may
//     end a move within 1" of an enemy.
//   - The optional random leader and troop quality rolls are made at
//     Start when the scenario sets random_leaders / random_quality
//     (leader.go, rollQualities): teams in unit order, then leaders in
//     figure order, each a ledger event; otherwise the scenario's rating
//     and quality stand.
//
// # Event kinds
//
// "turn" (new round), "roll" (a ledger: activation, tie roll-off, to-hit,
// which figure is hit, effect, deviation, close assault), "phase",
// "move", "posture", "run", "winded", "pinned" (panic fire), "wounded",
// "removed", "broken", "blast" (Area is the burst circle), "aid", "call"
// (Path holds the aim point), "door" (Path holds the door point),
// "dismount", "abandon" (a breaking figure leaves a heavy weapon; Path
// holds where), "pickup", "join" (Unit is the team joined), "recover"
// (Target is the casualty), "win".
package smle

// Package skirmish35 is "My 1/35th Scale WWII Skirmish Rules" (v3.2) on
// the shared rules core: sides take whole turns in turn, and in its
// side's turn every figure spends its own action points (three, four or
// five by experience, one fewer when suppressed or shaken) on any
// actions in any order.
//
// # Turn flow
//
// Phase "turn": Active and Decider are the side whose turn it is. At the
// start of a turn the side's lines of suppressive fire are lifted, old
// smoke clears, each figure that sees no friend (or is shaken) takes its
// morale test, and every figure gets its points. "end" closes the turn:
// mortar rounds the other side plotted land, and the other side begins
// (side 0 opens every round; the turn limit ends the game after side 1).
// A suppressed figure out of cover may move only towards cover: into it,
// or nearer the nearest piece that gives cover; it may close on a known
// enemy only into the closest cover (the piece nearest where it
// stands). A shaken one moves only away from the nearest known enemy.
//
// Phase "won": a defender that won hand to hand; Decider is its side,
// which kills or captures the attacker ("kill F7 F1" / "capture F7 F1"),
// and the turn goes on.
//
// Phase "opp": after an enemy figure moves in front of, in range and in
// sight of a figure holding opportunity fire, Decider passes to the
// holder's side, which may "oppfire F<holder> F<mover>" (hits only on a
// double six) or "pass".
//
// # Commands (one-line notation, rules/notation.go)
//
//	move F1 x,y ...         3" a point (1" crawling prone), 12" a turn; each obstacle 1D3 points
//	face F1 F7 | face F1 x,y  turn (house: 1 point); a move ends facing its way
//	prone F1 / stand F1     drop flat (free) / stand up (1)
//	acquire F1 [F7]         2D6 needing more than the total; with no target,
//	                        look about for every enemy in front (free, once a turn per target)
//	fire F1 F7 aimed|unaimed  4 or 3 points at an acquired target
//	opp F1                  hold 4 points for opportunity fire
//	oppfire F1 F7 / pass    in the enemy's turn
//	suppress F1 x,y x,y     lay a line of suppressive fire (3)
//	grenade F1 F7|x,y [smoke]  throw (2): deviation, fuse die, effect table
//	plot F1 F7|x,y          mortar fire (3): radio, open sights or within 12" of the crew
//	melee F1 F7 [capture]   hand to hand (2)
//	kill F7 F1 / capture F7 F1  phase "won": the defender F7 that beat
//	                        the attacker F1 off decides its fate
//	surrender F1 F7         call on a lone enemy to surrender
//	hide F1 / rally F1 / reload F1
//	oppsup F1 F7            in the enemy's turn: held points as suppressive fire
//	throwback F1 F7|x,y     throw back an enemy grenade lying live within 2"
//	door F1 x,y open|close|lock|unlock  a door of a building (1)
//	door F1 x,y force       a locked door from outside (2D3)
//	lean F1                 lean out of a window or door (1): soft cover only
//	climb F1                through the window beside it (1D3, as a wall)
//	at F1 x,y               anti-tank weapon at a building (3)
//	at F1 V2                anti-tank weapon at a vehicle (3); a Panzerfaust
//	                        is thrown away after its shot
//	board F1 V2             climb aboard a friendly vehicle within 1" (1;
//	                        the figure's turn ends)
//	end
//
// Vehicle commands name the vehicle's unit and, in the last word, the
// vehicle (rules/vehicles.go: "V1", "V1-r" reversing, "V1-f90" a facing);
// a vehicle spends its own action points (house values):
//
//	drive U3 x,y ... V1[-r][-fD]  legs, each a turn on the spot then a straight
//	                        run, inches a point by going (VehicleMove checks it)
//	turret U3 V1-fD         turn the turret (1)
//	gun - U3 F7 V1          high explosive at a figure (3): rolled as anti-tank
//	                        fire, a hit bursts with the effect table
//	gun U3 x,y V1           the gun at the vehicle whose hull is under x,y (3)
//	mg - U3 F7 V1           a machine gun that bears, unaimed with a burst (3)
//	smoke U3 V1             smoke dischargers: a cloud just ahead (1)
//	shell U3 x,y V1         a smoke shell where aimed, in sight (3)
//	dismount U3 V1          the passengers get out (1)
//	vopp U3 V1              hold the machine guns for opportunity fire (4)
//	hatch U3 V1             open or shut the hatches (1; house: open, -1 to
//	                        the vehicle's hit rolls, but bursts over the
//	                        hull roll the in-building row for the crew)
//	oppmg - U3 F7 V1        in the enemy's turn: a held vehicle's machine
//	                        gun at the figure that moved (double six only)
//	bail U3 V1              the crew get out of an immobilised tank (or any
//	                        soft vehicle): it is abandoned (free)
//
// # Vehicles
//
// Types are in data/vehicles.toml (tanks, halftracks and trucks, each
// with a Look). A working vehicle (crew aboard, not destroyed or
// abandoned) gets its type's points at the start of its side's turn.
// Figures aboard are off the table: they neither act nor are seen nor
// caught by bursts, and are lost with their vehicle. Anti-tank fire at a
// vehicle is 2D6 needing more than the modifiers (range band, firer been
// fired on, firer moved, target moved in its last turn, side shot -1), a
// double six a failed shell; the face struck comes from the shared model
// (rules.FaceStruck). A tank hit in the rear is destroyed; on the side,
// double one no damage, double six immobilised, anything else destroyed;
// on the front, any double no damage, anything else destroyed. Any hit
// destroys a halftrack or truck.
//
// # Seeing
//
// A figure sees another when a sight line reaches its base (three rays)
// and no smoke lies on the centre line. Crops, rubble, woods seen through
// their edge and fences hinder; a wall or hedge lower than the target
// (the height tester: standing 1", prone 0.3") hinders, as high or higher
// hides it (hedges are seen through by the terrain for this: bushes.go).
// Any hindrance but a fence hides a figure that is not standing (a fence
// still hinders it, unless the figure lies beside a hedge or bocage:
// then it is hidden). Seen from a hill, woods hinder instead of stopping
// the line (terrain.LOSOptions.WoodsHinderFromHeight). Fences, which the
// terrain's sight line passes by as see-through, are found by the rule
// set itself. The piece giving the
// target its cover counts as cover, not as a hindrance. A vehicle's hull
// hides a figure when it stands across all three sight lines, and gives
// hard cover to a figure within 1" of it that the line of fire meets it
// before (house values).
//
// # Events
//
// Kinds: "turn", "phase", "roll" (with its ledger), "move" (Path),
// "look", "face", "posture", "removed", "morale", "win", "opp", "ammo",
// "reload", "hide", "line" (Path: the two ends), "lines", "throw",
// "burst" and "smoke" (Area), "plot", "points", "captured", "door",
// "lean", "drive" (Unit, Path: the hull centre's route), "turret" and
// "vehicle" (Unit; destroyed, immobilised, crew out with Figures).
//
// # Odds outcome names
//
//   - fire, oppfire: "killed", "broken", "morale -3", "morale -2",
//     "morale -1", "no effect" (the target's fate; Note gives the chance a
//     support gun runs dry).
//   - acquire: "acquired", "not seen".
//   - move: "moves", "halted at an obstacle", "stopped by suppressive fire".
//   - grenade at a figure, plot over open sights: "killed", "suppressed",
//     "no effect", "goes off later", "dud"; at a point: "bursts on the
//     aim point", "bursts off the aim point", "goes off later", "dud";
//     smoke: "smoke on target", "smoke off target", "goes off later",
//     "dud".
//   - plot by radio: "through", "no contact".
//   - oppsup: "stopped", "not stopped".
//   - throwback: as grenade, plus "goes off in hand".
//   - at (a building): "hit", "miss", "dud shell".
//   - at a vehicle, gun at a vehicle: "destroyed", "immobilised",
//     "no damage", "miss", "dud shell".
//   - gun at a figure: "killed", "suppressed", "no effect" (the shell hit
//     and the target rolled no effect), "miss", "dud shell".
//   - mg, oppmg: as fire.
//   - door force: "forced", "holds".
//   - climb: "through", "stuck".
//   - melee: "attacker wins", "draw", "defender wins".
//   - surrender: "surrenders", "refuses".
//   - rally: "rallies", "fails".
//   - end: "next turn", "game ends"; parts: each figure a mortar round or
//     late grenade may reach ("killed", "suppressed", "no effect", "not
//     caught"), each prisoner that may try to escape ("escapes", "held",
//     "no try"), each figure that may test morale as the next turn begins
//     ("passes", "fails", "not tested") (endodds.go).
//   - kill, capture: "certain".
//   - anything without dice: "certain".
//
// # Snipers
//
// The book leaves snipers to each scenario. A figure whose firearm has
// sniper = true (data/weapons.toml: the sniper rifle, house rules) may
// look about, acquire and take aimed or opportunity fire while hidden,
// and stays hidden; its range step is the weapon's range_step (20"). A
// hidden sniper that has fired can be acquired behind hard cover until
// it moves or hides again.
//
// House values are marked in data/tables.toml and listed in the README.
package skirmish35

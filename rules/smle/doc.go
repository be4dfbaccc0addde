// Package smle is the S.M.L.E. rule set (Chris & Alex Nicole's "Short
// Magazine Lee Enfield" skirmish rules): team activation on a 1D6 table,
// 2D6 shooting against a to-hit number by troop quality, damage dice
// against the defender's die plus armour, close assault, explosives, and
// vehicles (vehicles.go, see "Vehicles" below). Its numbers live in data/*.toml; mech.go holds the pure
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
//	fire - U2 F9 direct   team fire at F9's team (direct, return or panic:
//	                      its band's fire or one of a band below)
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
//	reload F3              F3 reloads his heavy weapon that has run dry (reload.go)
//	trap F3                F3 rigs a grenade as a booby trap at his feet (traps.go)
//	clear F3 x,y           F3 clears the booby trap at x,y
//	drive U2 x,y ... V1    the team's vehicle V1 drives through the points
//	                       (V1-r reversing, V1-f90 a last turn to 90 degrees;
//	                       "drive U2 V1-f90" only turns). Legal lists
//	                       "drive U2 V1" with no path first: the table's
//	                       drag fills in the path, checked by VehicleMove
//	                       (the VehicleMover hook)
//	turret U2 V1-f45       the turret turns to face 45 degrees
//	board U3 V1            team 3 gets into vehicle V1 (its crew, if V1 is
//	                       the team's own vehicle; passengers otherwise)
//	debus U3 V1            team 3, all aboard V1, gets out by a free door
//	shoot F3 V2            F3 fires his best anti-vehicle weapon at V2
//	shoot U2 V2            the team fires its team weapons at V2 (vehvolley.go)
//	gun F5 U2 F9 V1w0      weapon 0 of the team's vehicle V1 fires at F9's
//	                       team (F5 is its gunner, the last fit crewman)
//	gun F5 U2 V1w0t2       weapon 0 of V1 fires at vehicle V2
//	arrive U2 V1           the helicopter V1 lands at its drop zone
//	leave U2 V1            the helicopter V1 flies off with all aboard
//	end                    the team's activation ends
//
// The table aims by a click: "shoot F3 x,y" (a point of an enemy hull),
// "gun F5 F9" and "gun F5 x,y" (no weapon named: the first of the
// vehicle's weapons that can fire at it) are completed into the forms
// above before they are checked (normalize, vehicles.go).
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
// fire, de-bussing, a shot at or from a vehicle: at the figure that
// acted, or the team's first figure some enemy may fire at), enemy teams at Stand (6) or better that have not attacked
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
//	                 effective range: "ineffective" (certain). A part per
//	                 heavy weapon firing: "runs dry" / "keeps firing".
//	blast            the to-hit roll ("hit" / "miss"), and a part per
//	                 figure (friend or foe) the burst may reach: "kill",
//	                 "serious", "light", "near miss", "unhurt", over every
//	                 to-hit roll and deviation die; a heavy weapon (a
//	                 mortar) adds its ammunition part.
//	assault          the first pairing's five results (CloseNames) and a
//	                 part per pairing in the order rolled, with "not
//	                 fought" when one of its figures fell in an earlier
//	                 pairing; a broken team "defenders surrender".
//	call             the observer's roll as the mission lands next round
//	                 ("hit" / "miss") and a part per figure the burst may
//	                 reach where it stands now (as for blast), and the
//	                 mortar's ammunition part.
//	end              when it brings on (next in the round) a team whose
//	                 fire mission is due, the mission as it lands: the
//	                 observer's roll ("hit" / "miss") and the parts of a
//	                 call, for the figures where they stand at its point
//	                 of impact (endodds.go); otherwise "certain".
//	door ... kick    "door open" / "door holds"; rush: "door open" / "in
//	                 a heap".
//	activate U2      each band of the team's next activation roll, by the
//	                 band's name ("break" ... "double"), as the next round
//	                 begins if nothing changes first (this round's fire
//	                 then counts as last round's).
//
//	                 (Every shot by a heavy weapon, at men or vehicles,
//	                 adds its "runs dry" / "keeps firing" part.)
//	shoot U2 V1      the worst result of the volley: "vehicle kill",
//	                 "vehicle serious wound", "vehicle light wound",
//	                 "no effect", "miss" (nothing hit).
//	shoot, gun at a vehicle
//	                 "miss", then the damage result on the face the shot
//	                 strikes: "vehicle kill", "vehicle serious wound",
//	                 "vehicle light wound", "no effect"; one part gives
//	                 the damage alone, if it hits, naming the armour met
//	                 ("medium tank 3D, right side").
//	gun at a figure  autofire or rifle-calibre weapons as fire (the worst
//	                 result on the team); explosives as blast ("hit" /
//	                 "miss" and a part per figure the burst may reach).
//
// Anything without dice: "certain". A move is "certain" as its side knows
// it: Odds never reveal a hidden booby trap, though one may go off.
//
// # Vehicles
//
// The example vehicles of the rulebook (jeep, truck, lorry, tracked APC,
// scout car, battle tank) and a half-track, light and medium tank are
// vehicle types (data/vehicles.toml; the Vehicled hook), drawn with the
// shared looks. A vehicle belongs to a team: its crew. Figures aboard are
// off the table: they neither see nor are seen, no burst reaches them,
// and they act only through the vehicle (the crew drive and fire it; the
// passengers may de-bus).
//
//   - Armour (vehicle.Armour holds armour class ranks, 1 softskin .. 7
//     super-heavy): the tank classes (light, medium, heavy, super-heavy)
//     are a class less at the side and rear and bulletproof on top, the
//     turret as the front; the others are the same all round. The face
//     struck comes from rules.FaceStruck (the core's corner rule). Each
//     vehicle serious wound takes a die off every face of a tank, never
//     below one die; a light tank's side (bulletproof 1D+2) keeps its one
//     die.
//   - Damage: the weapon's dice and add against the armour's dice and
//     add. Twice the armour or more (and more than it) kills: it brews
//     up, everyone aboard takes a 1D explosive attack and the survivors
//     bail out prone by its doors (a man with no room to get out is
//     lost). More is a vehicle serious wound: it stops for the round (no
//     more driving), fires no more that round, a tank loses a die of
//     armour, its crew count a casualty on the activation table in the
//     next round, and softskins (softskin, larger softskin) are bailed
//     out of. Equal is a light wound (recorded, nothing more). Less: no
//     effect, but the crew's team is under fire either way.
//   - A shot at a vehicle scores at most one hit: autofire's extra hits
//     are spent on the same hull. An explosive fired at a vehicle bursts
//     where it lands, hit or miss: a hit at the hull's centre, a miss
//     deviated along the line of fire as a miss at men is; the burst's
//     dice fall on the figures in reach, never on hulls (our reading of
//     the burst as attacks on figures). Mortar rounds that land on a
//     hull strike it with the mortar's full dice on the top armour
//     (indirect.go).
//   - The bazooka: the weapons table's 2D+2 stands. The book's worked
//     example calls it 3D (15 against a medium tank's 12); its ruling
//     (more than the armour, under twice it: a serious wound, the tank's
//     armour down to 2D, a crew casualty next round) is tested with the
//     table's dice (13 against 12).
//   - Guns by calibre: 1D and 1" burst per 25 mm; anti-tank guns add +1
//     per die on a direct hit (their add); the 88 is 4D+4; the battle
//     tank's gun 4D Ex as listed; guided missiles 4D, less a die against
//     anti-missile screens. Ranges are house values (60", the 37 mm 48").
//   - Shooting at a vehicle ("shoot"): the team's volley with its team
//     weapons (each man rolls, each hit rolls damage, in figure order; a
//     serious wound weakens a tank before the next hit; it stops once the
//     vehicle is out), or one man with his best weapon against vehicles
//     (most dice, then add; not thrown weapons or mortars): the team's
//     attack for the round, at Advance (8) or better, or on opportunity. Normal to-hit with the vehicle's
//     size modifier (very small +0 .. huge +4, flying -4), the cover of
//     the sight line to the hull, and "moved over half" when it has
//     driven over half its clear combat move this round. No troop quality
//     modifier for a vehicle target.
//   - A vehicle's weapons ("gun") fire with the last fit crewman's
//     quality, always braced, moving as the vehicle moved (under or over
//     half its clear combat move), within each weapon's arc (turret and
//     coaxial weapons turn with the turret). One of them fires per round:
//     it is the crew team's attack. At a figure, a rifle-calibre or heavy
//     MG is a volley whose hits fall among the figures of the team it can
//     hit; an explosive bursts like a blast (deviation, burst dice). Main
//     guns and missiles count their rounds.
//   - Opportunity fire: after a vehicle drives, the other side's teams
//     that may take opportunity fire (Stand 6 or better, no attack yet)
//     may "shoot" at it or fire a vehicle's "gun" at it, or "pass". The
//     shot is taken where the drive ended (windows open after an action,
//     never during it). A moving figure may also be fired on by enemy
//     vehicles ("gun" in its window), resolved at once.
//   - Men within 1" of a hull that stands across the line of fire are in
//     hard cover (rules.VehicleShelter). Hulls block sight like a small
//     building (vehicle_sight.go): a ray passing strictly inside a hull
//     shows nothing beyond it, so a man wholly behind a tank is unseen
//     and one partly behind it is seen (in hard cover if within 1").
//     Flying and very small vehicles never block; a hull is never in its
//     own crew's way nor in the way of sight of itself.
//   - Driving: the combat move by going (clear, rough, woods, road,
//     water; "N/A" cannot go there; heavy wheels' road "32+" is 32),
//     hedges, walls and banks cost 2" at clear speed, buildings block
//     (vehicle.DefaultGoing). It may drive no further in a round than
//     last round's distance plus half its road speed (from a standstill,
//     half the road speed), and may stop at once. A drive that needs more
//     than the combat move goes flat out, up to twice it, when all of it
//     is over clear ground and road with no obstacle: the vehicle may not
//     then fire, nor take opportunity fire, that round. Several drives in
//     one go share the move. Turning the turret is free.
//   - Boarding: a whole team on the table, none of whom has moved this
//     go, each within half a move of a door or the hull, into a vehicle
//     that has not moved this round and has room (crew places for its own
//     team, passenger places for others). It may drive off next round if
//     two fit crew (driver and commander) were already aboard, else the
//     round after.
//   - De-bussing: at Stand (6) or better (the table's "De-bus and
//     Deploy", read as that row or better), a team all aboard, not boarded
//     this go, the vehicle having driven no further than the team's foot
//     move this round, one team per door per round: its men are set down
//     by the door, prone, their go over (within a half move of the
//     vehicle). A crew that de-busses leaves its vehicle abandoned.
//   - Activation: a team riding in another team's vehicle acts at that
//     team's level (the squad as one unit); the crew's team, while its
//     vehicle is not brewed up, and a team all aboard an armoured
//     (bulletproof or better) vehicle are armoured troops (+1).
//   - Door kicking is for doors in buildings only: a vehicle's armoured
//     hatches are not doors and are never offered to "door".
//   - The optional hit location chart (hitloc.go) is played when the
//     scenario says hit_locations = true (the State variable
//     hit_locations is then 1): a serious wound rolls 1D6 (1 explodes as
//     a kill, 2 immobilised, 3 crew and 6 passengers take a 1D explosive
//     attack, 4 main weapon out, 5 a walking pace of 6"), and the odds
//     count a sixth of serious wounds as kills.
//   - Helicopters (helicopter.go) are the book's "space elevators": off
//     the table at the start, "arrive" at the drop zone the scenario
//     places them on (it must be clear; opportunity fire follows), troops
//     de-bus or board as usual, "leave" in a later go takes it and all
//     aboard out of the battle (not losses). A serious wound makes it
//     abort (it leaves at once); a kill brings it down where it stands.
//     Flying: -4 to hit on top of its size. It never drives.
//   - Bad going: the scenario names it (bad_going, terrain kinds or
//     named pieces). House ruling, as the book leaves the effect to the
//     scenario: a vehicle goes no faster through it than over rough
//     ground, so one without a rough speed cannot enter it and none goes
//     flat out across it (vehicle_drive.go).
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
//     table's combat column), row 8 direct fire. A team may take any
//     option at its level or below (Game Turn Sequence, step 2): Legal
//     offers the fire of the rows below its own as well (fireKinds:
//     return fire at a team that fired at it, panic fire), and Odds
//     prices the kind named.
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
//     the nearest open door.
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
//   - "Moved more than half move in sight" (+1): the firer sees the target
//     now and could see it where it began its go.
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
//   - Reloading heavy weapons (reload.go; the book counts no ammunition):
//     a heavy (H) weapon whose to-hit dice show a double runs dry (1 in 6
//     each time it fires: volleys, opportunity fire, explosives, a
//     mortar's mission). It fires no more until its carrier, at Pinned
//     (3-4) or better, spends his round on "reload" (no move, no fire).
//   - Booby traps (traps.go; the book names only the option): at Close
//     (9) or better a man rigs one of his grenades at his feet; an enemy
//     who comes within 1" of it in his own move stops and takes its direct
//     hit and burst; a team at Close or better finds it instead and may
//     clear it. A scenario sets traps before the battle with a side's
//     traps = [[x, y], ...] (rules.NewState passes them as side vars;
//     startTraps takes them in); each is priced as a hand grenade.
//   - Break, "flee or surrender": the team flees twice its full move; it
//     surrenders whole when an enemy base is within 1" of any of its men
//     as it breaks (contacted), and a man who cannot get at least a full
//     move away from where he stood surrenders (unable to retreat). A
//     broken team caught in a close assault surrenders.
//   - Movement: difficult going costs double and each linear obstacle
//     crossed 2" (the rulebook leaves terrain to the scenario); standing up
//     from prone costs 1"; a prone figure crawls up to 2"; going prone ends
//     the figure's move. Running doubles the allowance; after three rounds
//     of running a team halts for one round (two in body armour). A run
//     is offered only to a team with a man who may still move (one just
//     out of a vehicle has stopped, every man); an older save's run of a
//     stopped team still replays.
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
// (Target is the casualty), "dry" (a heavy weapon ran dry), "reload",
// "trap" (set, no point; or found, Path holds it), "untrap" (cleared),
// "drive" (Path is the hull centre's route),
// "turret", "board", "debus" (also bailing out), "brewup", "vdamage" (a
// vehicle's serious or light wound), "arrive", "leave" (helicopters),
// "win".
package smle

// Package maxim is the Maxim to Minimi rule set: man-to-man skirmishes
// from 1900 to today at 1" = 10 m, with percentile fire, a ten-sided
// damage chart per weapon, explosives with three blast radii, morale
// that slides a unit through four failures, and vehicles on the shared
// vehicle model (rules/vehicle) with penetration against armour and the
// critical hit chart.
//
// # Turn flow
//
// Each turn (State.Round) runs six phases, held in State.Phase:
//
//   - "initiative": made by the rule set itself, with no input. Each side
//     rolls 1D20 with its modifiers (the quality of its first unit, taken
//     as the commander's: elite +1, green -1, untrained or mob -2; a side
//     that set up hidden has surprise, +1 in the first turn); the higher
//     total moves this turn, ties are rolled again. The side that moves
//     is the game variable "mover". Riders roll their 1D6+3" now, and the
//     mover's vehicles their move (see Vehicles).
//   - "move": the moving side is Active and Decider. "move F3 x,y ..."
//     moves a figure once; "melee F3 F9" (or "melee F3 F9 capture")
//     attacks an enemy in contact; "end" closes the phase. After every
//     move, if any figure of the other side could shoot the mover at some
//     point of its path, the phase becomes "opportunity" and Decider
//     passes to the other side. Vehicles drive ("drive U2 30,12 V1") and
//     men get in and out ("board F3 V1", "dismount F3 30,12") here too.
//   - "opportunity": the non-moving side's Legal lists one "fire F9 x,y
//     F3 F3" per firer and weapon, with the point of the path where the
//     shot is best (any point on the path is accepted; range, sight and
//     cover are measured to it), and "pass". A hit stops the mover at that
//     point. Each figure may take opportunity fire once a turn. The phase
//     closes on "pass", when the mover is down, or when no one else can
//     fire; then the mover's side goes on moving.
//   - "offensive": the moving side fires: "fire F3 F9 F9 [weapon]", one
//     target per shot up to the weapon's rate of fire; "end".
//   - "defensive": the other side fires back. A figure that took
//     opportunity fire this turn fires again only with a weapon of rate
//     of fire 3 or more. "end" ends the turn.
//   - "vehicles": the vehicles' second move: the mover's vehicles that
//     drove in the move phase roll a new move and may drive again (with
//     opportunity fire along the drive, by men and vehicle weapons that
//     have not fired this turn: nothing fires twice in a turn); "end"
//     closes it. When none may,
//     the phase passes at once.
//   - "morale": made by the rule set: every unit that lost a man killed
//     or wounded this turn checks, and every unit below normal that did
//     not tries to rally; then stuns run out and the next turn begins.
//
// # Firing
//
// A shot is a D100 at or under the weapon's chance plus its modifiers:
// one moving modifier, -20 when the firer, the target or both moved this
// turn, -30 when either is a vehicle that moved twice this turn (advanced
// gun fire control: 0 and -10), -40 for a target in cover (terrain cover
// or a partly blocked sight line), -10 when the firer was shot at this
// turn (caught in a burst too, and a crewman or rider when his vehicle
// was fired at),
// +10 for an ATGM, quality (elite +10, green -10, untrained -20), wounds
// (-10 light, -30 serious) and -15 at a unit's second morale failure. A
// shot with no chance is refused. A hit rolls 1D10 on the weapon's damage
// chart (stun, light wound, serious wound, kill), then a 1D6 save: hard
// cover (hard or prepared terrain) saves on 5-6, otherwise Kevlar on 6.
// A light wound on a light wound is serious, any wound on a serious wound
// kills (house rule). A stun costs the figure every action until the end
// of the next turn.
//
// Explosive weapons fire one shot per rate of fire at one figure or at a
// point ("fire F3 12,8 grenade-launcher"); a point takes the target
// modifiers of the enemies within the A radius of it that are seen (the
// hardest set), so the ground under a man is no easier than the man. A hit bursts on the aim; a miss
// deviates: a d8 for the direction (1 up the table, clockwise) and the
// weapon's die in inches (1D6 grenades, 1D8 rockets and launchers, 1D12
// mortars and guns). Every figure whose centre is within the A, B or C
// radius rolls 1D10 on that column of the explosive damage chart, -1 for
// Kevlar (a result of 0 is no effect), and saves 5-6 if in hard cover
// from the burst; terrain that blocks sight from the burst shields it.
// The firer is caught by his own burst as the radii say, but not by his
// cone weapon's cone. Flamethrowers
// burn a cone 3" wide at 8" (column A); a claymore needs no roll and
// blasts an 8" cone, A within 3", B 4", C 8"; set off at a vehicle it
// strikes the hull with penetration 10, then sweeps the men in the cone. Mortars cannot fire inside
// 10" and fire at anything a friendly figure sees. Grenades, LAWs,
// Molotovs and claymores are used up.
//
// A volley is rolled to its last shot even when an earlier one ends the
// game, so that what happens to each target is exactly what Odds says.
//
// # Morale and melee
//
// A unit's chance is its quality's (elite 80% .. untrained 40%), +20
// fanatics, -10 per five casualties, -20 at half casualties, +10 per
// enemy dead in sight, -10 per officer or NCO of the unit or those above
// it hit. A failed check drops one state and the unit falls back (state)
// D6" straight away from the nearest enemy; at the 3rd failure a D12 of
// 5+ leaves its heavy weapons and wounded behind, at the 4th they are
// always left. Falling back off the table is fleeing (a loss); with no
// way out a unit at the 3rd failure goes to ground, at the 4th it
// surrenders (fanatics fight to the death). A unit below normal may not
// end a move nearer the enemy; at the 3rd and 4th failures it does not
// fire.
//
// Melee: both figures check morale (their unit's chance); one that fails
// falls back 1D6" and no blow is struck. Then each rolls 1D10 with +1 for
// a nasty item (bayonet, knife, club), +1 for SMG, shotgun or pistol, +1
// elite, +2 fanatic, -1 attacked from behind, -1 per morale failure; the
// higher wins (ties again) and the loser is killed, or taken prisoner
// when the attacker wins a "capture" melee. A unit at its 4th failure
// gives up at once.
//
// # The end
//
// A side loses when every figure it has is down (or the scenario's
// victory_losses), or, at the end of a turn, when none left is willing to
// fight (all at the 4th failure). At the turn limit fewer losses wins.
//
// # Vehicles
//
// The types are in data/vehicles.toml (the Vehicled hook): hull size,
// house armour by face on the penetration scale of the explosive weapons
// table, turret, crew and passenger room, weapons with mounts and arcs,
// doors, and the move chart's class. At the start of its side's move a
// vehicle rolls its move (wheeled 2D6+6", tracked 2D6", slow tracked
// 1D6", helicopter 4D6"; half after a locomotion hit), and drives it
// through rules.DriveCheck (VehicleMove, the VehicleMover hook): open
// ground and roads at the rolled speed, rough and woods at half, no
// water, hedges and low walls 2" for tracks and closed to wheels; a
// helicopter ignores terrain. A vehicle that drove may drive again in
// the vehicles phase; in the rest of that turn (the opportunity fire at
// its second move) it counts as moving twice: -30% to hit for it and
// against it instead of -20%. Advanced gun fire control (the type's gfcs,
// or the scenario's fire_control = "advanced": the vehicle variable
// "gfcs") makes the moving modifier 0 for its weapons' shots, whoever
// moved, and -10% after two moves.
//
// The crew fires the vehicle's weapons: "fire F<crewman> ... <weapon>",
// each weapon once a phase (after opportunity fire, again in defensive
// fire only with a rate of fire of 3 or more), turret weapons turning to
// the target, hull and pintle weapons within their arcs. Passengers of
// an open-topped vehicle (not burning or abandoned) fire their own
// weapons over the side, from the hull's centre, moving as it moved
// (house rule; no mortars, claymores or melee weapons); a closed
// vehicle's passengers do not fire. Those open-topped riders may in turn
// be fired at and caught by blasts, in hard cover behind the sides and
// moving as the vehicle moved (house rule); other men inside cannot be
// targeted or caught by blasts. Opportunity fire at a driving open-topped
// vehicle may name a rider instead ("fire F9 21.5,14 F3": a point of the
// drive, then the man), direct fire only; a hit on him does not stop the
// vehicle (riders.go).
//
// Fire at a vehicle names a point on its hull ("fire F7 30,12 rpg"; under
// opportunity fire, a point of its drive). Range, sight and cover are
// taken to the hull's centre. Each shot (the weapon's whole rate of fire)
// rolls to hit; a hit penetrates when the weapon's penetration exceeds
// the armour of the face struck (rules/vehicle's geometry and corner
// rule; indirect fire strikes the top); a missed rocket or shell deviates
// and bursts on the men around. Each penetration rolls the critical hit
// chart (1D6): locomotion (half speed, a second one immobilises), a
// crewman (picked by 1Dn over the crew aboard, then 1D6: 1-2 stun, 3-4
// light, 5 serious, 6 kill), engine (immobilised; D100 of 30 or less:
// fire, the crew bails out), fuel (fire, the crew bails out), ammunition
// (everyone aboard killed; an unarmed vehicle carrying men takes it in
// its cargo: one passenger picked by 1Dn rolls the crewman's 1D6, house;
// an unarmed, empty one takes a locomotion hit),
// weapon (the main weapon is out). A vehicle whose crew is all dead is
// abandoned and its passengers get out. Men bailing out stand round the
// hull (a man with nowhere to stand dies inside). Under opportunity fire
// a penetrating hit stops the vehicle where it was hit. MANPADS fire only
// at helicopters (house: the book's ATA 7 is penetration 7).
//
// Hulls do not block sight (as men do not); a man within an inch behind
// one, wreck or not, is in hard cover from a firer whose line to him meets
// the hull (rules.VehicleShelter): -40% and a 5-6 save.
//
// Morale: -30% once when an enemy armoured vehicle still fighting is
// within 10" of any man of the unit, +20% for each knocked-out (burning,
// abandoned or crewless) enemy armoured vehicle in sight, -20% for each
// friendly one.
//
// # Events and ledgers
//
// Event kinds: "turn", "phase", "roll" (every die with its Ledger),
// "move" (Path: the points passed; a figure hit by opportunity fire gets a
// one-point move to where it stopped), "blast" (Area: the outer ring),
// "hurt", "removed", "lost" (a shot at a figure already down), "miss",
// "shielded", "abandon", "note", "recover", "fire" and "win"; for
// vehicles "drive" (Unit: the vehicle's unit; Path: its centre's route, or
// one point where a hit stopped it), "bounce" (a hit that does not go
// through), "penetration" and "vehicle" (damage, bailing out).
//
// The percentile die is recorded as one Die of 100 sides, Face 1..100:
// the table shows it as two ten-sided dice, tens ((Face%100)/10, "00" to
// "90") and units (Face%10), with 00 and 0 reading 100. Its ledger has
// Compare "<=", Target the modified chance, Mods the modifiers that made
// it, and Total the die. Damage ledgers are one d10, Compare "table",
// Total after Kevlar's -1. Saves are a d6, ">=". Initiative and melee
// are "opposed": both dice, Total the first side's (attacker's) score,
// Target the other's, and the other side's modifiers negated in Mods.
//
// # Odds outcome names
//
//   - fire at one figure (direct or explosive): what happens to it,
//     "no effect", "stunned", "lightly wounded", "lightly wounded and
//     stunned", "seriously wounded", "seriously wounded and stunned",
//     "killed", counted from its state before the shot; several targets:
//     each crossed, "F9 killed, F10 no effect". A blast has a part for
//     everyone else it may catch, the firer too ("F3 Able (the firer)"),
//     in the same words: each shot's landing, and a volley's shots lost
//     once its target is dead, followed exactly; its Note gives their
//     chance of harm from one shot.
//   - explosive at a point: "on the point" and "off the point"; a
//     claymore at a point: "certain".
//   - fire at a vehicle: the worst result of its shots, mildest first:
//     "miss", "no penetration", "penetrates, no effect", "crewman
//     stunned", "crewman lightly wounded", "crewman seriously wounded",
//     "crewman killed", "passenger stunned", "passenger lightly
//     wounded", "passenger seriously wounded", "passenger killed",
//     "locomotion hit", "weapon out", "engine hit",
//     "engine fire", "fuel fire", "ammunition explodes".
//   - melee: "attacker wins", "defender wins", "attacker falls back",
//     "defender falls back", "both fall back"; or "defender surrenders".
//   - "end" that closes the turn (defensive fire with no second move
//     to come, or the vehicles' phase): one part per unit the morale
//     phase rolls for, "U3 Rifles: morale check" ("holds", "fails: 1st
//     failure" ..) or "U3 Rifles: rally" ("rallies to normal" ..,
//     "does not rally"), each also "not rolled: the battle is over" when
//     an earlier unit's falling back can end the game; then "Initiative,
//     turn N" ("Blue moves", "Red moves", "no next turn: the battle is
//     over"), which is also the command's outcomes. Worked exactly by
//     following the morale phase down every branch of its dice
//     (endodds.go).
//   - anything without dice: "certain".
package maxim

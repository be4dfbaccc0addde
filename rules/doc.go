// Package rules is Hedgerow's rules core, shared by all five rule sets:
// battle state, commands in and events out, dice with ledgers, exact odds,
// the state hash, command notation, the scenario as data (Scenario and
// NewState) and the per-side view. It never imports Ebiten, the clock,
// goroutines or global random functions, and it touches no file.
//
// # What is where
//
// The core is the bottom of the house: everything else builds on it and
// nothing in it reaches up.
//
//   - rules (this package): State, Command, Event, Game (Apply, Legal,
//     Odds, MoveCheck, Undo), dice and ledgers, Hash, notation, View, the
//     RuleSet interface and its optional hooks, and Scenario, the plain
//     data a battle starts from (NewState, AutoDeploy).
//   - rules/scenario: reading a scenario file and its map (TOML, strict,
//     every problem at its line and column) into a Scenario, and the
//     start checks `hedgerow check` makes. It imports the core.
//   - rules/save: saves (the scenario's text, the seed, the placements
//     and the command log with state hashes), replays, salvage of a save
//     that stopped matching, and WriteAtomic, the one place a save is
//     written to disk. It imports the core and rules/scenario.
//   - rules/<id>: one package per rule set, on the core only; rules/all
//     lists them (and tells rules/scenario which ids exist), and is the
//     table's one door to the scenario loader, saves and the computer
//     player (table.go): game/ imports of rules/ only the core, geom,
//     terrain and all.
//   - rules/geom, rules/terrain, rules/vehicle: exact geometry, the map
//     and sight, vehicle hulls; below the core.
//   - rules/ai: the computer player, from a side's view only.
//
// # The loop
//
// A Game holds a RuleSet, the current State and the command log. The
// player (human, random or replay) asks Game.Legal what the deciding side
// may do, may ask Game.Odds or Game.MoveCheck about a proposal, and gives
// a Command to Game.Apply. Apply clones the state, lets the rule set
// change the clone, and keeps it only if the rule set accepted the
// command; the events returned say everything the screen needs (paths,
// every die with its ledger, removals, phase changes). Undo steps back
// through commands that rolled no dice, never past the last roll.
//
// Everything that can change lives in State, including the PCG generator,
// so a save is only the scenario, the seed, the starting positions and the
// command log (see rules/save), with state hashes to prove a replay matches.
//
// # Who decides
//
// The core knows nothing of turns. Each rule set keeps its own turn
// structure in four fields: Round, Phase (a name it chooses), Active (the
// side whose turn, phase or unit it is) and Decider (the side whose input
// the game is waiting for). Legal always lists what Decider may do; the UI
// hands the mouse to Decider and draws the hotseat curtain when it
// changes. Decider differs from Active whenever the other side may
// interrupt or must answer. Anything else a rule set needs to remember
// (activation levels, chits left, action points, has-fired flags) goes in
// the Vars maps on the state, sides, units and figures, written through
// SetVar so that equal states hash equally.
//
// # What a new rule set fills
//
// A rule set is a package rules/<id> with a value implementing RuleSet
// (ruleset.go), its data files, and one line in rules/all. The table
// (game/) never names a rule set: everything it shows comes through the
// RuleSet methods and these optional hooks, each with a plain default:
//
//   - Explainer (ruleset.go): the status panel's head and lines, the top
//     bar's turn and phase (Turn), the end button's words (End), the step
//     under way (Step, StepUnit: a new step clears the selection and
//     brings its unit into view), the order of play, and Panels of the
//     generic kinds: activation dice, a chit cup, action points, an
//     initiative roll, the phases of a turn, a price list of actions.
//   - Knower (present.go): what each side may know. The table, log, dice
//     tray, curtain and order of play read the state through View, so a
//     hidden or unspotted unit never leaks; DeployKnown hides a side that
//     sets up hidden during deployment, and DeployKnower an enemy the
//     rule set keeps out of sight at set-up (Firefight's, unspotted). Quieter keeps an unknown team's
//     chance (to fire at a mover) from the mover's side; GameVarKnower,
//     UnitVarKnower and SideVarKnower say which variables a side's copy
//     of the battle carries over the network (the rolls the book makes in
//     the open), never those of a unit it does not know; OwnUnitVarHider
//     keeps out a side's own variable that names an enemy it does not
//     know (the hidden team that fired on it); GameVarShaper writes a
//     list afresh with the rows a side may know (its own mortar rounds).
//   - FigureCarder (present_figure.go, with Overlayer): a figure's card lines, its markers as Mark kinds
//     (drawn as icons with a legend), its weapons with range bands (the
//     range rings and the targeting card), whether it is spent, and Radii
//     drawn about it while selected (a leader's command distance);
//     WeaponNamer gives a weapon its own name in a scenario ("Bazooka"),
//     which the table's weapon tags read, at deployment too.
//   - Shaper (present_controls.go, with Scaler and ActionLabeler): every area a proposed command would affect, drawn while
//     aiming: a blast's radii, a burst template's rectangle, a cone
//     (Templater's single circle is the fallback).
//   - TerrainCarder (present_terrain.go, with DoorStater): what a terrain piece does under the rule set, for the
//     card under a resting pointer (the map's own properties by default;
//     with Indoors, a building with doors is entered by them, and
//     BuildingGoer words its going in the rule set's own terms).
//   - ActionLabeler: each command's button label, short label, kind (a
//     button, aim at a target, drag to move, end, pass, a point on the
//     table, a line's two ends) and grouping; Ground marks an aimed
//     command that may also be aimed at bare ground (a grenade, a mortar
//     round), given with the button's own Arg (the weapon chosen).
//   - Overlayer: what lies on the table for a side to see, through
//     View.Overlays: smoke clouds (turns left, drifting), lines of
//     suppressive fire (whose, until when), live grenades, indirect fire
//     on its way, templates left for a turn. The rule set leaves out what
//     the side may not know (or marks it Secret); the table paints each
//     kind (a grey cloud with its count, a dashed line in its side's
//     colour, a grenade with its blast ring).
//   - MoveCrosser (crossings.go): where a proposed move will roll to
//     cross an obstacle before it ends, marked on the move tape (1/35th
//     Skirmish's obstacle dice).
//   - Firerer (firers.go): which of a team's figures a team's fire
//     command would have shoot, named on the odds card (S.M.L.E.).
//   - Scaler: the unit distances are shown in (inches, or centimetres
//     for a rule set played at 1 cm = 1 m); inside, the core is in inches.
//   - DoorStater: how each door stands, for drawing.
//   - Templater, Pricer, Vocabularied, Indoors: burst templates, points,
//     the scenario words it knows, figures inside buildings.
//   - Vehicled and VehicleCarder (vehicles.go): a rule set with vehicles
//     lists its vehicle types (rules/vehicle.Type: hull size, armour by
//     face, turret, capacity, weapons with arcs, doors, and Look, the
//     model the table draws); scenarios place them ([[side.unit.vehicle]])
//     and State.Vehicles holds them with their crews and passengers
//     aboard. VehicleCarder gives a vehicle's card (lines, damage marks,
//     weapons); without it BasicVehicle does. VehicleMover is the drive
//     check behind dragging a vehicle (DriveCheck does the work), and
//     vehicle commands name their vehicle in the ARG word ("V2-f90").
//     SightStopper says what else stops sight (S.M.L.E.'s hulls), so the
//     table's line-of-sight tool and aiming line agree with the rules.
//     SightJudge goes further: the rule set's own sight between two
//     figures (1/35th: heights, hindrances seen through), drawn as the
//     aiming line's clear, partial or blocked. NoDriveWhy asks the drive
//     check why a vehicle may not drive at all. VehicleFireWhyer (why a
//     vehicle's weapons may not fire at a figure) and AtVehicleWhyer (why
//     a man may not fire at a vehicle) give the rule set's reasons where
//     the table finds no command to try (1/35th, whose vehicle guns are
//     crew orders and whose anti-tank fire names the vehicle).
//     Geometry, faces struck, arcs and the drive check are rules/vehicle's.
//
// # The five rule sets on this core
//
// Simple Skirmish Game (ssg). Players take whole turns in turn (IGOUGO).
// A turn has three phases, Phase = "move", "melee", "shoot"; Active and
// Decider are the player whose turn it is, except that melee needs no
// choices from either side beyond resolving contacts. Legal lists a move
// per figure that has not moved, then the contact pairs, then one shot
// per figure and target; "end" closes a phase. The opening roll-off is
// made in Start.
//
// Maxim to Minimi (maxim). Also side by side, but each round opens with a
// d20 initiative roll made by the rule set itself to pick the moving
// side. Phases run initiative, move, offensive fire (moving side),
// defensive fire (the other side), a vehicle second move and morale. The
// move phase lets the non-moving side take opportunity shots at a figure
// that has just moved: after each move, Decider passes to the non-moving
// side, whose Legal lists its possible shots and a "pass"; then Decider
// returns. Defensive fire simply makes the non-moving side both Active
// and Decider for that phase.
//
// S.M.L.E. (smle). At the start of each round the rule set rolls every
// team's activation die, adds the modifiers (each shown in the ledger)
// and stores the resulting level in the unit's Vars. Teams then act one
// at a time from the lowest level up, ties diced off: Active is the side
// of the team now acting and the team is recorded in a game variable;
// "activate U<n>" or the first action of the team starts it, and options
// come as "opt U<n> <name>". Opportunity fire interrupts: after each
// action of the active team, if an enemy team with a high enough level
// can see it, Decider passes to that side with "fire ..." and "pass" on
// offer before play goes on. Double-move teams get a second turn at the
// end of the round.
//
// Firefight Lite (firefight). Initiative chits are kept in a game
// variable per chit still in the cup; the rule set draws one with the
// state's dice (so a replay draws the same), which makes its side Active
// for a short phase. Units of that side with initiative at least the
// chit's value act: their leaders first say which figures they motivate
// (up to their leadership, within command distance), then each motivated
// figure spends four action points, tracked in its Vars, on moves,
// spotting, firing, posture and going on opportunity fire. Figures on
// opportunity fire may interrupt enemy moves through Decider as above.
// When the cup is empty the unmotivated figures act with two points, and
// the morale phase ends the round.
//
// My 1/35th Scale Skirmish (skirmish35). Sides alternate whole turns, and
// each figure has a budget of action points for the turn (three to five
// by quality, fewer when suppressed) kept in its Vars. The deciding
// player picks any figure and any action whose cost fits what it has
// left, in any order, until they end the turn; Legal lists only
// affordable actions. Points held back for opportunity fire are spent in
// the enemy's turn, when Decider briefly passes to the holder's side.
package rules

// Package vehicle is Hedgerow's shared vehicle model: what a vehicle is,
// where its hull stands, which face a shot strikes, what its weapons can
// bear on, what it hides and shelters, and how far it can drive. It is
// headless and rule-set neutral: armour, size and movement class are
// plain values a rule set interprets, and its speeds come in from the
// rule set's data. It imports only rules/geom and rules/terrain, so the
// core (rules) can hold vehicles in its state.
//
// # Designed against three books
//
// S.M.L.E. gives each vehicle a combat move per going (clear, rough,
// woods, road, water; "N/A" where it cannot go), up to twice that on a
// good surface, acceleration of half road speed a round, armour dice by
// class that drop a class at the side and rear (bulletproof on top,
// turret as front), a size modifier, a capacity in teams, and weapons
// turreted, coaxial or pintle mounted; helicopters arrive, land, unload
// and leave. 1/35th Scale Skirmish needs only which face a rocket
// strikes (front, side, rear) and soft vehicles that any hit destroys;
// a tank may be immobilised. Maxim to Minimi rolls a move by class
// (wheeled, tracked, slow tracked, helicopter), lets vehicles move twice,
// compares penetration with armour and rolls critical hits (half speed,
// crew, engine, fuel, ammunition, main weapon). So:
//
//   - Type is the data: hull Length and Width, Armour by face (front,
//     side, rear, top, turret) as plain ints, Size, Class, OpenTopped,
//     Flying, an optional turret, Crew and Passengers capacity, Weapons
//     with Mount (hull, coaxial, turret, pintle) and Arc, and Doors.
//     Look names how the table draws it.
//   - Pose is where one stands: centre, hull facing and turret facing in
//     whole degrees clockwise from up the table (as figures face).
//   - Damage bits are the states every book shows on the table:
//     immobilised, brewed up, smoking, main weapon out, abandoned. Finer
//     states (a serious wound's lost armour die, half speed) belong in
//     the rule set's variables.
//   - Speeds is a move per going. S.M.L.E. passes its table row (and
//     Times(2, 1) for the dash, a Budget of half a move for acceleration);
//     Maxim to Minimi passes the distance it rolled in every going, and
//     calls Drive again for the second move.
//
// # Exact integer geometry
//
// Nothing here is decided by floating point (a test parses the source to
// keep it so). Facings are whole degrees; sines and cosines come from a
// literal table of sin(0..90 degrees) scaled by 2^20 and rounded once.
// A hull is HullAt: its half-length and half-width vectors are rounded
// once to position units, giving a parallelogram (a rectangle to within
// a unit) whose four corners are then exact, and every test on it is
// integer arithmetic with 128-bit products where needed.
//
//   - Face struck (Hull.Struck): the first face the segment from the
//     firer's point to the aim point (normally the hull centre) crosses.
//     The corner rule (CornerFace): a line meeting the hull exactly at a
//     corner strikes the less armoured of the two faces there, and the
//     side when they are equal. A firer on or under the hull strikes no
//     face (Inside). TurretFace does the same for a turret by 90-degree
//     quarters, exactly 45 degrees off counting as the side.
//   - Under, OverlapsBase, TouchesBase, OverlapsHull: a point or base
//     under a hull, and hulls overlapping (touching is never overlap).
//   - ArcCovers, ArcCoversCircle, Type.WeaponCovers: whether a weapon's
//     arc, turning with the hull or the turret, covers a point or a base;
//     both edges belong to the arc.
//   - BlocksSight: the sight line passes strictly inside the hull (for a
//     rule set that lets vehicles block sight). Shelters: a man whose
//     base is within a given distance of the hull, with the line of fire
//     to him meeting the hull, is behind it (S.M.L.E.: hard cover).
//   - DoorAt, DoorOut: where a door is, and where a man getting out by it
//     stands, just clear of the hull.
//
// # Driving
//
// Drive checks a Plan of straight runs (each preceded by a turn on the
// spot to face along it, or away from it when reversing) and an optional
// last turn, and says how far the vehicle gets and why it stops (Stop):
// out of move, blocked terrain, going it cannot enter, an obstacle it
// cannot cross, another hull, a figure's base, the table edge. Turns are
// checked at every whole degree; runs sweep the hull along the exact
// segment (the convex hull of its corners at both ends). Blocked terrain
// is, by DefaultGoing, buildings and high walls (a rule set may classify
// pieces itself); water is going with its own speed. The cost is counted
// along the centre line, in parts of a move: the length in each going
// over that going's speed, summed exactly, obstacles adding a clear-going
// distance each. Road beats every other going where pieces overlap, then
// water, woods, rough, clear. The start pose is taken as given.
//
// What Drive does not decide is the rule set's: whether an immobilised
// vehicle may turn, a helicopter's flight (it places the vehicle with the
// core's State.MoveVehicle), acceleration and stopping from round to
// round, and everything about shooting but the face and the arc.
package vehicle

// Package art paints the table: the drawing primitives every screen uses
// (points in pixels, colours, lines, polygons, text in the Go fonts and the
// UI scale), the batched mesh that draws thousands of shapes in one call,
// the cached painting of a map's terrain (woods, hedges, walls, houses,
// water, roads) and the vehicles' tops with their damage.
//
// It knows nothing of a battle, a scene or the player's input: it draws
// what it is given. The table (package game) decides what to draw and
// where; art decides how it looks.
//
//   - draw.go: Pt, colours (RGB, Shade, Mix, Brighten), lines, polygons,
//     circles, rectangles, text (Face, Say, Wrap) and UIScale.
//   - mesh.go: BeginBatch / EndBatch, which gather the shapes of a frame
//     into one triangle mesh.
//   - terrain_art.go, terrain_brushes.go: TableArt, a map painted once per
//     zoom level and cut into tiles; the brushes for each kind of ground.
//   - vehicle_art.go, vehicle_looks.go, vehicle_damage.go: a vehicle seen
//     from above, by its look (tank, half-track, jeep...), with its turret,
//     open hatches, smoke, flames and wreck marks.
package art

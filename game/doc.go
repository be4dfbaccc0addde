// Package game is Hedgerow's table: the window, its screens, the drawing
// of a battle and the player's mouse and keys, on Ebiten. It never decides
// a rule: it asks the rules core (hedgerow/rules) what is legal, what a
// side may see and what each command did, and shows it.
//
// Its rooms, by the first word of each file's name:
//
//   - app*: the App (the window, the scene it shows, toasts and dialogs,
//     F1's help), a table that sleeps when nothing moves (app_idle.go),
//     the autosave and its resume offer (app_autosave.go), and the probe
//     the end-to-end tests read (app_probe.go).
//   - scene_*: the screens around a battle: the title, the scenario
//     chooser and the result (scene_chooser.go), the map viewer, the load
//     list, the save-name dialog, and the watching of a map or scenario
//     file being edited (scene_watch.go).
//   - deploy*: the set-up screen, hull placing and its autosave.
//   - battle*: a battle's state and its questions to the core
//     (battle.go), where its bases stand and which is under the pointer
//     (battle_bases.go), its drawing (battle_draw.go) and input
//     (battle_input.go), interruptions and standing orders, team moves,
//     vehicles (selecting, driving, aiming), the end-of-turn guard and the
//     reasons given for a refusal (battle_why.go).
//   - hud_*: what stands round the table: the action bar (what it offers,
//     hud_actionbar.go; how the buttons are numbered and fitted,
//     hud_barfit.go; the hint beside them, hud_barhint.go), the status
//     column and its panels, the log, the dice tray, the curtain between
//     hotseat turns, and the hover and odds cards.
//   - table*: the table itself: the camera's view of the map (table.go),
//     the figures (table_figures.go) and their colours, weapon tags,
//     markers and packed bases (table_colours.go, table_tags.go,
//     table_marks.go, table_bases.go), doors, aiming overlays, the moving
//     tape, the last move's path, and the free tape and line-of-sight
//     tools.
//   - computer*: the computer opponent on the table: who plays each side,
//     its thinking off the drawing thread, its mark and pace button.
//   - net*: network play in the window: the host and join screens, the
//     link that feeds a battle the network's notes, deployment over the
//     network.
//
// Sub-packages hold what needs nothing of the App:
//
//   - art: drawing primitives, the batched mesh, terrain and vehicle art.
//   - keys: the one keymap (every key, F1's list and the hints).
//   - content: the shipped and on-disk maps and scenarios (no Ebiten).
//   - view: camera maths, selection and targeting, the animation
//     timeline (no Ebiten).
//   - netplay: the network protocol, host and join (no Ebiten).
//   - e2e: the tests that play the real binary in a window by mouse.
package game

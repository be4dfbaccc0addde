// Package netplay is Hedgerow's network play: a host holds the battle and
// its dice, a joiner on another machine plays the other side, and nothing
// the joiner's side may not know ever leaves the host. It has no Ebiten
// import, so it runs headless (the `hedgerow host` and `hedgerow join`
// commands, and its tests) and the windowed screens build on it.
//
// # Who holds what
//
// The host is authoritative. It holds the rules.Game, seeded and with its
// dice stream, checks every command with Apply, and is the only end that
// can replay the battle. The joiner never receives the seed or the dice.
// So the joiner cannot run a rules.Game of its own from the seed; instead
// the host sends it a Snapshot: the state filtered through the joiner's
// side's view (rules.ViewOf). A figure the side may not see is sent as its
// number and side only; a unit it may not know of likewise; the other
// side's variables are never sent, nor are the rule set's game-level
// variables unless its rules.GameVarKnower hook says the side may know
// them (a rule set keeps a booby trap's place or where a mover came from
// there, and the core cannot say which of them a side may know).
// S.M.L.E. has the hook (its team now acting, the double-move pass, the
// scenario's settings, doors, and the traps the side set or found), since
// its Legal needs the acting team; the other rule sets keep no game-level
// variable their Legal needs, so their copies carry none.
//
// Events reach the joiner through rules.View.Tell on the state after the
// command, and more strictly: a target or listed figure it does not see
// then is struck out, and a figure that was out of sight before the
// command and came into view by it is shown only where it ended, not the
// way it came.
//
// # Deciding
//
// Each side's player (the Player interface: Random, or Computer, the
// computer opponent of rules/ai at Normal or Hard, through Ranker)
// decides on its side's own copy of the battle:
// its snapshot written over the scenario (Snapshot.Apply), where every
// figure it cannot see is off the table and there are no dice. The legal
// commands come from the host, computed on the real state and then
// filtered: any command naming a figure or unit the side may not know of
// is left out. The player measures moves (MoveCheck) and may ask odds on
// its copy, so those questions never reach the host and can tell nothing
// hidden. The host's own player decides the same way, on the host's
// side's copy, so neither side's player ever sees more than its view.
//
// When Apply refuses a command, the side gets the rule set's words unless
// they could tell it something hidden: when they name a figure or team it
// does not see or know of (by name or number) or such a figure's place, or
// when the side's own copy would take the command (so what stops it is
// something the side cannot see), the refusal says only that something
// the side cannot see prevents it.
//
// # The wire
//
// A websocket (github.com/coder/websocket) at ws://HOST:PORT/hedgerow,
// one JSON object per message (Msg), each with the protocol version, its
// type and its number on the connection (1, 2, 3...). Decode refuses
// anything malformed: not UTF-8 JSON, an unknown field, something after
// the object, another version, an unknown type, a missing payload or one
// of another type, a field out of its bounds, a command that does not
// read as notation. Messages are bounded: MaxJoinerMsg from the joiner
// (the websocket read limit closes the connection on a longer one),
// MaxHostMsg from the host. A refused message ends that connection with
// an error message in plain words; the host's battle is untouched, and
// the joiner may connect again.
//
// The talk goes:
//
//	host   offer    scenario name and hash, rule set and rules hash, your side
//	joiner join     protocol version, scenario hash, rules hash, since N
//	host   deploy   (a new battle) place your side; or "ready" with the
//	                joiner's own placing, taken before it dropped
//	joiner place    "place F<n> X,Y" for each figure of its side
//	host   placed   taken (wait for the host's side), or refused and why;
//	                the welcome follows once both sides have deployed
//	host   welcome  your side's snapshot now, the last update's number
//	host   update   the updates after N (events only), then live ones
//	                (events and the snapshot after them), one per command
//	                or chat line, numbered 1, 2, 3... (the battle's
//	                opening events, as the side may know them, first)
//	host   turn     your side decides: the position's number (commands so
//	                far) and the legal commands
//	joiner command  a command for that position
//	host   refused  not taken, and why (the joiner decides again)
//	host   final    the battle is over: the whole save and final hash
//	joiner done
//	either ping     every second; three seconds of silence is a drop
//	either error    a refusal in plain words; the connection ends
//
// A join is refused, in plain words, for another protocol version, a
// scenario whose hash differs, different rules (RulesHash: the rule set's
// behaviour on the scenario's opening) or a second joiner while one is
// connected.
//
// # Drops and coming back
//
// Each end pings every second; three seconds with nothing heard and the
// other is "not connected" (the host logs it and plays on up to the
// joiner's next decision; the joiner tries again). A joiner coming back
// says the number of the last update it has; the host sends the present
// snapshot and every update after that number, and the joiner skips any
// it already has. A command names the position it answers (the number of
// commands so far): the host refuses one for any other position, so a
// command sent just before a drop and sent again is never applied twice.
//
// A chat line the joiner sends is kept until the host's stream brings it
// back; lines not brought back are sent again once the joiner has caught
// up after a drop (so never twice), and lines given while not connected
// wait for the connection.
//
// A host that stopped takes its battle up again from its save
// (ResumeBattle, `hedgerow host --resume`): the joiner's stream is rebuilt
// command by command, and the chat the host kept beside its save
// (Host.ChatFile, ReadChat) is put back where it was said (AddChats). Every offer names the host's stream (a random id
// per start), so a joiner that knew another stream catches up from its
// start rather than trusting numbers of the old one.
//
// # In a window
//
// A window plays its side through Host.Local or Joiner.Local (commands,
// each naming the position it answers) instead of a Player, and hears
// everything through Notify (Note: commands carried out or refused,
// updates with the side's copy, turns, chat, the opponent connected or
// not); Peek reads an offer without joining. Notify is called on the
// network's goroutines and must not block: the window queues the notes
// and reads them on its drawing thread.
//
// # Saves
//
// Only the host can write a save that replays (it alone has the seed and
// every command), so the joiner's save is the host's: when the battle is
// over the host sends its whole save (nothing is hidden any more), and
// the joiner writes it as its own. Both saves replay to the same final
// state. A joiner that stops before the end has no save, only its log.
package netplay

// Package scenario reads scenario files: a TOML file naming its rule set,
// its map, two sides with their units, figures and vehicles, and where
// they start. Load and Parse check every key strictly and report each
// problem at its line and column in plain words (load.go documents the
// format); the result is a rules.Scenario and its terrain.Map, from which
// rules.NewState builds the first state. StartProblems lists what a
// placement breaks (off the table, inside a wall, outside its zone), for
// `hedgerow check` and the table's set-up.
//
// The package sits just above the rules core and below saves: it imports
// rules, rules/terrain and rules/vehicle, never a rule set (rules/all
// fills KnownRuleSets and rules.LookupRuleSet so the loader knows which
// rule sets and vehicle types exist).
package scenario

// Package all is the one explicit list of rule sets Hedgerow ships.
// Adding a rule set means adding one line to list.
package all

import (
	"hedgerow/rules"
	"hedgerow/rules/firefight"
	"hedgerow/rules/maxim"
	"hedgerow/rules/scenario"
	"hedgerow/rules/skirmish35"
	"hedgerow/rules/smle"
	"hedgerow/rules/ssg"
)

// list holds every shipped rule set, in the order menus show them.
var list = []rules.RuleSet{
	ssg.New(),
	smle.New(),
	firefight.New(),
	maxim.New(),
	skirmish35.New(),
}

func init() {
	// Let the scenario loader check rule set ids against this list.
	scenario.KnownRuleSets = IDs
	rules.LookupRuleSet = Get
}

// Get finds a rule set by id.
func Get(id string) (rules.RuleSet, bool) {
	for _, rs := range list {
		if rs.ID() == id {
			return rs, true
		}
	}
	return nil, false
}

// IDs lists the ids of the shipped rule sets, in list order.
func IDs() []string {
	out := make([]string, len(list))
	for i, rs := range list {
		out[i] = rs.ID()
	}
	return out
}

// All lists the shipped rule sets, in list order.
func All() []rules.RuleSet { return append([]rules.RuleSet(nil), list...) }

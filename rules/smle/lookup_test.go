package smle

import "hedgerow/rules"

// The scenario loader asks the rule set registry (rules/all, which this
// package cannot import) for S.M.L.E.'s words and hooks: give it this one.
func init() {
	if rules.LookupRuleSet == nil {
		rules.LookupRuleSet = func(id string) (rules.RuleSet, bool) { return New(), id == "smle" }
	}
}

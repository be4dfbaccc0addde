package rules

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/BurntSushi/toml"
)

// DecodeData decodes one of a rule set's data files (TOML) into v,
// refusing any key v does not have (a misspelt key must not be ignored),
// naming the first in sorted order. Every rule set reads its tables
// through it.
func DecodeData(name string, src []byte, v any) error {
	md, err := toml.NewDecoder(bytes.NewReader(src)).Decode(v)
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		sort.Strings(keys)
		return fmt.Errorf("%s: unknown key %q", name, keys[0])
	}
	return nil
}

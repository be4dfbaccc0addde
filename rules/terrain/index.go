package terrain

// Index is a map prepared for fast queries (built once; read-only after,
// so safe to share between goroutines).
type Index struct {
	Map *Map
}

// NewIndex prepares a map for queries.
func NewIndex(m *Map) *Index { return &Index{Map: m} }

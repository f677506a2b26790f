// Package migrations holds the versioned, forward-only schema changes, one folder per
// dialect. A migration that has landed is never edited: add a new one.
package migrations

import "embed"

// FS holds postgres/*.sql and sqlite/*.sql.
//
//go:embed postgres/*.sql sqlite/*.sql
var FS embed.FS

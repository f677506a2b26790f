package audit_test

import (
	"testing"

	"zocalo/internal/testdb"
)

// The PostgreSQL databases the tests made are dropped before the process ends.
func TestMain(m *testing.M) { testdb.Main(m) }

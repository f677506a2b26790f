package main

import (
	"context"
	"path/filepath"
	"testing"

	"zocalo/core/db"
	"zocalo/core/records"
)

// `zocalo repair-records` runs the records repair once and records it; a second run (or a
// start of the portal) skips it.
func TestTheRecordsRepairRunsOnce(t *testing.T) {
	dataDir := t.TempDir()
	t.Setenv("ZOCALO_DEMO", "true")
	t.Setenv("ZOCALO_DATA_DIR", dataDir)
	for range 2 {
		if err := run(context.Background(), "repair-records", nil, ""); err != nil {
			t.Fatal(err)
		}
	}
	d, err := db.Open(db.Options{SQLitePath: filepath.Join(dataDir, "zocalo.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var done []records.Repair
	if err := d.Conn(context.Background()).Find(&done).Error; err != nil || len(done) != 1 || done[0].Name != records.RepairChargeKeysName {
		t.Fatalf("recorded repairs %+v %v", done, err)
	}
}

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"zocalo/core/storage"
	"zocalo/internal/config"
	"zocalo/internal/fakes3"
)

// Uploads go to the bucket when one is configured, else to the data directory; the
// secret may come from a file, as in docker-compose.
func TestUploadsGoWhereTheConfigurationSays(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")
	ctx := context.Background()

	dataDir := t.TempDir()
	cfg, err := config.Load("", func(k string) string {
		return map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_DATA_DIR": dataDir}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	local, err := openStorage(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	obj, err := local.Put(ctx, "tickets", bytes.NewReader(png), storage.Limits{MaxBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dataDir, "uploads", filepath.FromSlash(obj.Key))); err != nil {
		t.Fatalf("not in the data directory: %v", err)
	}

	bucket := fakes3.New(t, "zocalo")
	secret := filepath.Join(t.TempDir(), "s3-secret")
	if err := os.WriteFile(secret, []byte("secreto\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err = config.Load("", func(k string) string {
		return map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_DATA_DIR": dataDir, "ZOCALO_STORAGE_S3_ENDPOINT": bucket.URL,
			"ZOCALO_STORAGE_S3_REGION": "us-east-1", "ZOCALO_STORAGE_S3_BUCKET": "zocalo",
			"ZOCALO_STORAGE_S3_ACCESS_KEY_ID": "zocalo", "ZOCALO_STORAGE_S3_SECRET_ACCESS_KEY_FILE": secret}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Storage.S3.SecretAccessKey != "secreto" {
		t.Fatalf("secret %q", cfg.Storage.S3.SecretAccessKey)
	}
	s3, err := openStorage(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	obj, err = s3.Put(ctx, "tickets", bytes.NewReader(png), storage.Limits{MaxBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bucket.Object(t, obj.Key), png) {
		t.Fatal("the object in the bucket differs")
	}
}

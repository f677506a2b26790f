package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"zocalo/core/authz"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// production is the smallest environment that starts outside demo mode.
func production() map[string]string {
	return map[string]string{
		"ZOCALO_JWT_SECRET":            strings.Repeat("s", 32),
		"ZOCALO_DISCORD_CLIENT_ID":     "1",
		"ZOCALO_DISCORD_CLIENT_SECRET": "secret",
		"ZOCALO_DISCORD_GUILD_ID":      "2",
	}
}

func TestDefaults(t *testing.T) {
	t.Parallel()
	c, err := Load("", envOf(production()))
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTPAddr != "127.0.0.1:8080" || c.DataDir != "./data" || c.DatabaseURL != "" || c.Demo {
		t.Fatalf("defaults: %+v", c)
	}
	if c.PublicURL != "http://127.0.0.1:8080" {
		t.Fatalf("public URL defaults to the HTTP address, got %q", c.PublicURL)
	}
	if c.TimeZone != "America/Mexico_City" || c.Location().String() != "America/Mexico_City" {
		t.Fatalf("time zone %q", c.TimeZone)
	}
	if c.SessionTTL.Duration != 168*time.Hour {
		t.Fatalf("session TTL %v", c.SessionTTL)
	}
	if c.Discord.StaffCommandPermissions != "0" || c.Discord.StaffCommandBits() != 0 {
		t.Fatalf("staff command permissions %q", c.Discord.StaffCommandPermissions)
	}
	if c.Tickets.MaxOpenPerMember != 3 || c.Tickets.MaxOpenedPerHour != 5 {
		t.Fatalf("ticket limits %d open, %d an hour", c.Tickets.MaxOpenPerMember, c.Tickets.MaxOpenedPerHour)
	}
	if len(c.Servers) != 4 || c.Servers[0].Name != "Principal" || c.Servers[0].Players != 39 || c.Servers[0].Status != "online" {
		t.Fatalf("servers %+v", c.Servers)
	}
	for _, s := range c.Servers[1:] {
		if s.Players != 0 || s.MaxPlayers != 40 || s.Status != "maintenance" {
			t.Fatalf("server %+v", s)
		}
	}
}

// The two price lists differ on purpose: PARTNER is 600 MXN in the sale catalogue and
// 1000 MXN on the public shop.
func TestPriceLists(t *testing.T) {
	t.Parallel()
	c, err := Load("", envOf(production()))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.SaleCatalogue) != 28 {
		t.Fatalf("sale catalogue has %d items", len(c.SaleCatalogue))
	}
	var partnerSale, pass *CatalogueItem
	for i := range c.SaleCatalogue {
		switch c.SaleCatalogue[i].Key {
		case "PARTNER":
			partnerSale = &c.SaleCatalogue[i]
		case "PASE":
			pass = &c.SaleCatalogue[i]
		}
	}
	if partnerSale == nil || *partnerSale.MXN != 600 || partnerSale.Robux != 6000 {
		t.Fatalf("PARTNER sale %+v", partnerSale)
	}
	if pass == nil || pass.MXN != nil || pass.Robux != 550 {
		t.Fatalf("the pass has no MXN price: %+v", pass)
	}
	items := 0
	var partnerShop *ShopItem
	for _, s := range c.Shop {
		for i := range s.Items {
			items++
			if s.Items[i].Key == "PARTNER" {
				partnerShop = &s.Items[i]
			}
		}
	}
	if len(c.Shop) != 4 || items != 23 {
		t.Fatalf("shop: %d sections, %d items", len(c.Shop), items)
	}
	if partnerShop == nil || *partnerShop.MXN != 1000 || *partnerShop.USD != 50 || partnerShop.Robux != 10000 {
		t.Fatalf("PARTNER shop %+v", partnerShop)
	}
}

func TestLayers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "zocalo.yaml")
	if err := os.WriteFile(file, []byte("httpAddr: \"0.0.0.0:9000\"\ncommunityName: \"Desde archivo\"\nroles:\n  RH: \"33\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	secretFile := filepath.Join(dir, "secret")
	if err := os.WriteFile(secretFile, []byte(strings.Repeat("f", 40)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := production()
	delete(env, "ZOCALO_JWT_SECRET")
	env["ZOCALO_JWT_SECRET_FILE"] = secretFile
	env["ZOCALO_COMMUNITY_NAME"] = "Desde entorno"
	env["ZOCALO_ROLE_MODERADOR"] = "44"
	env["ZOCALO_ARTIST_REVIEWERS"] = "1, 2,3"
	env["ZOCALO_DATABASE_URL"] = "postgres://u@h/db"
	c, err := Load(file, envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTPAddr != "0.0.0.0:9000" {
		t.Fatalf("file layer: %q", c.HTTPAddr)
	}
	if c.CommunityName != "Desde entorno" {
		t.Fatalf("environment over file: %q", c.CommunityName)
	}
	if c.JWTSecret != strings.Repeat("f", 40) {
		t.Fatalf("_FILE secret: %q", c.JWTSecret)
	}
	if c.Roles[authz.RH] != "33" || c.Roles[authz.Moderador] != "44" {
		t.Fatalf("roles %v", c.Roles)
	}
	if strings.Join(c.ArtistReviewers, "|") != "1|2|3" {
		t.Fatalf("reviewers %v", c.ArtistReviewers)
	}
	if c.DatabaseURL != "postgres://u@h/db" {
		t.Fatalf("database %q", c.DatabaseURL)
	}
}

func TestDemoMode(t *testing.T) {
	t.Parallel()
	c, err := Load("", envOf(map[string]string{"ZOCALO_DEMO": "true"}))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Demo || c.Roles[authz.Comite] == "" || c.Roles[authz.Comite] != c.Roles[authz.ScjnAdmin] {
		t.Fatalf("demo roles %v", c.Roles)
	}
	if !strings.HasPrefix(c.Discord.AuthorizeURL, c.PublicURL+DemoDiscordPath) {
		t.Fatalf("demo sign-in goes to %q", c.Discord.AuthorizeURL)
	}
	// The demo's shared personas get roomier ticket limits; the rest of tickets' keep defaults.
	if c.Tickets.MaxOpenPerMember != 10 || c.Tickets.MaxOpenedPerHour != 30 || c.Tickets.AutoCloseAfter.Duration == 0 {
		t.Fatalf("demo ticket settings %+v", c.Tickets)
	}
	// The environment still wins over the demo overlay.
	c, err = Load("", envOf(map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_COMMUNITY_NAME": "Otra"}))
	if err != nil || c.CommunityName != "Otra" {
		t.Fatalf("%v %q", err, c.CommunityName)
	}
}

func TestBadValuesNameTheKey(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"demo not a boolean", map[string]string{"ZOCALO_DEMO": "maybe"}, "ZOCALO_DEMO"},
		{"demo with real credentials", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_DISCORD_BOT_TOKEN": "x"}, "ZOCALO_DEMO"},
		{"no JWT secret outside demo", map[string]string{"ZOCALO_DISCORD_CLIENT_ID": "1"}, "ZOCALO_JWT_SECRET"},
		{"no client secret outside demo", map[string]string{"ZOCALO_JWT_SECRET": strings.Repeat("s", 32), "ZOCALO_DISCORD_CLIENT_ID": "1"}, "ZOCALO_DISCORD_CLIENT_SECRET"},
		{"bad database URL", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_DATABASE_URL": "mysql://x"}, "ZOCALO_DATABASE_URL"},
		{"bad address", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_HTTP_ADDR": "8080"}, "ZOCALO_HTTP_ADDR"},
		{"bad duration", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_SESSION_TTL": "a week"}, "ZOCALO_SESSION_TTL"},
		{"bad time zone", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_TIME_ZONE": "Mars/Olympus"}, "ZOCALO_TIME_ZONE"},
		{"shared ids apart", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_ROLE_SCJN_ADMIN": "5"}, "ZOCALO_ROLE_SCJN_ADMIN"},
		{"missing secret file", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_JWT_SECRET_FILE": "/nonexistent/secret"}, "ZOCALO_JWT_SECRET_FILE"},
		{"staff command permissions not a number", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_DISCORD_STAFF_COMMAND_PERMISSIONS": "MODERATE_MEMBERS"}, "ZOCALO_DISCORD_STAFF_COMMAND_PERMISSIONS"},
		{"negative staff command permissions", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_DISCORD_STAFF_COMMAND_PERMISSIONS": "-8"}, "ZOCALO_DISCORD_STAFF_COMMAND_PERMISSIONS"},
		{"negative ticket limit", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_TICKETS_MAX_OPEN_PER_MEMBER": "-1"}, "ZOCALO_TICKETS_MAX_OPEN_PER_MEMBER"},
		{"rate limit not a number", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_RATE_LIMIT_SIGN_IN_PER_MINUTE": "many"}, "ZOCALO_RATE_LIMIT_SIGN_IN_PER_MINUTE"},
		{"bucket endpoint not a URL", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_STORAGE_S3_ENDPOINT": "minio:9000"}, "ZOCALO_STORAGE_S3_ENDPOINT"},
		{"bucket without a name", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_STORAGE_S3_ENDPOINT": "http://minio:9000"}, "ZOCALO_STORAGE_S3_BUCKET"},
		{"bucket without a secret", map[string]string{"ZOCALO_DEMO": "true", "ZOCALO_STORAGE_S3_ENDPOINT": "http://minio:9000",
			"ZOCALO_STORAGE_S3_BUCKET": "zocalo", "ZOCALO_STORAGE_S3_ACCESS_KEY_ID": "zocalo"}, "ZOCALO_STORAGE_S3_SECRET_ACCESS_KEY"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load("", envOf(c.env))
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q should name %s on one line", err, c.want)
			}
		})
	}
}

func TestUnknownFileKeyIsRefused(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "z.yaml")
	if err := os.WriteFile(file, []byte("htpAddr: x\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Load(file, envOf(map[string]string{"ZOCALO_DEMO": "true"}))
	if err == nil || !strings.Contains(err.Error(), "htpAddr") {
		t.Fatalf("err = %v", err)
	}
}

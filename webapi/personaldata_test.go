package webapi

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// A member downloads what the portal holds about them, and nothing of anyone else's; the
// download is recorded in the audit log; without a session there is nothing to download.
func TestAMemberDownloadsWhatThePortalHoldsAboutThem(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := identityPersonas(e)
		if code := e.call("POST", "/api/documents/ine", tok["jugador"], body(ineForm("JugadorMX")), nil); code != 201 {
			t.Fatalf("jugador's INE: %d", code)
		}
		if code := e.call("POST", "/api/documents/ine", tok["otro"], body(ineForm("OtroRP")), nil); code != 201 {
			t.Fatalf("otro's INE: %d", code)
		}
		for who, text := range map[string]string{jugadorID: "Cargo de jugador", otroID: "Cargo de otro"} {
			if code := e.call("POST", "/api/records/charges", tok["moderador"], body(map[string]string{"discordId": who, "description": text}), nil); code != 201 {
				t.Fatalf("charge %s: %d", text, code)
			}
		}
		if end := e.verify(tok["jugador"], e.browser(), asRobloxAccount("JugadorMX")); end.Path != "/verify/success" {
			t.Fatalf("jugador's verification ended at %s", end)
		}

		var refused messageBody
		if code := e.call("GET", "/api/me/export", "", nil, &refused); code != 401 {
			t.Fatalf("without a session: %d %q", code, refused.Message)
		}

		req, err := http.NewRequest("GET", e.http.URL+"/api/me/export", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+tok["jugador"])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment;") || res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("export: %d %v", res.StatusCode, res.Header)
		}
		var export struct {
			Persona struct{ DiscordID, RobloxUserID string }
			Tablas  []struct {
				Tabla string
				Filas []map[string]any
			}
		}
		if err := json.Unmarshal(raw, &export); err != nil {
			t.Fatalf("the export is not JSON: %v", err)
		}
		if export.Persona.DiscordID != jugadorID || export.Persona.RobloxUserID != "9001" {
			t.Errorf("the export is for %+v", export.Persona)
		}
		rows := map[string][]map[string]any{}
		for _, table := range export.Tablas {
			rows[table.Tabla] = table.Filas
		}
		column := func(table, name string) []string {
			var out []string
			for _, row := range rows[table] {
				out = append(out, toText(row[name]))
			}
			return out
		}
		if got := column("charges", "description"); !slices.Equal(got, []string{"Cargo de jugador"}) {
			t.Errorf("charges: %v", got)
		}
		if got := column("documents", "roblox_name"); !slices.Equal(got, []string{"JugadorMX"}) {
			t.Errorf("documents: %v", got)
		}
		if got := column("roblox_links", "roblox_user_id"); !slices.Equal(got, []string{"9001"}) {
			t.Errorf("roblox links: %v", got)
		}
		if got := column("sessions", "id"); len(rows["sessions"]) == 0 || slices.ContainsFunc(got, func(s string) bool { return s != "" }) {
			t.Errorf("sessions: %d rows, ids %v (a session's id is withheld)", len(rows["sessions"]), got)
		}
		if strings.Contains(string(raw), otroID) || strings.Contains(string(raw), "Cargo de otro") {
			t.Error("the export carries another member's data")
		}

		// The same as a PDF to read.
		if code := e.call("GET", "/api/me/export/pdf", "", nil, &refused); code != 401 {
			t.Fatalf("the PDF without a session: %d", code)
		}
		req, err = http.NewRequest("GET", e.http.URL+"/api/me/export/pdf", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+tok["jugador"])
		res, err = http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		pdfBody, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(pdfBody), "%PDF") ||
			res.Header.Get("Content-Disposition") != `attachment; filename="mis-datos.pdf"` {
			t.Fatalf("the PDF: %d %v", res.StatusCode, res.Header)
		}

		for action, want := range map[string]int64{"export": 1, "export.pdf": 1} {
			var audited int64
			if err := d.Conn(context.Background()).Table("audit_entries").Where("area = ? AND action = ? AND actor_id = ?", "datos", action, jugadorID).Count(&audited).Error; err != nil {
				t.Fatal(err)
			}
			if audited != want {
				t.Errorf("audit entries of %s: %d", action, audited)
			}
		}
	})
}

func toText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	default:
		b, _ := json.Marshal(v)
		return strings.Trim(string(b), `"`)
	}
}

package webapi

import (
	"encoding/json"
	"slices"
	"testing"

	"zocalo/core/db"
	"zocalo/internal/testdb"
)

const (
	jugadorID = "560000000000000001"
	otroID    = "560000000000000002"
)

// gameJSON is gameCall with the answer decoded into out (when not nil).
func (e *env) gameJSON(method, path, key string, payload any, out any) int {
	e.t.Helper()
	status, raw := e.gameCall(method, path, key, payload)
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			e.t.Fatalf("%s %s: %v: %s", method, path, err, raw)
		}
	}
	return status
}

type personChargeJSON struct {
	Description string `json:"description"`
	Unverified  bool   `json:"unverified"`
}

type personRecordJSON struct {
	DiscordID      string             `json:"discordId"`
	RobloxUsername string             `json:"robloxUsername"`
	Charges        []personChargeJSON `json:"charges"`
}

type gamePlayerJSON struct {
	RobloxUsername string  `json:"robloxUsername"`
	RobloxUserID   string  `json:"robloxUserId"`
	DiscordID      *string `json:"discordId"`
	Verified       bool    `json:"verified"`
	Document       *struct {
		Nombre string `json:"Nombre"`
	} `json:"document"`
	Charges []personChargeJSON `json:"charges"`
}

func texts(charges []personChargeJSON) []string {
	out := []string{}
	for _, c := range charges {
		d := c.Description
		if c.Unverified {
			d += " (sin verificar)"
		}
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

func sorted(s ...string) []string {
	slices.Sort(s)
	return s
}

func TestAnotherMembersVerifiedRobloxNameIsRefusedOnADocument(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := identityPersonas(e)
		if end := e.verify(tok["otro"], e.browser(), asRobloxAccount("OtroRP")); end.Path != "/verify/success" {
			t.Fatalf("otro's verification ended at %s", end)
		}
		for _, path := range []string{"/api/documents/ine", "/api/documents/pasaporte"} {
			form := ineForm("otrorp")
			if path == "/api/documents/pasaporte" {
				form = map[string]string{"RobloxName": "OTRORP", "Nombre": "A", "Apellido": "B", "Pais": "Chile", "FechaNacimiento": "01/01/1990"}
			}
			var msg messageBody
			if code := e.call("POST", path, tok["jugador"], body(form), &msg); code != 409 || msg.Message != "Ese usuario de Roblox ya está verificado por otra persona." {
				t.Fatalf("%s with otro's verified name: %d %q", path, code, msg.Message)
			}
		}
		var mine struct{ Document *struct{} }
		if code := e.call("GET", "/api/documents/mine", tok["jugador"], nil, &mine); code != 200 || mine.Document != nil {
			t.Fatalf("a refused document was stored: %d %+v", code, mine)
		}
	})
}

func TestAClaimedNameVerifiedLaterKeepsEachPersonsRecordApart(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := identityPersonas(e)
		key, err := e.app.APIKeys.Issue(t.Context(), "Servidor Principal", "test")
		if err != nil {
			t.Fatal(err)
		}
		// Jugador writes OtroRP, which nobody has verified yet, on his INE.
		if code := e.call("POST", "/api/documents/ine", tok["jugador"], body(ineForm("OtroRP")), nil); code != 201 {
			t.Fatalf("jugador's INE: %d", code)
		}
		charge := func(who string, q map[string]string) {
			t.Helper()
			if code := e.call("POST", "/api/records/charges", tok[who], body(q), nil); code != 201 {
				t.Fatalf("charge %v: %d", q, code)
			}
		}
		charge("moderador", map[string]string{"discordId": jugadorID, "description": "Cargo de jugador"})
		if code := e.gameJSON("POST", "/api/integrations/records/charges", key.Key,
			map[string]string{"robloxUsername": "OtroRP", "description": "Cargo del juego a OtroRP"}, nil); code != 201 {
			t.Fatalf("game charge: %d", code)
		}
		// Otro, the real owner, verifies OtroRP; then more charges are filed.
		if end := e.verify(tok["otro"], e.browser(), asRobloxAccount("OtroRP")); end.Path != "/verify/success" {
			t.Fatalf("otro's verification ended at %s", end)
		}
		charge("moderador", map[string]string{"discordId": otroID, "description": "Cargo de otro"})
		charge("rh", map[string]string{"robloxUsername": "otrorp", "description": "Cargo a OtroRP por nombre"})
		if code := e.gameJSON("POST", "/api/integrations/records/charges", key.Key,
			map[string]string{"robloxUsername": "Alias_Cualquiera", "robloxUserId": "9002", "description": "Cargo del juego a la cuenta 9002"}, nil); code != 201 {
			t.Fatalf("game charge by user id: %d", code)
		}
		otros := sorted("Cargo del juego a OtroRP", "Cargo de otro", "Cargo a OtroRP por nombre", "Cargo del juego a la cuenta 9002")

		search := func(query string) []personRecordJSON {
			t.Helper()
			var list []personRecordJSON
			if code := e.call("GET", "/api/records/search?"+query, tok["jugador"], nil, &list); code != 200 {
				t.Fatalf("search %s: %d", query, code)
			}
			return list
		}
		if list := search("discordId=" + jugadorID); len(list) != 1 || !slices.Equal(texts(list[0].Charges), []string{"Cargo de jugador"}) || list[0].RobloxUsername != "" {
			t.Errorf("jugador's record: %+v", list)
		}
		for _, q := range []string{"discordId=" + otroID, "robloxUsername=OtroRP", "robloxUserId=9002", "discordId=" + otroID + "&robloxUsername=otrorp"} {
			if list := search(q); len(list) != 1 || list[0].DiscordID != otroID || !slices.Equal(texts(list[0].Charges), otros) {
				t.Errorf("otro's record by %s: %+v", q, list)
			}
		}
		if list := search("discordId=" + jugadorID + "&robloxUsername=OtroRP"); len(list) != 0 {
			t.Errorf("jugador's id with otro's name matched: %+v", list)
		}

		// The game reads otro's data only, by name or by user id.
		for _, path := range []string{"/api/integrations/players/otrorp", "/api/integrations/players/by-id/9002"} {
			var p gamePlayerJSON
			if code := e.gameJSON("GET", path, key.Key, nil, &p); code != 200 || p.DiscordID == nil || *p.DiscordID != otroID || !p.Verified ||
				p.RobloxUsername != "OtroRP" || p.RobloxUserID != "9002" || p.Document != nil || !slices.Equal(texts(p.Charges), otros) {
				t.Errorf("%s: %d %+v", path, code, p)
			}
		}

		// Jugador's profile: his charge only, his document flagged; he corrects the name.
		var profile struct {
			Document *struct {
				RobloxName       string `json:"RobloxName"`
				RobloxNameStatus string `json:"robloxNameStatus"`
			} `json:"document"`
			Charges []personChargeJSON `json:"charges"`
		}
		if code := e.call("GET", "/api/players/me", tok["jugador"], nil, &profile); code != 200 || profile.Document == nil ||
			profile.Document.RobloxNameStatus != "flagged" || !slices.Equal(texts(profile.Charges), []string{"Cargo de jugador"}) {
			t.Fatalf("jugador's profile: %d %+v", code, profile)
		}
		var msg messageBody
		if code := e.call("PUT", "/api/documents/mine/roblox", tok["jugador"], body(map[string]string{"RobloxName": "OtroRP"}), &msg); code != 200 {
			t.Fatalf("keeping the same name is a repeat: %d %q", code, msg.Message)
		}
		if code := e.call("PUT", "/api/documents/mine/roblox", tok["jugador"], body(map[string]string{"RobloxName": "OTRORP"}), &msg); code != 409 ||
			msg.Message != "Ese usuario de Roblox ya está verificado por otra persona." {
			t.Fatalf("otro's name in another case: %d %q", code, msg.Message)
		}
		var fixed struct {
			Message  string
			Document struct {
				RobloxName       string `json:"RobloxName"`
				RobloxNameStatus string `json:"robloxNameStatus"`
			}
		}
		if code := e.call("PUT", "/api/documents/mine/roblox", tok["jugador"], body(map[string]string{"RobloxName": "JugadorMX"}), &fixed); code != 200 ||
			fixed.Message != "Nombre de Roblox actualizado." || fixed.Document.RobloxName != "JugadorMX" || fixed.Document.RobloxNameStatus != "unverified" {
			t.Fatalf("the correction: %d %+v", code, fixed)
		}
		if end := e.verify(tok["jugador"], e.browser(), asRobloxAccount("JugadorMX")); end.Path != "/verify/success" {
			t.Fatalf("jugador's verification ended at %s", end)
		}
		if code := e.call("GET", "/api/players/me", tok["jugador"], nil, &profile); code != 200 || profile.Document.RobloxNameStatus != "verified" {
			t.Fatalf("after verifying his own name: %+v", profile.Document)
		}
	})
}

func TestAGameServerReadsAnUnverifiedAccountsChargesAsSuch(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := identityPersonas(e)
		key, err := e.app.APIKeys.Issue(t.Context(), "Servidor Principal", "test")
		if err != nil {
			t.Fatal(err)
		}
		// A document's claim of a name is not a person: the game gets neither the claimant's
		// document nor his charges.
		if code := e.call("POST", "/api/documents/ine", tok["jugador"], body(ineForm("Sin_Verificar")), nil); code != 201 {
			t.Fatalf("INE: %d", code)
		}
		if code := e.call("POST", "/api/records/charges", tok["moderador"], body(map[string]string{"discordId": jugadorID, "description": "Cargo de jugador"}), nil); code != 201 {
			t.Fatal(code)
		}
		if code := e.gameJSON("POST", "/api/integrations/records/charges", key.Key,
			map[string]string{"robloxUsername": "Sin_Verificar", "robloxUserId": "123456", "description": "Cargo del juego"}, nil); code != 201 {
			t.Fatal(code)
		}
		for _, path := range []string{"/api/integrations/players/sin_verificar", "/api/integrations/players/by-id/123456"} {
			var p gamePlayerJSON
			if code := e.gameJSON("GET", path, key.Key, nil, &p); code != 200 || p.DiscordID != nil || p.Verified || p.Document != nil ||
				!slices.Equal(texts(p.Charges), []string{"Cargo del juego (sin verificar)"}) {
				t.Errorf("%s: %d %+v", path, code, p)
			}
		}
		var p gamePlayerJSON
		if code := e.gameJSON("GET", "/api/integrations/players/by-id/555", key.Key, nil, &p); code != 200 || p.DiscordID != nil || len(p.Charges) != 0 || p.RobloxUserID != "555" {
			t.Errorf("an unknown user id: %d %+v", code, p)
		}
		var msg messageBody
		for _, bad := range []string{"/api/integrations/players/by-id/abc", "/api/integrations/players/by-id/12345678901234567890"} {
			if code := e.gameJSON("GET", bad, key.Key, nil, &msg); code != 400 || msg.Message == "" {
				t.Errorf("%s: %d %q", bad, code, msg.Message)
			}
		}
		if code := e.gameJSON("POST", "/api/integrations/records/charges", key.Key,
			map[string]string{"robloxUsername": "Alguien", "robloxUserId": "x1", "description": "Cargo"}, &msg); code != 400 ||
			msg.Message != "El ID de usuario de Roblox debe ser un número de hasta 19 dígitos." {
			t.Errorf("a bad user id: %d %q", code, msg.Message)
		}
		// A moderator may not file by a name nobody verified: it names nobody.
		if code := e.call("POST", "/api/records/charges", tok["moderador"], body(map[string]string{"robloxUsername": "Sin_Verificar", "description": "x"}), &msg); code != 404 ||
			msg.Message != "Ese usuario de Roblox no está verificado: agrega el cargo con el ID de Discord de la persona." {
			t.Errorf("a web charge by an unverified name: %d %q", code, msg.Message)
		}
	})
}

func TestUnlinkingAndSwitchingOverHTTP(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := identityPersonas(e)
		var out struct {
			Message string
			Status  struct {
				Verified bool
				Username string
			}
		}
		if code := e.call("DELETE", "/api/verify/link", tok["jugador"], nil, &out); code != 200 || out.Status.Verified {
			t.Fatalf("unlinking without a link: %d %+v", code, out)
		}
		if end := e.verify(tok["jugador"], e.browser(), asRobloxAccount("JugadorMX")); end.Path != "/verify/success" {
			t.Fatal(end)
		}
		if code := e.call("POST", "/api/records/charges", tok["moderador"], body(map[string]string{"robloxUsername": "JugadorMX", "description": "Cargo a JugadorMX"}), nil); code != 201 {
			t.Fatal(code)
		}
		// Switching: verifying another account while linked replaces the link.
		if end := e.verify(tok["jugador"], e.browser(), asRobloxAccount("OtroRP")); end.Path != "/verify/success" {
			t.Fatal(end)
		}
		var st struct {
			Verified bool
			Username string
			UserID   string `json:"userId"`
		}
		if code := e.call("GET", "/api/verify/status", tok["jugador"], nil, &st); code != 200 || st.Username != "OtroRP" || st.UserID != "9002" {
			t.Fatalf("after switching: %+v", st)
		}
		var list []personRecordJSON
		e.call("GET", "/api/records/search?robloxUsername=JugadorMX", tok["jugador"], nil, &list)
		if len(list) != 0 {
			t.Errorf("the old account's name still answers jugador's record: %+v", list)
		}
		e.call("GET", "/api/records/search?robloxUsername=OtroRP", tok["jugador"], nil, &list)
		if len(list) != 1 || !slices.Equal(texts(list[0].Charges), []string{"Cargo a JugadorMX"}) {
			t.Errorf("the charge stays with jugador: %+v", list)
		}
		// Otro may now verify the account jugador let go.
		if end := e.verify(tok["otro"], e.browser(), asRobloxAccount("JugadorMX")); end.Path != "/verify/success" {
			t.Fatalf("otro taking the let-go account: %s", end)
		}
		if code := e.call("DELETE", "/api/verify/link", tok["jugador"], nil, &out); code != 200 || out.Status.Verified || out.Message != "Cuenta de Roblox desvinculada." {
			t.Fatalf("unlink: %d %+v", code, out)
		}
		if code := e.call("GET", "/api/verify/status", tok["jugador"], nil, &st); code != 200 || st.Verified {
			t.Fatalf("after unlinking: %+v", st)
		}
		for action, want := range map[string]int64{"roblox.link": 1, "roblox.switch": 1, "roblox.unlink": 1} {
			var n int64
			d.Conn(t.Context()).Table("audit_entries").Where("action = ? AND entity_id = ?", action, jugadorID).Count(&n)
			if n != want {
				t.Errorf("%d %s audits, want %d", n, action, want)
			}
		}
		if code := e.call("DELETE", "/api/verify/link", "", nil, nil); code != 401 {
			t.Errorf("signed out: %d", code)
		}
	})
}

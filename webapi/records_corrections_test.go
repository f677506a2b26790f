package webapi

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/core/records"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// chargeJSON is a charge as the API lists it.
type chargeJSON struct {
	ID          uint64  `json:"_id"`
	Description string  `json:"description"`
	Source      string  `json:"source"`
	AddedBy     *string `json:"addedBy"`
	Voided      bool    `json:"voided"`
	VoidedAt    *string `json:"voidedAt"`
	VoidReason  string  `json:"voidReason"`
	VoidedBy    *string `json:"voidedBy"`
}

type recordJSON struct {
	Charges    []chargeJSON `json:"charges"`
	MayVoid    bool         `json:"mayVoid"`
	MayExpunge bool         `json:"mayExpunge"`
}

// gameCall is a game server's request with an API key; it returns the status and body.
func (e *env) gameCall(method, path, key string, payload any) (int, []byte) {
	e.t.Helper()
	var rd io.Reader
	if payload != nil {
		rd = body(payload)
	}
	req, _ := http.NewRequest(method, e.http.URL+path, rd)
	req.Header.Set("X-API-Key", key)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, raw
}

func TestChargeCorrectionsOverHTTP(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := identityPersonas(e)
		e.addUser("comite", "560000000000000006", true, authz.Comite)
		tok["comite"] = e.signIn("comite")
		key, err := e.app.APIKeys.Issue(t.Context(), "Servidor Norte", "test")
		if err != nil {
			t.Fatal(err)
		}
		const suspect = "560000000000000002" // "otro"
		search := func(who string) recordJSON {
			t.Helper()
			var list []recordJSON
			if code := e.call("GET", "/api/records/search?discordId="+suspect, tok[who], nil, &list); code != 200 || len(list) != 1 {
				t.Fatalf("search as %s: %d %+v", who, code, list)
			}
			return list[0]
		}

		var added struct{ Record recordJSON }
		if code := e.call("POST", "/api/records/charges", tok["moderador"], body(map[string]string{"discordId": suspect, "description": "Robo de auto"}), &added); code != 201 ||
			len(added.Record.Charges) != 1 || added.Record.Charges[0].ID == 0 || added.Record.Charges[0].AddedBy == nil || *added.Record.Charges[0].AddedBy != "moderador" {
			t.Fatalf("add: %d %+v", code, added)
		}
		webCharge := added.Record.Charges[0].ID
		testenv.ExpectCount(t, "posts of the new charge", testenv.Posts(t, d, outbox.KindChannelMessage, fmt.Sprintf(`Cargo registrado #%d"`, webCharge)), 1)

		// Who filed a charge is for those who may add charges, not for players.
		if r := search("jugador"); r.Charges[0].AddedBy != nil || r.MayVoid || r.MayExpunge {
			t.Errorf("as a player: %+v", r)
		}
		if r := search("moderador"); r.Charges[0].AddedBy == nil || !r.MayVoid || r.MayExpunge {
			t.Errorf("as a moderator: %+v", r)
		}
		if r := search("comite"); !r.MayVoid || !r.MayExpunge {
			t.Errorf("as COMITE: %+v", r)
		}

		void := func(who string, id any, reason string) (int, string) {
			var m messageBody
			code := e.call("POST", fmt.Sprintf("/api/records/charges/%v/void", id), tok[who], body(map[string]string{"reason": reason}), &m)
			return code, m.Message
		}
		for name, c := range map[string]struct {
			who, reason string
			id          any
			code        int
			msg         string
		}{
			"signed out":     {"", "x", webCharge, 401, ""},
			"a player":       {"jugador", "x", webCharge, 403, "Solo los moderadores y la administración pueden anular cargos."},
			"a trial":        {"trial", "x", webCharge, 403, "Solo los moderadores y la administración pueden anular cargos."},
			"no reason":      {"moderador", " ", webCharge, 400, "Escribe el motivo (máximo 500 caracteres)."},
			"a long reason":  {"moderador", strings.Repeat("m", 501), webCharge, 400, "Escribe el motivo (máximo 500 caracteres)."},
			"no such charge": {"moderador", "x", webCharge + 99, 404, "No existe ese cargo."},
			"not an id":      {"moderador", "x", "abc", 404, "No existe lo que buscas."},
		} {
			if code, msg := void(c.who, c.id, c.reason); code != c.code || (c.msg != "" && msg != c.msg) {
				t.Errorf("%s: %d %q", name, code, msg)
			}
		}
		var voided struct {
			Message string
			Charge  chargeJSON
		}
		if code := e.call("POST", fmt.Sprintf("/api/records/charges/%d/void", webCharge), tok["rh"], body(map[string]string{"reason": "Persona equivocada"}), &voided); code != 200 ||
			voided.Message != "Cargo anulado." || !voided.Charge.Voided || voided.Charge.VoidReason != "Persona equivocada" || voided.Charge.VoidedAt == nil ||
			voided.Charge.VoidedBy == nil || *voided.Charge.VoidedBy != "rh" {
			t.Fatalf("void: %d %+v", code, voided)
		}
		if code, msg := void("moderador", webCharge, "Otra vez"); code != 409 || msg != "Ese cargo ya estaba anulado." {
			t.Errorf("a second void: %d %q", code, msg)
		}
		if r := search("jugador"); !r.Charges[0].Voided || r.Charges[0].VoidReason != "Persona equivocada" || r.Charges[0].VoidedBy != nil {
			t.Errorf("the voided charge as a player: %+v", r.Charges[0])
		}

		// The game: it files, reads only charges in force, without names, and voids only its own.
		code, raw := e.gameCall("POST", "/api/integrations/records/charges", key.Key, map[string]string{"robloxUsername": "Fugitivo_9", "description": "Evasión"})
		if code != 201 || strings.Contains(string(raw), "addedBy") {
			t.Fatalf("game charge: %d %s", code, raw)
		}
		var gameAdded struct{ Record recordJSON }
		_ = jsonUnmarshal(raw, &gameAdded)
		gameCharge := gameAdded.Record.Charges[0].ID
		if code, raw := e.gameCall("POST", fmt.Sprintf("/api/integrations/records/charges/%d/void", webCharge), key.Key, map[string]string{"reason": "x"}); code != 403 ||
			!strings.Contains(string(raw), "Con una clave de API solo se anulan los cargos que registró el juego.") {
			t.Errorf("a key voiding a web charge: %d %s", code, raw)
		}
		if code, raw := e.gameCall("POST", fmt.Sprintf("/api/integrations/records/charges/%d/void", gameCharge), key.Key, map[string]string{"reason": "Arresto revertido"}); code != 200 ||
			!strings.Contains(string(raw), `"voided":true`) || strings.Contains(string(raw), "voidedBy") {
			t.Fatalf("the game's void: %d %s", code, raw)
		}
		if code, raw := e.gameCall("POST", fmt.Sprintf("/api/integrations/records/charges/%d/void", gameCharge), key.Key, map[string]string{"reason": "Otra"}); code != 409 ||
			!strings.Contains(string(raw), "Ese cargo ya estaba anulado.") {
			t.Errorf("the game's second void: %d %s", code, raw)
		}
		code, raw = e.gameCall("GET", "/api/integrations/players/Fugitivo_9", key.Key, nil)
		if code != 200 || !strings.Contains(string(raw), `"charges":[]`) {
			t.Errorf("the game reads a voided charge: %d %s", code, raw)
		}
		if _, err := e.app.Records.AddChargeFromGame(t.Context(), "Fugitivo_9", "Robo a tienda", records.GameKey{ID: key.ID, Name: key.Name}); err != nil {
			t.Fatal(err)
		}
		code, raw = e.gameCall("GET", "/api/integrations/players/Fugitivo_9", key.Key, nil)
		if code != 200 || !strings.Contains(string(raw), `"description":"Robo a tienda"`) || strings.Contains(string(raw), "Evasión") ||
			strings.Contains(string(raw), "addedBy") || !strings.Contains(string(raw), `"_id":`) {
			t.Errorf("the game's charges: %d %s", code, raw)
		}

		// Expunge: COMITE only, with a reason; then the charge is gone from the record.
		expunge := func(who string, id uint64, reason string) (int, string) {
			var m messageBody
			code := e.call("POST", fmt.Sprintf("/api/records/charges/%d/expunge", id), tok[who], body(map[string]string{"reason": reason}), &m)
			return code, m.Message
		}
		if code, msg := expunge("rh", webCharge, "x"); code != 403 || msg != "Solo el Comité puede eliminar cargos del expediente." {
			t.Errorf("RH expunges: %d %q", code, msg)
		}
		if code, _ := expunge("comite", webCharge, ""); code != 400 {
			t.Errorf("expunge without a reason: %d", code)
		}
		if code, msg := expunge("comite", webCharge, "Datos personales"); code != 200 || msg != "Cargo eliminado del expediente." {
			t.Fatalf("expunge: %d %q", code, msg)
		}
		if code, msg := expunge("comite", webCharge, "Datos personales"); code != 404 || msg != "No existe ese cargo." {
			t.Errorf("a second expunge: %d %q", code, msg)
		}
		var list []recordJSON
		if code := e.call("GET", "/api/records/search?discordId="+suspect, tok["comite"], nil, &list); code != 200 || len(list) != 1 || len(list[0].Charges) != 0 {
			t.Errorf("the record after the expunge: %d %+v", code, list)
		}
		testenv.ExpectCount(t, "void audits", testenv.Audits(t, d, "charge.void", webCharge), 1)
		testenv.ExpectCount(t, "expunge audits", testenv.Audits(t, d, "charge.expunge", webCharge), 1)
		testenv.ExpectCount(t, "void posts", testenv.Posts(t, d, outbox.KindChannelMessage, fmt.Sprintf(`Cargo anulado #%d"`, webCharge)), 1)
		testenv.ExpectCount(t, "expunge posts", testenv.Posts(t, d, outbox.KindChannelMessage, fmt.Sprintf(`Cargo eliminado #%d"`, webCharge)), 1)
		testenv.ExpectCount(t, "game void posts", testenv.Posts(t, d, outbox.KindChannelMessage, fmt.Sprintf(`Cargo anulado #%d"`, gameCharge)), 1)
	})
}

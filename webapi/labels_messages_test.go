package webapi

import (
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// A value outside an enumeration is refused naming each choice by its Spanish label
// with the value the API takes.
func TestRefusedChoicesNameTheLabelsAndTheValues(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addUser("oficina", "590000000000000001", true, authz.Oficina, authz.Comite, authz.Ministro, authz.Diputado)
		tok := e.signIn("oficina")
		for _, c := range []struct {
			method, path string
			body         map[string]any
			want         string
		}{
			{"POST", "/api/news/news-cards", map[string]any{"title": "Hola", "content": "Texto", "type": "noticia", "date": "2025-06-01"},
				"El tipo debe ser Actualización (update), Anuncio (announcement) o Evento (event)."},
			{"PUT", "/api/sat/businesses/1/status", map[string]any{"status": "cerrado"},
				"El estado debe ser Activo (active) o Suspendido (suspended)."},
			{"POST", "/api/legislative/initiatives/1/vote", map[string]any{"voteType": "quizá"},
				"El voto debe ser A favor (infavor), En contra (against) o Abstención (abstention)."},
			{"PUT", "/api/staff/hours", map[string]any{"userId": "590000000000000001", "hours": 1, "minutes": 0, "operation": "multiply"},
				"La operación debe ser Sumar (add) o Restar (subtract)."},
		} {
			var msg messageBody
			if code := e.call(c.method, c.path, tok, body(c.body), &msg); code != 400 || msg.Message != c.want {
				t.Errorf("%s %s: %d %q, want 400 %q", c.method, c.path, code, msg.Message, c.want)
			}
		}
	})
}

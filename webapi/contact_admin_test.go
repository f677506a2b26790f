package webapi

import (
	"strings"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/contact"
	"zocalo/core/db"
	"zocalo/internal/testdb"
)

func TestAdminsReadContactMessages(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addUser("rh", "560000000000000005", true, authz.RH)
		e.addUser("moderador", "560000000000000003", true, authz.Moderador)
		rh, moderador := e.signIn("rh"), e.signIn("moderador")
		long := strings.Repeat("Texto largo. ", 346) // 4,498 characters: past what one Discord embed holds
		for _, m := range []map[string]string{
			{"name": "Ana Pérez", "email": "ana@example.com", "subject": "Compras", "message": "¿Dónde compro el pase VIP?"},
			{"name": "Luis", "email": "luis@example.com", "phone": "+52 55 1234 5678", "message": long},
			{"name": "Marta", "email": "marta@example.com", "subject": "100% seguro", "message": "Hola"},
		} {
			if code := e.call("POST", "/api/contact", "", body(m), nil); code != 200 && code != 201 {
				t.Fatalf("contact: %d", code)
			}
			e.clock.Advance(60_000_000_000)
		}

		var page contact.Page
		if code := e.call("GET", "/api/admin/contact-messages", rh, nil, &page); code != 200 || page.Total != 3 || len(page.Messages) != 3 {
			t.Fatalf("list: %d %+v", code, page)
		}
		var names []string
		for _, m := range page.Messages {
			names = append(names, m.Name)
		}
		if strings.Join(names, ",") != "Marta,Luis,Ana Pérez" {
			t.Errorf("order %v, want newest first", names)
		}
		luis := page.Messages[1]
		if luis.Message != strings.TrimSpace(long) || luis.Phone != "+52 55 1234 5678" || luis.Email != "luis@example.com" || luis.Subject != "" {
			t.Errorf("the long message reads %d characters, phone %q", len(luis.Message), luis.Phone)
		}

		for q, want := range map[string]string{"?q=pase+vip": "Ana Pérez", "?q=LUIS@": "Luis", "?q=100%25": "Marta", "?q=compras+ana": "Ana Pérez"} {
			if code := e.call("GET", "/api/admin/contact-messages"+q, rh, nil, &page); code != 200 || len(page.Messages) != 1 || page.Messages[0].Name != want {
				t.Errorf("%s: %d %+v", q, code, page.Messages)
			}
		}
		if code := e.call("GET", "/api/admin/contact-messages?q=nadie", rh, nil, &page); code != 200 || page.Total != 0 || page.Messages == nil {
			t.Errorf("no match: %d %+v", code, page)
		}
		if code := e.call("GET", "/api/admin/contact-messages?page=2&limit=2", rh, nil, &page); code != 200 || page.Total != 3 ||
			len(page.Messages) != 1 || page.Messages[0].Name != "Ana Pérez" {
			t.Errorf("second page: %d %+v", code, page)
		}
		var msg messageBody
		for _, q := range []string{"?limit=101", "?page=0", "?q=" + strings.Repeat("a", 101)} {
			if code := e.call("GET", "/api/admin/contact-messages"+q, rh, nil, &msg); code != 400 || msg.Message == "" {
				t.Errorf("%s: %d %q", q, code, msg.Message)
			}
		}
		if code := e.call("GET", "/api/admin/contact-messages", moderador, nil, nil); code != 403 {
			t.Errorf("a moderator read the contact messages: %d", code)
		}
		if code := e.call("GET", "/api/admin/contact-messages", "", nil, nil); code != 401 {
			t.Errorf("anyone read the contact messages: %d", code)
		}
	})
}

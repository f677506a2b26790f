package records_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/documents"
	"zocalo/core/errs"
	"zocalo/core/members"
	"zocalo/core/records"
	"zocalo/core/roblox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

const (
	ana    = "700000000000000011" // member with a verified Roblox account
	beto   = "700000000000000012" // member with a passport only
	carla  = "700000000000000013" // member with nothing else
	mod    = "700000000000000014"
	nobody = "700000000000000099"
)

type fixture struct {
	svc     *records.Service
	actors  map[string]*authz.Actor
	clock   *testenv.Clock
	members *members.Service
	links   *roblox.Service
	docs    *documents.Service
}

func setup(t *testing.T, d *db.DB) fixture {
	t.Helper()
	ctx := context.Background()
	clock := testenv.NewClock(time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC))
	m := members.NewService(d, authz.RoleIDs(testenv.Roles), clock.Now)
	f := fixture{members: m, clock: clock, actors: map[string]*authz.Actor{}}
	for _, p := range []struct {
		id, name string
		roles    []authz.Role
	}{
		{ana, "ana", nil}, {beto, "beto", nil}, {carla, "carla", nil},
		{mod, "moderador", []authz.Role{authz.Moderador}},
		{"700000000000000015", "rh", []authz.Role{authz.RH}},
		{"700000000000000016", "trial", []authz.Role{authz.Trial}},
		{"700000000000000017", "tesoreria", []authz.Role{authz.Tesoreria}},
		{"700000000000000018", "comite", []authz.Role{authz.Comite}},
	} {
		if _, err := m.Upsert(ctx, members.Snapshot{DiscordID: p.id, Username: p.name, InGuild: true, RoleIDs: testenv.RoleIDs(p.roles...)}); err != nil {
			t.Fatal(err)
		}
		a, err := m.Actor(ctx, p.id, p.name)
		if err != nil {
			t.Fatal(err)
		}
		f.actors[p.name] = a
	}
	links := roblox.NewService(d, nil, clock.Now)
	if _, err := links.Link(ctx, ana, roblox.Account{UserID: "9001", Username: "AnaRP", Picture: "https://tr.rbxcdn.com/ana.png"}); err != nil {
		t.Fatal(err)
	}
	docs := documents.NewService(d, links, time.UTC, clock.Now)
	if _, err := docs.CreatePassport(ctx, f.actors["beto"], documents.PassportInput{RobloxName: "Beto_99", Nombre: "Beto",
		Apellido: "Ruiz", Pais: "España", FechaNacimiento: "02/02/1995"}); err != nil {
		t.Fatal(err)
	}
	f.svc = records.NewService(d, m, links, docs, time.UTC, clock.Now)
	links.OnLink(f.svc.AdoptGameCharges)
	f.links, f.docs = links, docs
	return f
}

func kindOf(err error) errs.Kind {
	if e, ok := errs.As(err); ok {
		return e.Kind
	}
	return errs.KindInternal
}

func TestChargesArePermittedToModeratorsAndAdmins(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := setup(t, d)
		for persona, want := range map[string]errs.Kind{
			"moderador": 0, "rh": 0, "comite": 0,
			"trial": errs.KindForbidden, "tesoreria": errs.KindForbidden, "ana": errs.KindForbidden,
		} {
			_, err := f.svc.AddCharge(ctx, f.actors[persona], records.Query{DiscordID: carla}, "Cargo de "+persona, records.SourceWeb)
			if (want == 0 && err != nil) || (want != 0 && kindOf(err) != want) {
				t.Errorf("%s: %v", persona, err)
			}
		}
		list, err := f.svc.Search(ctx, f.actors["ana"], records.Query{DiscordID: carla})
		if err != nil || len(list) != 1 || len(list[0].Charges) != 3 {
			t.Fatalf("carla's record: %+v %v", list, err)
		}
		for name, in := range map[string]records.Query{
			"no key":          {},
			"short id":        {DiscordID: "123"},
			"bad Roblox name": {RobloxUsername: "a b"},
		} {
			if _, err := f.svc.AddCharge(ctx, f.actors["moderador"], in, "x", records.SourceWeb); kindOf(err) != errs.KindInvalid {
				t.Errorf("%s: %v", name, err)
			}
		}
		if _, err := f.svc.AddCharge(ctx, f.actors["moderador"], records.Query{DiscordID: carla}, "  ", records.SourceWeb); kindOf(err) != errs.KindInvalid {
			t.Errorf("empty charge: %v", err)
		}
		if _, err := f.svc.AddCharge(ctx, f.actors["moderador"], records.Query{DiscordID: nobody}, "x", records.SourceWeb); kindOf(err) != errs.KindNotFound {
			t.Errorf("unknown person: %v", err)
		}
		if _, err := f.svc.AddCharge(ctx, f.actors["moderador"], records.Query{RobloxUsername: "Desconocido"}, "x", records.SourceWeb); kindOf(err) != errs.KindNotFound {
			t.Errorf("unknown Roblox name on the web: %v", err)
		}
		if _, err := f.svc.AddCharge(ctx, nil, records.Query{DiscordID: carla}, "x", records.SourceWeb); kindOf(err) != errs.KindUnauthorized {
			t.Errorf("signed out: %v", err)
		}
		list, _ = f.svc.Search(ctx, f.actors["ana"], records.Query{DiscordID: carla})
		if len(list[0].Charges) != 3 {
			t.Fatalf("refused charges were stored: %+v", list[0].Charges)
		}
	})
}

func TestSearchByEachKeyAndBoth(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := setup(t, d)
		add := func(q records.Query, text string) {
			t.Helper()
			if _, err := f.svc.AddCharge(ctx, f.actors["moderador"], q, text, records.SourceWeb); err != nil {
				t.Fatal(err)
			}
			f.clock.Advance(24 * time.Hour)
		}
		add(records.Query{DiscordID: ana}, "Robo de vehículo")
		add(records.Query{RobloxUsername: "anarp"}, "Evasión de arresto")
		if _, err := f.svc.AddChargeFromGame(ctx, "AnaRP", "Exceso de velocidad", records.GameKey{ID: 1, Name: "Servidor Principal"}); err != nil {
			t.Fatal(err)
		}
		add(records.Query{DiscordID: beto}, "Alteración del orden")
		// Beto_99 is only written on Beto's passport: a claim, which names nobody.
		if _, err := f.svc.AddCharge(ctx, f.actors["moderador"], records.Query{RobloxUsername: "Beto_99"}, "x", records.SourceWeb); kindOf(err) != errs.KindNotFound {
			t.Fatalf("a charge by a name nobody verified: %v", err)
		}
		if _, err := f.svc.AddChargeFromGame(ctx, "Fantasma_1", "Robo a banco", records.GameKey{ID: 1, Name: "Servidor Principal"}); err != nil {
			t.Fatal(err)
		}

		search := func(q records.Query) []records.Record {
			t.Helper()
			list, err := f.svc.Search(ctx, f.actors["carla"], q)
			if err != nil {
				t.Fatalf("%+v: %v", q, err)
			}
			return list
		}
		for name, q := range map[string]records.Query{
			"Discord id": {DiscordID: ana}, "Roblox name": {RobloxUsername: "ANARP"}, "both": {DiscordID: ana, RobloxUsername: "AnaRP"},
		} {
			list := search(q)
			if len(list) != 1 || list[0].RobloxUsername != "AnaRP" || list[0].DiscordID != ana || list[0].Avatar != "https://tr.rbxcdn.com/ana.png" {
				t.Fatalf("%s: %+v", name, list)
			}
			got := []string{}
			for _, c := range list[0].Charges {
				got = append(got, c.Description)
			}
			if strings.Join(got, "|") != "Exceso de velocidad|Evasión de arresto|Robo de vehículo" || list[0].Charges[2].Date != "2026-03-01" {
				t.Fatalf("%s: charges %+v", name, list[0].Charges)
			}
		}
		if list := search(records.Query{DiscordID: ana, RobloxUsername: "Beto_99"}); len(list) != 0 {
			t.Fatalf("keys of two people matched: %+v", list)
		}
		if list := search(records.Query{RobloxUsername: "beto_99"}); len(list) != 0 {
			t.Fatalf("by the passport's Roblox name, which nobody verified: %+v", list)
		}
		if list := search(records.Query{DiscordID: beto}); len(list) != 1 || list[0].RobloxUsername != "" || len(list[0].Charges) != 1 {
			t.Fatalf("Beto by Discord id: %+v", list)
		}
		if list := search(records.Query{RobloxUsername: "Fantasma_1"}); len(list) != 1 || list[0].DiscordID != "" || len(list[0].Charges) != 1 ||
			!list[0].Charges[0].Unverified {
			t.Fatalf("a name known only from the game: %+v", list)
		}
		if list := search(records.Query{DiscordID: ana}); list[0].Charges[0].Unverified {
			t.Fatalf("a verified person's charge is marked unverified: %+v", list[0].Charges[0])
		}
		if list := search(records.Query{DiscordID: carla}); len(list) != 1 || len(list[0].Charges) != 0 || list[0].Username != "carla" {
			t.Fatalf("a member without charges: %+v", list)
		}
		if list := search(records.Query{DiscordID: nobody}); len(list) != 0 {
			t.Fatalf("nobody: %+v", list)
		}
		if list := search(records.Query{RobloxUsername: "Nadie_Aqui"}); len(list) != 0 {
			t.Fatalf("unknown Roblox name: %+v", list)
		}
		if _, err := f.svc.Search(ctx, f.actors["carla"], records.Query{}); kindOf(err) != errs.KindInvalid {
			t.Fatalf("empty query: %v", err)
		}
		if _, err := f.svc.Search(ctx, nil, records.Query{DiscordID: ana}); kindOf(err) != errs.KindUnauthorized {
			t.Fatalf("signed out: %v", err)
		}
	})
}

func TestThePDFHoldsTheCharges(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := setup(t, d)
		charges := []string{"Robo de vehículo en Guadalajara", "Evasión de arresto", strings.Repeat("Daños a propiedad pública ", 12)}
		for _, c := range charges {
			if _, err := f.svc.AddCharge(ctx, f.actors["moderador"], records.Query{DiscordID: ana}, c, records.SourceWeb); err != nil {
				t.Fatal(err)
			}
		}
		body, name, err := f.svc.PDF(ctx, f.actors["carla"], records.Query{RobloxUsername: "AnaRP"}, "Zócalo")
		if err != nil {
			t.Fatal(err)
		}
		if name != "expediente-AnaRP.pdf" || !bytes.HasPrefix(body, []byte("%PDF-")) {
			t.Fatalf("name %q, head %q", name, body[:8])
		}
		text := testenv.PDFText(t, body)
		for _, want := range []string{"Expediente criminal", "AnaRP", "CARGO", "FECHA", "Robo de vehículo en Guadalajara", "Evasión de arresto", "01/03/2026", "Daños a propiedad"} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF's text lacks %q: %s", want, text)
			}
		}
		if _, _, err := f.svc.PDF(ctx, f.actors["carla"], records.Query{DiscordID: nobody}, "Zócalo"); kindOf(err) != errs.KindNotFound {
			t.Fatalf("PDF of nobody: %v", err)
		}
	})
}

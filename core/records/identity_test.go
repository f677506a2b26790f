package records_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/documents"
	"zocalo/core/records"
	"zocalo/core/roblox"
	"zocalo/internal/testdb"
)

var gameKey = records.GameKey{ID: 7, Name: "Servidor Principal"}

// descriptions are a record's charges' texts, sorted, with " (sin verificar)" after the
// unverified ones.
func descriptions(r *records.Record) []string {
	out := []string{}
	if r == nil {
		return out
	}
	for _, c := range r.Charges {
		d := c.Description
		if c.Unverified {
			d += " (sin verificar)"
		}
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

func (f fixture) find(t *testing.T, q records.Query) *records.Record {
	t.Helper()
	r, err := f.svc.Find(context.Background(), q)
	if err != nil {
		t.Fatalf("%+v: %v", q, err)
	}
	return r
}

func (f fixture) expectCharges(t *testing.T, what string, q records.Query, want ...string) *records.Record {
	t.Helper()
	r := f.find(t, q)
	slices.Sort(want)
	if got := descriptions(r); !slices.Equal(got, append([]string{}, want...)) {
		t.Errorf("%s: charges %q, want %q", what, got, want)
	}
	return r
}

func moves(t *testing.T, d *db.DB, by string) int64 {
	t.Helper()
	var n int64
	if err := d.Conn(context.Background()).Model(&audit.Entry{}).Where("action = ? AND actor_name = ?", records.ActionMove, by).
		Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// The case: Carla writes a Roblox name on her document that she does not own; a
// game server files a charge under it; its real owner, Beto, verifies it. Each record
// keeps its own person's charges, whichever key it is read by.
func TestAClaimedNameVerifiedByItsOwnerLeavesEachRecordItsOwnCharges(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := setup(t, d)
		if _, err := f.docs.CreateINE(ctx, f.actors["carla"], documents.INEInput{RobloxName: "Cuenta_Beto", Nombre: "Carla",
			Apellido: "Díaz", Estado: "Jalisco", Municipio: "Zapopan", FechaNacimiento: "01/01/2000"}); err != nil {
			t.Fatal(err)
		}
		mod := f.actors["moderador"]
		if _, err := f.svc.AddCharge(ctx, mod, records.Query{DiscordID: carla}, "Cargo de Carla", records.SourceWeb); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.AddChargeFromGame(ctx, "Cuenta_Beto", "Cargo del juego a Cuenta_Beto", gameKey); err != nil {
			t.Fatal(err)
		}
		// Before anyone verifies it, the name answers only the game's charge, unverified.
		f.expectCharges(t, "the name before Beto verifies", records.Query{RobloxUsername: "cuenta_beto"}, "Cargo del juego a Cuenta_Beto (sin verificar)")
		f.expectCharges(t, "Carla before Beto verifies", records.Query{DiscordID: carla}, "Cargo de Carla")

		if _, err := f.links.Link(ctx, beto, roblox.Account{UserID: "8801", Username: "Cuenta_Beto"}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.AddCharge(ctx, mod, records.Query{DiscordID: beto}, "Cargo de Beto", records.SourceDiscord); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.AddChargeFromGame(ctx, "CUENTA_BETO", "Otro cargo del juego", gameKey); err != nil {
			t.Fatal(err)
		}
		betos := []string{"Cargo del juego a Cuenta_Beto", "Cargo de Beto", "Otro cargo del juego"}
		for name, q := range map[string]records.Query{
			"Beto by Discord id": {DiscordID: beto}, "Beto by name": {RobloxUsername: "Cuenta_Beto"},
			"Beto by user id": {RobloxUserID: "8801"}, "Beto by all three": {DiscordID: beto, RobloxUsername: "cuenta_beto", RobloxUserID: "8801"},
		} {
			if r := f.expectCharges(t, name, q, betos...); r == nil || r.DiscordID != beto || r.RobloxUsername != "Cuenta_Beto" {
				t.Errorf("%s: %+v", name, r)
			}
		}
		if r := f.expectCharges(t, "Carla", records.Query{DiscordID: carla}, "Cargo de Carla"); r.RobloxUsername != "" {
			t.Errorf("Carla's record shows the name she claimed: %+v", r)
		}
		if r := f.find(t, records.Query{DiscordID: carla, RobloxUsername: "Cuenta_Beto"}); r != nil {
			t.Errorf("Carla's id with Beto's name matched: %+v", r)
		}
		// The game charge Beto took over is audited as moved to him.
		if n := moves(t, d, "verificación de Roblox"); n != 1 {
			t.Errorf("%d moves audited, want 1", n)
		}
	})
}

// A game server may name an account by user id; names change, ids do not.
func TestGameChargesByUserIDFollowTheAccount(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := setup(t, d)
		file := func(name, id, text string) {
			t.Helper()
			if _, err := f.svc.AddChargeFromGameAccount(ctx, records.GameAccount{Username: name, UserID: id}, text, gameKey); err != nil {
				t.Fatal(err)
			}
		}
		file("Nombre_Comun", "777", "Cargo a la cuenta 777")
		file("Nombre_Comun", "888", "Cargo a la cuenta 888")
		file("Nombre_Comun", "", "Cargo sin id")
		f.expectCharges(t, "by user id", records.Query{RobloxUserID: "777"}, "Cargo a la cuenta 777 (sin verificar)")
		f.expectCharges(t, "by name", records.Query{RobloxUsername: "Nombre_Comun"},
			"Cargo a la cuenta 777 (sin verificar)", "Cargo a la cuenta 888 (sin verificar)", "Cargo sin id (sin verificar)")

		// Carla verifies account 777, renamed since: she takes its charges, no other account's.
		if _, err := f.links.Link(ctx, carla, roblox.Account{UserID: "777", Username: "Nombre_Nuevo"}); err != nil {
			t.Fatal(err)
		}
		f.expectCharges(t, "Carla", records.Query{DiscordID: carla}, "Cargo a la cuenta 777")
		f.expectCharges(t, "the old name", records.Query{RobloxUsername: "Nombre_Comun"},
			"Cargo a la cuenta 888 (sin verificar)", "Cargo sin id (sin verificar)")
		// Account 777 under any name is Carla now; the user id decides over the name.
		file("Otro_Nombre", "777", "Cargo nuevo a la cuenta 777")
		file("AnaRP", "777", "Cargo a 777 con el nombre de Ana")
		f.expectCharges(t, "Carla by user id", records.Query{RobloxUserID: "777"},
			"Cargo a la cuenta 777", "Cargo nuevo a la cuenta 777", "Cargo a 777 con el nombre de Ana")
		f.expectCharges(t, "Ana", records.Query{DiscordID: ana})
		if r := f.find(t, records.Query{RobloxUserID: "999"}); r != nil {
			t.Errorf("an unknown user id: %+v", r)
		}
	})
}

// Switching or unlinking moves nothing: the charges a member had stay theirs, and the old
// account's name answers no charges of theirs.
func TestSwitchingOrUnlinkingMovesNothing(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := setup(t, d)
		if _, err := f.svc.AddChargeFromGame(ctx, "AnaRP", "Cargo del juego a AnaRP", gameKey); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.AddCharge(ctx, f.actors["moderador"], records.Query{RobloxUsername: "AnaRP"}, "Cargo web a Ana", records.SourceWeb); err != nil {
			t.Fatal(err)
		}
		if _, err := f.links.Link(ctx, ana, roblox.Account{UserID: "9002", Username: "AnaNueva"}); err != nil {
			t.Fatal(err)
		}
		f.expectCharges(t, "Ana after switching", records.Query{DiscordID: ana}, "Cargo del juego a AnaRP", "Cargo web a Ana")
		f.expectCharges(t, "Ana's new account", records.Query{RobloxUsername: "AnaNueva"}, "Cargo del juego a AnaRP", "Cargo web a Ana")
		if r := f.find(t, records.Query{RobloxUsername: "AnaRP"}); r != nil {
			t.Errorf("the old account's name: %+v", r)
		}
		// Whoever verifies AnaRP next does not get Ana's charges.
		if _, err := f.links.Link(ctx, carla, roblox.Account{UserID: "9001", Username: "AnaRP"}); err != nil {
			t.Fatal(err)
		}
		f.expectCharges(t, "Carla with Ana's old account", records.Query{RobloxUsername: "AnaRP"})
		if _, err := f.links.Unlink(ctx, &authz.Actor{DiscordID: ana, Username: "ana"}); err != nil {
			t.Fatal(err)
		}
		f.expectCharges(t, "Ana after unlinking", records.Query{DiscordID: ana}, "Cargo del juego a AnaRP", "Cargo web a Ana")
		if n := moves(t, d, "verificación de Roblox"); n != 0 {
			t.Errorf("%d moves audited, want none", n)
		}
	})
}

// The state the old code left: charges stored under a Roblox name typed on a document,
// read by the name as well as the Discord id.
func TestTheRepairMovesCrossLinkedChargesToTheirPeople(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := setup(t, d)
		// Carla's document claims Beto's name; Beto verified it.
		if _, err := f.docs.CreateINE(ctx, f.actors["carla"], documents.INEInput{RobloxName: "Cuenta_Beto", Nombre: "Carla",
			Apellido: "Díaz", Estado: "Jalisco", Municipio: "Zapopan", FechaNacimiento: "01/01/2000"}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.links.Link(ctx, beto, roblox.Account{UserID: "8801", Username: "Cuenta_Beto"}); err != nil {
			t.Fatal(err)
		}
		at := f.clock.Now()
		seed := []records.Charge{
			// Filed against Carla by Discord id, stored under the name on her document.
			{DiscordID: carla, RobloxUsername: "Cuenta_Beto", RobloxKey: "cuenta_beto", Description: "web de Carla con el nombre de Beto", Source: records.SourceWeb},
			// A game charge the old code hung on Carla through her document.
			{DiscordID: carla, RobloxUsername: "Cuenta_Beto", RobloxKey: "cuenta_beto", Description: "juego a Cuenta_Beto colgado de Carla", Source: records.SourceGame},
			// A game charge filed before Beto verified, never given to him.
			{RobloxUsername: "Cuenta_Beto", RobloxKey: "cuenta_beto", Description: "juego a Cuenta_Beto sin dueño", Source: records.SourceGame},
			// A game charge hung on Carla by a name nobody verified.
			{DiscordID: carla, RobloxUsername: "Nadie_Verifico", RobloxKey: "nadie_verifico", Description: "juego a Nadie_Verifico", Source: records.SourceGame},
			// Right already: Beto's own, under his verified name; Carla's, with no name; Ana's.
			{DiscordID: beto, RobloxUsername: "Cuenta_Beto", RobloxKey: "cuenta_beto", Description: "discord de Beto", Source: records.SourceDiscord},
			{DiscordID: carla, Description: "web de Carla", Source: records.SourceWeb},
			{DiscordID: ana, RobloxUsername: "AnaRP", RobloxKey: "anarp", Description: "juego a AnaRP", Source: records.SourceGame},
		}
		for i := range seed {
			seed[i].Date, seed[i].CreatedAt = "2026-02-01", at.Add(-time.Duration(len(seed)-i)*time.Hour)
		}
		if err := d.Conn(ctx).Create(&seed).Error; err != nil {
			t.Fatal(err)
		}

		// Before the repair, the seeded charges sit on the wrong people.
		f.expectCharges(t, "Carla before the repair", records.Query{DiscordID: carla},
			"web de Carla con el nombre de Beto", "juego a Cuenta_Beto colgado de Carla", "juego a Nadie_Verifico", "web de Carla")
		f.expectCharges(t, "Beto before the repair", records.Query{DiscordID: beto}, "discord de Beto")

		res, err := f.svc.RepairChargeKeys(ctx)
		if err != nil || !res.Ran || res.Moved != 4 {
			t.Fatalf("the repair: %+v %v", res, err)
		}
		if n := moves(t, d, "reparación de expedientes"); n != 4 {
			t.Fatalf("%d moves audited, want 4", n)
		}
		f.expectCharges(t, "Carla", records.Query{DiscordID: carla}, "web de Carla con el nombre de Beto", "web de Carla")
		f.expectCharges(t, "Beto", records.Query{RobloxUsername: "Cuenta_Beto"},
			"juego a Cuenta_Beto colgado de Carla", "juego a Cuenta_Beto sin dueño", "discord de Beto")
		f.expectCharges(t, "the name nobody verified", records.Query{RobloxUsername: "Nadie_Verifico"}, "juego a Nadie_Verifico (sin verificar)")
		f.expectCharges(t, "Ana", records.Query{DiscordID: ana}, "juego a AnaRP")
		var kept records.Charge
		if err := d.Conn(ctx).Where("description = ?", "web de Carla con el nombre de Beto").Take(&kept).Error; err != nil || kept.RobloxKey != "" {
			t.Fatalf("Carla's charge still carries the name: %+v %v", kept, err)
		}

		// It runs once: a second call (another replica, the command) changes nothing.
		again, err := f.svc.RepairChargeKeys(ctx)
		if err != nil || again.Ran || again.Moved != 4 || !again.RanAt.Equal(res.RanAt) {
			t.Fatalf("the second repair: %+v %v", again, err)
		}
		if n := moves(t, d, "reparación de expedientes"); n != 4 {
			t.Fatalf("%d moves audited after the second call, want 4", n)
		}
	})
}

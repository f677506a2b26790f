package records_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/outbox"
	"zocalo/core/records"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

const recordsChannel = "710000000000000008"

// posting is the fixture with the records channel configured.
func posting(t *testing.T, d *db.DB) fixture {
	t.Helper()
	f := setup(t, d)
	f.svc.PostTo(outbox.NewStore(d, f.clock.Now), recordsChannel, "https://portal.test")
	return f
}

// fileCharge adds a charge against carla as the moderator and returns its id.
func (f fixture) fileCharge(t *testing.T, text string) uint64 {
	t.Helper()
	rec, err := f.svc.AddCharge(context.Background(), f.actors["moderador"], records.Query{DiscordID: carla}, text, records.SourceWeb)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rec.Charges {
		if c.Description == text {
			return c.ID
		}
	}
	t.Fatalf("the charge %q is not on the record %+v", text, rec)
	return 0
}

// chargeOn finds a charge on a record as a reader sees it.
func chargeOn(t *testing.T, list []records.Record, id uint64) (records.ChargeView, bool) {
	t.Helper()
	if len(list) != 1 {
		t.Fatalf("records %+v", list)
	}
	for _, c := range list[0].Charges {
		if c.ID == id {
			return c, true
		}
	}
	return records.ChargeView{}, false
}

// entry is the one audit entry of an action on a charge.
func entry(t *testing.T, d *db.DB, action string, id uint64) audit.Entry {
	t.Helper()
	var list []audit.Entry
	if err := d.Conn(context.Background()).Where("action = ? AND entity_id = ?", action, fmt.Sprint(id)).Find(&list).Error; err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 {
		t.Fatalf("%d %s entries for charge %d, want 1", len(list), action, id)
	}
	return list[0]
}

func TestVoidKeepsTheChargeOnTheRecordMarked(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := posting(t, d)
		id := f.fileCharge(t, "Robo de bicicleta")
		testenv.ExpectCount(t, "posts of the new charge", testenv.Posts(t, d, outbox.KindChannelMessage, fmt.Sprintf("Cargo registrado #%d", id)), 1)
		f.clock.Advance(26 * time.Hour)

		for name, c := range map[string]struct {
			persona, reason string
			id              uint64
			want            errs.Kind
		}{
			"a player":          {"ana", "Error", id, errs.KindForbidden},
			"a trial moderator": {"trial", "Error", id, errs.KindForbidden},
			"treasury":          {"tesoreria", "Error", id, errs.KindForbidden},
			"no reason":         {"moderador", "   ", id, errs.KindInvalid},
			"a long reason":     {"moderador", strings.Repeat("x", records.MaxReason+1), id, errs.KindInvalid},
			"no such charge":    {"moderador", "Error", id + 1000, errs.KindNotFound},
			"id zero":           {"moderador", "Error", 0, errs.KindNotFound},
		} {
			if _, err := f.svc.Void(ctx, f.actors[c.persona], c.id, c.reason); kindOf(err) != c.want {
				t.Errorf("%s: %v, want kind %v", name, err, c.want)
			}
		}
		if _, err := f.svc.Void(ctx, nil, id, "Error"); kindOf(err) != errs.KindUnauthorized {
			t.Errorf("signed out: %v", err)
		}
		testenv.ExpectCount(t, "void audits after refusals", testenv.Audits(t, d, "charge.void", id), 0)

		// RH is in the ADMIN group, so it may void what it may add.
		v, err := f.svc.Void(ctx, f.actors["rh"], id, "  Se registró a la persona equivocada  ")
		if err != nil {
			t.Fatal(err)
		}
		if !v.Voided || v.VoidReason != "Se registró a la persona equivocada" || v.VoidedAt == nil || !v.VoidedAt.Equal(f.clock.Now()) ||
			v.AddedBy != "moderador" || v.VoidedBy != "rh" {
			t.Fatalf("the voided charge: %+v", v)
		}
		if _, err := f.svc.Void(ctx, f.actors["comite"], id, "Otra vez"); kindOf(err) != errs.KindConflict || messageOf(err) != "Ese cargo ya estaba anulado." {
			t.Fatalf("a second void: %v", err)
		}

		// A player sees the charge, voided, with its reason, and not who filed or voided it.
		list, err := f.svc.Search(ctx, f.actors["ana"], records.Query{DiscordID: carla})
		if err != nil {
			t.Fatal(err)
		}
		if c, ok := chargeOn(t, list, id); !ok || !c.Voided || c.VoidReason != v.VoidReason || c.AddedBy != "" || c.VoidedBy != "" {
			t.Fatalf("as a player: %+v", c)
		}
		if list[0].MayVoid || list[0].MayExpunge {
			t.Errorf("a player is offered corrections: %+v", list[0])
		}
		list, _ = f.svc.Search(ctx, f.actors["moderador"], records.Query{DiscordID: carla})
		if c, _ := chargeOn(t, list, id); c.AddedBy != "moderador" || c.VoidedBy != "rh" || !list[0].MayVoid || list[0].MayExpunge {
			t.Fatalf("as a moderator: %+v %+v", list[0], c)
		}
		list, _ = f.svc.Search(ctx, f.actors["comite"], records.Query{DiscordID: carla})
		if !list[0].MayVoid || !list[0].MayExpunge {
			t.Fatalf("COMITE's flags: %+v", list[0])
		}

		// The game reads only the charges in force.
		rec, err := f.svc.Find(ctx, records.Query{DiscordID: carla})
		if err != nil || rec == nil || len(rec.Charges) != 1 || len(rec.InForce()) != 0 {
			t.Fatalf("found %+v %v", rec, err)
		}

		e := entry(t, d, "charge.void", id)
		if e.ActorID != "700000000000000015" || !strings.Contains(e.Before, `"voided":false`) || !strings.Contains(e.Before, "Robo de bicicleta") ||
			!strings.Contains(e.After, `"voided":true`) || !strings.Contains(e.After, "Se registró a la persona equivocada") {
			t.Errorf("the audit entry: %+v", e)
		}
		testenv.ExpectCount(t, "void posts", testenv.Posts(t, d, outbox.KindChannelMessage, fmt.Sprintf("Cargo anulado #%d", id)), 1)
	})
}

func TestGameKeysVoidOnlyWhatTheGameFiled(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := posting(t, d)
		webCharge := f.fileCharge(t, "Insultos a un oficial")
		rec, err := f.svc.AddChargeFromGame(ctx, "Fantasma_7", "Robo a banco", records.GameKey{ID: 7, Name: "Servidor Norte"})
		if err != nil || len(rec.Charges) != 1 || rec.Charges[0].AddedBy != "" {
			t.Fatalf("the game's answer %+v %v", rec, err)
		}
		gameCharge := rec.Charges[0].ID
		if e := entry(t, d, "charge.game", gameCharge); !strings.Contains(e.After, `"apiKeyId":7`) || e.ActorName != "Servidor Norte" {
			t.Errorf("the filing's audit entry: %+v", e)
		}
		var stored records.Charge
		if err := d.Conn(ctx).Where("id = ?", gameCharge).Take(&stored).Error; err != nil || stored.APIKeyID == nil || *stored.APIKeyID != 7 {
			t.Fatalf("the key that filed it: %+v %v", stored, err)
		}

		other := records.GameKey{ID: 8, Name: "Servidor Sur"}
		if _, err := f.svc.VoidFromGame(ctx, other, webCharge, "No procede"); kindOf(err) != errs.KindForbidden {
			t.Fatalf("a key voiding a web charge: %v", err)
		}
		if _, err := f.svc.VoidFromGame(ctx, other, gameCharge, ""); kindOf(err) != errs.KindInvalid {
			t.Fatalf("without a reason: %v", err)
		}
		// Any key may void a game charge, not only the one that filed it.
		v, err := f.svc.VoidFromGame(ctx, other, gameCharge, "Arresto revertido en el juego")
		if err != nil || !v.Voided || v.VoidedBy != "" || v.AddedBy != "" {
			t.Fatalf("the game's void: %+v %v", v, err)
		}
		if _, err := f.svc.VoidFromGame(ctx, other, gameCharge, "Otra vez"); kindOf(err) != errs.KindConflict {
			t.Fatalf("a second void: %v", err)
		}
		e := entry(t, d, "charge.void", gameCharge)
		if e.ActorName != "Servidor Sur" || e.ActorID != "" || !strings.Contains(e.After, `"voidedByKeyId":8`) || !strings.Contains(e.Before, `"apiKeyId":7`) {
			t.Errorf("the audit entry: %+v", e)
		}
		testenv.ExpectCount(t, "void posts", testenv.Posts(t, d, outbox.KindChannelMessage, fmt.Sprintf("Cargo anulado #%d", gameCharge)), 1)
		testenv.ExpectCount(t, "web charge audits", testenv.Audits(t, d, "charge.void", webCharge), 0)
	})
}

func TestExpungeLeavesOnlyTheAuditLog(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := posting(t, d)
		keep := f.fileCharge(t, "Conducir sin licencia")
		id := f.fileCharge(t, "Dato personal que no debió registrarse")
		if _, err := f.svc.Void(ctx, f.actors["moderador"], id, "Error"); err != nil {
			t.Fatal(err)
		}
		for persona, want := range map[string]errs.Kind{"moderador": errs.KindForbidden, "rh": errs.KindForbidden, "ana": errs.KindForbidden} {
			if err := f.svc.Expunge(ctx, f.actors[persona], id, "Borrar"); kindOf(err) != want {
				t.Errorf("%s: %v", persona, err)
			}
		}
		if err := f.svc.Expunge(ctx, f.actors["comite"], id, ""); kindOf(err) != errs.KindInvalid {
			t.Errorf("without a reason: %v", err)
		}
		if err := f.svc.Expunge(ctx, f.actors["comite"], id, "Contenía datos personales"); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Expunge(ctx, f.actors["comite"], id, "Contenía datos personales"); kindOf(err) != errs.KindNotFound {
			t.Fatalf("a second expunge: %v", err)
		}
		if _, err := f.svc.Void(ctx, f.actors["moderador"], id, "Error"); kindOf(err) != errs.KindNotFound {
			t.Fatalf("voiding an expunged charge: %v", err)
		}

		list, err := f.svc.Search(ctx, f.actors["comite"], records.Query{DiscordID: carla})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := chargeOn(t, list, id); ok {
			t.Fatalf("the expunged charge is still on the record: %+v", list)
		}
		if _, ok := chargeOn(t, list, keep); !ok || len(list[0].Charges) != 1 {
			t.Fatalf("the other charge: %+v", list)
		}
		body, _, err := f.svc.PDF(ctx, f.actors["ana"], records.Query{DiscordID: carla}, "Zócalo")
		if err != nil {
			t.Fatal(err)
		}
		if text := testenv.PDFText(t, body); strings.Contains(text, "Dato personal") || !strings.Contains(text, "Conducir sin licencia") {
			t.Errorf("the PDF after the expunge: %s", text)
		}

		e := entry(t, d, "charge.expunge", id)
		if e.ActorID != "700000000000000018" || !strings.Contains(e.Before, "Dato personal que no debió registrarse") ||
			!strings.Contains(e.After, "Contenía datos personales") {
			t.Errorf("the audit entry: %+v", e)
		}
		testenv.ExpectCount(t, "expunge posts", testenv.Posts(t, d, outbox.KindChannelMessage, fmt.Sprintf("Cargo eliminado #%d", id)), 1)
		// Only the audit log keeps the text: the post that announced it is deleted, and the
		// expunge's post does not repeat it.
		var announced uint64
		if err := d.Conn(ctx).Model(&outbox.Event{}).Where("payload LIKE ?", fmt.Sprintf("%%Cargo registrado #%d\"%%", id)).Pluck("id", &announced).Error; err != nil || announced == 0 {
			t.Fatalf("the announcement: %d %v", announced, err)
		}
		testenv.ExpectCount(t, "deletes of the announcement", testenv.Posts(t, d, outbox.KindMessageDelete, fmt.Sprintf(`"refEventId":%d}`, announced)), 1)
		testenv.ExpectCount(t, "posts naming the text after the announcement",
			testenv.CountRows(t, d, "outbox_events", "id > ? AND payload LIKE ?", announced, "%Dato personal%"), 0)
	})
}

func TestThePDFMarksVoidedCharges(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := setup(t, d)
		f.fileCharge(t, "Vandalismo en la plaza")
		id := f.fileCharge(t, "Cargo duplicado")
		f.clock.Advance(48 * time.Hour)
		if _, err := f.svc.Void(ctx, f.actors["moderador"], id, "Registrado dos veces"); err != nil {
			t.Fatal(err)
		}
		body, _, err := f.svc.PDF(ctx, f.actors["ana"], records.Query{DiscordID: carla}, "Zócalo")
		if err != nil {
			t.Fatal(err)
		}
		text := testenv.PDFText(t, body)
		for _, want := range []string{"Vandalismo en la plaza", "Cargo duplicado", "Anulado el 03/03/2026: Registrado dos veces", "Cargos vigentes 1", "Cargos anulados 1"} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF lacks %q: %s", want, text)
			}
		}
	})
}

func messageOf(err error) string {
	if e, ok := errs.As(err); ok {
		return e.Message
	}
	return ""
}

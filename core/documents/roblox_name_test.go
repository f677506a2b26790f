package documents_test

import (
	"context"
	"testing"

	"zocalo/core/audit"
	"zocalo/core/db"
	"zocalo/core/documents"
	"zocalo/core/errs"
	"zocalo/core/roblox"
	"zocalo/internal/testdb"
)

const (
	claimant = "700000000000000021" // writes names on documents
	owner    = "700000000000000022" // verifies the name
	bystand  = "700000000000000023"
)

func ineNamed(name string) documents.INEInput {
	in := validINE()
	in.RobloxName = name
	return in
}

func nameAudits(t *testing.T, d *db.DB, who string) int64 {
	t.Helper()
	var n int64
	if err := d.Conn(context.Background()).Model(&audit.Entry{}).Where("action = ? AND actor_id = ?", documents.ActionRobloxName, who).
		Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAVerifiedRobloxNameCannotBeClaimedByAnother(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		links := roblox.NewService(d, nil, fixedNow)
		s := documents.NewService(d, links, mexico, fixedNow)
		if _, err := links.Link(ctx, owner, roblox.Account{UserID: "4401", Username: "Dueno_Real"}); err != nil {
			t.Fatal(err)
		}
		// Any case of the name is the name.
		for _, name := range []string{"Dueno_Real", "dueno_real", "DUENO_REAL"} {
			_, err := s.CreateINE(ctx, player(claimant), ineNamed(name))
			if e, _ := errs.As(err); e == nil || e.Kind != errs.KindConflict || e.Message != "Ese usuario de Roblox ya está verificado por otra persona." {
				t.Fatalf("claiming %s: %v", name, err)
			}
		}
		if doc, err := s.Of(ctx, claimant); err != nil || doc != nil {
			t.Fatalf("a refused claim stored a document: %+v %v", doc, err)
		}
		// The owner may write it, and it shows verified.
		mine, err := s.CreatePassport(ctx, player(owner), documents.PassportInput{RobloxName: "dueno_real", Nombre: "Rea", Apellido: "L",
			Pais: "Chile", FechaNacimiento: "01/01/1990"})
		if err != nil || mine.RobloxNameStatus != documents.NameVerified {
			t.Fatalf("the owner's document: %+v %v", mine, err)
		}
		// A name nobody verified may be claimed by two people: a claim proves nothing.
		for _, who := range []string{claimant, bystand} {
			if v, err := s.CreateINE(ctx, player(who), ineNamed("Sin_Dueno")); err != nil || v.RobloxNameStatus != documents.NameUnverified {
				t.Fatalf("%s claims an unverified name: %+v %v", who, v, err)
			}
		}
	})
}

func TestAClaimedNameVerifiedByItsOwnerIsFlaggedAndCorrected(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		links := roblox.NewService(d, nil, fixedNow)
		s := documents.NewService(d, links, mexico, fixedNow)
		if _, err := s.CreateINE(ctx, player(claimant), ineNamed("Nombre_Ajeno")); err != nil {
			t.Fatal(err)
		}
		// The real owner verifies it: the claimant's document is flagged, the owner linked.
		if _, err := links.Link(ctx, owner, roblox.Account{UserID: "4402", Username: "Nombre_Ajeno"}); err != nil {
			t.Fatal(err)
		}
		doc, err := s.Of(ctx, claimant)
		if err != nil || doc.RobloxNameStatus != documents.NameFlagged {
			t.Fatalf("the claimant's document after the owner verified: %+v %v", doc, err)
		}
		// The claimant cannot correct it to another verified name, nor keep it by rewriting it.
		if _, err := s.CorrectRobloxName(ctx, player(claimant), "NOMBRE_AJENO"); kindOf(err) != errs.KindConflict {
			t.Fatalf("rewriting the owner's name in another case: %v", err)
		}
		for _, bad := range []string{"", "a b", "xy"} {
			if _, err := s.CorrectRobloxName(ctx, player(claimant), bad); kindOf(err) != errs.KindInvalid {
				t.Fatalf("correcting to %q: %v", bad, err)
			}
		}
		if _, err := s.CorrectRobloxName(ctx, player(bystand), "Propio_1"); kindOf(err) != errs.KindNotFound {
			t.Fatalf("correcting without a document: %v", err)
		}
		if _, err := s.CorrectRobloxName(ctx, nil, "Propio_1"); kindOf(err) != errs.KindUnauthorized {
			t.Fatalf("signed out: %v", err)
		}
		if n := nameAudits(t, d, claimant); n != 0 {
			t.Fatalf("refused corrections were audited: %d", n)
		}
		fixed, err := s.CorrectRobloxName(ctx, player(claimant), "Propio_1")
		if err != nil || fixed.RobloxName != "Propio_1" || fixed.RobloxNameStatus != documents.NameUnverified {
			t.Fatalf("the correction: %+v %v", fixed, err)
		}
		// A repeat changes nothing and records nothing.
		if again, err := s.CorrectRobloxName(ctx, player(claimant), "Propio_1"); err != nil || again.Number != fixed.Number {
			t.Fatalf("the repeat: %+v %v", again, err)
		}
		if n := nameAudits(t, d, claimant); n != 1 {
			t.Fatalf("%d correction audits, want 1", n)
		}
		// Verifying the name makes it verified; switching to another account flags it again.
		if _, err := links.Link(ctx, claimant, roblox.Account{UserID: "4403", Username: "propio_1"}); err != nil {
			t.Fatal(err)
		}
		if doc, _ := s.Of(ctx, claimant); doc.RobloxNameStatus != documents.NameVerified {
			t.Fatalf("after verifying the name: %q", doc.RobloxNameStatus)
		}
		if _, err := links.Link(ctx, claimant, roblox.Account{UserID: "4404", Username: "Otra_Cuenta"}); err != nil {
			t.Fatal(err)
		}
		if doc, _ := s.Of(ctx, claimant); doc.RobloxNameStatus != documents.NameFlagged {
			t.Fatalf("after switching to another account: %q", doc.RobloxNameStatus)
		}
		// Propio_1 was let go with the switch: someone else may claim it now.
		if _, err := s.CreateINE(ctx, player(bystand), ineNamed("Propio_1")); err != nil {
			t.Fatalf("claiming a name its verifier let go: %v", err)
		}
	})
}

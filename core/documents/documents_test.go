package documents_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/documents"
	"zocalo/core/errs"
	"zocalo/core/roblox"
	"zocalo/internal/testdb"
)

var mexico, _ = time.LoadLocation("America/Mexico_City")

func fixedNow() time.Time { return time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC) }

func player(id string) *authz.Actor { return &authz.Actor{DiscordID: id, Username: "p" + id} }

func validINE() documents.INEInput {
	return documents.INEInput{RobloxName: "Jugador_MX", Nombre: "Ana", Apellido: "López", Estado: "Ciudad de México",
		Municipio: "Coyoacán", FechaNacimiento: "01/03/2000"}
}

func validPassport() documents.PassportInput {
	return documents.PassportInput{RobloxName: "Turista", Nombre: "John", Apellido: "Smith", Pais: "Canadá", FechaNacimiento: "15/07/1990"}
}

func kindOf(err error) errs.Kind {
	if e, ok := errs.As(err); ok {
		return e.Kind
	}
	return errs.KindInternal
}

func TestDocumentRules(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := documents.NewService(d, roblox.NewService(d, nil, fixedNow), mexico, fixedNow)
		cases := []struct {
			name    string
			edit    func(*documents.INEInput)
			message string
		}{
			{"no Roblox name", func(in *documents.INEInput) { in.RobloxName = " " }, ""},
			{"Roblox name with spaces", func(in *documents.INEInput) { in.RobloxName = "Ana López" }, ""},
			{"no first name", func(in *documents.INEInput) { in.Nombre = "" }, ""},
			{"no surname", func(in *documents.INEInput) { in.Apellido = "" }, ""},
			{"no state", func(in *documents.INEInput) { in.Estado = "" }, ""},
			{"unknown state", func(in *documents.INEInput) { in.Estado = "Texas" }, ""},
			{"no municipality", func(in *documents.INEInput) { in.Municipio = "" }, ""},
			{"no birth date", func(in *documents.INEInput) { in.FechaNacimiento = "" }, "La fecha de nacimiento es obligatoria"},
			{"31 February", func(in *documents.INEInput) { in.FechaNacimiento = "31/02/2000" }, ""},
			{"ISO date", func(in *documents.INEInput) { in.FechaNacimiento = "2000-03-01" }, ""},
			{"today (community time)", func(in *documents.INEInput) { in.FechaNacimiento = "01/03/2026" }, ""},
			{"future date", func(in *documents.INEInput) { in.FechaNacimiento = "02/03/2030" }, ""},
		}
		for _, c := range cases {
			in := validINE()
			c.edit(&in)
			_, err := s.CreateINE(ctx, player("700000000000000001"), in)
			if kindOf(err) != errs.KindInvalid {
				t.Errorf("%s: %v, want invalid", c.name, err)
			}
			if e, _ := errs.As(err); c.message != "" && (e == nil || e.Message != c.message) {
				t.Errorf("%s: message %v, want %q", c.name, err, c.message)
			}
		}
		if st, err := s.Status(ctx, player("700000000000000001")); err != nil || st.HasINE || st.HasPasaporte {
			t.Fatalf("refused forms stored something: %+v %v", st, err)
		}
		badCountry := validPassport()
		badCountry.Pais = "Narnia"
		if _, err := s.CreatePassport(ctx, player("700000000000000001"), badCountry); kindOf(err) != errs.KindInvalid {
			t.Fatalf("unknown country: %v", err)
		}

		ine, err := s.CreateINE(ctx, player("700000000000000001"), validINE())
		if err != nil {
			t.Fatal(err)
		}
		// Born 1 March 2000, today 1 March 2026 in Mexico City: 26 years old today.
		if ine.Type != documents.KindINE || ine.Edad != 26 || ine.FechaNacimiento != "01/03/2000" || len(ine.Number) != 18 || ine.IssuedAt != "2026-03-01" {
			t.Fatalf("INE = %+v", ine)
		}
		if _, err := s.CreatePassport(ctx, player("700000000000000001"), validPassport()); kindOf(err) != errs.KindConflict {
			t.Fatalf("passport after INE: %v", err)
		}
		if _, err := s.CreateINE(ctx, player("700000000000000001"), validINE()); kindOf(err) != errs.KindConflict {
			t.Fatalf("second INE: %v", err)
		}
		pass, err := s.CreatePassport(ctx, player("700000000000000002"), validPassport())
		if err != nil || pass.Type != documents.KindPasaporte || pass.Pais != "Canadá" || pass.Edad != 35 {
			t.Fatalf("passport = %+v %v", pass, err)
		}
		if _, err := s.CreateINE(ctx, player("700000000000000002"), validINE()); kindOf(err) != errs.KindConflict {
			t.Fatalf("INE after passport: %v", err)
		}
		st, _ := s.Status(ctx, player("700000000000000002"))
		if st.HasINE || !st.HasPasaporte {
			t.Fatalf("status = %+v", st)
		}
		// Nobody verified Jugador_MX: the document's name is a claim.
		if ine.RobloxNameStatus != documents.NameUnverified {
			t.Fatalf("the name of a new document is %q", ine.RobloxNameStatus)
		}
	})
}

func TestConcurrentRequestsIssueOneDocument(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := documents.NewService(d, roblox.NewService(d, nil, fixedNow), mexico, fixedNow)
		var wg sync.WaitGroup
		results := make(chan error, 20)
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var err error
				if i%2 == 0 {
					_, err = s.CreateINE(ctx, player("700000000000000003"), validINE())
				} else {
					_, err = s.CreatePassport(ctx, player("700000000000000003"), validPassport())
				}
				results <- err
			}()
		}
		wg.Wait()
		close(results)
		created, conflicts := 0, 0
		for err := range results {
			switch {
			case err == nil:
				created++
			case kindOf(err) == errs.KindConflict:
				conflicts++
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}
		var stored int64
		if err := d.Conn(ctx).Model(&documents.Document{}).Where("discord_id = ?", "700000000000000003").Count(&stored).Error; err != nil {
			t.Fatal(err)
		}
		if created != 1 || conflicts != 19 || stored != 1 {
			t.Fatalf("created %d, conflicts %d, stored %d", created, conflicts, stored)
		}
	})
}

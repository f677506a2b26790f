package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/documents"
	"zocalo/core/privacy"
	"zocalo/core/records"
	"zocalo/core/roblox"
	"zocalo/internal/testdb"
)

func whois(userID string, options ...*discordgo.ApplicationCommandInteractionDataOption) discordgo.Interaction {
	i := interaction("whois", userID)
	i.Data = discordgo.ApplicationCommandInteractionData{ID: "720000000000000005", Name: "whois", Options: options}
	return i
}

func robloxOption(name string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: "roblox", Type: discordgo.ApplicationCommandOptionString, Value: name}
}

// /whois resolves either side to the other, with the document and the record; it is for
// the staff, and asks for one of the two.
func TestWhoisResolvesBothSides(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		const mod, player, outsider = "540000000000000021", "540000000000000022", "540000000000000023"
		r.member(mod, "moderadora", authz.Moderador)
		r.member(player, "jugador")
		r.member(outsider, "curioso")
		r.start(r.newBot(), true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf(mod)) == 1 })
		if _, err := r.app.Roblox.Link(ctx, player, roblox.Account{UserID: "5100000001", Username: "Jugador_MX"}); err != nil {
			t.Fatal(err)
		}
		playerActor, err := r.app.Members.MemberActor(ctx, player)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.app.Documents.CreateINE(ctx, playerActor, documents.INEInput{RobloxName: "Jugador_MX", Nombre: "Juan",
			Apellido: "Pérez", Estado: "Jalisco", Municipio: "Zapopan", FechaNacimiento: "14/03/2000"}); err != nil {
			t.Fatal(err)
		}
		modActor, err := r.app.Members.MemberActor(ctx, mod)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.app.Records.AddCharge(ctx, modActor, records.Query{DiscordID: player}, "Exceso de velocidad", records.SourceWeb); err != nil {
			t.Fatal(err)
		}
		answer := func(i discordgo.Interaction) string {
			t.Helper()
			sent := r.fake.SendInteraction(i)
			var text string
			r.eventually("the command is answered", func() bool {
				res := r.fake.InteractionResponses(sent.ID)
				if len(res) == 0 || res[0].Data == nil {
					return false
				}
				text = res[0].Data.Content
				for _, e := range res[0].Data.Embeds {
					text += "\n" + e.Title
					for _, f := range e.Fields {
						text += "\n" + f.Name + ": " + f.Value
					}
				}
				return true
			})
			return text
		}
		for _, c := range []struct {
			name string
			in   discordgo.Interaction
			want []string
		}{
			{"by member", whois(mod, userOption(player)), []string{"¿Quién es jugador?", "Jugador\\_MX (ID 5100000001)", "INE INE-", "Juan Pérez",
				"1 cargos vigentes de 1", "Exceso de velocidad"}},
			{"by Roblox name, any case", whois(mod, robloxOption("jugador_mx")), []string{"<@" + player + ">", "Jugador\\_MX"}},
			{"a name nobody verified", whois(mod, robloxOption("Nadie123")), []string{"Nadie del servidor ha verificado el usuario de Roblox Nadie123."}},
			{"a member without a link", whois(mod, userOption(outsider)), []string{"Sin cuenta de Roblox vinculada", "Sin documento", "Sin antecedentes"}},
			{"both options", whois(mod, userOption(player), robloxOption("Jugador_MX")), []string{"Indica un miembro del servidor o un usuario de Roblox (uno de los dos)."}},
			{"neither", whois(mod), []string{"Indica un miembro del servidor o un usuario de Roblox (uno de los dos)."}},
			{"not staff", whois(outsider, userOption(player)), []string{"No tienes permiso"}},
		} {
			t.Run(c.name, func(t *testing.T) {
				got := answer(c.in)
				for _, w := range c.want {
					if !strings.Contains(got, w) {
						t.Errorf("answer %q lacks %q", got, w)
					}
				}
			})
		}
		st := answer(interaction("verificar", player))
		if !strings.Contains(st, "Tu cuenta de Roblox **Jugador\\_MX** ya está vinculada") {
			t.Errorf("verificar said %q", st)
		}
		// A member who said they are under 18 is marked so.
		yes := true
		if _, _, err := privacy.Apply(ctx, d, player, privacy.Change{Minor: &yes}, r.app.Now()); err != nil {
			t.Fatal(err)
		}
		if got := answer(whois(mod, userOption(player))); !strings.Contains(got, "Menor de edad: Lo declaró en el portal") {
			t.Errorf("a minor's whois: %q", got)
		}
		// Once a cancellation blocks the player, neither side finds them.
		if err := privacy.AddBlock(ctx, d, privacy.Block{DiscordID: player, RobloxUserID: "5100000001", RobloxKey: "jugador_mx", RequestID: 1,
			BlockedAt: r.app.Now(), SuppressAt: r.app.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		for _, in := range []discordgo.Interaction{whois(mod, userOption(player)), whois(mod, robloxOption("Jugador_MX"))} {
			if got := answer(in); !strings.Contains(got, "No hay datos que mostrar de esa persona.") || strings.Contains(got, "Juan") {
				t.Errorf("a blocked player's whois: %q", got)
			}
		}
	})
}

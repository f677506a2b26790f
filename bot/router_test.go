package bot

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/internal/testdb"
)

// postWithButtons posts a message carrying buttons as the bot, straight over REST.
func postWithButtons(t *testing.T, b *Bot, content string, buttons ...discordgo.Button) *discordgo.Message {
	t.Helper()
	row := discordgo.ActionsRow{}
	for _, btn := range buttons {
		row.Components = append(row.Components, btn)
	}
	m, err := b.currentSession().ChannelMessageSendComplex(testChannel, &discordgo.MessageSend{Content: content,
		Components: []discordgo.MessageComponent{row}})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestCustomIDsCarryTheirArguments(t *testing.T) {
	t.Parallel()
	id := CustomID("vote", "42", "favor")
	if id != "vote:42:favor" {
		t.Fatalf("custom id %q", id)
	}
	prefix, args := SplitCustomID(id)
	if prefix != "vote" || len(args) != 2 || args[0] != "42" || args[1] != "favor" {
		t.Fatalf("split %q %v", prefix, args)
	}
	for name, args := range map[string][]string{"too long": {strings.Repeat("9", 100)}, "separator": {"a:b"}} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			CustomID("vote", args...)
		})
	}
}

func TestButtonsAreRoutedByPrefixWithTheMemberAsActor(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		r.member("500000000000000001", "diputada", authz.Diputado)
		r.member("500000000000000003", "jugador")
		b := r.newBot()
		var pressed atomic.Int32
		slowRelease := make(chan struct{})
		b.AddComponent(&Component{Prefix: "marca", Groups: []authz.Group{authz.Legislative}, Ephemeral: true,
			Handle: func(_ context.Context, inv *Invocation) (Reply, error) {
				pressed.Add(1)
				if inv.Args[0] == "no" {
					return Reply{}, errs.Invalid("Esa opción no existe.")
				}
				return Reply{Content: fmt.Sprintf("%s marcó %s", inv.Actor.Username, inv.Args[0])}, nil
			}})
		b.AddComponent(&Component{Prefix: "cerrar", Updates: true,
			Handle: func(_ context.Context, inv *Invocation) (Reply, error) {
				if inv.Args[0] == "lento" {
					<-slowRelease // until Discord has the deferral
				}
				return Reply{Update: true, Content: "Cerrado por " + inv.Actor.Username, Components: []discordgo.MessageComponent{
					discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.Button{Label: "Cerrar", Style: discordgo.DangerButton, CustomID: CustomID("cerrar", inv.Args[0]), Disabled: true}}}}}, nil
			}})
		r.start(b, true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf("500000000000000001")) == 1 })

		msg := postWithButtons(t, b, "Votación",
			discordgo.Button{Label: "Sí", Style: discordgo.SuccessButton, CustomID: CustomID("marca", "si")},
			discordgo.Button{Label: "Otra", Style: discordgo.SecondaryButton, CustomID: CustomID("marca", "no")})

		answer := func(i discordgo.Interaction) InteractionAnswer {
			t.Helper()
			r.eventually("the press is answered", func() bool { return len(r.fake.InteractionResponses(i.ID)) == 1 })
			res := r.fake.InteractionResponses(i.ID)[0]
			return InteractionAnswer{Type: res.Type, Content: res.Data.Content, Ephemeral: res.Data.Flags&discordgo.MessageFlagsEphemeral != 0}
		}
		press := func(messageID, customID, userID string) discordgo.Interaction {
			t.Helper()
			i, err := r.fake.PressButton(messageID, customID, userID)
			if err != nil {
				t.Fatal(err)
			}
			return i
		}

		got := answer(press(msg.ID, "marca:si", "500000000000000001"))
		if got != (InteractionAnswer{Type: 4, Content: "diputada marcó si", Ephemeral: true}) {
			t.Fatalf("press %+v", got)
		}
		got = answer(press(msg.ID, "marca:no", "500000000000000001"))
		if got != (InteractionAnswer{Type: 4, Content: "Esa opción no existe.", Ephemeral: true}) {
			t.Fatalf("refused press %+v", got)
		}
		before := pressed.Load()
		got = answer(press(msg.ID, "marca:si", "500000000000000003"))
		if got.Type != 4 || !got.Ephemeral || !strings.Contains(got.Content, "permiso") || pressed.Load() != before {
			t.Fatalf("outsider's press %+v (handler ran %d times)", got, pressed.Load()-before)
		}
		if _, err := r.fake.PressButton(msg.ID, "marca:otro", "500000000000000001"); err == nil {
			t.Fatal("a button that is not on the message was pressed")
		}

		for _, speed := range []string{"rapido", "lento"} {
			closing := postWithButtons(t, b, "Ticket", discordgo.Button{Label: "Cerrar", Style: discordgo.DangerButton, CustomID: CustomID("cerrar", speed)})
			i := press(closing.ID, "cerrar:"+speed, "500000000000000003")
			if speed == "lento" {
				r.eventually("the slow press is deferred", func() bool { return len(r.fake.InteractionResponses(i.ID)) == 1 })
				close(slowRelease)
			}
			r.eventually("the message is updated", func() bool {
				for _, m := range r.fake.Messages(testChannel) {
					if m.ID == closing.ID && m.Content == "Cerrado por jugador" {
						return true
					}
				}
				return false
			})
			want := discordgo.InteractionResponseUpdateMessage
			if speed == "lento" {
				want = discordgo.InteractionResponseDeferredMessageUpdate
			}
			if res := r.fake.InteractionResponses(i.ID); len(res) != 1 || res[0].Type != int(want) {
				t.Fatalf("%s: responses %+v", speed, res)
			}
			if _, err := r.fake.PressButton(closing.ID, "cerrar:"+speed, "500000000000000003"); err == nil || !strings.Contains(err.Error(), "disabled") {
				t.Fatalf("%s: a disabled button was pressed (%v)", speed, err)
			}
		}
	})
}

// InteractionAnswer is what a member sees of a first response.
type InteractionAnswer struct {
	Type      int
	Content   string
	Ephemeral bool
}

func TestACommandOpensAModalAndItsSubmissionIsRouted(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		r.member("500000000000000003", "jugador")
		b := r.newBot()
		b.AddCommand(&Command{Definition: &discordgo.ApplicationCommand{Name: "nota", Description: "Escribe una nota."},
			Handle: func(context.Context, *Invocation) (Reply, error) {
				return Reply{Modal: TextInputModal(CustomID("nota", "7"), "Nueva nota",
					discordgo.TextInput{CustomID: "texto", Label: "Texto", Style: discordgo.TextInputParagraph, Required: true, MaxLength: 200})}, nil
			}})
		b.AddModal(&Component{Prefix: "nota", Ephemeral: true, Handle: func(_ context.Context, inv *Invocation) (Reply, error) {
			return Reply{Content: "Nota " + inv.Args[0] + " de " + inv.Actor.Username + ": " + inv.ModalValue("texto")}, nil
		}})
		r.start(b, true)
		r.eventually("the start reconcile", func() bool {
			m, _ := r.app.Members.Get(context.Background(), "500000000000000003")
			return m != nil
		})
		opened := r.fake.SendInteraction(interaction("nota", "500000000000000003"))
		r.eventually("the modal opens", func() bool { _, ok := r.fake.Modal(opened.ID); return ok })
		if _, err := r.fake.SubmitModal(opened.ID, map[string]string{}); err == nil {
			t.Fatal("a required field was left empty")
		}
		sent, err := r.fake.SubmitModal(opened.ID, map[string]string{"texto": "hola"})
		if err != nil {
			t.Fatal(err)
		}
		r.eventually("the submission is answered", func() bool { return len(r.fake.InteractionResponses(sent.ID)) == 1 })
		res := r.fake.InteractionResponses(sent.ID)[0]
		if res.Type != 4 || res.Data.Content != "Nota 7 de jugador: hola" || res.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Fatalf("answer %+v %+v", res, res.Data)
		}
	})
}

func TestAutocompleteAnswersAtMost25FittedChoices(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.member("500000000000000001", "moderadora", authz.Moderador)
	b := r.newBot()
	b.AddCommand(&Command{
		Definition: &discordgo.ApplicationCommand{Name: "respuesta", Description: "Respuesta guardada.",
			Options: []*discordgo.ApplicationCommandOption{{Name: "nombre", Description: "Cuál.", Type: discordgo.ApplicationCommandOptionString, Autocomplete: true}}},
		Groups: []authz.Group{authz.Staff},
		Handle: func(context.Context, *Invocation) (Reply, error) { return Reply{Content: "ok"}, nil },
		Autocomplete: func(_ context.Context, inv *Invocation) ([]*discordgo.ApplicationCommandOptionChoice, error) {
			var out []*discordgo.ApplicationCommandOptionChoice
			for n := range 40 {
				out = append(out, &discordgo.ApplicationCommandOptionChoice{
					Name: inv.Focused().StringValue() + strings.Repeat("ñ", 120), Value: fmt.Sprint(n)})
			}
			return out, nil
		},
	})
	r.start(b, true)
	r.eventually("the start reconcile", func() bool { return len(r.rolesOf("500000000000000001")) == 1 })
	sent, err := r.fake.Autocomplete("respuesta", "", "nombre", "sal", "500000000000000001")
	if err != nil {
		t.Fatal(err)
	}
	r.eventually("choices are answered", func() bool { _, ok := r.fake.Choices(sent.ID); return ok })
	choices, _ := r.fake.Choices(sent.ID)
	if len(choices) != 25 || !strings.HasPrefix(choices[0].Name, "sal") || len([]rune(choices[0].Name)) != 100 || choices[24].Value != "24" {
		t.Fatalf("%d choices, first %+v", len(choices), choices[0])
	}
}

// An autocomplete whose lookup outlasts its budget is answered, with no choices, while the
// lookup still runs: Discord's 3 seconds include sending the answer, so the bot does not
// wait for a slow lookup to the end. (A quick one is answered with its choices:
// TestAutocompleteAnswersAtMost25FittedChoices.)
func TestASlowAutocompleteIsAnsweredWithinItsBudget(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.member("500000000000000001", "moderadora", authz.Moderador)
	b := r.newBot()
	// Long enough for the member's read before the lookup; the lookup itself never ends.
	b.deps.Timing.AutocompleteBudget = time.Second
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	lookups := make(chan context.Context, 1)
	b.AddCommand(&Command{
		Definition: &discordgo.ApplicationCommand{Name: "respuesta", Description: "Respuesta guardada.",
			Options: []*discordgo.ApplicationCommandOption{{Name: "nombre", Description: "Cuál.", Type: discordgo.ApplicationCommandOptionString, Autocomplete: true}}},
		Handle: func(context.Context, *Invocation) (Reply, error) { return Reply{Content: "ok"}, nil },
		Autocomplete: func(ctx context.Context, _ *Invocation) ([]*discordgo.ApplicationCommandOptionChoice, error) {
			lookups <- ctx
			<-release // a lookup stuck behind a slow database
			return []*discordgo.ApplicationCommandOptionChoice{{Name: "tarde", Value: "tarde"}}, nil
		},
	})
	r.start(b, true)
	r.eventually("the start reconcile", func() bool { return len(r.rolesOf("500000000000000001")) == 1 })

	slow, err := r.fake.Autocomplete("respuesta", "", "nombre", "lento", "500000000000000001")
	if err != nil {
		t.Fatal(err)
	}
	r.eventually("the slow lookup is answered", func() bool { _, ok := r.fake.Choices(slow.ID); return ok })
	if choices, _ := r.fake.Choices(slow.ID); len(choices) != 0 {
		t.Fatalf("a lookup still running answered %+v", choices)
	}
	// The answer went while the lookup was still held, and its context says it is too late.
	// (On a machine too busy to read the member within the budget, the lookup never began:
	// answered in time all the same.)
	select {
	case lookup := <-lookups:
		select {
		case <-lookup.Done():
		default:
			t.Fatal("the late lookup's context is still open")
		}
		if got := lateAutocompletes(t, b, "respuesta"); got != 1 {
			t.Fatalf("late autocompletes counted %v, want 1", got)
		}
	default:
	}
}

// lateAutocompletes reads zocalo_bot_autocomplete_late_total for a command.
func lateAutocompletes(t *testing.T, b *Bot, command string) float64 {
	t.Helper()
	families, err := b.deps.Metrics.(*prometheus.Registry).Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != "zocalo_bot_autocomplete_late_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "command" && l.GetValue() == command {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	return 0
}

package discordfake

import (
	"net/http"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
)

const bob = "500000000000000002"

// Whom a post notifies follows Discord's rules for allowed_mentions: its parse list and
// its ids, mentionable roles only (the bot has no Mention Everyone), never @everyone
// without that permission, never anyone named in an embed, the replied author only when
// replied_user says so, and only members of the guild.
func TestAllowedMentionsDecideWhoIsPinged(t *testing.T) {
	t.Parallel()
	// Eleven posts in a channel come faster than its bucket allows; the test is about whom
	// they ping.
	f, srv := newStrictFake(t, Options{Relax: Relax{RateLimits: true}})
	f.AddUser(discordgo.User{ID: bob, Username: "beto"}, true)
	f.SetRoleMentionable(otherRole, true) // MODERADOR may be pinged; COMITE may not
	text := "<@" + alice + "> <@!" + bob + "> <@&" + testRole + "> <@&" + otherRole + "> <@599999999999999999> @everyone"
	aliceSaid := f.PostUserMessage(testChannel, alice, "¿Alguien?")
	for _, c := range []struct {
		name     string
		body     map[string]any
		users    []string
		roles    []string
		everyone bool
	}{
		{"no allowed_mentions: every type is parsed", map[string]any{"content": text},
			[]string{alice, bob}, []string{otherRole}, false},
		{"parse nothing", map[string]any{"content": text, "allowed_mentions": map[string]any{"parse": []string{}}},
			nil, nil, false},
		{"one role by id", map[string]any{"content": text, "allowed_mentions": map[string]any{"parse": []string{}, "roles": []string{otherRole}}},
			nil, []string{otherRole}, false},
		{"a role that is not mentionable, by id", map[string]any{"content": text, "allowed_mentions": map[string]any{"roles": []string{testRole}}},
			nil, nil, false},
		{"one user by id", map[string]any{"content": text, "allowed_mentions": map[string]any{"users": []string{bob}}},
			[]string{bob}, nil, false},
		{"an id the text does not name", map[string]any{"content": "hola <@" + alice + ">", "allowed_mentions": map[string]any{"users": []string{bob}}},
			nil, nil, false},
		{"users parsed, everyone asked for", map[string]any{"content": text, "allowed_mentions": map[string]any{"parse": []string{"users", "everyone"}}},
			[]string{alice, bob}, nil, false},
		{"mentions in an embed", map[string]any{"content": "aviso", "embeds": []any{map[string]any{"description": text}}},
			nil, nil, false},
		{"a reply, replied_user false", map[string]any{"content": "respuesta", "allowed_mentions": map[string]any{"parse": []string{}},
			"message_reference": map[string]any{"message_id": aliceSaid.ID}}, nil, nil, false},
		{"a reply, replied_user true", map[string]any{"content": "respuesta", "allowed_mentions": map[string]any{"parse": []string{}, "replied_user": true},
			"message_reference": map[string]any{"message_id": aliceSaid.ID}}, []string{alice}, nil, false},
		{"a reply without allowed_mentions", map[string]any{"content": "respuesta",
			"message_reference": map[string]any{"message_id": aliceSaid.ID}}, []string{alice}, nil, false},
	} {
		a := call(t, srv, http.MethodPost, messagesPath(testChannel), c.body)
		if a.status != 200 {
			t.Errorf("%s: %d %s", c.name, a.status, a.raw)
			continue
		}
		pings := f.Pings()
		p := pings[len(pings)-1]
		if p.MessageID != a.body["id"] || !slices.Equal(p.Users, c.users) || !slices.Equal(p.Roles, c.roles) || p.Everyone != c.everyone {
			t.Errorf("%s: pinged %+v", c.name, p)
		}
		// The message says it too.
		var mentioned []string
		for _, u := range a.body["mentions"].([]any) {
			mentioned = append(mentioned, u.(map[string]any)["id"].(string))
		}
		var roles []string
		for _, r := range a.body["mention_roles"].([]any) {
			roles = append(roles, r.(string))
		}
		if !slices.Equal(mentioned, c.users) || !slices.Equal(roles, c.roles) || a.body["mention_everyone"] != c.everyone {
			t.Errorf("%s: the message mentions %v, roles %v, everyone %v", c.name, mentioned, roles, a.body["mention_everyone"])
		}
	}

	// With Mention Everyone, @everyone and every role reach.
	g, srv2 := newStrictFake(t, Options{BotPermissions: InvitePermissions | discordgo.PermissionMentionEveryone})
	a := call(t, srv2, http.MethodPost, messagesPath(testChannel), map[string]any{"content": text})
	if p := g.Pings()[0]; a.status != 200 || !p.Everyone || !slices.Equal(p.Roles, []string{testRole, otherRole}) {
		t.Errorf("with Mention Everyone: %d %+v", a.status, p)
	}
	if n := len(f.Pings()); n != 11 {
		t.Errorf("%d pings recorded, want one per post", n)
	}
}

// Discord refuses allowed_mentions that contradict themselves, and posts nothing.
func TestContradictoryAllowedMentionsAreRefused(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	for name, am := range map[string]map[string]any{
		"parse users and users": {"parse": []string{"users"}, "users": []string{alice}},
		"parse roles and roles": {"parse": []string{"roles"}, "roles": []string{testRole}},
		"an unknown type":       {"parse": []string{"channels"}},
		"101 users":             {"users": make([]string, 101)},
		"not an object":         nil,
	} {
		body := map[string]any{"content": "<@" + alice + ">", "allowed_mentions": am}
		if am == nil {
			body["allowed_mentions"] = "todos"
		}
		if a := call(t, srv, http.MethodPost, messagesPath(testChannel), body); a.status != 400 || a.code() != 50035 {
			t.Errorf("%s: %d %s", name, a.status, a.raw)
		}
	}
	if n := len(f.Messages(testChannel)); n != 0 {
		t.Errorf("%d refused posts were kept", n)
	}
}

// An interaction's answer and its follow-ups parse users only unless they say otherwise.
func TestInteractionAnswersParseUsersOnlyByDefault(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	f.SetRoleMentionable(otherRole, true)
	sent := sendCommand(f)
	text := "<@" + alice + "> <@&" + otherRole + ">"
	if a := call(t, srv, http.MethodPost, callbackPath(sent), map[string]any{"type": 4, "data": map[string]any{"content": text}}); a.status != 204 {
		t.Fatalf("answer: %d %s", a.status, a.raw)
	}
	if a := call(t, srv, http.MethodPost, webhookPath(sent)+"?wait=true", map[string]any{"content": text,
		"allowed_mentions": map[string]any{"parse": []string{}, "roles": []string{otherRole}}}); a.status != 200 {
		t.Fatalf("follow-up: %d %s", a.status, a.raw)
	}
	pings := f.Pings()
	if len(pings) != 2 || !slices.Equal(pings[0].Users, []string{alice}) || len(pings[0].Roles) != 0 ||
		len(pings[1].Users) != 0 || !slices.Equal(pings[1].Roles, []string{otherRole}) {
		t.Errorf("pings = %+v", pings)
	}
}

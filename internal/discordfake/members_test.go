package discordfake

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// A nickname is set and cleared like Discord does, with GUILD_MEMBER_UPDATE; the owner and
// members above the bot are refused with 403 50013, a nickname past 32 with 400 50035.
func TestMemberNickname(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	s, rec := openSession(t, srv, allIntents)
	const bob = "100000000000000077"
	f.AddUser(discordgo.User{ID: bob, Username: "bob"}, true, otherRole)

	if err := s.GuildMemberNickname(testGuild, alice, "Alicia (@AliciaRP)"); err != nil {
		t.Fatal(err)
	}
	if m, _ := f.Member(alice); m.Nick != "Alicia (@AliciaRP)" {
		t.Fatalf("nick %q", m.Nick)
	}
	updates := rec.waitFor(t, "GUILD_MEMBER_UPDATE", 1)
	if !strings.Contains(string(updates[0].RawData), `"nick":"Alicia (@AliciaRP)"`) {
		t.Fatalf("update %s", updates[0].RawData)
	}
	if err := s.GuildMemberNickname(testGuild, alice, ""); err != nil {
		t.Fatal(err)
	}
	if m, _ := f.Member(alice); m.Nick != "" {
		t.Fatalf("nick after a reset %q", m.Nick)
	}
	// 16 emoji are 32 UTF-16 code units, as Discord counts them; one letter more is too long.
	if err := s.GuildMemberNickname(testGuild, alice, strings.Repeat("😀", 16)); err != nil {
		t.Fatalf("32 units: %v", err)
	}
	if status, code := restCode(s.GuildMemberNickname(testGuild, alice, strings.Repeat("😀", 16)+"a")); status != 400 || code != 50035 {
		t.Fatalf("33 units: %d %d", status, code)
	}
	if status, code := restCode(s.GuildMemberNickname(testGuild, "100000000000000099", "x")); status != 404 || code != 10007 {
		t.Fatalf("unknown member: %d %d", status, code)
	}

	f.SetOwner(alice)
	if status, code := restCode(s.GuildMemberNickname(testGuild, alice, "Dueña")); status != 403 || code != 50013 {
		t.Fatalf("the owner: %d %d", status, code)
	}
	if g, err := s.Guild(testGuild); err != nil || g.OwnerID != alice {
		t.Fatalf("guild owner %v, %v", g, err)
	}
	// The bot's role sits at MODERADOR's position: a MODERADOR is not below it.
	f.SetBotRolePosition(2)
	if status, code := restCode(s.GuildMemberNickname(testGuild, bob, "Bob")); status != 403 || code != 50013 {
		t.Fatalf("a member above the bot: %d %d", status, code)
	}
	f.SetBotRolePosition(3)
	if err := s.GuildMemberNickname(testGuild, bob, "Bob"); err != nil {
		t.Fatalf("a member below the bot: %v", err)
	}
	// By hand, as a moderator in Discord would.
	if err := f.SetNick(bob, "Roberto"); err != nil {
		t.Fatal(err)
	}
	if m, _ := f.Member(bob); m.Nick != "Roberto" {
		t.Fatalf("nick set by hand %q", m.Nick)
	}
}

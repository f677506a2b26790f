package discordfake

import (
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// The demo page takes the bot's permission to post in a channel away and gives it back,
// as a server admin would in Discord: the bot's post there is refused with 50013 meanwhile.
func TestDemoPageTakesAndGivesBackTheBotsPermissionToPost(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	s, _ := openSession(t, srv, allIntents)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	set := func(value string) {
		t.Helper()
		res, err := client.PostForm(srv.URL+"/channels/"+testChannel+"/bot-permissions", url.Values{"publicar": {value}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("form answered %d", res.StatusCode)
		}
	}

	set("no")
	_, err := s.ChannelMessageSend(testChannel, "hola")
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Message == nil || rest.Message.Code != discordgo.ErrCodeMissingPermissions {
		t.Fatalf("post without the permission: %v", err)
	}
	res, err := http.Get(srv.URL + "/?permisos=" + testChannel)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(page), `value="no" checked`) || !strings.Contains(string(page), "Permisos guardados") {
		t.Fatalf("the page does not show the channel without the permission")
	}

	set("si")
	if _, err := s.ChannelMessageSend(testChannel, "hola"); err != nil {
		t.Fatalf("post after the permission came back: %v", err)
	}
	if got := f.Messages(testChannel); len(got) != 1 || got[0].Content != "hola" {
		t.Fatalf("channel shows %+v", got)
	}

	res, err = client.PostForm(srv.URL+"/channels/999/bot-permissions", url.Values{"publicar": {"no"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown channel answered %d", res.StatusCode)
	}
}

package webapi

import (
	"bytes"
	"fmt"
	"html/template"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"

	"zocalo/core/legislative"
	"zocalo/core/news"
	"zocalo/internal/config"
)

// The content the server writes into a page's regions (web/src/ssr/browserOnly.tsx): what a
// reader without JavaScript sees, and what the page paints before the app shows its own
// rendering of it in the same place. Plain, semantic HTML in the app's words (the manifest's
// texts) and the stylesheet's classes (web/src/ssr/slots.css); html/template escapes every value.

var slotTemplates = template.Must(template.New("slots").Parse(`
{{define "hero-actions"}}<div class="ssr-content ssr-actions">
{{- if .Join}}<a class="ssr-button ssr-button-hero" href="{{.Join}}" target="_blank" rel="noopener noreferrer">{{.PlayIcon}}<span>{{.JoinText}}</span></a>
{{- else}}<span class="ssr-button ssr-button-hero ssr-button-off" aria-disabled="true">{{.Unavailable}}</span>{{end}}
{{- if .Chat}}<a class="ssr-button ssr-button-hero-outline" href="{{.Chat}}" target="_blank" rel="noopener noreferrer">{{.ChatIcon}}<span>{{.ChatText}}</span></a>{{end -}}
</div>{{end}}

{{define "servers"}}<div class="ssr-content ssr-cards ssr-servers">
{{- range .}}<article class="ssr-card">
<div class="ssr-group"><h3 class="ssr-card-title">{{.Name}}</h3><p class="ssr-status ssr-status-{{.Status}}">{{.StatusText}}</p></div>
<div class="ssr-group"><p class="ssr-muted">{{.TeamIcon}} {{.Players}}</p><div class="ssr-bar" aria-hidden="true"><div style="width: {{.Fill}}%"></div></div></div>
{{- if .Join}}<a class="ssr-button ssr-button-primary" href="{{.Join}}" target="_blank" rel="noopener noreferrer">{{.PlayIcon}}<span>{{.JoinText}}</span></a>
{{- else}}<span class="ssr-button ssr-button-off" aria-disabled="true">{{.Unavailable}}</span>{{end -}}
</article>{{end -}}
</div>{{end}}

{{define "news-cards"}}<div class="ssr-content ssr-cards ssr-news">
{{- range $i, $card := .Cards}}{{with $card}}<article class="ssr-card">
<a href="{{.Href}}" tabindex="-1" aria-hidden="true"><img class="ssr-news-image" src="{{.Image}}" alt="{{.Title}}" {{if eq $i 0}}fetchpriority="high"{{else}}loading="lazy"{{end}} referrerpolicy="no-referrer"></a>
<p class="ssr-muted"><span class="ssr-tag ssr-tag-{{.TypeValue}}">{{.Type}}</span> <time datetime="{{.Date}}">{{.DateText}}</time></p>
<h3 class="ssr-card-title"><a href="{{.Href}}">{{.Title}}</a></h3>
<p class="ssr-news-text">{{.Text}}</p>
<a href="{{.Href}}" aria-label="{{$.ReadMore}}: {{.Title}}">{{$.ReadMore}}</a>
</article>{{end}}{{else}}<p class="ssr-muted">{{.Empty}}</p>{{end -}}
</div>{{end}}

{{define "laws"}}<div class="ssr-content ssr-laws">
{{- range .Laws}}<article class="ssr-card ssr-law" aria-labelledby="ley-{{.ID}}">
<p class="ssr-muted"><span class="ssr-tag ssr-tag-event">{{$.ApprovedLabel}}</span> <span class="ssr-tag">{{.BodyName}}</span></p>
<h2 class="ssr-card-title" id="ley-{{.ID}}">{{.Title}}</h2>
<p class="ssr-muted ssr-law-dates"><span>{{$.Words.Presented}} <time datetime="{{.Presented}}">{{.PresentedText}}</time></span> <span>{{$.Words.Approved}} <time datetime="{{.Approved}}">{{.ApprovedText}}</time></span> <span>{{.Tally}}</span></p>
<p class="ssr-law-text">{{.Text}}</p>
</article>{{else}}<p class="ssr-muted">{{.Empty}}</p>{{end -}}
</div>{{end}}

{{define "news-item"}}{{with .Card}}<article class="ssr-content ssr-card ssr-article">
<img class="news-detail-image ssr-cover" src="{{.Image}}" alt="{{.Title}}" fetchpriority="high" referrerpolicy="no-referrer">
<p class="ssr-muted"><span class="ssr-tag ssr-tag-{{.TypeValue}}">{{.Type}}</span> <time datetime="{{.Date}}">{{.DateText}}</time></p>
<h1 class="ssr-article-title">{{.Title}}</h1>
<p class="news-text ssr-article-text">{{.Text}}</p>
</article>{{else}}<p class="ssr-content ssr-muted">{{.NotFound}}</p>{{end}}{{end}}
`))

// slotWriter renders the regions' content with the manifest's words.
type slotWriter struct {
	m   *docManifest
	loc *time.Location
}

func (w slotWriter) render(name string, data any) []byte {
	var b bytes.Buffer
	if err := slotTemplates.ExecuteTemplate(&b, name, data); err != nil {
		return nil
	}
	return b.Bytes()
}

// joinable is the app's rule (pages/public/serverStatus.ts): a server is joined while online.
func joinable(cfg *config.Config, sc config.ServerCard) string {
	u := joinURL(cfg, sc.Code)
	if sc.Status != "online" || u == "" {
		return ""
	}
	return u
}

func (w slotWriter) heroActions(cfg *config.Config) []byte {
	data := struct {
		Join, Chat, JoinText, ChatText, Unavailable string
		PlayIcon, ChatIcon                          template.HTML
	}{
		Chat: cfg.CommunityChatURL, JoinText: w.m.Texts.HeroJoin, ChatText: w.m.Texts.HeroChat, Unavailable: w.m.Texts.Unavailable,
		PlayIcon: icon(w.m.Icons.Play), ChatIcon: icon(w.m.Icons.Message),
	}
	if len(cfg.Servers) > 0 {
		data.Join = joinable(cfg, cfg.Servers[0])
	}
	return w.render("hero-actions", data)
}

func (w slotWriter) servers(cfg *config.Config) []byte {
	type card struct {
		Name, Status, StatusText, Players, Join, JoinText, Unavailable string
		Fill                                                           int
		TeamIcon, PlayIcon                                             template.HTML
	}
	cards := make([]card, len(cfg.Servers))
	for i, sc := range cfg.Servers {
		players := strings.NewReplacer("{players}", strconv.Itoa(sc.Players), "{maxPlayers}", strconv.Itoa(sc.MaxPlayers)).Replace(w.m.Texts.Players)
		fill := 0
		if sc.MaxPlayers > 0 {
			fill = int(math.Round(float64(sc.Players) * 100 / float64(sc.MaxPlayers)))
		}
		cards[i] = card{Name: sc.Name, Status: sc.Status, StatusText: config.ServerStatuses.Of(sc.Status), Players: players, Fill: fill,
			Join: joinable(cfg, sc), JoinText: w.m.Texts.Join, Unavailable: w.m.Texts.Unavailable,
			TeamIcon: icon(w.m.Icons.Team), PlayIcon: icon(w.m.Icons.Play)}
	}
	return w.render("servers", cards)
}

// icon is one of the app's icons from the manifest: markup the build wrote, not the request.
func icon(markup string) template.HTML {
	return template.HTML(markup)
}

// newsCardView is a news item as the regions show it.
type newsCardView struct {
	Href, Image, Title, Type, TypeValue, Date, DateText, Text string
}

func (w slotWriter) cardView(c news.Card, preview bool) newsCardView {
	image := strings.TrimSpace(c.ImageURL)
	if image == "" {
		image = w.m.DefaultNewsImage
	}
	text := c.Content
	if preview {
		text = previewOf(text, w.m.NewsPreviewLength)
	}
	return newsCardView{Href: "/news/" + c.ID, Image: image, Title: c.Title, Type: w.newsTypeLabel(c.Type), TypeValue: c.Type,
		Date: c.Date.UTC().Format(time.RFC3339), DateText: longDate(c.Date.In(w.loc)), Text: text}
}

// newsCards are the cards of the landing (previews) or of /news (whole texts, as the app shows them there).
func (w slotWriter) newsCards(cards []news.Card, preview bool) []byte {
	views := make([]newsCardView, len(cards))
	for i, c := range cards {
		views[i] = w.cardView(c, preview)
	}
	return w.render("news-cards", struct {
		Cards           []newsCardView
		ReadMore, Empty string
	}{views, w.m.Texts.ReadMore, w.m.Texts.NoNews})
}

// newsItem is the item of /news/{id}, or the app's words for one that is not published.
func (w slotWriter) newsItem(c *news.Card) []byte {
	data := struct {
		Card     *newsCardView
		NotFound string
	}{NotFound: w.m.Texts.NewsNotFound}
	if c != nil {
		v := w.cardView(*c, false)
		data.Card = &v
	}
	return w.render("news-item", data)
}

// laws are the first page of the Diario Oficial, as the app's law cards show them.
func (w slotWriter) laws(page legislative.GazettePage) []byte {
	words := w.m.Texts.Law
	type lawView struct {
		ID                                                                             uint64
		Title, BodyName, Text, Presented, PresentedText, Approved, ApprovedText, Tally string
	}
	views := make([]lawView, len(page.Laws))
	for i, l := range page.Laws {
		abstentions := words.Abstentions
		if l.Votes.Abstention == 1 {
			abstentions = words.Abstention
		}
		tally := fmt.Sprintf("%d %s · %d %s · %d %s", l.Votes.InFavor, words.InFavor, l.Votes.Against, words.Against, l.Votes.Abstention, abstentions)
		views[i] = lawView{ID: l.ID, Title: l.Title, BodyName: l.BodyName, Text: l.Text, Tally: tally,
			Presented: l.PresentedAt.UTC().Format(time.RFC3339), PresentedText: longDate(l.PresentedAt.In(w.loc)),
			Approved: l.ApprovedAt.UTC().Format(time.RFC3339), ApprovedText: longDate(l.ApprovedAt.In(w.loc))}
	}
	return w.render("laws", struct {
		Laws                 []lawView
		Words                any
		ApprovedLabel, Empty string
	}{views, words, legislative.Statuses.Of("approved"), w.m.Texts.NoLaws})
}

// newsTypeLabel is the app's rule (components/news/newsFormat.ts): an unknown type gets the app's general word.
func (w slotWriter) newsTypeLabel(t string) string {
	if news.Types.Has(t) {
		return news.Types.Of(t)
	}
	return w.m.Texts.OtherNews
}

// previewOf is the app's card preview (components/news/newsFormat.ts truncate): the first n
// characters, trailing spaces dropped, and "..." when the text was longer.
func previewOf(text string, n int) string {
	r := []rune(text)
	if n <= 0 || len(r) <= n {
		return text
	}
	return strings.TrimRightFunc(string(r[:n]), unicode.IsSpace) + "..."
}

var monthsES = [...]string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
	"septiembre", "octubre", "noviembre", "diciembre"}

// longDate is a date as the app writes it in Spanish: "3 de marzo de 2025".
func longDate(t time.Time) string {
	return strconv.Itoa(t.Day()) + " de " + monthsES[t.Month()-1] + " de " + strconv.Itoa(t.Year())
}

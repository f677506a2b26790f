package webapi

import (
	"context"
	"html"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"zocalo/core/errs"
)

// siteName ends every page's title.
const siteName = "Zócalo"

// siteDescription is the description of pages that have none of their own.
const siteDescription = "Portal de la comunidad de roleplay Zócalo: noticias, tienda, soporte y trámites de la ciudad."

// pageMeta is what the server writes into the head of the page it serves.
type pageMeta struct {
	title, description string
	// Open Graph, for a page worth sharing (a news item); empty otherwise.
	ogType, ogURL, ogImage string
}

// matchRoute is the pattern of webRoutes that path matches, or "" when none does. As in the
// web's router, a fixed segment ranks above a ":name" one, and that above a "*".
func matchRoute(path string) string {
	segs := splitPath(path)
	best, bestScore := "", -1
	for _, pattern := range webRoutes {
		parts := splitPath(pattern)
		if !routeMatches(parts, segs) {
			continue
		}
		score := 0
		for _, p := range parts {
			switch {
			case p == "*":
			case strings.HasPrefix(p, ":"):
				score += 2
			default:
				score += 3
			}
		}
		if score > bestScore {
			best, bestScore = pattern, score
		}
	}
	return best
}

func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

func routeMatches(pattern, segs []string) bool {
	for i, p := range pattern {
		if p == "*" && i == len(pattern)-1 {
			return true
		}
		if i >= len(segs) {
			return false
		}
		if !strings.HasPrefix(p, ":") && p != segs[i] {
			return false
		}
	}
	return len(pattern) == len(segs)
}

// metaFor is the head of the page at path and its status: 404 for a path the web app does not
// have and for a news item that is not published.
func (s *Server) metaFor(ctx context.Context, path string) (pageMeta, int, error) {
	notFound := pageMeta{title: "Página no encontrada · " + siteName, description: siteDescription}
	if path == "/index.html" {
		path = "/"
	}
	pattern := matchRoute(path)
	if pattern == "" {
		return notFound, http.StatusNotFound, nil
	}
	meta := pageMeta{title: siteName, description: siteDescription}
	if t := pageTitles[pattern]; t != "" && pattern != "/" {
		meta.title = t + " · " + siteName
	}
	if pattern != "/news/:id" {
		return meta, http.StatusOK, nil
	}
	item, err := s.deps.App.News.Published(ctx, splitPath(path)[1])
	if errs.KindOf(err) == errs.KindNotFound {
		return pageMeta{title: "Noticia no encontrada · " + siteName, description: siteDescription}, http.StatusNotFound, nil
	}
	if err != nil {
		return meta, http.StatusOK, err
	}
	public := strings.TrimRight(s.deps.Config.PublicURL, "/")
	meta.title = item.Title + " · " + siteName
	meta.description = summary(item.Content, 200)
	if meta.description == "" {
		meta.description = siteDescription
	}
	meta.ogType = "article"
	meta.ogURL = public + "/news/" + item.ID
	if img := strings.TrimSpace(item.ImageURL); img != "" {
		if strings.HasPrefix(img, "/") && !strings.HasPrefix(img, "//") {
			img = public + img
		}
		if strings.HasPrefix(img, "https://") || strings.HasPrefix(img, "http://") {
			meta.ogImage = img
		}
	}
	return meta, http.StatusOK, nil
}

// markup is what of Markdown a summary leaves out, and the runs of white space it joins.
var markup = regexp.MustCompile("(?m)^[ \\t]*>+|[#*_`\\[\\]]+|\\s+")

// summary is the start of a text as one line of at most n characters, cut at a word.
func summary(text string, n int) string {
	s := strings.TrimSpace(markup.ReplaceAllStringFunc(text, func(m string) string {
		if strings.TrimSpace(m) == "" {
			return " "
		}
		return ""
	}))
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n]
	cut := string(r)
	if i := strings.LastIndex(cut, " "); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " .,;:") + "…"
}

var (
	titleTag       = regexp.MustCompile(`(?is)<title>.*?</title>`)
	descriptionTag = regexp.MustCompile(`(?is)<meta\s+name="description"[^>]*>`)
)

// withMeta is index.html with the page's title, description and, for shared pages, the
// Open Graph and Twitter tags.
func withMeta(index []byte, m pageMeta) []byte {
	esc := html.EscapeString
	var head strings.Builder
	head.WriteString(`<meta name="description" content="` + esc(m.description) + `" />`)
	head.WriteString(`<meta property="og:site_name" content="` + siteName + `" />`)
	head.WriteString(`<meta property="og:title" content="` + esc(m.title) + `" />`)
	head.WriteString(`<meta property="og:description" content="` + esc(m.description) + `" />`)
	head.WriteString(`<meta property="og:locale" content="es_MX" />`)
	if m.ogType != "" {
		head.WriteString(`<meta property="og:type" content="` + esc(m.ogType) + `" />`)
		head.WriteString(`<meta property="og:url" content="` + esc(m.ogURL) + `" />`)
		card := "summary"
		if m.ogImage != "" {
			head.WriteString(`<meta property="og:image" content="` + esc(m.ogImage) + `" />`)
			head.WriteString(`<meta name="twitter:image" content="` + esc(m.ogImage) + `" />`)
			card = "summary_large_image"
		}
		head.WriteString(`<meta name="twitter:card" content="` + card + `" />`)
		head.WriteString(`<meta name="twitter:title" content="` + esc(m.title) + `" />`)
		head.WriteString(`<meta name="twitter:description" content="` + esc(m.description) + `" />`)
	}
	// Only the head's: the page's markup below may hold titles of its own (an SVG's).
	out, body := string(index), ""
	if i := strings.Index(strings.ToLower(out), "</head>"); i >= 0 {
		out, body = out[:i], out[i:]
	}
	out = descriptionTag.ReplaceAllLiteralString(out, "")
	title := "<title>" + esc(m.title) + "</title>"
	if loc := titleTag.FindStringIndex(out); loc != nil {
		out = out[:loc[0]] + title + out[loc[1]:]
	} else {
		head.WriteString(title)
	}
	if body != "" {
		return []byte(out + head.String() + body)
	}
	return []byte(head.String() + out)
}

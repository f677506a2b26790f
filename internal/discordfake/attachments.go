package discordfake

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// attachmentsOf describes files as Discord does, served by the fake's CDN. f.mu is held.
func (f *Fake) attachmentsOf(channelID string, files []Attachment) []*discordgo.MessageAttachment {
	out := []*discordgo.MessageAttachment{}
	for i := range files {
		a := &files[i]
		if a.ContentType == "" {
			a.ContentType = "application/octet-stream"
		}
		id := f.newID()
		f.files[id] = a
		u := "https://cdn.discordapp.com/attachments/" + channelID + "/" + id + "/" + url.PathEscape(a.Name)
		out = append(out, &discordgo.MessageAttachment{ID: id, Filename: a.Name, ContentType: a.ContentType,
			Size: len(a.Data), URL: u, ProxyURL: u})
	}
	return out
}

func (f *Fake) cdn(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	a, ok := f.files[r.PathValue("attachment")]
	f.mu.Unlock()
	if !ok || a.Name != r.PathValue("name") {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", a.ContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(a.Data)))
	_, _ = w.Write(a.Data)
}

var errBadBody = errors.New("bad body")

// readBody reads a JSON body, or a multipart one (payload_json and files[n]) into dst.
func readBody(r *http.Request, dst any) ([]Attachment, error) {
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		if err := json.NewDecoder(r.Body).Decode(dst); err != nil {
			return nil, errBadBody
		}
		return nil, nil
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	var files []Attachment
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, errBadBody
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, errBadBody
		}
		switch name := p.FormName(); {
		case name == "payload_json":
			if err := json.Unmarshal(data, dst); err != nil {
				return nil, errBadBody
			}
		case strings.HasPrefix(name, "files[") || name == "file":
			files = append(files, Attachment{Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
		}
	}
	return files, nil
}

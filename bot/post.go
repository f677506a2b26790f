package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
	"zocalo/core/tickets"
)

// Discord's limits on a message's files: the upload limit (set in the configuration, as
// boosts raise it) and how many files one message carries.
const (
	defaultUploadLimit = 10 << 20
	maxFilesPerMessage = 10
	// uploadOverhead is left of the upload limit for the rest of the request: the message's
	// JSON and the multipart framing.
	uploadOverhead = 64 << 10
)

// messageCreate is a message post with the nonce that makes a repeat harmless.
type messageCreate struct {
	Content      string                    `json:"content,omitempty"`
	Embeds       []*discordgo.MessageEmbed `json:"embeds,omitempty"`
	Nonce        string                    `json:"nonce"`
	EnforceNonce bool                      `json:"enforce_nonce"`
	// Mentions are never parsed from relayed text: nobody gets pinged by a news post.
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Reference       *discordgo.MessageReference       `json:"message_reference,omitempty"`
	Components      []discordgo.MessageComponent      `json:"components,omitempty"`
}

func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// sendMessage posts one message; with files, as multipart.
func sendMessage(s *discordgo.Session, channelID string, body messageCreate, files []*discordgo.File) (*discordgo.Message, error) {
	endpoint := discordgo.EndpointChannelMessages(channelID)
	var raw []byte
	var err error
	if len(files) == 0 {
		raw, err = s.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint)
	} else {
		contentType, payload, merr := discordgo.MultipartBodyWithJSON(body, files)
		if merr != nil {
			return nil, errPermanent{merr}
		}
		raw, err = s.RequestRaw(http.MethodPost, endpoint, contentType, payload, endpoint, 0)
	}
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// PostMessage posts to a channel with the nonce, fitted to Discord's limits (a text past
// them goes whole as an attached mensaje-completo.txt).
func PostMessage(s *discordgo.Session, channelID, nonce, content string, embeds []*discordgo.MessageEmbed) (*discordgo.Message, error) {
	f := fitMessage(content, embeds, "")
	return sendMessage(s, channelID, messageCreate{Content: f.content, Embeds: f.embeds, Nonce: nonce,
		EnforceNonce: true, AllowedMentions: noMentions()}, f.files())
}

func (b *Bot) deliverChannelMessage(ctx context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
	var p outbox.ChannelMessage
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return "", errPermanent{err}
	}
	m, err := b.post(ctx, s, ev, eventPost{channelID: ev.ChannelID, content: p.Content, embeds: Embeds(p.Embeds),
		components: Buttons(p.Buttons)})
	if err != nil {
		return "", err
	}
	return m.ID, nil
}

// Embeds turns core's embeds into Discord's.
func Embeds(in []outbox.Embed) []*discordgo.MessageEmbed {
	out := make([]*discordgo.MessageEmbed, 0, len(in))
	for _, e := range in {
		me := &discordgo.MessageEmbed{Title: e.Title, Description: e.Description, URL: e.URL, Color: e.Color}
		for _, f := range e.Fields {
			me.Fields = append(me.Fields, &discordgo.MessageEmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
		if e.Footer != "" {
			me.Footer = &discordgo.MessageEmbedFooter{Text: e.Footer}
		}
		if e.ImageURL != "" {
			me.Image = &discordgo.MessageEmbedImage{URL: e.ImageURL}
		}
		if e.Timestamp != nil {
			me.Timestamp = e.Timestamp.UTC().Format(time.RFC3339)
		}
		out = append(out, me)
	}
	return out
}

// eventPost is what an event posts in one channel.
type eventPost struct {
	channelID string
	content   string
	embeds    []*discordgo.MessageEmbed
	files     []tickets.FileRef
	// label names a second post of the same event, in another channel (a ticket's first
	// files, in its thread); "" for the event's own post.
	label string
	// replyTo is a message of the channel the post answers, shown as a reply to it.
	replyTo string
	// pingRole is the one role the first message may mention (a new ticket's category's);
	// no other mention is ever parsed.
	pingRole string
	// components are buttons under the post's first message.
	components []discordgo.MessageComponent
}

// post delivers an event's post: its text fitted to Discord's limits, its files spread
// over as many messages as the upload limit needs. Each message carries the event's marker
// and a nonce of its own derived from the event's, so a repeat is harmless; past the
// nonce window, a message the bot already has in the channel with the marker is taken
// instead of being posted again. It returns the first message, the one the event becomes.
func (b *Bot) post(ctx context.Context, s *discordgo.Session, ev outbox.Event, p eventPost) (*discordgo.Message, error) {
	files, err := b.loadStored(ctx, p.files)
	if err != nil {
		return nil, err
	}
	textFile := int64(len(fitMessage(p.content, p.embeds, "").fullText))
	groups := packFiles(files, textFile, b.uploadLimit())
	var posted *markedMessages
	if b.pastNonceWindow(ev) {
		posted = &markedMessages{s: s, channelID: p.channelID}
	}
	var first *discordgo.Message
	for i, group := range groups {
		marker := markerOf(ev.ID, p.label, i+1, len(groups))
		var m *discordgo.Message
		if posted != nil {
			if m, err = posted.find(marker); err != nil {
				return nil, err
			}
		}
		if m == nil {
			f := fitMessage("", nil, marker)
			if i == 0 {
				f = fitMessage(p.content, p.embeds, marker)
			}
			attach := f.files()
			for _, sf := range group {
				attach = append(attach, sf.file())
			}
			body := messageCreate{Content: f.content, Embeds: f.embeds, Nonce: partNonce(ev.Nonce, p.label, i+1),
				EnforceNonce: true, AllowedMentions: noMentions()}
			if p.pingRole != "" && i == 0 {
				body.AllowedMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Roles: []string{p.pingRole}}
			}
			if p.replyTo != "" && i == 0 {
				// The answered message may be gone by now: the answer is posted anyway.
				body.Reference = &discordgo.MessageReference{MessageID: p.replyTo, ChannelID: p.channelID, FailIfNotExists: new(false)}
			}
			if i == 0 {
				body.Components = p.components
			}
			if m, err = sendMessage(s, p.channelID, body, attach); err != nil {
				return nil, err
			}
		}
		if i == 0 {
			first = m
		}
	}
	return first, nil
}

// partNonce is the nonce of one message of an event's post: the event's own for the first
// message of its own post, else the event's with a suffix, within Discord's 25 characters.
func partNonce(nonce, label string, part int) string {
	if label == "" && part == 1 {
		return nonce
	}
	tag := "p"
	if label != "" {
		tag = label[:1]
	}
	suffix := "-" + tag + strconv.Itoa(part)
	if len(nonce)+len(suffix) > 25 {
		nonce = nonce[:max(0, 25-len(suffix))]
	}
	return nonce + suffix
}

// uploadLimit is how many bytes of files one message may carry.
func (b *Bot) uploadLimit() int64 {
	if n := b.deps.Config.Discord.UploadLimitBytes; n > 0 {
		return int64(n)
	}
	return defaultUploadLimit
}

// storedFile is a stored attachment read into memory, ready to be sent (and sent again).
type storedFile struct {
	ref  tickets.FileRef
	data []byte
}

func (sf storedFile) file() *discordgo.File {
	return &discordgo.File{Name: sf.ref.Filename, ContentType: sf.ref.ContentType, Reader: bytes.NewReader(sf.data)}
}

func (b *Bot) loadStored(ctx context.Context, refs []tickets.FileRef) ([]storedFile, error) {
	out := make([]storedFile, 0, len(refs))
	for _, ref := range refs {
		f, _, err := b.deps.App.Files.Open(ctx, ref.Key)
		if err != nil {
			return nil, errPermanent{fmt.Errorf("attachment %s: %w", ref.Key, err)}
		}
		data, err := io.ReadAll(f)
		f.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, storedFile{ref: ref, data: data})
	}
	return out, nil
}

// packFiles spreads files over messages in their order, each within the upload limit and
// Discord's count of files. The first message also carries the text, and its full-text
// attachment of textFile bytes when it has one; a file larger than the limit goes alone
// (Discord refuses it, which shows in the deliveries). There is always a first message.
func packFiles(files []storedFile, textFile, limit int64) [][]storedFile {
	budget := limit - uploadOverhead
	groups := [][]storedFile{nil}
	used, count := textFile, 0
	if textFile > 0 {
		count = 1
	}
	for _, f := range files {
		n := int64(len(f.data))
		last := len(groups) - 1
		crowded := len(groups[last]) > 0 || (last == 0 && textFile > 0)
		if crowded && (used+n > budget || count >= maxFilesPerMessage) {
			groups = append(groups, nil)
			last++
			used, count = 0, 0
		}
		groups[last] = append(groups[last], f)
		used += n
		count++
	}
	return groups
}

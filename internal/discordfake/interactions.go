package discordfake

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// InteractionResponse is one callback the bot made to an interaction.
type InteractionResponse struct {
	Type int
	Data *discordgo.InteractionResponseData
	// Elapsed is the time from SendInteraction to the callback on the fake's clock (Discord
	// allows 3 seconds).
	Elapsed time.Duration
}

type interaction struct {
	i        discordgo.Interaction
	sent     time.Time
	acked    bool
	original *discordgo.Message // the response message, once there is one
	// updates is the id of the message a button is on, once the bot answered that it
	// updates it (type 6 or 7): @original then names that message.
	updates string
}

// SendInteraction dispatches INTERACTION_CREATE, filling the id, token, application id,
// guild id, version and type when empty, and returns what it sent.
func (f *Fake) SendInteraction(i discordgo.Interaction) discordgo.Interaction {
	f.mu.Lock()
	defer f.mu.Unlock()
	if i.ID == "" {
		i.ID = f.newID()
	}
	if i.Token == "" {
		i.Token = "aW50ZXJhY3Rpb24" + randomHex(24)
	}
	if i.AppID == "" {
		i.AppID = f.opts.AppID
	}
	if i.GuildID == "" && i.User == nil {
		i.GuildID = f.opts.GuildID
	}
	if i.Type == 0 {
		i.Type = discordgo.InteractionApplicationCommand
		if i.Data != nil {
			i.Type = i.Data.Type()
		}
	}
	if i.Version == 0 {
		i.Version = 1
	}
	if i.Member != nil && i.Member.User != nil && i.User == nil {
		if m, ok := f.members[i.Member.User.ID]; ok && i.Member.Roles == nil {
			i.Member.Roles = cloneIDs(m.Roles)
		}
	}
	st := &interaction{i: i, sent: f.now()}
	f.interactions[i.ID] = st
	f.byToken[i.Token] = st
	f.broadcast("INTERACTION_CREATE", mustJSON(i))
	return i
}

// InteractionResponses lists the callbacks made to an interaction, oldest first.
func (f *Fake) InteractionResponses(interactionID string) []InteractionResponse {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.responses[interactionID])
}

// Followups lists what the bot sent through an interaction's webhook, oldest first: each
// POST /webhooks/{app}/{token} (a follow-up message, EditedTimestamp nil) and each PATCH of
// a message of it, @original included (EditedTimestamp set; ID is the edited message's).
func (f *Fake) Followups(token string) []discordgo.Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.followups[token])
}

// Original is the interaction's response message as it stands now (after edits).
func (f *Fake) Original(token string) (discordgo.Message, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	st, ok := f.byToken[token]
	if !ok || st.original == nil {
		return discordgo.Message{}, false
	}
	return *st.original, true
}

// responseData decodes InteractionResponseData; its components are an interface, which
// encoding/json cannot fill by itself.
func responseData(raw json.RawMessage) (*discordgo.InteractionResponseData, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, err
	}
	var comps []json.RawMessage
	if c, ok := fields["components"]; ok {
		if err := json.Unmarshal(c, &comps); err != nil {
			return nil, err
		}
		delete(fields, "components")
	}
	var d discordgo.InteractionResponseData
	if err := json.Unmarshal(mustJSON(fields), &d); err != nil {
		return nil, err
	}
	for _, c := range comps {
		mc, err := discordgo.MessageComponentFromJSON(c)
		if err != nil {
			return nil, err
		}
		d.Components = append(d.Components, mc)
	}
	return &d, nil
}

func (f *Fake) callback(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	files, err := readBody(r, &body)
	if err != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	if f.tooLarge(w, files) {
		return
	}
	data, err := responseData(body.Data)
	if err != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	if data != nil {
		for _, a := range files {
			data.Files = append(data.Files, &discordgo.File{Name: a.Name, ContentType: a.ContentType, Reader: bytes.NewReader(a.Data)})
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	st, ok := f.interactions[r.PathValue("id")]
	if !ok || st.i.Token != r.PathValue("token") || (!st.acked && f.pastDeadline(st)) {
		apiError(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	if st.acked {
		apiError(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	if err := checkResponseKind(st.i.Type, discordgo.InteractionResponseType(body.Type), data); err != nil {
		apiError(w, http.StatusBadRequest, errInvalidForm, invalidFormBody+": "+err.Error())
		return
	}
	if discordgo.InteractionResponseType(body.Type) == discordgo.InteractionResponseModal {
		if errs := checkModal(body.Data); errs != nil {
			errs.write(w)
			return
		}
	}
	switch discordgo.InteractionResponseType(body.Type) {
	case discordgo.InteractionResponseChannelMessageWithSource:
		var content string
		var embeds []*discordgo.MessageEmbed
		if data != nil {
			content, embeds = data.Content, data.Embeds
		}
		if content == "" && len(embeds) == 0 && len(files) == 0 && (data == nil || len(data.Components) == 0) {
			apiError(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
			return
		}
		if errs := validateMessage(content, embeds, ""); errs != nil {
			errs.write(w)
			return
		}
		var mentions struct {
			Allowed json.RawMessage `json:"allowed_mentions"`
		}
		_ = json.Unmarshal(body.Data, &mentions)
		allowed, errs := messageBody{Mentions: mentions.Allowed}.allowed()
		if errs != nil {
			errs.write(w)
			return
		}
		st.original = f.responseMessage(st, data)
		f.pings = append(f.pings, f.resolveMentions(st.original, f.channels[st.i.ChannelID], allowed, webhookDefaults, ""))
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		st.original = f.responseMessage(st, data)
	case discordgo.InteractionResponseUpdateMessage:
		if st.i.Message == nil {
			apiError(w, http.StatusBadRequest, errInvalidForm, invalidFormBody+": no message to update")
			return
		}
		var upd struct {
			Content    *string                    `json:"content"`
			Embeds     *[]*discordgo.MessageEmbed `json:"embeds"`
			Components *[]json.RawMessage         `json:"components"`
		}
		_ = json.Unmarshal(body.Data, &upd)
		var comps *[]discordgo.MessageComponent
		if upd.Components != nil {
			parsed, err := parseComponents(*upd.Components)
			if err != nil {
				apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
				return
			}
			comps = &parsed
		}
		if _, err := f.updateComponentMessage(st.i.Message.ID, upd.Content, upd.Embeds, comps); err != nil {
			apiError(w, http.StatusBadRequest, errInvalidForm, invalidFormBody+": "+err.Error())
			return
		}
		st.updates = st.i.Message.ID
	case discordgo.InteractionResponseDeferredMessageUpdate:
		if st.i.Message == nil {
			apiError(w, http.StatusBadRequest, errInvalidForm, invalidFormBody+": no message to update")
			return
		}
		st.updates = st.i.Message.ID
	case discordgo.InteractionResponsePong, discordgo.InteractionApplicationCommandAutocompleteResult,
		discordgo.InteractionResponseModal:
	default:
		formErrors{}.add("BASE_TYPE_CHOICES", "Value must be one of {1, 4, 5, 6, 7, 8, 9}.", "type").write(w)
		return
	}
	st.acked = true
	f.responses[st.i.ID] = append(f.responses[st.i.ID], InteractionResponse{Type: body.Type, Data: data, Elapsed: f.now().Sub(st.sent)})
	w.WriteHeader(http.StatusNoContent)
}

// responseMessage is the message an interaction response shows. f.mu is held.
func (f *Fake) responseMessage(st *interaction, data *discordgo.InteractionResponseData) *discordgo.Message {
	author := f.botUser
	m := &discordgo.Message{ID: f.newID(), ChannelID: st.i.ChannelID, Author: &author, Type: discordgo.MessageTypeChatInputCommand,
		Timestamp: f.now().UTC().Truncate(time.Millisecond), Embeds: []*discordgo.MessageEmbed{},
		Attachments: []*discordgo.MessageAttachment{}, WebhookID: f.opts.AppID}
	if data != nil {
		m.Content, m.Flags, m.Components = data.Content, data.Flags, data.Components
		if data.Embeds != nil {
			m.Embeds = data.Embeds
		}
	}
	return m
}

// webhookInteraction finds the interaction a webhook path belongs to, or answers 404
// (401 code 50027 once its token has expired). f.mu is held.
func (f *Fake) webhookInteraction(w http.ResponseWriter, r *http.Request) (*interaction, bool) {
	st, ok := f.byToken[r.PathValue("token")]
	if !ok || r.PathValue("app") != f.opts.AppID || !st.acked {
		apiError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil, false
	}
	if f.tokenExpired(st) {
		apiError(w, http.StatusUnauthorized, 50027, "Invalid Webhook Token")
		return nil, false
	}
	return st, true
}

// Discord's clocks of an interaction: its first answer within 3 seconds, its token good
// for 15 minutes.
const (
	interactionDeadline  = 3 * time.Second
	interactionTokenLife = 15 * time.Minute
)

// pastDeadline tells whether the time to answer an interaction has run out, on the fake's
// clock. f.mu is held.
func (f *Fake) pastDeadline(st *interaction) bool {
	return !f.opts.Relax.InteractionDeadline && f.now().Sub(st.sent) > f.opts.InteractionTimeout
}

// tokenExpired tells whether an interaction's token no longer works, on the fake's clock.
// f.mu is held.
func (f *Fake) tokenExpired(st *interaction) bool {
	return !f.opts.Relax.InteractionDeadline && f.now().Sub(st.sent) > f.opts.InteractionTokenLife
}

func (f *Fake) followup(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	files, err := readBody(r, &raw)
	var m discordgo.Message
	var mentions struct {
		Allowed json.RawMessage `json:"allowed_mentions"`
	}
	if err != nil || json.Unmarshal(raw, &m) != nil || json.Unmarshal(raw, &mentions) != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	allowed, errs := messageBody{Mentions: mentions.Allowed}.allowed()
	if errs != nil {
		errs.write(w)
		return
	}
	if f.tooLarge(w, files) {
		return
	}
	if m.Content == "" && len(m.Embeds) == 0 && len(files) == 0 && len(m.Components) == 0 {
		apiError(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
		return
	}
	if errs := validateMessage(m.Content, m.Embeds, ""); errs != nil {
		errs.write(w)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	st, ok := f.webhookInteraction(w, r)
	if !ok {
		return
	}
	author := f.botUser
	msg := discordgo.Message{ID: f.newID(), ChannelID: st.i.ChannelID, Author: &author, Content: m.Content,
		Embeds: m.Embeds, Components: m.Components, Flags: m.Flags, Type: discordgo.MessageTypeDefault, WebhookID: f.opts.AppID,
		Timestamp: f.now().UTC().Truncate(time.Millisecond), Attachments: f.attachmentsOf(st.i.ChannelID, files)}
	if msg.Embeds == nil {
		msg.Embeds = []*discordgo.MessageEmbed{}
	}
	f.pings = append(f.pings, f.resolveMentions(&msg, f.channels[st.i.ChannelID], allowed, webhookDefaults, ""))
	f.followups[st.i.Token] = append(f.followups[st.i.Token], msg)
	if r.URL.Query().Get("wait") != "true" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, http.StatusOK, wireMessage(&msg, "", false))
}

// webhookTarget is the message a webhook path names: @original or a follow-up's id.
// f.mu is held.
func (f *Fake) webhookTarget(w http.ResponseWriter, r *http.Request) (*interaction, *discordgo.Message, int, bool) {
	st, ok := f.webhookInteraction(w, r)
	if !ok {
		return nil, nil, 0, false
	}
	id := r.PathValue("message")
	if id == "@original" {
		if st.original == nil {
			apiError(w, http.StatusNotFound, 10008, "Unknown Message")
			return nil, nil, 0, false
		}
		return st, st.original, -1, true
	}
	list := f.followups[st.i.Token]
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].ID == id {
			return st, &list[i], i, true
		}
	}
	apiError(w, http.StatusNotFound, 10008, "Unknown Message")
	return nil, nil, 0, false
}

func (f *Fake) webhookMessage(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, m, _, ok := f.webhookTarget(w, r); ok {
		writeJSON(w, http.StatusOK, wireMessage(m, "", false))
	}
}

func (f *Fake) webhookEdit(w http.ResponseWriter, r *http.Request) {
	var body struct {
		messageBody
		Components *[]json.RawMessage `json:"components"`
	}
	files, err := readBody(r, &body)
	if err != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	if f.tooLarge(w, files) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if st, ok := f.byToken[r.PathValue("token")]; ok && st.updates != "" && r.PathValue("message") == "@original" {
		f.editUpdatedMessage(w, r, st, body.Content, body.Embeds, body.Components)
		return
	}
	st, target, _, ok := f.webhookTarget(w, r)
	if !ok {
		return
	}
	m := *target
	if body.Content != nil {
		m.Content = *body.Content
	}
	if body.Embeds != nil {
		m.Embeds = *body.Embeds
	}
	if body.Components != nil {
		m.Components = nil
		for _, c := range *body.Components {
			mc, err := discordgo.MessageComponentFromJSON(c)
			if err != nil {
				apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
				return
			}
			m.Components = append(m.Components, mc)
		}
	}
	if errs := validateMessage(m.Content, m.Embeds, ""); errs != nil {
		errs.write(w)
		return
	}
	if len(files) > 0 {
		m.Attachments = append(slices.Clone(m.Attachments), f.attachmentsOf(m.ChannelID, files)...)
	}
	now := f.now().UTC().Truncate(time.Millisecond)
	m.EditedTimestamp = &now
	if r.PathValue("message") == "@original" {
		st.original = &m
	}
	f.followups[st.i.Token] = append(f.followups[st.i.Token], m)
	writeJSON(w, http.StatusOK, wireMessage(&m, "", false))
}

func (f *Fake) webhookDelete(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	st, _, i, ok := f.webhookTarget(w, r)
	if !ok {
		return
	}
	if i < 0 {
		st.original = nil
	}
	w.WriteHeader(http.StatusNoContent)
}

// editUpdatedMessage is an edit of @original after a button's "update" answer: it edits
// the message the button is on. f.mu is held.
func (f *Fake) editUpdatedMessage(w http.ResponseWriter, r *http.Request, st *interaction, content *string,
	embeds *[]*discordgo.MessageEmbed, raw *[]json.RawMessage) {
	if _, ok := f.webhookInteraction(w, r); !ok {
		return
	}
	var comps *[]discordgo.MessageComponent
	if raw != nil {
		parsed, err := parseComponents(*raw)
		if err != nil {
			apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
			return
		}
		comps = &parsed
	}
	m, err := f.updateComponentMessage(st.updates, content, embeds, comps)
	if err != nil {
		apiError(w, http.StatusBadRequest, errInvalidForm, invalidFormBody+": "+err.Error())
		return
	}
	f.followups[st.i.Token] = append(f.followups[st.i.Token], m.plain())
	writeJSON(w, http.StatusOK, m.read(false))
}

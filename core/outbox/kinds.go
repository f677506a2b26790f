package outbox

import "time"

// KindChannelMessage is a plain message (text and embeds) posted in a channel.
const KindChannelMessage = "channel.message"

// ChannelMessage is the payload of KindChannelMessage.
type ChannelMessage struct {
	Content string  `json:"content,omitempty"`
	Embeds  []Embed `json:"embeds,omitempty"`
	// Buttons are rows of buttons under the message (at most 5 rows of 5).
	Buttons []ButtonRow `json:"buttons,omitempty"`
}

// Embed is a rich card in a Discord message, described without Discord's types.
type Embed struct {
	Title       string       `json:"title,omitempty"`
	Description string       `json:"description,omitempty"`
	URL         string       `json:"url,omitempty"`
	Color       int          `json:"color,omitempty"`
	Fields      []EmbedField `json:"fields,omitempty"`
	Footer      string       `json:"footer,omitempty"`
	ImageURL    string       `json:"imageUrl,omitempty"`
	Timestamp   *time.Time   `json:"timestamp,omitempty"`
}

// EmbedField is one name/value pair of an embed.
type EmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
}

// KindMessageEdit edits the Discord message an earlier event became.
const KindMessageEdit = "message.edit"

// KindMessageDelete deletes the Discord message an earlier event became.
const KindMessageDelete = "message.delete"

// MessageEdit is the payload of KindMessageEdit. It goes to the same channel as the event
// it refers to, so it is delivered after it.
type MessageEdit struct {
	RefEventID uint64  `json:"refEventId"`
	Content    string  `json:"content,omitempty"`
	Embeds     []Embed `json:"embeds,omitempty"`
	// Buttons, when there are any, replace the message's buttons; none keeps them. Edits of one
	// message are coalesced: the relay skips one when a later one waits (Superseded).
	Buttons []ButtonRow `json:"buttons,omitempty"`
}

// MessageRef is the payload of KindMessageDelete.
type MessageRef struct {
	RefEventID uint64 `json:"refEventId"`
}

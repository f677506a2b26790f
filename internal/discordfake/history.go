package discordfake

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// listMessages answers GET /channels/{id}/messages as Discord does: at most limit (1-100,
// 50 by default) messages before, after or around a message id (or the newest), newest
// first.
func (f *Fake) listMessages(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit := 50
	if raw := q.Get("limit"); raw != "" {
		n, err := strconv.Atoi(raw)
		switch {
		case err != nil:
			formErrors{}.add("NUMBER_TYPE_COERCE", "Value \""+raw+"\" is not int.", "limit").write(w)
			return
		case n < 1:
			formErrors{}.add("NUMBER_TYPE_MIN", "int value should be greater than or equal to 1.", "limit").write(w)
			return
		case n > 100:
			formErrors{}.add("NUMBER_TYPE_MAX", "int value should be less than or equal to 100.", "limit").write(w)
			return
		}
		limit = n
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.channelFor(w, r.PathValue("channel"), 0)
	if !ok {
		return
	}
	out := []wMessage{}
	if !f.botMay(c, discordgo.PermissionReadMessageHistory) {
		writeJSON(w, http.StatusOK, out) // Discord shows no history to who may not read it
		return
	}
	var live []*message // oldest first
	for _, m := range f.byChannel[c.ID] {
		if !m.deleted {
			live = append(live, m)
		}
	}
	// first is the index of the first message at or after id.
	first := func(id string) int {
		i, _ := slices.BinarySearchFunc(live, id, func(m *message, id string) int { return compareIDs(m.dg.ID, id) })
		return i
	}
	from, to := max(0, len(live)-limit), len(live)
	switch {
	case q.Get("before") != "":
		to = first(q.Get("before"))
		from = max(0, to-limit)
	case q.Get("after") != "":
		after := q.Get("after")
		from = first(after)
		if from < len(live) && live[from].dg.ID == after {
			from++
		}
		to = min(len(live), from+limit)
	case q.Get("around") != "":
		at := first(q.Get("around"))
		from = max(0, at-limit/2)
		to = min(len(live), from+limit)
		from = max(0, to-limit)
	}
	for i := to - 1; i >= from; i-- {
		out = append(out, live[i].read(false))
	}
	writeJSON(w, http.StatusOK, out)
}

// channelMessage finds a live message of a channel, or answers 404 (or 403 when the bot
// may not see the channel, or, with write, post in it). f.mu is held.
func (f *Fake) channelMessage(w http.ResponseWriter, r *http.Request, write bool) (*message, bool) {
	c, ok := f.channels[r.PathValue("channel")]
	if !ok {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return nil, false
	}
	need := int64(discordgo.PermissionReadMessageHistory)
	if write {
		need = sendPermission(c)
	}
	if _, ok := f.channelFor(w, c.ID, need); !ok {
		return nil, false
	}
	m, ok := f.messages[r.PathValue("message")]
	if !ok || m.deleted || m.dg.ChannelID != r.PathValue("channel") {
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return nil, false
	}
	return m, true
}

func (f *Fake) getMessage(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if m, ok := f.channelMessage(w, r, false); ok {
		writeJSON(w, http.StatusOK, m.read(false))
	}
}

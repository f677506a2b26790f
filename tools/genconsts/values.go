package main

import (
	"bytes"
	"encoding/json"
	"time"

	"zocalo/core/artists"
	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/datarights"
	"zocalo/core/documents"
	"zocalo/core/legislative"
	"zocalo/core/live"
	"zocalo/core/news"
	"zocalo/core/outbox"
	"zocalo/core/sat"
	"zocalo/core/staff"
	"zocalo/core/storage"
	"zocalo/core/tickets"
	"zocalo/core/treasury"
	"zocalo/internal/config"
)

// fileRules is storage.BatchRules as the web reads them.
type fileRules struct {
	MaxFiles int      `json:"maxFiles"`
	MaxBytes int64    `json:"maxBytes"`
	Types    []string `json:"types"`
	TooMany  string   `json:"tooMany"`
	TooLarge string   `json:"tooLarge"`
	BadType  string   `json:"badType"`
}

func rulesOf(r storage.BatchRules) fileRules {
	return fileRules{MaxFiles: r.MaxFiles, MaxBytes: r.Limits.MaxBytes, Types: r.Limits.Types,
		TooMany: r.TooMany, TooLarge: r.TooLarge, BadType: r.BadType}
}

// blockedRetry is the back-off of blocked deliveries, in minutes, as the web words it.
type blockedRetry struct {
	FirstMinutes   int `json:"firstMinutes"`
	LongestMinutes int `json:"longestMinutes"`
}

// buyerSearch is how the new-sale form's buyer search works, as the web reads it.
type buyerSearch struct {
	MinLength int `json:"minLength"`
	Shown     int `json:"shown"`
}

// named is a set of Go constants as one TypeScript object, in the order given, so the web
// refers to each by its Go name and never spells its value.
type named []struct{ name, value string }

func (n named) MarshalJSON() ([]byte, error) {
	var out bytes.Buffer
	out.WriteByte('{')
	for i, c := range n {
		if i > 0 {
			out.WriteByte(',')
		}
		k, _ := json.Marshal(c.name)
		v, _ := json.Marshal(c.value)
		out.Write(k)
		out.WriteByte(':')
		out.Write(v)
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

// reasonLimits are the length limits of a text.
type reasonLimits struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// constant is one exported value of the module.
type constant struct {
	name, doc string
	value     any
}

// constants are what the web gets. Every exported labels.Table of the module and every
// kind of live event must be here: main_test.go finds them in the Go source and fails
// for one that is missing.
func constants() []constant {
	return []constant{
		{"TICKET_ATTACHMENT_RULES", "The files of a ticket's message.", rulesOf(tickets.AttachmentRules)},
		{"SAT_DOCUMENT_RULES", "The documents of a business's registration.", rulesOf(sat.DocumentRules)},
		{"SAT_LOGO_RULES", "A business's logo.", rulesOf(sat.LogoRules)},
		{"MEXICAN_STATES", "The 32 federal entities an INE may name, spelled as the server checks them.", documents.States},
		{"PASSPORT_COUNTRIES", "The countries a passport may name.", documents.Countries},
		{"RFC_PATTERN_SOURCE", "A Mexican RFC: 3 or 4 letters, the date YYMMDD and a three-character check code.", sat.RFCPattern},
		{"TICKET_STATUSES", "A ticket's statuses, in the order they are offered.", tickets.Statuses},
		{"TICKET_PRIORITIES", "A ticket's priorities.", tickets.Priorities},
		{"TICKET_CATEGORIES", "A ticket's categories.", tickets.Categories},
		{"TICKET_SENDERS", "Who wrote a ticket's message.", tickets.Senders},
		{"TICKET_EVENT_KINDS", "What a step of a ticket's history changed.", tickets.EventKinds},
		{"NEWS_TYPES", "The types of a news item.", news.Types},
		{"BUSINESS_STATUSES", "A business's statuses.", sat.Statuses},
		{"LEGISLATIVE_BODIES", "The legislative bodies.", legislative.Bodies},
		{"INITIATIVE_STATUSES", "An initiative's statuses.", legislative.Statuses},
		{"INITIATIVE_EVENT_KINDS", "The steps of an initiative's timeline.", legislative.EventKinds},
		{"VOTE_CHOICES", "The choices of a vote on an initiative.", legislative.Votes},
		{"HOURS_OPERATIONS", "The ways an adjustment changes a staff member's hours.", staff.HoursOperations},
		{"LEAVE_STATUSES", "A staff member's leave of absence: its statuses.", staff.LeaveStatuses},
		{"ARTIST_APPLICATION_STATUSES", "An application to the drawing team: its statuses, in the order a reviewer is offered them.", artists.Statuses},
		{"DELIVERY_STATUSES", "A delivery to Discord: its statuses, as operators read them.", outbox.Statuses},
		{"DELIVERY_KINDS", "What each kind of delivery does in Discord.", outbox.Kinds},
		{"DELIVERY_BLOCKED_RETRY", "How a blocked delivery is tried again by itself: after firstMinutes, each further refusal in a row waiting twice as long, up to longestMinutes.",
			blockedRetry{FirstMinutes: int(outbox.BlockedRetryFirst / time.Minute), LongestMinutes: int(outbox.BlockedRetryLongest / time.Minute)}},
		{"AUDIT_AREAS", "The areas of the audit log, in the order its filter offers them.", audit.Areas},
		{"DATA_REQUEST_KINDS", "The requests a member may file about their personal data.", datarights.Kinds},
		{"DATA_REQUEST_STATES", "A request about personal data: its states.", datarights.States},
		{"DATA_USES", "The uses of a member's data they may oppose.", datarights.Uses},
		{"DATA_REQUEST_REASON", "How long a request's reason and a handler's answer are, in characters.",
			reasonLimits{Min: datarights.MinReason, Max: datarights.MaxReason}},
		{"DOCUMENT_KINDS", "The kinds of identity document.", documents.Kinds},
		{"ROBLOX_NAME_STATUSES", "What a document's Roblox name is worth.", documents.NameStatuses},
		{"SERVER_STATUSES", "The statuses of a game server's card.", config.ServerStatuses},
		{"ROLE_LABELS", "The community's roles by their Spanish names.", authz.RoleLabels},
		{"BUYER_SEARCH", "The new-sale form's buyer search: the fewest characters it takes, and how many members it offers.",
			buyerSearch{MinLength: treasury.MinBuyerSearch, Shown: treasury.BuyersShown}},
		{"LIVE_KINDS", "The kinds of event the live stream carries, by their name in core/live.", named{
			{"TicketCreated", live.KindTicketCreated},
			{"TicketMessage", live.KindTicketMessage},
			{"TicketUpdated", live.KindTicketUpdated},
			{"TicketNote", live.KindTicketNote},
			{"ShiftStarted", live.KindShiftStarted},
			{"ShiftEnded", live.KindShiftEnded},
			{"ShiftPaused", live.KindShiftPaused},
			{"ShiftResumed", live.KindShiftResumed},
			{"InitiativeVoted", live.KindInitiativeVoted},
			{"InitiativeChanged", live.KindInitiativeChanged},
			{"NewsPublished", live.KindNewsPublished},
			{"NewsChanged", live.KindNewsChanged},
		}},
		// The access audience's events (live.KindAccess) reach a stream as the access frame.
		{"LIVE_CONTROL_FRAMES", "The live stream's control frames, which carry no event.", named{
			{"Ready", live.FrameReady},
			{"Refetch", live.FrameRefetch},
			{"Access", live.FrameAccess},
			{"Ended", live.FrameEnded},
		}},
	}
}

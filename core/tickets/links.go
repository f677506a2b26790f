package tickets

import (
	"strconv"
	"strings"
)

// The portal's addresses of one ticket, built here alone so that every post and message
// that points at a ticket points at the same page the web app serves.

// PortalURL is where the ticket's author reads its conversation.
func PortalURL(publicURL string, id uint64) string {
	return strings.TrimRight(publicURL, "/") + "/support/tickets/" + strconv.FormatUint(id, 10)
}

// StaffURL is where support staff open the ticket in their panel.
func StaffURL(publicURL string, id uint64) string {
	return strings.TrimRight(publicURL, "/") + "/admin/support/tickets/" + strconv.FormatUint(id, 10)
}

// RatingURL is where the ticket's author rates the support: the conversation, at its rating.
func RatingURL(publicURL string, id uint64) string {
	return PortalURL(publicURL, id) + "#calificar"
}

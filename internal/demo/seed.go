package demo

import (
	"context"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core"
	"zocalo/core/authz"
	"zocalo/core/datarights"
	"zocalo/core/documents"
	"zocalo/core/legislative"
	"zocalo/core/members"
	"zocalo/core/news"
	"zocalo/core/outbox"
	"zocalo/core/privacy"
	"zocalo/core/records"
	"zocalo/core/roblox"
	"zocalo/core/sat"
	"zocalo/core/staff"
	"zocalo/core/tickets"
	"zocalo/core/treasury"
	"zocalo/internal/config"
	"zocalo/internal/discordfake"
)

// PopulateFake adds the guild's roles and every persona to the fake Discord. The ADMIN
// group's roles sit above the bot's role, as the README asks a community to set them, and
// every other role below it, within the bot's reach.
func PopulateFake(f *discordfake.Fake, ids authz.RoleIDs) {
	seen := map[string]bool{}
	admin := map[string]bool{}
	for _, r := range authz.Groups[authz.Admin] {
		admin[ids[r]] = true
	}
	for _, r := range authz.AllRoles {
		if id := ids[r]; id != "" && !seen[id] {
			seen[id] = true
			if admin[id] {
				f.AddAdminRole(id, string(r))
			} else {
				f.AddRole(id, string(r))
			}
		}
	}
	for _, p := range Community() {
		f.AddUser(discordgo.User{ID: p.DiscordID, Username: p.Username, GlobalName: p.Username,
			Email: p.Username + "@demo.zocalo.mx"}, p.InGuild, RoleIDsOf(p, ids)...)
	}
	for _, p := range Personas {
		f.AddPersona(discordfake.Persona{Name: p.Name, UserID: p.DiscordID})
	}
	for _, a := range RobloxAccounts {
		f.AddRobloxAccount(a)
	}
}

// Seed records the sample community in the database, as the role sync would. It is safe
// to run again.
func Seed(ctx context.Context, app *core.App, cfg *config.Config) error {
	joined := time.Date(2025, 1, 15, 12, 0, 0, 0, time.UTC)
	for _, p := range Community() {
		if _, err := app.Members.Upsert(ctx, members.Snapshot{
			DiscordID: p.DiscordID, Username: p.Username, GlobalName: p.Username, InGuild: p.InGuild,
			JoinedAt: &joined, RoleIDs: RoleIDsOf(p, app.Roles),
		}); err != nil {
			return err
		}
	}
	if err := welcome(ctx, app, cfg); err != nil {
		return err
	}
	if err := sampleNews(ctx, app); err != nil {
		return err
	}
	if err := sampleTickets(ctx, app); err != nil {
		return err
	}
	if err := sampleShifts(ctx, app); err != nil {
		return err
	}
	if err := sampleLeaves(ctx, app, cfg.Location()); err != nil {
		return err
	}
	if err := sampleIdentity(ctx, app); err != nil {
		return err
	}
	if err := sampleTreasury(ctx, app); err != nil {
		return err
	}
	if err := sampleDataRights(ctx, app); err != nil {
		return err
	}
	return sampleLegislative(ctx, app, cfg.Location())
}

// sampleDataRights marks the short privacy notice as read by the demo's people, so that
// trying a persona starts on the page rather than on the notice, and files once a pending
// opposition by the player, for /admin/datos to show.
func sampleDataRights(ctx context.Context, app *core.App) error {
	for _, p := range Community() {
		if _, _, err := privacy.Apply(ctx, app.DB, p.DiscordID, privacy.Change{NoticeSeen: true}, app.Now()); err != nil {
			return err
		}
	}
	var n int64
	if err := app.DB.Conn(ctx).Model(&datarights.Request{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	player, err := app.Members.MemberActor(ctx, personaID("jugador"))
	if err != nil {
		return err
	}
	_, err = app.DataRights.File(ctx, player, datarights.Input{Kind: datarights.KindOpposition,
		Reason: "No quiero recibir recordatorios de votación por mensaje directo.", Uses: []string{string(privacy.UseVoteReminders)}})
	return err
}

// sampleLegislative files, once, an initiative in each body (the SCJN's open to votes for
// three days, with a vote already cast) and a few agenda points.
func sampleLegislative(ctx context.Context, app *core.App, loc *time.Location) error {
	var n int64
	if err := app.DB.Conn(ctx).Model(&legislative.Initiative{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	comite, err := app.Members.MemberActor(ctx, personaID("comite"))
	if err != nil {
		return err
	}
	oficina, err := app.Members.MemberActor(ctx, personaID("oficina"))
	if err != nil {
		return err
	}
	scjn, err := app.Legislative.Create(ctx, comite, "Reforma al Código Penal del servidor",
		"Endurece las sanciones por robo de vehículos y crea el delito de evasión de arresto en persecuciones.", legislative.BodySCJN)
	if err != nil {
		return err
	}
	end := app.Now().Add(72 * time.Hour)
	if _, err := app.Legislative.ConfigureVoting(ctx, comite, scjn.ID, true, &end); err != nil {
		return err
	}
	if _, err := app.Legislative.Vote(ctx, comite, scjn.ID, legislative.VoteInFavor); err != nil {
		return err
	}
	if _, err := app.Legislative.Create(ctx, oficina, "Ley de Presupuesto 2027",
		"Asigna el presupuesto anual de la policía, los servicios médicos y el mantenimiento de carreteras.", legislative.BodyCongreso); err != nil {
		return err
	}
	if err := sampleLaw(ctx, app, oficina); err != nil {
		return err
	}
	today := app.Now().In(loc).Format(time.DateOnly)
	tomorrow := app.Now().In(loc).AddDate(0, 0, 1).Format(time.DateOnly)
	for _, item := range []legislative.AgendaInput{
		{Title: "Sesión ordinaria", Description: "Discusión de la reforma al Código Penal.", Time: "18:00", Date: today, Type: legislative.BodySCJN},
		{Title: "Comparecencia del jefe de policía", Description: "Informe trimestral de seguridad.", Time: "20:00", Date: tomorrow, Type: legislative.BodyCongreso},
	} {
		admin := comite
		if item.Type == legislative.BodyCongreso {
			admin = oficina
		}
		if _, err := app.Legislative.AddAgenda(ctx, admin, item); err != nil {
			return err
		}
	}
	return nil
}

// sampleLaw records a Congreso law approved last week, with its votes and timeline, so the
// Diario Oficial has something to show. A vote cannot be opened in the past through the
// service, so the rows are written as the close would have left them.
func sampleLaw(ctx context.Context, app *core.App, oficina *authz.Actor) error {
	filed, closed := app.Now().AddDate(0, 0, -10), app.Now().AddDate(0, 0, -7)
	approved := legislative.StatusApproved
	law := legislative.Initiative{Body: legislative.BodyCongreso, Title: "Ley de Movilidad Sustentable",
		Summary: "Artículo 1. Las avenidas principales tienen carril exclusivo para bicicletas.\n" +
			"Artículo 2. Los vehículos ceden el paso a los peatones en cada cruce.",
		Status: approved, Result: &approved, VotingEndDate: &closed, CreatedBy: oficina.DiscordID,
		CreatedByName: oficina.Username, CreatedAt: filed, UpdatedAt: closed}
	return app.DB.InTx(ctx, func(ctx context.Context) error {
		conn := app.DB.Conn(ctx)
		if err := conn.Create(&law).Error; err != nil {
			return err
		}
		for i, v := range []struct{ persona, choice string }{{"diputado", legislative.VoteInFavor}, {"senador", legislative.VoteInFavor},
			{"oficina", legislative.VoteAbstention}} {
			if err := conn.Omit("Initiative").Create(&legislative.Vote{InitiativeID: law.ID, MemberID: personaID(v.persona),
				MemberName: v.persona, Choice: v.choice, CreatedAt: filed.Add(time.Duration(i+1) * time.Hour)}).Error; err != nil {
				return err
			}
		}
		return conn.Omit("Initiative").Create(&[]legislative.Event{
			{InitiativeID: law.ID, Kind: legislative.EventCreated, ActorName: oficina.Username, CreatedAt: filed},
			{InitiativeID: law.ID, Kind: legislative.EventClosed, Detail: "Aprobada: 2 a favor, 0 en contra, 1 abstención", CreatedAt: closed},
		}).Error
	})
}

// sampleTreasury registers, once, a few sales (one voided) and a business with a document,
// so the treasury and SAT panels have something to show.
func sampleTreasury(ctx context.Context, app *core.App) error {
	var n int64
	if err := app.DB.Conn(ctx).Model(&treasury.Sale{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	seller, err := app.Members.MemberActor(ctx, personaID("tesoreria"))
	if err != nil {
		return err
	}
	// The earlier months first, so that the recent sales are today's.
	if err := pastSales(ctx, app, seller); err != nil {
		return err
	}
	var last treasury.View
	for _, sale := range []treasury.Input{
		{BuyerDiscordID: personaID("jugador"), Item: "VIP", Discount: 0},
		{BuyerDiscordID: personaID("halcon"), Item: "PAQUETE2_LEGAL", Discount: 10},
		{BuyerDiscordID: personaID("jugador"), Item: "PASE", Discount: 0},
		{BuyerDiscordID: personaID("quetzal"), Item: "INVERSOR", Discount: 25},
	} {
		if last, err = app.Treasury.Register(ctx, seller, sale); err != nil {
			return err
		}
	}
	if _, err := app.Treasury.Void(ctx, seller, last.ID, "El comprador pidió la devolución"); err != nil {
		return err
	}
	comite, err := app.Members.MemberActor(ctx, personaID("comite"))
	if err != nil {
		return err
	}
	docs := app.SAT.NewDocuments()
	if err := docs.Add(ctx, "acta-constitutiva.pdf", strings.NewReader(samplePDF)); err != nil {
		return err
	}
	_, err = app.SAT.Register(ctx, comite, sat.Input{Name: "Tacos El Halcón", Location: "Av. Juárez 120, Centro",
		Server: "Principal", RFC: "TEH240115AB1", OwnerName: "Héctor Salgado", OwnerDiscordID: personaID("halcon")}, docs, app.SAT.NewLogo())
	return err
}

// pastSales writes eleven months of earlier sales, a few per month in pesos and in robux, so
// that the income chart has a year to show. They are history: written as sold, not posted.
func pastSales(ctx context.Context, app *core.App, seller *authz.Actor) error {
	buyers := []string{"halcon", "quetzal", "ajolote", "diputado"}
	items := []string{"VIP", "PAQUETE2_LEGAL", "PASE", "INVERSOR"}
	now := app.Now()
	var sales []treasury.Sale
	for month := 1; month <= 11; month++ {
		for n := range 2 + (month*5)%4 {
			item := items[(month+n)%len(items)]
			discount := float64((month * n * 5) % 30)
			currency, original, final, bp, err := app.Treasury.Price(item, discount)
			if err != nil {
				return err
			}
			buyer := personaID(buyers[(month+n)%len(buyers)])
			sales = append(sales, treasury.Sale{BuyerDiscordID: buyer, BuyerUsername: buyers[(month+n)%len(buyers)], Item: item,
				Currency: currency, OriginalPrice: original, DiscountBP: bp, FinalPrice: final, SellerID: seller.DiscordID,
				SellerName: seller.Username, CreatedAt: now.AddDate(0, -month, -(n*6)%25)})
		}
	}
	return app.DB.Conn(ctx).Create(&sales).Error
}

// samplePDF is a one-page PDF: the demo business's filed document.
const samplePDF = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
	"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"

// sampleIdentity gives halcon_mx, once, a national ID, a verified Roblox account and a
// record, and files a game-server charge under a name nobody on the portal uses, so the
// records page has something to find.
func sampleIdentity(ctx context.Context, app *core.App) error {
	var n int64
	if err := app.DB.Conn(ctx).Model(&records.Charge{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	halcon, err := app.Members.MemberActor(ctx, personaID("halcon"))
	if err != nil {
		return err
	}
	if _, err := app.Documents.CreateINE(ctx, halcon, documents.INEInput{RobloxName: "Halcon_MX", Nombre: "Héctor",
		Apellido: "Salgado", Estado: "Jalisco", Municipio: "Guadalajara", FechaNacimiento: "14/03/1998"}); err != nil {
		return err
	}
	if _, err := app.Roblox.Link(ctx, halcon.DiscordID, roblox.Account{UserID: "5100000004", Username: "Halcon_MX",
		DisplayName: "Halcón"}); err != nil {
		return err
	}
	mod, err := app.Members.MemberActor(ctx, personaID("moderador"))
	if err != nil {
		return err
	}
	var rec records.Record
	for _, charge := range []string{"Exceso de velocidad en la avenida principal", "Portación de arma sin licencia",
		"Portación de arma sin licencia, registrada por segunda vez"} {
		if rec, err = app.Records.AddCharge(ctx, mod, records.Query{DiscordID: halcon.DiscordID}, charge, records.SourceWeb); err != nil {
			return err
		}
	}
	// The last one was filed twice by mistake: voided, it stays on the record, marked.
	if _, err := app.Records.Void(ctx, mod, rec.Charges[0].ID, "Registrado dos veces por error"); err != nil {
		return err
	}
	key, err := app.APIKeys.Issue(ctx, "Servidor Principal", "demo")
	if err != nil {
		return err
	}
	_, err = app.Records.AddChargeFromGame(ctx, "Bandido_99", "Robo a mano armada en la joyería del centro",
		records.GameKey{ID: key.ID, Name: key.Name})
	return err
}

// sampleShifts records, once, a few past shifts so the staff pages have hours to show.
func sampleShifts(ctx context.Context, app *core.App) error {
	var n int64
	if err := app.DB.Conn(ctx).Model(&staff.Shift{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	now := app.Now()
	var shifts []staff.Shift
	for i, p := range []struct {
		name    string
		server  string
		daysAgo int
		hours   int
	}{
		{"moderador", "Principal", 1, 3}, {"moderador", "Principal", 2, 4}, {"moderador", "Eventos", 6, 2},
		{"soporte", "Principal", 1, 2}, {"soporte", "Secundario", 3, 5},
		{"trial", "Pruebas", 2, 1},
		{"halcon", "Principal", 1, 6}, {"halcon", "Eventos", 3, 5}, {"halcon", "Principal", 5, 4},
		{"ajolote", "Secundario", 2, 2},
		{"quetzal", "Principal", 4, 3}, {"quetzal", "Principal", 1, 1},
		{"coyote", "Pruebas", 3, 1},
	} {
		start := now.AddDate(0, 0, -p.daysAgo).Add(-time.Duration(p.hours+i) * time.Hour)
		end := start.Add(time.Duration(p.hours) * time.Hour)
		shifts = append(shifts, staff.Shift{MemberID: personaID(p.name), Server: p.server, StartedAt: start, EndedAt: &end})
	}
	// One shift still open, so "En turno ahora" has someone to show.
	shifts = append(shifts, staff.Shift{MemberID: personaID("halcon"), Server: "Eventos", StartedAt: now.Add(-47 * time.Minute)})
	// Eleven weeks before this one, varied by week, so that the hours charts have a history.
	for week := 1; week <= 11; week++ {
		for j, p := range []struct {
			name   string
			server string
		}{{"halcon", "Principal"}, {"quetzal", "Eventos"}, {"ajolote", "Secundario"}, {"coyote", "Principal"}} {
			hours := 1 + (week*3+j*2)%5
			start := now.AddDate(0, 0, -7*week-j).Add(-time.Duration(hours+j) * time.Hour)
			end := start.Add(time.Duration(hours) * time.Hour)
			shifts = append(shifts, staff.Shift{MemberID: personaID(p.name), Server: p.server, StartedAt: start, EndedAt: &end})
		}
	}
	return app.DB.Conn(ctx).Create(&shifts).Error
}

// sampleLeaves files, once, a pending leave of quetzal's for the directors to decide and an
// approved one of ajolote's this week, so the quota shows a member pro-rated for leave.
func sampleLeaves(ctx context.Context, app *core.App, loc *time.Location) error {
	var n int64
	if err := app.DB.Conn(ctx).Model(&staff.Leave{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	now := app.Now()
	day := func(offset int) string { return now.In(loc).AddDate(0, 0, offset).Format(time.DateOnly) }
	decided := now.Add(-time.Hour)
	leaves := []staff.Leave{
		{MemberID: personaID("quetzal"), StartsOn: day(5), EndsOn: day(7), Reason: "Viaje familiar a Oaxaca.",
			Status: staff.LeavePending, CreatedAt: now.Add(-2 * time.Hour)},
		{MemberID: personaID("ajolote"), StartsOn: day(0), EndsOn: day(0), Reason: "Exámenes de la universidad.",
			Status: staff.LeaveApproved, CreatedAt: now.AddDate(0, 0, -2), DecidedBy: personaID("rh"), DecidedByName: "rh", DecidedAt: &decided},
	}
	return app.DB.Conn(ctx).Create(&leaves).Error
}

// sampleTickets opens, once, two tickets of jugador's: one answered by moderador.
func sampleTickets(ctx context.Context, app *core.App) error {
	var n int64
	if err := app.DB.Conn(ctx).Model(&tickets.Ticket{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	// The earlier weeks first, so that today's tickets carry the latest numbers.
	if err := pastTickets(ctx, app); err != nil {
		return err
	}
	player, err := app.Members.MemberActor(ctx, personaID("jugador"))
	if err != nil {
		return err
	}
	mod, err := app.Members.MemberActor(ctx, personaID("moderador"))
	if err != nil {
		return err
	}
	answered, err := app.Tickets.Create(ctx, player, tickets.CreateInput{Title: "No me llegó mi paquete de la tienda",
		Category: tickets.CategoryOther, Message: "Compré el Paquete Legal 1 ayer y todavía no lo tengo en el juego."}, nil)
	if err != nil {
		return err
	}
	if _, err := app.Tickets.Assign(ctx, mod, answered.TicketID, &mod.DiscordID); err != nil {
		return err
	}
	if _, err := app.Tickets.Reply(ctx, mod, answered.TicketID,
		"¡Hola! Ya lo revisamos con Tesorería: el paquete se entrega al reiniciar el servidor. ¿Puedes confirmar si ya lo ves?", nil); err != nil {
		return err
	}
	_, err = app.Tickets.Create(ctx, player, tickets.CreateInput{Title: "El servidor se cierra al entrar",
		Category: tickets.CategorySupport, Message: "Cada vez que entro al servidor Principal el juego se cierra."}, nil)
	return err
}

// pastTickets writes two weeks of answered and closed tickets (of personas other than jugador,
// whose own list stays short), so that the support charts have days to show. They are history:
// written as they ended, without relaying anything to Discord.
func pastTickets(ctx context.Context, app *core.App) error {
	authors := []string{"senador", "diputado", "revisor"}
	staffers := []string{"quetzal", "halcon", "soporte"}
	titles := []string{"No puedo comprar en la tienda", "Me banearon por error", "Mi vehículo desapareció", "Duda sobre el registro SAT"}
	now := app.Now()
	for day := 14; day >= 1; day-- {
		for n := range 1 + (day*7)%4 {
			author, staffer := authors[(day+n)%len(authors)], staffers[(day+n)%len(staffers)]
			created := now.AddDate(0, 0, -day).Add(-time.Duration(2+n*3) * time.Hour)
			replied := created.Add(time.Duration(5+(day*13+n*7)%50) * time.Minute)
			resolved := replied.Add(time.Duration(1+(day+n)%6) * time.Hour)
			closed := resolved.Add(72 * time.Hour)
			t := tickets.Ticket{Title: titles[(day+n)%len(titles)], Category: tickets.CategoryOther, Status: tickets.StatusResolved,
				Priority: tickets.PriorityMedium, AuthorID: personaID(author), AuthorName: author, AssigneeID: personaID(staffer),
				AssigneeName: staffer, CreatedAt: created, UpdatedAt: resolved, LastMessageAt: replied, LastStaffAt: &replied, FirstStaffAt: &replied, ResolvedAt: &resolved}
			if closed.Before(now) {
				t.Status, t.ClosedAt, t.UpdatedAt = tickets.StatusClosed, &closed, closed
			}
			if err := app.DB.Conn(ctx).Create(&t).Error; err != nil {
				return err
			}
			msgs := []tickets.Message{
				{TicketID: t.ID, SenderType: tickets.SenderUser, SenderID: t.AuthorID, SenderName: author, Content: t.Title + ", ¿me ayudan?", CreatedAt: created},
				{TicketID: t.ID, SenderType: tickets.SenderStaff, SenderID: t.AssigneeID, SenderName: staffer, Content: "¡Hola! Ya lo revisamos, quedó resuelto.", CreatedAt: replied},
			}
			if err := app.DB.Conn(ctx).Create(&msgs).Error; err != nil {
				return err
			}
		}
	}
	// Written without the service, so the staff's figures are counted from the replies.
	return tickets.RecountServed(ctx, app.DB)
}

func personaID(name string) string {
	for _, p := range Community() {
		if p.Name == name {
			return p.DiscordID
		}
	}
	return ""
}

// sampleNews publishes a few items, once, as the comite persona.
func sampleNews(ctx context.Context, app *core.App) error {
	var n int64
	if err := app.DB.Conn(ctx).Model(&news.Item{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	author, err := app.Members.Actor(ctx, Personas[0].DiscordID, Personas[0].Username)
	if err != nil {
		return err
	}
	now := app.Now()
	items := []news.Input{
		{Title: "¡Abrimos la temporada de invierno!", Type: news.TypeUpdate, Date: dateOf(now.AddDate(0, 0, -1)),
			Content: "El servidor Principal estrena mapa de invierno: nieve en el Zócalo, nuevas rutas de transporte y trabajos de temporada.\n\nEntra con el botón de la portada y cuéntanos qué te parece."},
		{Title: "Elecciones de diputados", Type: news.TypeAnnouncement, Date: dateOf(now.AddDate(0, 0, -3)),
			Content: "La Cámara de Diputados abre el registro de candidaturas. Las propuestas se votan en el sistema legislativo del portal."},
		{Title: "Desfile del 16 de septiembre", Type: news.TypeEvent, Date: dateOf(now.AddDate(0, 0, -7)),
			Content: "Nos vemos en el servidor de Eventos para el desfile. Habrá premios para las mejores facciones.\nHorario: 20:00 (hora del centro)."},
	}
	for _, in := range items {
		if _, err := app.News.Create(ctx, author, in); err != nil {
			return err
		}
	}
	return nil
}

func dateOf(t time.Time) *string {
	s := t.UTC().Format(time.RFC3339)
	return &s
}

// welcome queues, once, a post that shows the bot relaying from the outbox.
func welcome(ctx context.Context, app *core.App, cfg *config.Config) error {
	var queued int64
	if err := app.DB.Conn(ctx).Model(&outbox.Event{}).Count(&queued).Error; err != nil || queued > 0 {
		return err
	}
	_, err := app.Outbox.Enqueue(ctx, outbox.KindChannelMessage, cfg.Channels.News, outbox.ChannelMessage{
		Embeds: []outbox.Embed{{
			Title:       "¡Bienvenidos a la demostración de " + cfg.CommunityName + "!",
			Description: "Este mensaje lo publicó el bot desde la cola de salida del portal. Las noticias, los tickets y los resultados legislativos llegan a Discord por el mismo camino.",
			URL:         cfg.PublicURL, Color: 0x4f46e5,
		}},
	})
	return err
}

// AddChannels creates the configured channels in the fake guild, named as a community
// would name them.
func AddChannels(f *discordfake.Fake, cfg *config.Config) {
	for _, c := range []struct{ id, name string }{
		{cfg.Channels.News, "noticias"},
		{cfg.Channels.StaffTickets, "tickets-staff"},
		{cfg.Channels.Contact, "contacto"},
		{cfg.Channels.ArtistApplications, "convocatoria-dibujantes"},
		{cfg.Channels.StaffReports, "reportes-staff"},
		{cfg.Channels.Legislative, "legislativo"},
		{cfg.Channels.Treasury, "tesoreria"},
		{cfg.Channels.Records, "antecedentes"},
		{cfg.Channels.TicketPanel, "abre-un-ticket"},
	} {
		if c.id != "" {
			f.AddChannel(c.id, c.name)
		}
	}
}

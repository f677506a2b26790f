package discordfake

import (
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
)

type demoMessage struct {
	ID          string
	Author      string
	Bot         bool
	Time        string
	Content     string
	Embeds      []*discordgo.MessageEmbed
	Attachments []string
	Edited      bool
	Deleted     bool
	// Rows are the message's buttons; Personas who may press them.
	Rows     [][]demoButton
	Personas []demoPersona
	Persona  string // the persona chosen last
}

type demoThread struct {
	Name             string
	Archived, Locked bool
	Messages         []demoMessage
}

type demoChannel struct {
	Name     string
	Messages []demoMessage
	Threads  []demoThread
}

type demoRole struct {
	ID, Name string
	Held     bool
}

type demoPersona struct {
	Name, UserID string
	Nick         string // the nickname in the guild, if any
	Roles        []demoRole
}

var demoTemplate = template.Must(template.New("demo").Parse(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Discord (demo) — {{.Guild}}</title>
<style>
:root{color-scheme:dark}
body{font-family:system-ui,sans-serif;background:#313338;color:#f2f3f5;margin:0;padding:24px 16px;line-height:1.4}
main{max-width:920px;margin:0 auto}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;color:#dbdee1}
h3{font-size:15px;margin:14px 0 6px;color:#b5bac1}
p.note{color:#b5bac1;font-size:14px;margin:0 0 16px}
a{color:#00a8fc}
section.channel{background:#2b2d31;border-radius:8px;padding:12px 16px;margin:12px 0}
.thread{border-left:3px solid #4e5058;padding-left:12px;margin:10px 0 4px}
.msg{background:#383a40;border-radius:6px;padding:8px 10px;margin:6px 0}
.msg.deleted{opacity:.5;text-decoration:line-through}
.meta{font-size:12px;color:#949ba4;margin-bottom:4px}.bot{background:#5865f2;color:#fff;border-radius:3px;padding:0 4px;font-size:11px;margin-left:4px}
.content{white-space:pre-wrap;word-wrap:break-word}
.embed{border-left:4px solid #5865f2;background:#2b2d31;border-radius:4px;padding:8px 10px;margin-top:6px}
.embed .title{font-weight:600}.embed .desc{white-space:pre-wrap;font-size:14px}
.field{font-size:13px;margin-top:4px}.field b{display:block}
.tag{font-size:11px;background:#4e5058;border-radius:3px;padding:0 4px;margin-left:6px}
.empty{color:#949ba4;font-size:14px}
form.persona{background:#2b2d31;border-radius:8px;padding:12px 16px;margin:10px 0}
.roles{display:flex;flex-wrap:wrap;gap:6px 14px;margin:8px 0}
label{font-size:14px}select{background:#383a40;color:#f2f3f5;border:1px solid #4e5058;border-radius:4px;padding:4px;margin-left:4px}input[type=checkbox]{accent-color:#5865f2}
textarea{display:block;width:100%;box-sizing:border-box;background:#383a40;color:#f2f3f5;border:1px solid #4e5058;border-radius:4px;padding:6px;margin:4px 0 8px;font:inherit}
.saved{color:#23a55a;font-size:13px;margin-left:8px}
form.buttons{margin-top:8px}.brow{display:flex;flex-wrap:wrap;gap:6px;margin-top:6px}
.brow button.secondary{background:#4e5058}.brow button.success{background:#248046}.brow button.danger{background:#da373c}
.brow button:disabled{opacity:.5;cursor:not-allowed}
input[type=text],input[type=number]{background:#383a40;color:#f2f3f5;border:1px solid #4e5058;border-radius:4px;padding:4px;margin-left:4px}
section.answer{border:1px solid #5865f2}button{background:#5865f2;color:#fff;border:0;border-radius:4px;padding:6px 12px;font-size:14px;cursor:pointer}
</style></head><body><main>
<h1>Discord de demostración: {{.Guild}}</h1>
<p class="note">Lo que el bot ha publicado en el servidor de prueba, lo más reciente primero. <a href="./">Actualizar</a> · <a href="/">Volver al portal</a></p>
{{if .Asked}}<section class="channel answer" id="respuesta" aria-label="Respuesta del bot"><h3>{{.Asked}}</h3><div class="content" role="status">{{.Answer}}</div></section>{{end}}
{{with .Modal}}<form class="persona" method="post" action="modals" aria-label="Formulario del bot">
<h3>{{.Title}}</h3><p class="note">El bot abrió este formulario en Discord; llénalo y envíalo como esa persona.</p>
<input type="hidden" name="interaction" value="{{.InteractionID}}">
{{range .Inputs}}<label for="input-{{.CustomID}}">{{.Label}}{{if .Required}} *{{end}}</label>
{{if .Paragraph}}<textarea id="input-{{.CustomID}}" name="input.{{.CustomID}}" rows="4"{{if .MaxLength}} maxlength="{{.MaxLength}}"{{end}}{{if .Required}} required{{end}} placeholder="{{.Placeholder}}">{{.Value}}</textarea>
{{else}}<textarea id="input-{{.CustomID}}" name="input.{{.CustomID}}" rows="1"{{if .MaxLength}} maxlength="{{.MaxLength}}"{{end}}{{if .Required}} required{{end}} placeholder="{{.Placeholder}}">{{.Value}}</textarea>{{end}}
{{end}}<button type="submit">Enviar formulario</button>
</form>{{end}}

<h2>Canales</h2>
{{range .Channels}}<section class="channel" aria-label="#{{.Name}}"><h3>#{{.Name}}</h3>
{{range .Threads}}<div class="thread"><h4>🧵 {{.Name}}{{if .Locked}}<span class="tag">bloqueado</span>{{end}}{{if .Archived}}<span class="tag">archivado</span>{{end}}</h4>
{{range .Messages}}{{template "msg" .}}{{else}}<p class="empty">Sin mensajes.</p>{{end}}</div>{{end}}
{{range .Messages}}{{template "msg" .}}{{else}}{{if not .Threads}}<p class="empty">Todavía no hay mensajes.</p>{{end}}{{end}}
</section>{{else}}<p class="empty">No hay canales.</p>{{end}}

<h2 id="permisos">Permisos del bot</h2>
<p class="note">Quitarle al bot el permiso de publicar en un canal es como hacerlo en los ajustes del canal en Discord: sus publicaciones ahí quedan bloqueadas y aparecen en «Entregas a Discord» del portal.</p>
{{$perm := .PermissionSaved}}{{range .BotPermissions}}<form class="persona" method="post" action="channels/{{.ID}}/bot-permissions" aria-label="Permisos del bot en #{{.Name}}">
<h3>#{{.Name}}</h3>
<div class="roles"><label><input type="radio" name="publicar" value="si"{{if .MayPost}} checked{{end}}> Puede publicar</label>
<label><input type="radio" name="publicar" value="no"{{if not .MayPost}} checked{{end}}> Sin permiso</label></div>
<button type="submit" aria-label="Guardar permisos de #{{.Name}}">Guardar</button>{{if eq $perm .ID}}<span class="saved" role="status">Permisos guardados</span>{{end}}
</form>{{end}}

<h2 id="escribir">Escribir en un hilo</h2>
<p class="note">Publica un mensaje en un hilo de ticket como si lo escribiera esa persona en Discord, con un archivo si quieres; el bot lo recibe como cualquier mensaje.</p>
{{if .Threads}}<form class="persona" method="post" action="threads/messages" enctype="multipart/form-data" aria-label="Escribir en un hilo">
<div class="roles">
<label>Persona <select name="persona">{{range .Personas}}<option value="{{.UserID}}">{{.Name}}</option>{{end}}</select></label>
<label>Hilo <select name="thread">{{range .Threads}}<option value="{{.ID}}">{{.Label}}</option>{{end}}</select></label>
</div>
<label for="thread-content">Mensaje</label>
<textarea id="thread-content" name="content" rows="3" maxlength="2000"></textarea>
<div class="roles"><label>Archivo (opcional) <input type="file" name="file"></label></div>
<button type="submit">Publicar en el hilo</button>{{if .Posted}}<span class="saved" role="status">Mensaje publicado</span>{{end}}
</form>{{else}}<p class="empty">Todavía no hay hilos: se crean al abrir un ticket.</p>{{end}}

<h2 id="comandos">Comandos</h2>
<p class="note">Usa un comando de barra como si lo escribiera esa persona en Discord; la respuesta del bot aparece aquí.</p>
<form class="persona" method="post" action="interactions" aria-label="Usar un comando">
<div class="roles">
<label>Persona <select name="persona">{{range .Personas}}<option value="{{.UserID}}">{{.Name}}</option>{{end}}</select></label>
<label>Comando <select name="command">{{range .Commands}}<option value="{{.Value}}">{{.Label}}</option>{{end}}</select></label>
<input type="hidden" name="optionName" value="servidor">
<label>Servidor <select name="option"><option value="">(ninguno)</option>{{range .Choices}}<option value="{{.}}">{{.}}</option>{{end}}</select></label>
</div>
<button type="submit">Enviar comando</button>
</form>

<h3 id="todos">Todos los comandos, con sus opciones</h3>
<p class="note">Cada comando con las opciones que registró el bot. «Sugerencias» pide al bot las opciones de autocompletado para lo que escribiste, como Discord mientras tecleas.</p>
{{range .Commands}}<form class="persona" id="{{.Anchor}}" method="post" action="interactions" aria-label="{{.Label}}">
<h3>{{.Label}}</h3><input type="hidden" name="command" value="{{.Value}}">
<div class="roles"><label>Persona <select name="persona">{{range $.Personas}}<option value="{{.UserID}}"{{if eq $.Persona .UserID}} selected{{end}}>{{.Name}}</option>{{end}}</select></label>
<label title="Donde se escribe el comando: un hilo de ticket para /nota y /respuesta">Canal <select name="channel"><option value="">(cualquiera)</option>{{range $.Threads}}<option value="{{.ID}}">{{.Label}}</option>{{end}}</select></label>
{{range .Options}}<label title="{{.Description}}">{{.Name}}{{if .Required}} *{{end}}
{{if eq .Kind "choice"}}<select name="opt.{{.Name}}"><option value="">(ninguno)</option>{{range .Choices}}<option value="{{.Value}}">{{.Name}}</option>{{end}}</select>
{{else if eq .Kind "user"}}<select name="opt.{{.Name}}"><option value="">(nadie)</option>{{range $.Personas}}<option value="{{.UserID}}">{{.Name}}</option>{{end}}</select>
{{else if eq .Kind "boolean"}}<select name="opt.{{.Name}}"><option value="">(sin valor)</option><option value="true">sí</option><option value="false">no</option></select>
{{else if .Suggested}}<select name="opt.{{.Name}}">{{range .Suggested}}<option value="{{.Value}}">{{.Name}}</option>{{end}}</select>
{{else}}<input type="{{if or (eq .Kind "integer") (eq .Kind "number")}}number{{else}}text{{end}}" name="opt.{{.Name}}" value="{{.Typed}}">{{end}}
</label>{{if .Autocomplete}}<button type="submit" name="sugerir" value="{{.Name}}" formnovalidate>Sugerencias para {{.Name}}</button>{{if .Asked}}<span class="saved" role="status">{{len .Suggested}} sugerencias del bot</span>{{end}}{{end}}{{end}}
</div><button type="submit">Enviar {{.Label}}</button>
</form>{{end}}

<h2>Roles de las personas</h2>
<p class="note">Cambiar los roles aquí es como cambiarlos en Discord: el bot recibe el cambio y el portal lo refleja.</p>
{{$saved := .Saved}}{{range .Personas}}<form class="persona" id="persona-{{.UserID}}" method="post" action="members/{{.UserID}}/roles" aria-labelledby="persona-{{.UserID}}-name">
<h3 id="persona-{{.UserID}}-name">{{.Name}}</h3>
<p class="note nick" id="persona-{{.UserID}}-nick">Apodo en el servidor: {{if .Nick}}{{.Nick}}{{else}}sin apodo{{end}}</p>
<div class="roles">{{range .Roles}}<label><input type="checkbox" name="role" value="{{.ID}}"{{if .Held}} checked{{end}}> {{.Name}}</label>{{end}}</div>
<button type="submit" aria-label="Guardar roles de {{.Name}}">Guardar roles</button>{{if eq $saved .UserID}}<span class="saved" role="status">Roles guardados</span>{{end}}
</form>{{else}}<p class="empty">No hay personas.</p>{{end}}
</main></body></html>
{{define "msg"}}<article class="msg{{if .Deleted}} deleted{{end}}"><div class="meta">{{.Author}}{{if .Bot}}<span class="bot">BOT</span>{{end}} · {{.Time}}{{if .Edited}} · (editado){{end}}{{if .Deleted}} · (borrado){{end}}</div>
{{if .Content}}<div class="content">{{.Content}}</div>{{end}}
{{range .Embeds}}<div class="embed">{{if .Title}}<div class="title">{{.Title}}</div>{{end}}{{if .Description}}<div class="desc">{{.Description}}</div>{{end}}
{{range .Fields}}<div class="field"><b>{{.Name}}</b>{{.Value}}</div>{{end}}{{if .Footer}}<div class="meta">{{.Footer.Text}}</div>{{end}}</div>{{end}}
{{range .Attachments}}<div class="meta">📎 {{.}}</div>{{end}}
{{if .Rows}}{{$p := .Persona}}<form class="buttons" method="post" action="buttons" aria-label="Botones del mensaje de {{.Author}}">
<input type="hidden" name="message" value="{{.ID}}"><label>Pulsar como <select name="persona">{{range .Personas}}<option value="{{.UserID}}"{{if eq $p .UserID}} selected{{end}}>{{.Name}}</option>{{end}}</select></label>
{{range .Rows}}<div class="brow">{{range .}}{{if .URL}}<a href="{{.URL}}">{{.Label}}</a>{{else}}<button type="submit" class="{{.Style}}" name="customId" value="{{.CustomID}}"{{if .Disabled}} disabled{{end}}>{{.Label}}</button>{{end}}{{end}}</div>{{end}}
</form>{{end}}
</article>{{end}}`))

func (f *Fake) demoPage(w http.ResponseWriter, r *http.Request) {
	commands, choices := f.demoCommands()
	f.mu.Lock()
	data := struct {
		Guild    string
		Saved    string
		Channels []demoChannel
		Personas []demoPersona
		Commands []demoCommand
		Choices  []string
		Asked    string
		Answer   string
		Persona  string
		Modal    *demoModal
		Threads  []demoThreadChoice
		Posted   bool

		BotPermissions  []demoBotPermission
		PermissionSaved string
	}{PermissionSaved: r.URL.Query().Get("permisos"), Guild: f.opts.GuildName, Saved: r.URL.Query().Get("guardado"), Commands: commands, Choices: choices,
		Posted: r.URL.Query().Get("publicado") != ""}
	q := r.URL.Query()
	switch {
	case q.Get("comando") != "":
		data.Asked = "/" + q.Get("comando")
	case q.Get("boton") != "":
		data.Asked = "Botón " + q.Get("boton")
	case q.Get("formulario") != "":
		data.Asked = "Formulario enviado"
	}
	if data.Asked != "" {
		data.Answer = f.demo.answer
	}
	data.Modal, data.Persona = f.demo.modal, f.demo.persona
	if s := f.demo.suggestions; s != nil && q.Get("sugerencias") == s.Command {
		for i := range data.Commands {
			if data.Commands[i].Value != s.Command {
				continue
			}
			for j := range data.Commands[i].Options {
				if o := &data.Commands[i].Options[j]; o.Name == s.Option {
					o.Typed, o.Suggested, o.Asked = s.Typed, s.Choices, true
				}
			}
		}
	}
	for _, p := range f.personas {
		m, ok := f.members[p.UserID]
		if !ok {
			continue
		}
		dp := demoPersona{Name: p.Name, UserID: p.UserID, Nick: m.Nick}
		for _, r := range f.roles {
			if !r.Managed { // the bot's own role is nobody else's to hold
				dp.Roles = append(dp.Roles, demoRole{ID: r.ID, Name: r.Name, Held: slices.Contains(m.Roles, r.ID)})
			}
		}
		data.Personas = append(data.Personas, dp)
	}
	var dms []string
	for _, id := range f.dms {
		dms = append(dms, id)
	}
	slices.SortFunc(dms, compareIDs)
	ids := append(slices.Clone(f.channelOrder), dms...)
	for _, id := range ids {
		c := f.channels[id]
		dc := demoChannel{Name: c.Name, Messages: f.demoMessages(id, data.Personas)}
		if c.Type == discordgo.ChannelTypeDM && len(c.Recipients) > 0 {
			if len(dc.Messages) == 0 {
				continue
			}
			dc.Name = "MD con " + c.Recipients[0].Username
		}
		threads := f.threads[id]
		for i := len(threads) - 1; i >= 0; i-- {
			t := f.channels[threads[i]]
			dc.Threads = append(dc.Threads, demoThread{Name: t.Name, Archived: t.ThreadMetadata.Archived,
				Locked: t.ThreadMetadata.Locked, Messages: f.demoMessages(t.ID, data.Personas)})
		}
		data.Channels = append(data.Channels, dc)
	}
	data.Threads = f.demoThreadChoices()
	data.BotPermissions = f.demoBotPermissions()
	f.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_ = demoTemplate.Execute(w, data)
}

// demoMessages are a channel's messages, newest first. f.mu is held.
func (f *Fake) demoMessages(channelID string, personas []demoPersona) []demoMessage {
	all := f.byChannel[channelID]
	out := make([]demoMessage, 0, len(all))
	for i := len(all) - 1; i >= 0; i-- {
		m := all[i]
		author := m.dg.Author.Username
		if author == "" {
			author = m.dg.Author.ID
		}
		if u, ok := f.users[m.dg.Author.ID]; ok && u.GlobalName != "" {
			author = u.GlobalName
		}
		dm := demoMessage{ID: m.dg.ID, Rows: demoRows(m.dg.Components), Persona: f.demo.persona, Author: author, Bot: m.dg.Author.Bot, Time: m.dg.Timestamp.In(f.opts.Location).Format("02/01/2006 15:04"),
			Content: m.dg.Content, Embeds: m.dg.Embeds, Edited: m.dg.EditedTimestamp != nil, Deleted: m.deleted}
		if dm.Rows != nil {
			dm.Personas = personas
		}
		for _, a := range m.files {
			dm.Attachments = append(dm.Attachments, a.Name)
		}
		out = append(out, dm)
	}
	return out
}

// demoRoles sets a member's roles from the demo page's form and goes back to the page.
func (f *Fake) demoRoles(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "formulario inválido", http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	var roles []string
	for _, id := range r.PostForm["role"] {
		if slices.ContainsFunc(f.roles, func(x *discordgo.Role) bool { return x.ID == id && !x.Managed }) && !slices.Contains(roles, id) {
			roles = append(roles, id)
		}
	}
	f.mu.Unlock()
	if err := f.UpdateMemberRoles(r.PathValue("user"), roles...); err != nil {
		http.Error(w, "esa persona no está en el servidor", http.StatusNotFound)
		return
	}
	// Relative, so that it works wherever the fake is mounted.
	user := r.PathValue("user")
	w.Header().Set("Location", strings.Repeat("../", 2)+"?guardado="+url.QueryEscape(user)+"#persona-"+user)
	w.WriteHeader(http.StatusSeeOther)
}

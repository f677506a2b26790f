package members

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "members", Title: "Tu perfil de miembro", About: personaldata.ByDiscordID("discord_id"), Erase: map[string]personaldata.Erase{"discord_id": {Delete: true}}},
			{Table: "member_roles", Title: "Tus roles", About: personaldata.ByDiscordID("member_id"), Erase: map[string]personaldata.Erase{"member_id": {Delete: true}}},
			{Table: "member_role_removals", Title: "Roles por quitarte en Discord", About: personaldata.ByDiscordID("member_id"), Erase: map[string]personaldata.Erase{"member_id": {Delete: true}}},
			{Table: "panel_permissions", Title: "Permisos de paneles que cambiaste", About: personaldata.ByDiscordID("updated_by"), Erase: map[string]personaldata.Erase{"updated_by": {Clear: []string{"updated_by"}}}},
		},
		Unrelated: []personaldata.Unrelated{
			{Table: "guild_roles", Why: "Los roles del servidor de Discord: su id es el de un rol, no el de una persona", NotAPerson: []string{"discord_id"}},
		},
	}
}

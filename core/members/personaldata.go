package members

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "members", Title: "Tu perfil de miembro", About: personaldata.ByDiscordID("discord_id")},
			{Table: "member_roles", Title: "Tus roles", About: personaldata.ByDiscordID("member_id")},
			{Table: "member_role_removals", Title: "Roles por quitarte en Discord", About: personaldata.ByDiscordID("member_id")},
			{Table: "panel_permissions", Title: "Permisos de paneles que cambiaste", About: personaldata.ByDiscordID("updated_by")},
		},
		Unrelated: []personaldata.Unrelated{
			{Table: "guild_roles", Why: "Los roles del servidor de Discord: su id es el de un rol, no el de una persona", NotAPerson: []string{"discord_id"}},
		},
	}
}

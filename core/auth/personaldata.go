package auth

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "users", Title: "Tu cuenta", About: append(personaldata.ByDiscordID("discord_id"), personaldata.Column{Name: "email", Holds: personaldata.Email}), Erase: map[string]personaldata.Erase{"discord_id": {Delete: true}, "email": {Delete: true}}},
			{Table: "sessions", Title: "Tus sesiones", About: personaldata.ByDiscordID("user_id"), Withheld: []string{"id"}, Erase: map[string]personaldata.Erase{"user_id": {Delete: true}}},
			{Table: "sign_in_codes", Title: "Inicios de sesión en curso", About: personaldata.ByDiscordID("user_id"), Withheld: []string{"code_hash", "state_hash"}, Erase: map[string]personaldata.Erase{"user_id": {Delete: true}}},
		},
	}
}

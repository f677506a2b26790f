package artists

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "artist_applications", Title: "Solicitudes de artista", About: append(personaldata.ByDiscordID("reviewed_by"), []personaldata.Column{{Name: "email", Holds: personaldata.Email}}...), Erase: map[string]personaldata.Erase{"reviewed_by": {Clear: []string{"reviewed_by"}}, "email": {Delete: true}}},
		},
	}
}

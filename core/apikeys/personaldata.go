package apikeys

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "api_keys", Title: "Claves de API que creaste", About: personaldata.ByDiscordID("created_by"), Withheld: []string{"hash"}, Erase: map[string]personaldata.Erase{"created_by": {Clear: []string{"created_by"}, Keep: "Las claves de API siguen siendo de la comunidad; ya no dicen quién las creó"}}},
		},
	}
}

package contact

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "contact_messages", Title: "Mensajes de contacto que enviaste", About: []personaldata.Column{{Name: "email", Holds: personaldata.Email}}, Erase: map[string]personaldata.Erase{"email": {Delete: true}}},
		},
	}
}

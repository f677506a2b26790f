package outbox

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
// Direct messages name their member in their lane; the channel posts about someone are
// reached from the record that posted them (a charge's post), as that record declares.
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "outbox_events", Title: "Mensajes directos que el bot te envió por Discord",
				About:    []personaldata.Column{{Name: "channel_id", Holds: personaldata.DiscordID, Prefix: dmChannelPrefix}},
				Withheld: []string{"nonce"},
				Erase:    map[string]personaldata.Erase{"channel_id": {Delete: true}}},
		},
	}
}

package outbox

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
// Direct messages name their member in their lane; channel posts name them in their text (a
// mention, a buyer's id), which suppression replaces after Discord's copy was edited
// (RedactMentions).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "outbox_events", Title: "Mensajes del bot en Discord que te nombran o te escribió",
				About: []personaldata.Column{
					{Name: "channel_id", Holds: personaldata.DiscordID, Prefix: dmChannelPrefix},
					{Name: "payload", Holds: personaldata.DiscordID, Within: true},
				},
				Withheld: []string{"nonce"},
				Links:    true,
				Erase: map[string]personaldata.Erase{
					"channel_id": {Delete: true},
					"payload": {ReplaceID: []string{"payload"},
						Keep: "Las publicaciones del bot se conservan, editadas en Discord, con [suprimido] en lugar de tu id"},
				}},
		},
	}
}

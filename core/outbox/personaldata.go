package outbox

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Unrelated: []personaldata.Unrelated{
			{Table: "outbox_events", Why: "Lo que se entrega a Discord (publicaciones y mensajes directos): cada entrega se alcanza desde el registro que la publica"},
		},
	}
}

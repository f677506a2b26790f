package idempotency

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Unrelated: []personaldata.Unrelated{
			{Table: "idempotency_keys", Why: "Respuestas guardadas para repetir una escritura sin repetir su efecto; se borran solas"},
		},
	}
}

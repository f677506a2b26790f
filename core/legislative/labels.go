package legislative

import "zocalo/core/labels"

// The Spanish names of the legislative values, in the order they are offered, read by the
// posts in Discord and, through the generated web/src/api/serverConstants.gen.ts, by the web.
var (
	// Bodies are named as the specification's body selector names them.
	Bodies = labels.Table{
		{Value: BodySCJN, Label: "SCJN"},
		{Value: BodyCongreso, Label: "Cámara de Diputados"},
	}
	// Statuses of an initiative (withdrawn is ours; the specification has no such status).
	Statuses = labels.Table{
		{Value: StatusPending, Label: "Pendiente"},
		{Value: StatusVoting, Label: "En Votación"},
		{Value: StatusApproved, Label: "Aprobada"},
		{Value: StatusRejected, Label: "Rechazada"},
		{Value: StatusWithdrawn, Label: "Retirada"},
	}
	// Votes are the choices of a vote.
	Votes = labels.Table{
		{Value: VoteInFavor, Label: "A favor"},
		{Value: VoteAgainst, Label: "En contra"},
		{Value: VoteAbstention, Label: "Abstención"},
	}
	// EventKinds are the steps of an initiative's timeline.
	EventKinds = labels.Table{
		{Value: EventCreated, Label: "Creada"},
		{Value: EventVotingOpened, Label: "Votación abierta"},
		{Value: EventVotingStopped, Label: "Votación suspendida"},
		{Value: EventClosed, Label: "Cerrada"},
		{Value: EventWithdrawn, Label: "Retirada"},
	}
)

func bodyName(body string) string { return Bodies.Of(body) }

func statusName(status string) string { return Statuses.Of(status) }

package webapi

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"zocalo/core/legislative"
)

// The hand-written encoding must be byte for byte what encoding/json gives.
func TestInitiativesEncodeAsEncodingJSONDoes(t *testing.T) {
	t.Parallel()
	end := time.Date(2026, 3, 1, 18, 30, 15, 123456789, time.FixedZone("CST", -6*3600))
	choice := legislative.VoteAgainst
	result := legislative.StatusApproved
	odd := "<b>\"cita\" & \\ \n\t\u2028 ñandú \xff"
	lists := [][]legislative.View{
		nil,
		{},
		{{ID: 1, Title: "Reforma a la ley de tránsito", Summary: "Resumen", Type: legislative.BodySCJN,
			Status: legislative.StatusVoting, Votes: legislative.Counts{InFavor: 3, Against: 1, Abstention: 2},
			VotingEnabled: true, VotingEndDate: &end, VotingOpen: true, UserVoted: true, UserVoteType: &choice,
			CanVote: false, MayWithdraw: true, CreatedBy: "comité", CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)},
			{ID: 18446744073709551615, Title: odd, Summary: odd, Type: odd, Status: "", CreatedBy: odd,
				Votes: legislative.Counts{InFavor: -1}, CanVote: true, MayDelete: true},
			{ID: 2, Status: legislative.StatusWithdrawn, Result: &result},
			{ID: 3, Status: legislative.StatusWithdrawn, Result: &odd}},
	}
	for _, list := range lists {
		want, err := json.Marshal(list)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendInitiatives(nil, list); !bytes.Equal(got, want) {
			t.Fatalf("got\n%s\nwant\n%s", got, want)
		}
	}
}

package webapi

import (
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"

	"zocalo/core/legislative"
)

// appendInitiatives writes a list of initiatives exactly as encoding/json would, without
// reflection: a legislator's page is the body's 250 initiatives, each with the caller's
// own vote, and encoding them by reflection was most of what remained of that request.
// initiatives_json_test.go compares the two byte for byte.
func appendInitiatives(b []byte, list []legislative.View) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendInitiative(b, &list[i])
	}
	return append(b, ']')
}

func appendInitiative(b []byte, v *legislative.View) []byte {
	b = append(b, `{"_id":`...)
	b = strconv.AppendUint(b, v.ID, 10)
	b = append(b, `,"title":`...)
	b = appendJSONString(b, v.Title)
	b = append(b, `,"summary":`...)
	b = appendJSONString(b, v.Summary)
	b = append(b, `,"type":`...)
	b = appendJSONString(b, v.Type)
	b = append(b, `,"status":`...)
	b = appendJSONString(b, v.Status)
	b = append(b, `,"result":`...)
	if v.Result == nil {
		b = append(b, "null"...)
	} else {
		b = appendJSONString(b, *v.Result)
	}
	b = append(b, `,"votes":{"infavor":`...)
	b = strconv.AppendInt(b, v.Votes.InFavor, 10)
	b = append(b, `,"against":`...)
	b = strconv.AppendInt(b, v.Votes.Against, 10)
	b = append(b, `,"abstention":`...)
	b = strconv.AppendInt(b, v.Votes.Abstention, 10)
	b = append(b, `},"votingEnabled":`...)
	b = strconv.AppendBool(b, v.VotingEnabled)
	b = append(b, `,"votingEndDate":`...)
	if v.VotingEndDate == nil {
		b = append(b, "null"...)
	} else {
		b = appendJSONTime(b, *v.VotingEndDate)
	}
	b = append(b, `,"votingOpen":`...)
	b = strconv.AppendBool(b, v.VotingOpen)
	b = append(b, `,"userVoted":`...)
	b = strconv.AppendBool(b, v.UserVoted)
	b = append(b, `,"userVoteType":`...)
	if v.UserVoteType == nil {
		b = append(b, "null"...)
	} else {
		b = appendJSONString(b, *v.UserVoteType)
	}
	b = append(b, `,"canVote":`...)
	b = strconv.AppendBool(b, v.CanVote)
	b = append(b, `,"mayDelete":`...)
	b = strconv.AppendBool(b, v.MayDelete)
	b = append(b, `,"mayWithdraw":`...)
	b = strconv.AppendBool(b, v.MayWithdraw)
	b = append(b, `,"createdBy":`...)
	b = appendJSONString(b, v.CreatedBy)
	b = append(b, `,"createdAt":`...)
	b = appendJSONTime(b, v.CreatedAt)
	return append(b, '}')
}

// appendJSONString quotes s as encoding/json does. Most text needs no escaping and is
// copied; anything else goes through encoding/json itself.
func appendJSONString(b []byte, s string) []byte {
	plain, ascii := true, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c == 0xe2 {
			// 0xe2 starts U+2028 and U+2029, which encoding/json escapes.
			plain = false
			break
		}
		ascii = ascii && c < utf8.RuneSelf
	}
	if plain && (ascii || utf8.ValidString(s)) {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	quoted, _ := json.Marshal(s)
	return append(b, quoted...)
}

// appendJSONTime writes t as time.Time's MarshalJSON does.
func appendJSONTime(b []byte, t time.Time) []byte {
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"')
}

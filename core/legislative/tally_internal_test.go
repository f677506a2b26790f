package legislative

import "testing"

// The timeline's counts agree in number with each count.
func TestTallyWordsOneAbstentionInTheSingular(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   Counts
		want string
	}{
		{Counts{InFavor: 3, Against: 1, Abstention: 1}, "3 a favor, 1 en contra, 1 abstención"},
		{Counts{InFavor: 1, Against: 0, Abstention: 0}, "1 a favor, 0 en contra, 0 abstenciones"},
		{Counts{InFavor: 0, Against: 2, Abstention: 2}, "0 a favor, 2 en contra, 2 abstenciones"},
	} {
		if got := tally(c.in); got != c.want {
			t.Errorf("tally(%+v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A quorum of one is one vote, not "1 votos".
func TestQuorumShortfallAgreesInNumber(t *testing.T) {
	t.Parallel()
	if _, why := Result(Counts{}, 1); why != " (sin quórum: 0 de 1 voto)" {
		t.Errorf("quorum 1: %q", why)
	}
	if _, why := Result(Counts{InFavor: 1}, 3); why != " (sin quórum: 1 de 3 votos)" {
		t.Errorf("quorum 3: %q", why)
	}
}

package tickets

import "testing"

// The assistant's wait estimate agrees in number with its figure.
func TestWaitEstimateAgreesInNumber(t *testing.T) {
	t.Parallel()
	for minutes, want := range map[int64]string{
		10:  "el tiempo de espera estimado es de unos 10 minutos.",
		60:  "el tiempo de espera estimado es de alrededor de 1 hora.",
		61:  "el tiempo de espera estimado es de unas 2 horas.",
		125: "el tiempo de espera estimado es de unas 3 horas.",
	} {
		if got := waitEstimate(minutes); got != want {
			t.Errorf("waitEstimate(%d) = %q, want %q", minutes, got, want)
		}
	}
}

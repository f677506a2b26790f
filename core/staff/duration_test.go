package staff_test

import (
	"testing"

	"zocalo/core/staff"
)

func TestFormatDurationSaysTheLargestUnitAndTheNext(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		seconds int64
		want    string
	}{
		{49 * 3600, "49 h"},
		{6*3600 + 59*60, "6 h 59 min"},
		{6*3600 + 59*60 + 59, "6 h 59 min"},
		{45 * 60, "45 min"},
		{90, "1 min 30 s"},
		{30, "30 s"},
		{0, "0 s"},
		{-5, "0 s"},
	} {
		if got := staff.FormatDuration(c.seconds); got != c.want {
			t.Errorf("FormatDuration(%d) = %q, want %q", c.seconds, got, c.want)
		}
	}
}

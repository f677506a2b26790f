package labels

import "testing"

var priorities = Table{{"Low", "Baja"}, {"Medium", "Media"}, {"High", "Alta"}}

func TestChoicesNameTheLabelWithTheValueTheAPITakes(t *testing.T) {
	t.Parallel()
	if got, want := priorities.Choices(), "Baja (Low), Media (Medium) o Alta (High)"; got != want {
		t.Errorf("Choices() = %q, want %q", got, want)
	}
	categories := Table{{"Soporte Tecnico", "Soporte Técnico"}, {"Otros", "Otros"}}
	if got, want := categories.Choices(), "Soporte Técnico (Soporte Tecnico) u Otros"; got != want {
		t.Errorf("Choices() = %q, want %q", got, want)
	}
}

func TestOfShowsAnUnknownValueAsItCame(t *testing.T) {
	t.Parallel()
	if got := priorities.Of("Medium"); got != "Media" {
		t.Errorf("Of(Medium) = %q", got)
	}
	if got := priorities.Of("Urgent"); got != "Urgent" {
		t.Errorf("Of(Urgent) = %q", got)
	}
	if priorities.Has("Urgent") || !priorities.Has("High") {
		t.Error("Has does not tell the table's values")
	}
}

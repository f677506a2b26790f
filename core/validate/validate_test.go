package validate

import "testing"

func TestChecks(t *testing.T) {
	ok := func(_ string, valid bool) bool { return valid }
	cases := []struct {
		name string
		got  bool
		want bool
	}{
		{"plain e-mail", ok(Email("ana@example.com")), true},
		{"e-mail with a display name", ok(Email("Ana <ana@example.com>")), false},
		{"e-mail without a dot in the domain", ok(Email("ana@localhost")), false},
		{"empty e-mail", ok(Email("")), false},
		{"Mexican phone", ok(Phone("+52 (55) 1234-5678")), true},
		{"phone with letters", ok(Phone("12ab5678")), false},
		{"too short phone", ok(Phone("123")), false},
		{"https URL", ok(HTTPURL("https://cdn.example.com/a.png")), true},
		{"javascript URL", ok(HTTPURL("javascript:alert(1)")), false},
		{"data URL", ok(HTTPURL("data:image/png;base64,AAAA")), false},
		{"relative URL", ok(HTTPURL("/relative.png")), false},
		{"blank text", ok(Text("   ", 10)), false},
		{"five runes in five", ok(Text("ñandú", 5)), true},
		{"six runes in five", ok(Text("ñandús", 5)), false},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

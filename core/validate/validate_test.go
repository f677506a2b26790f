package validate

import "testing"

func TestChecks(t *testing.T) {
	t.Parallel()
	ok := func(_ string, valid bool) bool { return valid }
	ok2 := func(_ uint64, valid bool) bool { return valid }
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
		{"accented text is storable", Storable("ñandú \u0301"), true},
		{"NUL is not storable", Storable("a\x00b"), false},
		{"invalid UTF-8 is not storable", Storable("a\xffb"), false},
		{"an id", ok2(ID("9223372036854775807")), true},
		{"an id past 64-bit integers", ok2(ID("9223372036854775808")), false},
		{"a negative id", ok2(ID("-1")), false},
		{"a signed id", ok2(ID("+1")), false},
		{"a non-numeric id", ok2(ID("abc")), false},
		{"an empty id", ok2(ID("")), false},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

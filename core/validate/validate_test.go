package validate

import "testing"

func TestChecks(t *testing.T) {
	cases := []struct {
		name string
		ok   bool
		got  bool
	}{}
	add := func(name string, want bool, got bool) {
		cases = append(cases, struct {
			name string
			ok   bool
			got  bool
		}{name, want, got})
	}
	_, ok := Email("ana@example.com")
	add("plain e-mail", true, ok)
	_, ok = Email("Ana <ana@example.com>")
	add("e-mail with a display name", false, ok)
	_, ok = Email("ana@localhost")
	add("e-mail without a dot in the domain", false, ok)
	_, ok = Email("")
	add("empty e-mail", false, ok)
	_, ok = Phone("+52 (55) 1234-5678")
	add("Mexican phone", true, ok)
	_, ok = Phone("12ab5678")
	add("phone with letters", false, ok)
	_, ok = Phone("123")
	add("too short phone", false, ok)
	_, ok = HTTPURL("https://cdn.example.com/a.png")
	add("https URL", true, ok)
	_, ok = HTTPURL("javascript:alert(1)")
	add("javascript URL", false, ok)
	_, ok = HTTPURL("data:image/png;base64,AAAA")
	add("data URL", false, ok)
	_, ok = HTTPURL("/relative.png")
	add("relative URL", false, ok)
	_, ok = Text("   ", 10)
	add("blank text", false, ok)
	_, ok = Text("ñandú", 5)
	add("five runes in five", true, ok)
	_, ok = Text("ñandús", 5)
	add("six runes in five", false, ok)
	for _, c := range cases {
		if c.ok != c.got {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.ok)
		}
	}
}

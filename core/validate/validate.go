// Package validate holds the small checks every feature's input goes through, so that the
// same field is judged the same way everywhere.
package validate

import (
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Text trims s and tells whether it is non-empty and at most max characters.
func Text(s string, max int) (string, bool) {
	s = strings.TrimSpace(s)
	return s, s != "" && utf8.RuneCountInString(s) <= max
}

// OptionalText trims s and tells whether it is at most max characters.
func OptionalText(s string, max int) (string, bool) {
	s = strings.TrimSpace(s)
	return s, utf8.RuneCountInString(s) <= max
}

// Email tells whether s is a plain address such as ana@example.com.
func Email(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 254 {
		return s, false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return s, false
	}
	at := strings.LastIndexByte(s, '@')
	return s, at > 0 && strings.Contains(s[at+1:], ".")
}

// Phone tells whether s looks like a phone number: digits with optional +, spaces,
// dashes, dots and parentheses, 7 to 20 digits.
func Phone(s string) (string, bool) {
	s = strings.TrimSpace(s)
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case strings.ContainsRune("+ -.()", r):
		default:
			return s, false
		}
	}
	return s, digits >= 7 && digits <= 20
}

// HTTPURL tells whether s is an absolute http or https URL.
func HTTPURL(s string) (string, bool) {
	s = strings.TrimSpace(s)
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || len(s) > 2000 {
		return s, false
	}
	return s, true
}

// RobloxUsername checks the shape Roblox allows: 3 to 20 letters, digits or underscores.
func RobloxUsername(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 3 || len(s) > 20 {
		return s, false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return s, false
		}
	}
	return s, true
}

// Snowflake tells whether s looks like a Discord id: 17 to 20 digits.
func Snowflake(s string) bool {
	if len(s) < 17 || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Storable tells whether s can be kept as text by every engine: valid UTF-8 without NUL,
// which PostgreSQL refuses in text columns and parameters.
func Storable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// ID tells whether s is a row id: a whole number that fits the engines' 64-bit integers.
func ID(s string) (uint64, bool) {
	n, err := strconv.ParseUint(s, 10, 63)
	return n, err == nil
}

package businessdays

import (
	"fmt"
	"slices"
	"testing"
	"time"
	_ "time/tzdata" // the zone rules under test must not depend on the machine's tzdata
)

func mustLoad(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return loc
}

func mustDate(t *testing.T, s string) Date {
	t.Helper()
	d, err := ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestRestDays(t *testing.T) {
	const transmision = "Transmisión del Poder Ejecutivo Federal"
	tests := []struct {
		year int
		want []string
	}{
		{2025, []string{"2025-01-01 Año Nuevo", "2025-02-03 Día de la Constitución",
			"2025-03-17 Natalicio de Benito Juárez", "2025-05-01 Día del Trabajo",
			"2025-09-16 Día de la Independencia", "2025-11-17 Día de la Revolución", "2025-12-25 Navidad"}},
		{2026, []string{"2026-01-01 Año Nuevo", "2026-02-02 Día de la Constitución",
			"2026-03-16 Natalicio de Benito Juárez", "2026-05-01 Día del Trabajo",
			"2026-09-16 Día de la Independencia", "2026-11-16 Día de la Revolución", "2026-12-25 Navidad"}},
		{2027, []string{"2027-01-01 Año Nuevo", "2027-02-01 Día de la Constitución",
			"2027-03-15 Natalicio de Benito Juárez", "2027-05-01 Día del Trabajo",
			"2027-09-16 Día de la Independencia", "2027-11-15 Día de la Revolución", "2027-12-25 Navidad"}},
		{2030, []string{"2030-01-01 Año Nuevo", "2030-02-04 Día de la Constitución",
			"2030-03-18 Natalicio de Benito Juárez", "2030-05-01 Día del Trabajo",
			"2030-09-16 Día de la Independencia", "2030-10-01 " + transmision,
			"2030-11-18 Día de la Revolución", "2030-12-25 Navidad"}},
		{2024, []string{"2024-01-01 Año Nuevo", "2024-02-05 Día de la Constitución",
			"2024-03-18 Natalicio de Benito Juárez", "2024-05-01 Día del Trabajo",
			"2024-09-16 Día de la Independencia", "2024-10-01 " + transmision,
			"2024-11-18 Día de la Revolución", "2024-12-25 Navidad"}},
		{2018, []string{"2018-01-01 Año Nuevo", "2018-02-05 Día de la Constitución",
			"2018-03-19 Natalicio de Benito Juárez", "2018-05-01 Día del Trabajo",
			"2018-09-16 Día de la Independencia", "2018-11-19 Día de la Revolución",
			"2018-12-01 " + transmision, "2018-12-25 Navidad"}},
		// 2006: Mondays start, except that 21 March is kept for Juárez's bicentennial.
		{2006, []string{"2006-01-01 Año Nuevo", "2006-02-06 Día de la Constitución",
			"2006-03-21 Natalicio de Benito Juárez", "2006-05-01 Día del Trabajo",
			"2006-09-16 Día de la Independencia", "2006-11-20 Día de la Revolución",
			"2006-12-01 " + transmision, "2006-12-25 Navidad"}},
		// Before the 2006 reform the commemorations fell on their own dates.
		{2005, []string{"2005-01-01 Año Nuevo", "2005-02-05 Día de la Constitución",
			"2005-03-21 Natalicio de Benito Juárez", "2005-05-01 Día del Trabajo",
			"2005-09-16 Día de la Independencia", "2005-11-20 Día de la Revolución", "2005-12-25 Navidad"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.year), func(t *testing.T) {
			var got []string
			for _, rd := range RestDays(tt.year) {
				got = append(got, rd.Date.String()+" "+rd.Name)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("RestDays(%d):\n got %q\nwant %q", tt.year, got, tt.want)
			}
		})
	}
}

func TestTransmissionEverySixYears(t *testing.T) {
	for year := 1990; year <= 2050; year++ {
		var got []string
		for _, rd := range RestDays(year) {
			if rd.Name == "Transmisión del Poder Ejecutivo Federal" {
				got = append(got, rd.Date.String())
			}
		}
		var want []string
		switch {
		case year >= 2024 && (year-2024)%6 == 0:
			want = []string{fmt.Sprintf("%d-10-01", year)}
		case year < 2024 && (2024-year)%6 == 0:
			want = []string{fmt.Sprintf("%d-12-01", year)}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%d: transmission on %q, want %q", year, got, want)
		}
	}
}

func TestCalendarDays(t *testing.T) {
	cal := NewCalendar(mustLoad(t, "America/Mexico_City"), mustDate(t, "2026-11-17"))
	tests := []struct {
		date     string
		business bool
		restDay  string
	}{
		{"2026-11-13", true, ""},                                         // Friday
		{"2026-11-14", false, ""},                                        // Saturday
		{"2026-11-15", false, ""},                                        // Sunday
		{"2026-11-16", false, "Día de la Revolución"},                    // third Monday of November
		{"2026-11-17", false, ""},                                        // closure, not a rest day
		{"2026-11-20", true, ""},                                         // commemorated on the Monday
		{"2024-10-01", false, "Transmisión del Poder Ejecutivo Federal"}, // Tuesday
		{"2006-12-01", false, "Transmisión del Poder Ejecutivo Federal"}, // Friday
		{"2027-10-01", true, ""},                                         // no transmission that year
		{"2025-12-25", false, "Navidad"},
	}
	for _, tt := range tests {
		d := mustDate(t, tt.date)
		if got := cal.IsBusinessDay(d); got != tt.business {
			t.Errorf("IsBusinessDay(%s) = %v, want %v", d, got, tt.business)
		}
		name, ok := cal.RestDay(d)
		if name != tt.restDay || ok != (tt.restDay != "") {
			t.Errorf("RestDay(%s) = %q, %v; want %q", d, name, ok, tt.restDay)
		}
	}
}

func TestDeadline(t *testing.T) {
	cdmx := mustLoad(t, "America/Mexico_City")
	tijuana := mustLoad(t, "America/Tijuana")
	// 23:30 in Tijuana (PST) on the Revolución Monday is already Tuesday in Mexico City.
	lateInTijuana := time.Date(2026, time.November, 16, 23, 30, 0, 0, tijuana)
	tests := []struct {
		name      string
		cal       *Calendar
		from      time.Time
		days      int
		want      string // civil day of the deadline in the calendar's zone
		wantInUTC string
	}{
		{"Friday evening across the Revolución Monday", NewCalendar(cdmx),
			time.Date(2026, time.November, 13, 19, 0, 0, 0, cdmx), 20, "2026-12-14", "2026-12-15T05:59:59.999999999Z"},
		{"Tijuana files on the rest day itself", NewCalendar(tijuana),
			lateInTijuana, 20, "2026-12-14", "2026-12-15T07:59:59.999999999Z"},
		{"same instant is a day later in Mexico City", NewCalendar(cdmx),
			lateInTijuana, 20, "2026-12-15", "2026-12-16T05:59:59.999999999Z"},
		{"next business day in Tijuana", NewCalendar(tijuana), lateInTijuana, 1, "2026-11-17", "2026-11-18T07:59:59.999999999Z"},
		{"next business day in Mexico City", NewCalendar(cdmx), lateInTijuana, 1, "2026-11-18", "2026-11-19T05:59:59.999999999Z"},
		{"closures are skipped", NewCalendar(cdmx, mustDate(t, "2026-11-17"), mustDate(t, "2026-11-18")),
			time.Date(2026, time.November, 13, 19, 0, 0, 0, cdmx), 3, "2026-11-23", "2026-11-24T05:59:59.999999999Z"},
		{"filed on Saturday", NewCalendar(cdmx),
			time.Date(2026, time.November, 14, 10, 0, 0, 0, cdmx), 1, "2026-11-17", "2026-11-18T05:59:59.999999999Z"},
		{"across Navidad and Año Nuevo", NewCalendar(cdmx),
			time.Date(2025, time.December, 19, 12, 0, 0, 0, cdmx), 10, "2026-01-06", "2026-01-07T05:59:59.999999999Z"},
		{"Tijuana across the start of DST", NewCalendar(tijuana),
			time.Date(2026, time.March, 6, 12, 0, 0, 0, tijuana), 5, "2026-03-13", "2026-03-14T06:59:59.999999999Z"},
		{"Mexico City keeps UTC-6 in summer", NewCalendar(cdmx),
			time.Date(2026, time.June, 30, 9, 0, 0, 0, cdmx), 1, "2026-07-01", "2026-07-02T05:59:59.999999999Z"},
		{"no days: end of the filing day", NewCalendar(cdmx),
			time.Date(2026, time.November, 14, 10, 0, 0, 0, cdmx), 0, "2026-11-14", "2026-11-15T05:59:59.999999999Z"},
		{"negative days: end of the filing day", NewCalendar(cdmx),
			time.Date(2026, time.November, 16, 10, 0, 0, 0, cdmx), -3, "2026-11-16", "2026-11-17T05:59:59.999999999Z"},
		{"instant given in UTC", NewCalendar(cdmx),
			time.Date(2026, time.November, 14, 3, 0, 0, 0, time.UTC), 1, "2026-11-17", "2026-11-18T05:59:59.999999999Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.cal.Deadline(tt.from, tt.days)
			if got.Location() != tt.cal.Location() {
				t.Errorf("deadline in %v, want %v", got.Location(), tt.cal.Location())
			}
			if h, m, s := got.Clock(); h != 23 || m != 59 || s != 59 || got.Nanosecond() != 999999999 {
				t.Errorf("deadline at %s, want the end of the day", got.Format(time.RFC3339Nano))
			}
			if day := DateOf(got).String(); day != tt.want {
				t.Errorf("deadline on %s, want %s", day, tt.want)
			}
			if utc := got.UTC().Format(time.RFC3339Nano); utc != tt.wantInUTC {
				t.Errorf("deadline at %s UTC, want %s", utc, tt.wantInUTC)
			}
		})
	}
}

func TestBusinessDaysBetweenMatchesDeadline(t *testing.T) {
	cdmx := mustLoad(t, "America/Mexico_City")
	tijuana := mustLoad(t, "America/Tijuana")
	calendars := []*Calendar{
		NewCalendar(cdmx),
		NewCalendar(tijuana, mustDate(t, "2026-12-24"), mustDate(t, "2026-12-31")),
	}
	starts := []time.Time{
		time.Date(2026, time.November, 13, 19, 0, 0, 0, cdmx),      // Friday evening
		time.Date(2026, time.November, 16, 23, 30, 0, 0, tijuana),  // late on a rest day
		time.Date(2026, time.March, 7, 0, 0, 0, 0, tijuana),        // Saturday before DST
		time.Date(2025, time.December, 24, 23, 59, 59, 0, cdmx),    // year end
		time.Date(2030, time.September, 30, 12, 0, 0, 0, time.UTC), // before a transmission
	}
	for _, cal := range calendars {
		for _, from := range starts {
			for _, n := range []int{0, 1, 2, 5, 10, 15, 20, 30, 60, 250} {
				deadline := cal.Deadline(from, n)
				if got := cal.BusinessDaysBetween(from, deadline); got != n {
					t.Errorf("%v from %v: BusinessDaysBetween(from, Deadline(from, %d)) = %d",
						cal.Location(), from, n, got)
				}
				if n == 0 {
					continue
				}
				dayBefore := DateOf(deadline).AddDays(-1).EndIn(cal.Location())
				if got := cal.BusinessDaysBetween(from, dayBefore); got != n-1 {
					t.Errorf("%v from %v: %d business days by the day before the deadline %v, want %d",
						cal.Location(), from, got, deadline, n-1)
				}
			}
		}
	}
}

func TestBusinessDaysBetween(t *testing.T) {
	cdmx := mustLoad(t, "America/Mexico_City")
	cal := NewCalendar(cdmx)
	filed := time.Date(2026, time.November, 13, 19, 0, 0, 0, cdmx)
	tests := []struct {
		name     string
		from, to time.Time
		want     int
	}{
		{"what remains on the second day", time.Date(2026, time.November, 17, 10, 0, 0, 0, cdmx), cal.Deadline(filed, 20), 19},
		{"same day", filed, filed.Add(time.Hour), 0},
		{"to before from", filed, filed.AddDate(0, 0, -10), 0},
		{"over a weekend and a rest day", filed, time.Date(2026, time.November, 17, 0, 0, 0, 0, cdmx), 1},
	}
	for _, tt := range tests {
		if got := cal.BusinessDaysBetween(tt.from, tt.to); got != tt.want {
			t.Errorf("%s: got %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestParseDate(t *testing.T) {
	d, err := ParseDate("2026-11-16")
	if err != nil || d != (Date{2026, time.November, 16}) || d.String() != "2026-11-16" {
		t.Errorf("ParseDate(2026-11-16) = %v, %v", d, err)
	}
	for _, bad := range []string{"", "2026-02-30", "2026-2-3", "16/11/2026", "2026-11-16T00:00:00Z"} {
		if _, err := ParseDate(bad); err == nil {
			t.Errorf("ParseDate(%q) accepted", bad)
		}
	}
	if s := (Date{5, time.January, 2}).String(); s != "0005-01-02" {
		t.Errorf("String() = %s", s)
	}
}

func TestDateArithmetic(t *testing.T) {
	tests := []struct {
		from string
		days int
		want string
	}{
		{"2024-02-28", 1, "2024-02-29"},
		{"2025-02-28", 1, "2025-03-01"},
		{"2025-12-31", 1, "2026-01-01"},
		{"2026-01-01", -1, "2025-12-31"},
		{"2026-03-07", 2, "2026-03-09"}, // across the Tijuana DST change, in whole days
	}
	for _, tt := range tests {
		if got := mustDate(t, tt.from).AddDays(tt.days).String(); got != tt.want {
			t.Errorf("%s + %d = %s, want %s", tt.from, tt.days, got, tt.want)
		}
	}
	if !mustDate(t, "2025-12-31").Before(mustDate(t, "2026-01-01")) {
		t.Error("2025-12-31 is not before 2026-01-01")
	}
}

func TestClosuresAreNormalized(t *testing.T) {
	cal := NewCalendar(time.UTC, Date{2026, time.November, 31}) // 1 December
	if cal.IsBusinessDay(mustDate(t, "2026-12-01")) {
		t.Error("closure given as 31 November did not close 1 December")
	}
}

func TestNewCalendarNeedsAZone(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("NewCalendar(nil) did not panic")
		}
	}()
	NewCalendar(nil)
}

// Package businessdays counts deadlines in business days (días hábiles) the way Mexican
// law does, for example the term to answer a data-protection (ARCO) request. A business
// day is a weekday that is neither a statutory rest day of the Ley Federal del Trabajo,
// artículo 74, nor a closure the community declared. Days are counted in the
// community's time zone, because a request filed late at night in Tijuana and the same
// instant in Mexico City fall on different civil days and so run to different deadlines.
// The same calendar serves to tell whether support is open on a given day.
package businessdays

import (
	"slices"
	"time"
)

// RestDay is a statutory rest day (día de descanso obligatorio) with its Spanish name,
// which is what users are shown when a deadline skips it.
type RestDay struct {
	Date Date
	Name string
}

// restDayRule computes one fracción of artículo 74 for a year; ok is false in years in
// which that rest day does not occur.
type restDayRule struct {
	name string
	date func(year int) (d Date, ok bool)
}

// The 2006 reform (DOF 17 January 2006) moved three commemorations to Mondays to make
// long weekends; its transitory article kept 21 March 2006 for Juárez's bicentennial,
// so the March Monday starts in 2007.
const (
	firstYearOfMondayRestDays  = 2006
	firstYearOfMondayForJuarez = 2007
)

// The 2014 constitutional reform moved the presidential inauguration from 1 December
// to 1 October starting in 2024, and artículo 74 fracción VII followed it.
const firstInaugurationOnOctober = 2024

// restDayRules lists the fracciones of artículo 74.
// Fracción IX, the election days set by federal and local electoral laws, cannot be
// computed from the year: give those as closures of the Calendar.
var restDayRules = []restDayRule{
	{"Año Nuevo", fixed(time.January, 1)},
	{"Día de la Constitución", mondayFrom(firstYearOfMondayRestDays, time.February, 1, 5)},
	{"Natalicio de Benito Juárez", mondayFrom(firstYearOfMondayForJuarez, time.March, 3, 21)},
	{"Día del Trabajo", fixed(time.May, 1)},
	{"Día de la Independencia", fixed(time.September, 16)},
	{"Transmisión del Poder Ejecutivo Federal", inauguration},
	{"Día de la Revolución", mondayFrom(firstYearOfMondayRestDays, time.November, 3, 20)},
	{"Navidad", fixed(time.December, 25)},
}

// RestDays returns the statutory rest days of artículo 74 that fall in year, in
// calendar order. Years before 2006 get the fixed dates the article named before its
// 2006 reform; older versions of the article are not modelled.
func RestDays(year int) []RestDay {
	days := make([]RestDay, 0, len(restDayRules))
	for _, rule := range restDayRules {
		if d, ok := rule.date(year); ok {
			days = append(days, RestDay{Date: d, Name: rule.name})
		}
	}
	slices.SortFunc(days, func(a, b RestDay) int { return a.Date.Compare(b.Date) })
	return days
}

// restDayName looks d up without building the year's list, since calendars ask once
// per day they count.
func restDayName(d Date) (string, bool) {
	for _, rule := range restDayRules {
		if rd, ok := rule.date(d.Year); ok && rd == d {
			return rule.name, true
		}
	}
	return "", false
}

func fixed(month time.Month, day int) func(int) (Date, bool) {
	return func(year int) (Date, bool) {
		return Date{Year: year, Month: month, Day: day}, true
	}
}

// mondayFrom is the nth Monday of month from firstYear on, and the fixed day it
// commemorates before then.
func mondayFrom(firstYear int, month time.Month, nth, fixedDay int) func(int) (Date, bool) {
	return func(year int) (Date, bool) {
		if year < firstYear {
			return Date{Year: year, Month: month, Day: fixedDay}, true
		}
		return nthWeekday(year, month, time.Monday, nth), true
	}
}

// inauguration is the day the federal executive changes hands, every six years in
// step with 2024: 1 October since 2024, 1 December before.
func inauguration(year int) (Date, bool) {
	if (year-firstInaugurationOnOctober)%6 != 0 {
		return Date{}, false
	}
	if year >= firstInaugurationOnOctober {
		return Date{Year: year, Month: time.October, Day: 1}, true
	}
	return Date{Year: year, Month: time.December, Day: 1}, true
}

// nthWeekday returns the nth (1-based) weekday of month in year.
func nthWeekday(year int, month time.Month, weekday time.Weekday, nth int) Date {
	first := Date{Year: year, Month: month, Day: 1}
	offset := (int(weekday) - int(first.Weekday()) + 7) % 7
	return first.AddDays(offset + 7*(nth-1))
}

// Calendar decides which days are business days for one community: its time zone,
// the statutory rest days and the days it declared closed. It is immutable, so one
// value can be shared by concurrent requests.
type Calendar struct {
	loc      *time.Location
	closures map[Date]struct{}
}

// NewCalendar returns the calendar of a community in loc that, besides weekends and
// statutory rest days, does not work on closures (election days, declared vacations).
// It panics if loc is nil, because a deadline counted in a guessed zone is silently
// wrong.
func NewCalendar(loc *time.Location, closures ...Date) *Calendar {
	if loc == nil {
		panic("businessdays: NewCalendar needs a time zone")
	}
	c := &Calendar{loc: loc, closures: make(map[Date]struct{}, len(closures))}
	for _, d := range closures {
		c.closures[d.normalized()] = struct{}{}
	}
	return c
}

// Location returns the time zone the calendar counts days in.
func (c *Calendar) Location() *time.Location {
	return c.loc
}

// IsBusinessDay reports whether d is a working day: a weekday that is neither a
// statutory rest day nor a closure.
func (c *Calendar) IsBusinessDay(d Date) bool {
	d = d.normalized()
	if wd := d.Weekday(); wd == time.Saturday || wd == time.Sunday {
		return false
	}
	if _, closed := c.closures[d]; closed {
		return false
	}
	_, rest := restDayName(d)
	return !rest
}

// RestDay returns the Spanish name of the statutory rest day that falls on d, if any.
// Closures are not rest days and have no name here.
func (c *Calendar) RestDay(d Date) (name string, ok bool) {
	return restDayName(d.normalized())
}

// Deadline returns the instant by which a request filed at from must be answered when
// the law gives it days business days. The filing day does not count: counting starts
// on the first business day after from's civil day in the calendar's zone, and the
// term runs to the end of the days-th business day (23:59:59.999999999 there). With
// days <= 0 the answer is due by the end of the filing day.
func (c *Calendar) Deadline(from time.Time, days int) time.Time {
	day := DateOf(from.In(c.loc))
	for counted := 0; counted < days; {
		day = day.AddDays(1)
		if c.IsBusinessDay(day) {
			counted++
		}
	}
	return day.EndIn(c.loc)
}

// BusinessDaysBetween counts the business days after from's civil day up to and
// including to's, both taken in the calendar's zone, so that
// BusinessDaysBetween(from, Deadline(from, n)) == n; it is what remains of a term
// ("quedan N días hábiles"). It is 0 when to's day is not after from's.
func (c *Calendar) BusinessDaysBetween(from, to time.Time) int {
	last := DateOf(to.In(c.loc))
	count := 0
	for day := DateOf(from.In(c.loc)).AddDays(1); !day.After(last); day = day.AddDays(1) {
		if c.IsBusinessDay(day) {
			count++
		}
	}
	return count
}

package businessdays

import (
	"fmt"
	"time"
)

// Date is a civil date: a day on a wall calendar, with no time of day and no zone.
// Business days are a property of civil days, not of instants, so counting is done on
// Dates and only the final answer is turned back into a time.Time in a zone.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// dateLayout is ISO 8601's calendar date, the form Dates are written and read in.
const dateLayout = "2006-01-02"

// DateOf returns the civil date of t in t's own location; convert t with In first to
// ask for the date somewhere else.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{Year: y, Month: m, Day: d}
}

// ParseDate reads a date written as YYYY-MM-DD and rejects days that do not exist,
// such as 2026-02-30.
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(dateLayout, s)
	if err != nil {
		return Date{}, fmt.Errorf("businessdays: %q is not a date written as YYYY-MM-DD: %w", s, err)
	}
	return DateOf(t), nil
}

// String writes the date as YYYY-MM-DD.
func (d Date) String() string {
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day)
}

// midnightUTC anchors the date to an instant in a zone without DST, so arithmetic on
// it moves by whole days.
func (d Date) midnightUTC() time.Time {
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC)
}

// normalized folds out-of-range fields (a 32 January) into a real day, the way
// time.Date does, so that equal days compare equal.
func (d Date) normalized() Date {
	return DateOf(d.midnightUTC())
}

// AddDays returns the date n calendar days later (earlier when n is negative).
func (d Date) AddDays(n int) Date {
	return DateOf(d.midnightUTC().AddDate(0, 0, n))
}

// Weekday returns the day of the week the date falls on.
func (d Date) Weekday() time.Weekday {
	return d.midnightUTC().Weekday()
}

// Compare returns -1 if d is before other, 0 if they are the same day and +1 if d is
// after other.
func (d Date) Compare(other Date) int {
	return d.midnightUTC().Compare(other.midnightUTC())
}

// Before reports whether d is an earlier day than other.
func (d Date) Before(other Date) bool {
	return d.Compare(other) < 0
}

// After reports whether d is a later day than other.
func (d Date) After(other Date) bool {
	return d.Compare(other) > 0
}

// EndIn returns the last representable instant of the day in loc,
// 23:59:59.999999999, which is when a deadline that falls on this day runs out.
// Mexican zones that keep DST (Tijuana, the border) change offset at 02:00, so this
// wall time always exists and is never repeated there.
func (d Date) EndIn(loc *time.Location) time.Time {
	return time.Date(d.Year, d.Month, d.Day, 23, 59, 59, 999999999, loc)
}

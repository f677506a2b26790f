package db

import "gorm.io/gorm"

// CountUpTo counts the rows q selects but reads at most most+1 of them: a page's "of how
// many" must not cost a walk of every matching row when a log holds hundreds of thousands.
// capped tells that more than most matched; n is then most.
func CountUpTo(q *gorm.DB, most int) (n int64, capped bool, err error) {
	// SELECT COUNT(*) FROM (SELECT 1 FROM … WHERE … LIMIT most+1): the same on both engines.
	first := q.Session(&gorm.Session{}).Select("1").Limit(most + 1)
	if err := q.Session(&gorm.Session{NewDB: true}).Table("(?) AS capped", first).Count(&n).Error; err != nil {
		return 0, false, err
	}
	if n > int64(most) {
		return int64(most), true, nil
	}
	return n, false, nil
}

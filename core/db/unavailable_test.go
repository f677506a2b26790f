package db

import (
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

func TestIsUnavailable(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"not found", gorm.ErrRecordNotFound, false},
		{"unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"server shutting down", fmt.Errorf("query: %w", &pgconn.PgError{Code: "57P01"}), true},
		{"server starting", &pgconn.PgError{Code: "57P03"}, true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"refused", &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connect: connection refused")}, true},
		{"a plain error", errors.New("syntax error at or near"), false},
	} {
		if got := IsUnavailable(c.err); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"time"

	"github.com/glebarez/sqlite"
)

// SQLite keeps a time as the text of its instant in the time's own zone and compares those
// texts, so "00:00-06:00" sorts before "03:00+00:00" although it is later: a week starting
// in the community's zone compared with shifts written in UTC counted six hours of Sunday as
// Monday's. Every time bound to a statement through utcDriver is written in UTC, so texts
// compare as instants do, as PostgreSQL's timestamptz does.
const utcDriverName = "sqlite-utc"

func init() {
	// The driver the SQLite dialect registers; sql.Open connects to nothing.
	plain, err := sql.Open(sqlite.DriverName, "")
	if err != nil {
		panic(err)
	}
	sql.Register(utcDriverName, utcDriver{plain.Driver()})
	_ = plain.Close()
}

type utcDriver struct{ plain driver.Driver }

func (d utcDriver) Open(name string) (driver.Conn, error) {
	c, err := d.plain.Open(name)
	if err != nil {
		return nil, err
	}
	return utcConn{c}, nil
}

// utcConn is the driver's connection with its arguments' times in UTC; it passes on every
// optional interface the driver's connection has, so database/sql keeps its fast paths.
type utcConn struct{ driver.Conn }

var errNoContextMethod = errors.New("sqlite connection without a context method")

// CheckNamedValue converts an argument as database/sql would, then a time to UTC.
func (utcConn) CheckNamedValue(nv *driver.NamedValue) error {
	v, err := driver.DefaultParameterConverter.ConvertValue(nv.Value)
	if err != nil {
		return err
	}
	if t, ok := v.(time.Time); ok {
		v = t.UTC()
	}
	nv.Value = v
	return nil
}

func (c utcConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if b, ok := c.Conn.(driver.ConnBeginTx); ok {
		return b.BeginTx(ctx, opts)
	}
	return nil, errNoContextMethod
}

func (c utcConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if p, ok := c.Conn.(driver.ConnPrepareContext); ok {
		return p.PrepareContext(ctx, query)
	}
	return c.Prepare(query)
}

func (c utcConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if e, ok := c.Conn.(driver.ExecerContext); ok {
		return e.ExecContext(ctx, query, args)
	}
	return nil, driver.ErrSkip
}

func (c utcConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	if q, ok := c.Conn.(driver.QueryerContext); ok {
		return q.QueryContext(ctx, query, args)
	}
	return nil, driver.ErrSkip
}

func (c utcConn) Ping(ctx context.Context) error {
	if p, ok := c.Conn.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

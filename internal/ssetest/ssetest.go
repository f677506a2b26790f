// Package ssetest reads server-sent events as a client does, for the tests and the bench
// that watch GET /api/events.
package ssetest

import (
	"bufio"
	"io"
	"strings"
)

// Frame is one event: its id (empty for control frames), kind and data lines joined.
type Frame struct {
	ID, Event, Data string
}

// Read calls fn with each event of the stream until it ends or fn returns false;
// heartbeat comments are skipped.
func Read(r io.Reader, fn func(Frame) bool) {
	sc := bufio.NewScanner(r)
	var f Frame
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if f.Event != "" && !fn(f) {
				return
			}
			f = Frame{}
		case strings.HasPrefix(line, "id: "):
			f.ID = strings.TrimPrefix(line, "id: ")
		case strings.HasPrefix(line, "event: "):
			f.Event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			f.Data += strings.TrimPrefix(line, "data: ")
		}
	}
}

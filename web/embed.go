// Package web embeds the built web app (web/dist, made by `make build`).
package web

import (
	"embed"
	"io/fs"
)

// The pattern also matches dist-unbuilt, which is committed, so the package compiles on
// a fresh clone before the app is built; a file committed inside dist itself would be
// deleted by every build.
//
//go:embed all:dist*
var dist embed.FS

// Dist is the built app, or nil when it has not been built.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil
	}
	if _, err := fs.Stat(sub, "index.html"); err != nil {
		return nil
	}
	return sub
}

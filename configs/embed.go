// Package configs embeds the example configuration, which is also the source of every
// default, and the demo overlay.
package configs

import _ "embed"

// Example is configs/zocalo.example.yaml: every key with its default.
//
//go:embed zocalo.example.yaml
var Example []byte

// Demo is laid over the defaults when demo mode is on.
//
//go:embed demo.yaml
var Demo []byte

package webapi

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"zocalo/internal/testdb"
)

var ginParam = regexp.MustCompile(`:([A-Za-z]+)`)

// documentedRoutes reads "METHOD /path" of every operation in openapi.yaml, with
// {param} written as Gin's :param.
func documentedRoutes(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile("openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var out []string
	for path, ops := range doc.Paths {
		for method := range ops {
			switch method {
			case "get", "post", "put", "delete", "patch":
				out = append(out, strings.ToUpper(method)+" "+regexp.MustCompile(`\{([A-Za-z]+)\}`).ReplaceAllString(path, ":$1"))
			}
		}
	}
	slices.Sort(out)
	return out
}

// Every Gin route is in openapi.yaml and every documented route exists.
func TestContractMatchesRoutes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	var served []string
	for _, r := range e.server.Routes() {
		if strings.HasPrefix(r.Path, "/demo/") {
			continue // demo mode's fake Discord, not part of the API
		}
		served = append(served, r.Method+" "+ginParam.ReplaceAllString(r.Path, ":$1"))
	}
	slices.Sort(served)
	documented := documentedRoutes(t)
	if len(served) == 0 || len(documented) == 0 {
		t.Fatalf("served %d routes, documented %d", len(served), len(documented))
	}
	for _, r := range served {
		if !slices.Contains(documented, r) {
			t.Errorf("route %s is missing from webapi/openapi.yaml", r)
		}
	}
	for _, r := range documented {
		if !slices.Contains(served, r) {
			t.Errorf("openapi.yaml documents %s, which the server does not have", r)
		}
	}
}

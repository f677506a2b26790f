// Command discordspec cuts Discord's OpenAPI description (specs/openapi.json of
// discord/discord-api-spec) down to the operations the fake Discord answers for the bot and
// the sign-in, with every component they reach, and writes it to
// internal/discordfake/testdata/discord-openapi.json, where TestAnswersMatchDiscordsSchema
// reads it. The whole description is 1.2 MB of operations the project never calls; the
// subset keeps the schemas as Discord wrote them, only fewer of them.
//
//	go run ./tools/discordspec -spec /path/to/discord-api-spec/specs/openapi.json -commit <sha>
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

const target = "internal/discordfake/testdata/discord-openapi.json"

// operations are the routes whose answers the test checks: what the bot, the relay and
// the sign-in call (method, path as the description spells it).
var operations = [][2]string{
	{"get", "/gateway"},
	{"get", "/gateway/bot"},
	{"get", "/users/@me"},
	{"get", "/users/@me/guilds/{guild_id}/member"},
	{"get", "/users/{user_id}"},
	{"post", "/users/@me/channels"},
	{"get", "/guilds/{guild_id}"},
	{"get", "/guilds/{guild_id}/roles"},
	{"get", "/guilds/{guild_id}/channels"},
	{"get", "/guilds/{guild_id}/members"},
	{"get", "/guilds/{guild_id}/members/{user_id}"},
	{"patch", "/guilds/{guild_id}/members/{user_id}"},
	{"put", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}"},
	{"delete", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}"},
	{"get", "/channels/{channel_id}"},
	{"patch", "/channels/{channel_id}"},
	{"post", "/channels/{channel_id}/threads"},
	{"get", "/channels/{channel_id}/messages"},
	{"post", "/channels/{channel_id}/messages"},
	{"get", "/channels/{channel_id}/messages/{message_id}"},
	{"patch", "/channels/{channel_id}/messages/{message_id}"},
	{"delete", "/channels/{channel_id}/messages/{message_id}"},
	{"post", "/channels/{channel_id}/messages/{message_id}/threads"},
	{"get", "/applications/{application_id}/commands"},
	{"put", "/applications/{application_id}/commands"},
	{"get", "/applications/{application_id}/guilds/{guild_id}/commands"},
	{"put", "/applications/{application_id}/guilds/{guild_id}/commands"},
	{"post", "/interactions/{interaction_id}/{interaction_token}/callback"},
	{"post", "/webhooks/{webhook_id}/{webhook_token}"},
	{"get", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"},
	{"patch", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"},
	{"delete", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"},
	{"get", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"},
	{"patch", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"},
	{"delete", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"},
}

func main() {
	spec := flag.String("spec", "", "specs/openapi.json of discord/discord-api-spec")
	commit := flag.String("commit", "", "the commit of discord/discord-api-spec it was read from")
	flag.Parse()
	if *spec == "" || len(*commit) != 40 {
		fmt.Fprintln(os.Stderr, "discordspec: -spec and a 40-character -commit are required")
		os.Exit(2)
	}
	if err := run(*spec, *commit); err != nil {
		fmt.Fprintln(os.Stderr, "discordspec:", err)
		os.Exit(1)
	}
}

func run(specPath, commit string) error {
	raw, err := os.ReadFile(specPath)
	if err != nil {
		return err
	}
	var doc struct {
		OpenAPI    string                                `json:"openapi"`
		Info       map[string]any                        `json:"info"`
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components map[string]map[string]json.RawMessage `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return err
	}
	paths := map[string]map[string]any{}
	var reach []json.RawMessage
	for _, op := range operations {
		method, path := op[0], op[1]
		rawOp, ok := doc.Paths[path][method]
		if !ok {
			return fmt.Errorf("%s %s is not in the description", strings.ToUpper(method), path)
		}
		var full struct {
			OperationID string          `json:"operationId"`
			Responses   json.RawMessage `json:"responses"`
		}
		if err := json.Unmarshal(rawOp, &full); err != nil {
			return err
		}
		if paths[path] == nil {
			paths[path] = map[string]any{}
		}
		paths[path][method] = map[string]any{"operationId": full.OperationID, "responses": full.Responses}
		reach = append(reach, full.Responses)
	}
	// Every component (schema, response, header) the kept operations reach, followed
	// through their $refs.
	kept := map[string]map[string]json.RawMessage{}
	for len(reach) > 0 {
		next := reach[0]
		reach = reach[1:]
		for _, ref := range refs(next) {
			kind, name, ok := strings.Cut(strings.TrimPrefix(ref, "#/components/"), "/")
			if !ok || !strings.HasPrefix(ref, "#/components/") {
				return fmt.Errorf("a reference the tool does not follow: %s", ref)
			}
			if _, seen := kept[kind][name]; seen {
				continue
			}
			c, ok := doc.Components[kind][name]
			if !ok {
				return fmt.Errorf("%s is not in the description", ref)
			}
			if kept[kind] == nil {
				kept[kind] = map[string]json.RawMessage{}
			}
			kept[kind][name] = c
			reach = append(reach, c)
		}
	}
	out := map[string]any{
		"openapi": doc.OpenAPI,
		"info": map[string]any{
			"title":   doc.Info["title"],
			"version": doc.Info["version"],
			"description": "A subset of specs/openapi.json of github.com/discord/discord-api-spec at commit " + commit +
				" (MIT License, Copyright 2023 Discord): the operations the fake Discord answers, with every schema they reach. " +
				"Written by tools/discordspec; do not edit by hand.",
			"x-source-commit": commit,
		},
		"paths":      paths,
		"components": kept,
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(target, append(b, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Printf("discordspec: %s: %d operations, %d schemas\n", target, len(operations), len(kept["schemas"]))
	return nil
}

// refs lists the $ref values anywhere in a JSON value, in a stable order.
func refs(raw json.RawMessage) []string {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil
	}
	seen := map[string]bool{}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if r, ok := x["$ref"].(string); ok {
				seen[r] = true
			}
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	out := make([]string, 0, len(seen))
	for r := range seen {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

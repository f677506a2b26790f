package config

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"zocalo/configs"
	"zocalo/core/authz"
)

// EnvPrefix starts every environment variable the configuration reads.
const EnvPrefix = "ZOCALO_"

// Load builds the configuration: the defaults (configs/zocalo.example.yaml, so the example
// can never drift from them), the demo overlay when demo mode is on, the file at path (if
// any), then the environment. getenv is os.Getenv in production and a map in tests.
func Load(path string, getenv func(string) string) (*Config, error) {
	build := func(demo bool) (*Config, error) {
		c := &Config{}
		if err := decodeYAML(configs.Example, c, "configs/zocalo.example.yaml"); err != nil {
			return nil, err
		}
		if demo {
			if err := decodeYAML(configs.Demo, c, "configs/demo.yaml"); err != nil {
				return nil, err
			}
		}
		if path != "" {
			raw, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("config file: %w", err)
			}
			if err := decodeYAML(raw, c, path); err != nil {
				return nil, err
			}
		}
		if err := applyEnv(reflect.ValueOf(c).Elem(), EnvPrefix, getenv); err != nil {
			return nil, err
		}
		return c, nil
	}
	c, err := build(false)
	if err != nil {
		return nil, err
	}
	if c.Demo {
		// The demo overlay sits under the file and the environment, so build again with it.
		if c, err = build(true); err != nil {
			return nil, err
		}
	}
	c.fillDerived()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// fillDerived sets the values that default to others.
func (c *Config) fillDerived() {
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.HTTPAddr
	}
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	if c.Demo {
		// The fake Discord is mounted by the same server; the browser reaches its authorize
		// page through the public URL, the server reaches the rest in-process.
		base := c.PublicURL + DemoDiscordPath
		c.Discord.AuthorizeURL = base + "/oauth2/authorize"
		c.Discord.TokenURL = base + "/api/oauth2/token"
		c.Discord.APIBaseURL = base + "/api/v10"
		// The same fake plays Roblox for account verification.
		c.Roblox.ClientID = "demo-roblox-client"
		c.Roblox.AuthorizeURL = base + "/roblox/oauth/v1/authorize"
		c.Roblox.TokenURL = base + "/roblox/oauth/v1/token"
		c.Roblox.UserinfoURL = base + "/roblox/oauth/v1/userinfo"
		c.Verify.RobloxAPIBaseURL = base + "/roblox/groups"
	}
}

// DemoDiscordPath is where demo mode mounts the fake Discord.
const DemoDiscordPath = "/demo/discord"

func decodeYAML(raw []byte, c *Config, name string) error {
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	// An empty file decodes to io.EOF: it sets nothing, which is fine.
	if err := dec.Decode(c); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("config file %s: %w", name, err)
	}
	return nil
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// applyEnv walks the struct and reads PREFIX+env-tag for each field; nested structs add
// their tag and an underscore to the prefix; the role map reads ROLE_<NAME> per role.
func applyEnv(v reflect.Value, prefix string, getenv func(string) string) error {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("env")
		if tag == "" {
			continue
		}
		name := prefix + tag
		fv := v.Field(i)
		if f.Type.Kind() == reflect.Struct && !reflect.PointerTo(f.Type).Implements(textUnmarshaler) {
			if err := applyEnv(fv, name+"_", getenv); err != nil {
				return err
			}
			continue
		}
		if f.Type.Kind() == reflect.Map {
			if fv.IsNil() {
				fv.Set(reflect.MakeMap(f.Type))
			}
			for _, role := range authz.AllRoles {
				val, ok, err := lookup(name+"_"+string(role), getenv)
				if err != nil {
					return err
				}
				if ok {
					fv.SetMapIndex(reflect.ValueOf(role), reflect.ValueOf(val))
				}
			}
			continue
		}
		val, ok, err := lookup(name, getenv)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if err := setValue(fv, val); err != nil {
			return fmt.Errorf("config %s: %v", name, err)
		}
	}
	return nil
}

// lookup reads NAME, or the file named by NAME_FILE.
func lookup(name string, getenv func(string) string) (string, bool, error) {
	if file := getenv(name + "_FILE"); file != "" {
		raw, err := os.ReadFile(file)
		if err != nil {
			return "", false, fmt.Errorf("config %s_FILE: %v", name, err)
		}
		return strings.TrimSpace(string(raw)), true, nil
	}
	if val := getenv(name); val != "" {
		return val, true, nil
	}
	return "", false, nil
}

func setValue(fv reflect.Value, val string) error {
	if fv.CanAddr() && fv.Addr().Type().Implements(textUnmarshaler) {
		return fv.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(val))
	}
	switch fv.Kind() {
	case reflect.String:
		fv.SetString(val)
	case reflect.Bool:
		b, err := strconv.ParseBool(val)
		if err != nil {
			return fmt.Errorf("%q is not true or false", val)
		}
		fv.SetBool(b)
	case reflect.Int:
		n, err := strconv.Atoi(val)
		if err != nil {
			return fmt.Errorf("%q is not a whole number", val)
		}
		fv.SetInt(int64(n))
	case reflect.Slice:
		var items []string
		for _, s := range strings.Split(val, ",") {
			if s = strings.TrimSpace(s); s != "" {
				items = append(items, s)
			}
		}
		fv.Set(reflect.ValueOf(items))
	default:
		return fmt.Errorf("cannot be set from the environment")
	}
	return nil
}

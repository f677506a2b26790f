package main

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The module's root, from this package's directory.
const moduleRoot = "../.."

const (
	modulePath  = "zocalo"
	labelsPath  = "zocalo/core/labels"
	livePath    = "zocalo/core/live"
	liveKindPre = "Kind"
	liveFrame   = "Frame"
)

// goFile is one parsed non-test source file and the package it belongs to.
type goFile struct {
	pkg  string // import path
	file *ast.File
}

// parseDir parses the non-test Go files of one directory of the module.
func parseDir(t *testing.T, fset *token.FileSet, dir string) []goFile {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	root, err1 := filepath.Abs(moduleRoot)
	abs, err2 := filepath.Abs(dir)
	rel, err3 := filepath.Rel(root, abs)
	if err := errors.Join(err1, err2, err3); err != nil {
		t.Fatal(err)
	}
	pkg := modulePath
	if rel != "." {
		pkg += "/" + filepath.ToSlash(rel)
	}
	var out []goFile
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, goFile{pkg: pkg, file: f})
	}
	return out
}

// moduleFiles parses every non-test Go file of the module, leaving out the web app's
// folder (its node_modules) and hidden ones.
func moduleFiles(t *testing.T) []goFile {
	t.Helper()
	fset := token.NewFileSet()
	var out []goFile
	err := filepath.WalkDir(moduleRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != moduleRoot && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules" ||
			filepath.Clean(path) == filepath.Join(moduleRoot, "web")) {
			return filepath.SkipDir
		}
		out = append(out, parseDir(t, fset, path)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// importNames maps the names a file gives its imports to their paths.
func importNames(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		out[name] = path
	}
	return out
}

// isLabelsTable tells whether e names the type labels.Table, under the file's name for it.
func isLabelsTable(e ast.Expr, imports map[string]string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Table" {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && imports[x.Name] == labelsPath
}

// exportedTables are the module's exported package-level variables of type labels.Table,
// as "import/path.Name": declared with the type, or given a composite literal or a
// conversion of it.
func exportedTables(files []goFile) []string {
	var out []string
	for _, f := range files {
		imports := importNames(f.file)
		for _, decl := range f.file.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.VAR {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if !name.IsExported() {
						continue
					}
					table := vs.Type != nil && isLabelsTable(vs.Type, imports)
					if i < len(vs.Values) {
						switch v := vs.Values[i].(type) {
						case *ast.CompositeLit:
							table = table || isLabelsTable(v.Type, imports)
						case *ast.CallExpr:
							table = table || isLabelsTable(v.Fun, imports)
						}
					}
					if table {
						out = append(out, f.pkg+"."+name.Name)
					}
				}
			}
		}
	}
	return out
}

// generatedReferences are the values of the module that constants() hands the generator, as
// "import/path.Name", read from this package's own source.
func generatedReferences(t *testing.T) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, f := range parseDir(t, token.NewFileSet(), ".") {
		imports := importNames(f.file)
		for _, decl := range f.file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "constants" || fn.Recv != nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && strings.HasPrefix(imports[x.Name], modulePath+"/") {
						out[imports[x.Name]+"."+sel.Sel.Name] = true
					}
				}
				return true
			})
		}
	}
	return out
}

func TestEveryLabelTableIsGenerated(t *testing.T) {
	t.Parallel()
	tables := exportedTables(moduleFiles(t))
	// The search itself is checked on a table known to exist, so a search that finds
	// nothing cannot pass.
	if !slices.Contains(tables, "zocalo/core/tickets.Statuses") {
		t.Fatalf("the search for labels.Table found %v, not tickets.Statuses", tables)
	}
	referenced := generatedReferences(t)
	for _, table := range tables {
		if !referenced[table] {
			t.Errorf("%s is a labels.Table the web does not get: add it to constants() in tools/genconsts/values.go and run `npm run gen:consts` in web/", table)
		}
	}
}

// liveConstants are core/live's exported string constants whose names start with prefix,
// by name.
func liveConstants(t *testing.T, prefix string) map[string]string {
	t.Helper()
	exprs := map[string]ast.Expr{}
	for _, f := range parseDir(t, token.NewFileSet(), filepath.Join(moduleRoot, strings.TrimPrefix(livePath, modulePath+"/"))) {
		for _, decl := range f.file.Decls {
			if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.CONST {
				for _, spec := range gen.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if i < len(vs.Values) {
							exprs[name.Name] = vs.Values[i]
						}
					}
				}
			}
		}
	}
	var value func(ast.Expr) (string, bool)
	value = func(e ast.Expr) (string, bool) {
		switch v := e.(type) {
		case *ast.BasicLit:
			s, err := strconv.Unquote(v.Value)
			return s, err == nil
		case *ast.Ident:
			if other, ok := exprs[v.Name]; ok {
				return value(other)
			}
		}
		return "", false
	}
	out := map[string]string{}
	for name, e := range exprs {
		if !strings.HasPrefix(name, prefix) || !ast.IsExported(name) {
			continue
		}
		s, ok := value(e)
		if !ok {
			t.Fatalf("live.%s is not a string this test can read", name)
		}
		out[name] = s
	}
	return out
}

// generatedNamed are the values of one named set of constants() by the set's name.
func generatedNamed(t *testing.T, name string) map[string]bool {
	t.Helper()
	for _, c := range constants() {
		if c.name == name {
			set, ok := c.value.(named)
			if !ok {
				t.Fatalf("%s is not a named set", name)
			}
			out := map[string]bool{}
			for _, v := range set {
				out[v.value] = true
			}
			return out
		}
	}
	t.Fatalf("constants() has no %s", name)
	return nil
}

// A kind of core/live reaches the web either as an event (LIVE_KINDS) or, for the access
// audience, as a control frame; each needs its place in the web's fold.
func TestEveryLiveKindIsGenerated(t *testing.T) {
	t.Parallel()
	kinds, frames := generatedNamed(t, "LIVE_KINDS"), generatedNamed(t, "LIVE_CONTROL_FRAMES")
	declaredKinds, declaredFrames := liveConstants(t, liveKindPre), liveConstants(t, liveFrame)
	if len(declaredKinds) == 0 || len(declaredFrames) == 0 {
		t.Fatalf("found no kinds (%v) or no frames (%v) in core/live", declaredKinds, declaredFrames)
	}
	for name, kind := range declaredKinds {
		if !kinds[kind] && !frames[kind] {
			t.Errorf("live.%s (%q) is not in LIVE_KINDS: add it in tools/genconsts/values.go, run `npm run gen:consts` in web/ and fold it in web/src/live/fold.ts", name, kind)
		}
	}
	for name, frame := range declaredFrames {
		if !frames[frame] {
			t.Errorf("live.%s (%q) is not in LIVE_CONTROL_FRAMES", name, frame)
		}
	}
}

func TestTheCommittedFileIsCurrent(t *testing.T) {
	t.Parallel()
	want, err := render()
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(filepath.Join(moduleRoot, target))
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != string(want) {
		t.Errorf("%s is out of date: run `npm run gen:consts` in web/ and commit the result", target)
	}
}

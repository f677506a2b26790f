package webapi

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

// webETags holds the ETag of each built file known by its name, computed once: the files
// never change while the process runs.
type webETags struct{ files sync.Map } // name → string

// etagOf is a strong ETag of content.
func etagOf(content []byte) string {
	sum := sha256.Sum256(content)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

// gzipETag is the ETag of the gzip-compressed answer of an entity whose ETag is etag: a
// different representation, so a different tag.
func gzipETag(etag string) string {
	return strings.TrimSuffix(etag, `"`) + `-gzip"`
}

// webETag is the ETag of a file of the built app.
func (s *Server) webETag(name string) (string, error) {
	if tag, ok := s.etags.files.Load(name); ok {
		return tag.(string), nil
	}
	raw, err := fs.ReadFile(s.deps.WebFS, name)
	if err != nil {
		return "", err
	}
	tag := etagOf(raw)
	s.etags.files.Store(name, tag)
	return tag, nil
}

// notModified sets etag on the answer and, when the request's If-None-Match holds it, answers
// 304 Not Modified; true when it did.
func notModified(c *gin.Context, etag string) bool {
	c.Header("ETag", etag)
	if !etagMatches(c.GetHeader("If-None-Match"), etag) {
		return false
	}
	c.Status(http.StatusNotModified)
	c.Writer.WriteHeaderNow()
	return true
}

// etagMatches is If-None-Match's weak comparison (RFC 9110, 13.1.2): any listed tag, weak or
// strong, with the same opaque value, or "*".
func etagMatches(ifNoneMatch, etag string) bool {
	for _, candidate := range strings.Split(ifNoneMatch, ",") {
		candidate = strings.TrimSpace(candidate)
		if candidate == "*" || strings.TrimPrefix(candidate, "W/") == etag {
			return true
		}
	}
	return false
}

// Package errs holds the typed errors that core returns. Each carries a Spanish message
// meant for the person using the portal or the bot; transports map the kind to their own
// vocabulary (an HTTP status, an ephemeral Discord reply) in one place.
package errs

import (
	"errors"
	"fmt"
)

// Kind classifies an error for the transports.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindUnauthorized
	KindForbidden
	KindNotFound
	KindConflict
	KindTooLarge
	KindRateLimited
	KindUnavailable
)

func (k Kind) String() string {
	switch k {
	case KindInvalid:
		return "invalid"
	case KindUnauthorized:
		return "unauthorized"
	case KindForbidden:
		return "forbidden"
	case KindNotFound:
		return "not found"
	case KindConflict:
		return "conflict"
	case KindTooLarge:
		return "too large"
	case KindRateLimited:
		return "rate limited"
	case KindUnavailable:
		return "unavailable"
	default:
		return "internal"
	}
}

// Error is a domain error with a message safe to show to users.
type Error struct {
	Kind    Kind
	Message string
	Err     error // the cause, for logs only
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Kind, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Kind, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

func newErr(k Kind, msg string) *Error { return &Error{Kind: k, Message: msg} }

func Invalid(msg string) *Error      { return newErr(KindInvalid, msg) }
func Unauthorized(msg string) *Error { return newErr(KindUnauthorized, msg) }
func Forbidden(msg string) *Error    { return newErr(KindForbidden, msg) }
func NotFound(msg string) *Error     { return newErr(KindNotFound, msg) }
func Conflict(msg string) *Error     { return newErr(KindConflict, msg) }
func TooLarge(msg string) *Error     { return newErr(KindTooLarge, msg) }
func RateLimited(msg string) *Error  { return newErr(KindRateLimited, msg) }
func Unavailable(msg string) *Error  { return newErr(KindUnavailable, msg) }

// Wrap attaches a cause to a domain error without changing what users see.
func (e *Error) Wrap(cause error) *Error {
	c := *e
	c.Err = cause
	return &c
}

// As returns the domain error inside err, if there is one.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	return nil, false
}

// KindOf is the kind of err; errors that are not domain errors are internal.
func KindOf(err error) Kind {
	if e, ok := As(err); ok {
		return e.Kind
	}
	return KindInternal
}

// Common messages, shared by web and bot.
var (
	ErrNotSignedIn  = Unauthorized("Debes iniciar sesión.")
	ErrSessionEnded = Unauthorized("Tu sesión expiró. Inicia sesión de nuevo.")
	ErrNoPermission = Forbidden("No tienes permiso para realizar esta acción.")
	// ErrPage refuses a page or a page size out of range, or a cursor that names nothing, in
	// every paged list.
	ErrPage = Invalid("Página o límite no válidos.")
)

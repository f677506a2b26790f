package outbox

import "context"

// afterEnqueue tells the relay, once the transaction of ctx commits, that an event waits.
func (s *Store) afterEnqueue(context.Context) {}

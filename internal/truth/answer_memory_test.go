package truth

import (
	"context"
	"errors"
	"testing"
)

// TestAnswerRoom checks that the room lets solves in while their bytes fit,
// lets one in alone when it is larger than the whole room, and keeps the
// rest waiting until bytes are given back; a wait ends with its context.
func TestAnswerRoom(t *testing.T) {
	b := newAnswerRoom(100)
	full, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("stop waiting")
	cancel(stop) // an acquire that would wait returns at once
	ctx := context.Background()

	if err := b.acquire(ctx, 60); err != nil {
		t.Fatal(err)
	}
	if err := b.acquire(full, 60); !errors.Is(err, stop) {
		t.Errorf("60 bytes more than fit: acquire = %v, want it to wait", err)
	}
	if err := b.acquire(full, 40); err != nil {
		t.Errorf("40 bytes that fit: acquire = %v", err)
	}
	b.release(40)
	b.release(60)
	if err := b.acquire(full, 1000); err != nil {
		t.Errorf("more than the room, alone: acquire = %v", err)
	}
	if err := b.acquire(full, 1); !errors.Is(err, stop) {
		t.Errorf("beside one larger than the room: acquire = %v, want it to wait", err)
	}
	done := make(chan error)
	go func() { done <- b.acquire(ctx, 1000) }()
	b.release(1000)
	if err := <-done; err != nil {
		t.Errorf("acquire after the release = %v", err)
	}
	if b.used != b.max {
		t.Errorf("one larger than the room holds %d of %d bytes, want all", b.used, b.max)
	}
}

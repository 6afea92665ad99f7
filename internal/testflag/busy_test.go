package testflag

import (
	"testing"
	"time"
)

// TestBusy checks that Busy's loops stop when asked, and promptly.
func TestBusy(t *testing.T) {
	stop := Busy()
	time.Sleep(10 * time.Millisecond)
	start := time.Now()
	stop()
	if took := time.Since(start); took > time.Second {
		t.Errorf("Busy's stop took %v", took)
	}
}

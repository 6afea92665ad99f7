package testflag

import "testing"

func TestNote(t *testing.T) {
	_, pkg := packageDir()
	got := note(pkg, "TestX", "chromium is not installed")
	if want := "skip   ./internal/testflag TestX: chromium is not installed\n"; got != want {
		t.Errorf("note = %q, want %q", got, want)
	}
}

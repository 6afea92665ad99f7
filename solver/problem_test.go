package solver

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestValidateFields checks that every reason Validate gives is a
// *FieldError naming the field at fault. Each problem below has one fault,
// so the test holds whatever the messages say: problems relies on the field,
// not the text, to point at the right line of a file.
func TestValidateFields(t *testing.T) {
	tests := []struct {
		name string
		p    Problem
		want string
	}{
		{"unknown kind", Problem{Kind: "rooks", N: 8, M: AnyM, Ask: AskCount}, FieldKind},
		{"empty kind", Problem{N: 8, M: AnyM, Ask: AskCount}, FieldKind},
		{"unknown ask", Problem{Kind: NQueens, N: 8, M: AnyM, Ask: "all"}, FieldAsk},
		{"max for nqueens", Problem{Kind: NQueens, N: 8, M: AnyM, Ask: AskMax}, FieldAsk},
		{"max for reserved", Problem{Kind: Reserved, N: 2, Reserved: []uint64{0, 0}, M: AnyM, Ask: AskMax}, FieldAsk},
		{"n zero", Problem{Kind: NQueens, N: 0, M: AnyM, Ask: AskCount}, FieldN},
		{"n too large", Problem{Kind: NQueens, N: MaxCountN + 1, M: AnyM, Ask: AskCount}, FieldN},
		{"knights n too large", Problem{Kind: QueensKnights, N: MaxKnightsN + 1, M: AnyM, Ask: AskMax}, FieldN},
		{"board rows", Problem{Kind: Reserved, N: 3, Reserved: []uint64{0, 0}, M: AnyM, Ask: AskCount}, FieldBoard},
		{"board column", Problem{Kind: Reserved, N: 2, Reserved: []uint64{0, 1 << 2}, M: AnyM, Ask: AskCount}, FieldBoard},
		{"board for nqueens", Problem{Kind: NQueens, N: 2, Reserved: []uint64{0, 0}, M: AnyM, Ask: AskCount}, FieldBoard},
		{"board for knights", Problem{Kind: QueensKnights, N: 2, Reserved: []uint64{}, M: AnyM, Ask: AskCount}, FieldBoard},
		{"m too large", Problem{Kind: QueensKnights, N: 4, M: 5, Ask: AskCount}, FieldM},
		{"m negative", Problem{Kind: QueensKnights, N: 4, M: -2, Ask: AskCount}, FieldM},
		{"m with max", Problem{Kind: QueensKnights, N: 4, M: 2, Ask: AskMax}, FieldM},
		{"m for nqueens", Problem{Kind: NQueens, N: 4, M: 2, Ask: AskCount}, FieldM},
		{"m for reserved", Problem{Kind: Reserved, N: 1, Reserved: []uint64{0}, M: 1, Ask: AskCount}, FieldM},
		{"knights count between", Problem{Kind: QueensKnights, N: 20, M: 10, Ask: AskCount}, FieldM},
		{"knights solutions between", Problem{Kind: QueensKnights, N: 20, M: 15, Ask: AskSolutions}, FieldM},
		{"knights unique between", Problem{Kind: QueensKnights, N: 11, M: 5, Ask: AskUnique}, FieldM},
		{"knights count m = 4", Problem{Kind: QueensKnights, N: 14, M: 4, Ask: AskCount}, FieldM},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := reasons(tt.p.Validate())
			if len(errs) != 1 {
				t.Fatalf("%+v.Validate() = %q, want one reason", tt.p, errs)
			}
			var fe *FieldError
			if !errors.As(errs[0], &fe) {
				t.Fatalf("%+v.Validate() = %q, a %T, want a *FieldError", tt.p, errs[0], errs[0])
			}
			if fe.Field != tt.want {
				t.Errorf("%+v.Validate() = %q about field %q, want %q", tt.p, fe.Msg, fe.Field, tt.want)
			}
			if !slices.Contains(Fields, fe.Field) {
				t.Errorf("field %q is not in Fields %q", fe.Field, Fields)
			}
			if fe.Msg == "" || fe.Error() != fe.Msg {
				t.Errorf("FieldError %+v: Error() = %q, want its non-empty Msg", fe, fe.Error())
			}
		})
	}
}

// TestValidateFieldsJoined checks that a problem with several faults gives
// one *FieldError for each, in the order of the fields' checks.
func TestValidateFieldsJoined(t *testing.T) {
	p := Problem{Kind: NQueens, N: 0, Reserved: []uint64{}, M: 3, Ask: AskMax}
	var got []string
	for _, err := range reasons(p.Validate()) {
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Fatalf("reason %q is a %T, want a *FieldError", err, err)
		}
		got = append(got, fe.Field)
	}
	want := []string{FieldAsk, FieldN, FieldBoard, FieldM}
	if !slices.Equal(got, want) {
		t.Errorf("%+v.Validate() fields = %q, want %q", p, got, want)
	}
}

func TestValidateValid(t *testing.T) {
	for _, p := range []Problem{
		{Kind: NQueens, N: 8, M: AnyM, Ask: AskCount},
		{Kind: NQueens, N: 8, M: 0, Ask: AskPlacement},
		{Kind: Reserved, N: 2, Reserved: []uint64{1, 2}, M: AnyM, Ask: AskUnique},
		{Kind: QueensKnights, N: 8, M: AnyM, Ask: AskMax},
		{Kind: QueensKnights, N: 8, M: 5, Ask: AskCount},
		{Kind: QueensKnights, N: 20, M: 3, Ask: AskCount},      // by formulas
		{Kind: QueensKnights, N: 20, M: 16, Ask: AskSolutions}, // the largest m
		{Kind: QueensKnights, N: 20, M: 17, Ask: AskUnique},    // no room for the knights
		{Kind: QueensKnights, N: 20, M: 10, Ask: AskPlacement},
		{Kind: QueensKnights, N: 11, M: 5, Ask: AskCount},
	} {
		if err := p.Validate(); err != nil {
			t.Errorf("%+v.Validate() = %v, want nil", p, err)
		}
	}
}

// reasons returns the errors err joins, or err itself, or none.
func reasons(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// TestKnightsCountM checks the message of an m between the bounds: it
// names them, and every m it names as allowed is allowed.
func TestKnightsCountM(t *testing.T) {
	p := Problem{Kind: QueensKnights, N: 20, M: 10, Ask: AskCount}
	want := "m must be 0..3 or 16..20 for queens-knights count with n = 20"
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%+v.Validate() = %v, want %q", p, err, want)
	}
	for n := 1; n <= MaxKnightsCountN; n++ {
		for _, ask := range []Ask{AskCount, AskUnique, AskSolutions} {
			lo, hi, ok := KnightsCountM(n, ask)
			for m := 0; m <= n; m++ {
				in := ok || m <= lo || m >= hi
				err := (Problem{Kind: QueensKnights, N: n, M: m, Ask: ask}).Validate()
				if in != (err == nil) {
					t.Errorf("n=%d m=%d %s: Validate() = %v, KnightsCountM says %d, %d, %v", n, m, ask, err, lo, hi, ok)
				}
			}
			if !ok && (lo < maxFewM || hi > knightsTable[n-1].m) {
				t.Errorf("n=%d %s: bounds %d, %d leave out the formulas' m or the largest", n, ask, lo, hi)
			}
		}
	}
}

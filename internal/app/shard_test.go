package app

import "testing"

func TestParseShard(t *testing.T) {
	t.Parallel()
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	for _, c := range []struct {
		flag string
		vars map[string]string
		i, k int
		ok   bool
	}{
		{"", nil, 0, 0, true},
		{"2/8", nil, 2, 8, true},
		{"8", map[string]string{"JOB_COMPLETION_INDEX": "3"}, 3, 8, true},
		{"16", map[string]string{"SLURM_ARRAY_TASK_ID": "0"}, 0, 16, true},
		// A failed task submitted again on its own (sbatch --array=5,9)
		// counts its own slice, whatever the array's smallest id.
		{"16", map[string]string{"SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "5"}, 9, 16, true},
		{"16", map[string]string{"SLURM_ARRAY_TASK_ID": "16"}, 0, 0, false},
		{"16", nil, 0, 0, false},
		{"0/0", nil, 0, 0, false},
		{"0/999999999999", nil, 0, 0, false},
		{"-1/4", nil, 0, 0, false},
		{"x/4", nil, 0, 0, false},
	} {
		sh, err := ParseShard(c.flag, env(c.vars))
		if (err == nil) != c.ok || (c.ok && (sh.I != c.i || sh.K != c.k)) {
			t.Errorf("ParseShard(%q, %v) = %d/%d, %v; want %d/%d, ok %v", c.flag, c.vars, sh.I, sh.K, err, c.i, c.k, c.ok)
		}
	}
}

package app

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/solver"
)

// shardEnv are the environment variables a batch system sets to the index
// of one task of an array: a Kubernetes Indexed Job, then a Slurm job array.
var shardEnv = []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"}

// maxShards caps the K of --shard I/K: a long count has 10^4 to 2·10^7
// subproblems, and merge needs a part file for every slice.
const maxShards = 100_000

// ParseShard reads --shard: "I/K" for slice I (0-based) of K, or "K" alone
// with I from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID, as it is: the
// array is numbered 0..K-1, so that the failed tasks of an array can be
// submitted again on their own (sbatch --array=5,9) and count their own
// slices. "" is no shard.
func ParseShard(s string, getenv func(string) string) (solver.Shard, error) {
	if s == "" {
		return solver.Shard{}, nil
	}
	is, ks, explicit := strings.Cut(s, "/")
	if !explicit {
		ks = is
		is = ""
		for _, name := range shardEnv {
			if v := getenv(name); v != "" {
				is = v
				break
			}
		}
		if is == "" {
			return solver.Shard{}, status.Usagef("--shard %s: give I/K, or set %s", s, strings.Join(shardEnv, " or "))
		}
	}
	k, err := strconv.Atoi(ks)
	if err != nil || k < 1 || k > maxShards {
		return solver.Shard{}, status.Usagef("--shard %s: K must be 1..%d", s, maxShards)
	}
	i, err := strconv.Atoi(is)
	if err != nil || i < 0 || i >= k {
		return solver.Shard{}, status.Usagef("--shard %s: the index must be 0..%d, got %q", s, k-1, is)
	}
	return solver.Shard{I: i, K: k}, nil
}

// shardLabel is how a shard is shown: "2/8".
func shardLabel(sh solver.Shard) string {
	if sh.K == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", sh.I, sh.K)
}

//go:build qjstats

package join

import "sync/atomic"

// With the qjstats build tag the matcher counts its work (see
// matchStats); without it statsOn is false and the counting compiles away.
// Measurement only: go test -tags qjstats -run TestQuadrantStats.
const statsOn = true

// matchStats is the matcher's work since the last reset: what the kernels
// were handed (south keys and the groups each visits, the pair tests being
// the groups times the keys a group holds), what the tables were built of,
// and, for one match call in statsSample, how many of the visited groups
// held a compatible key.
var matchStats struct {
	calls, keys, visits, visitsCut atomic.Uint64 // match calls, south keys, groups visited (with the cut chunk)
	words                          atomic.Uint64 // 256-bit words the kernels load
	builds, built                  atomic.Uint64 // tables built, north keys put into them
	buildGroups                    atomic.Uint64 // groups of those tables
	splitCounts, sliceCounts       atomic.Uint64 // lists counted by splitMatch, by sliced alone
	northKeys, southKeys           atomic.Uint64 // keys of the lists counted
	sampled, sampledEmpty          atomic.Uint64 // visited groups in the sample, those with no compatible key
	sampleCalls                    atomic.Uint64
	// Of the lists matched by sliced alone (not splitMatch): the group
	// visits, the north and south keys, and the pairs of them.
	aloneVisits, aloneNorth, aloneSouth, alonePairs atomic.Uint64
}

// statsAlone says whether the list being matched is matched by sliced
// alone. One worker's: TestQuadrantStats counts on one.
var statsAlone bool

// statsSample is one match call in how many whose visits are checked
// group by group for a compatible key.
const statsSample = 16

func statsMatch(sl *sliced, south []uint64, spans *[16]span) {
	var visits, cut uint64
	for _, k := range south {
		sp := spans[k&15]
		visits += uint64(sp.p1 - sp.f0)
		cut += uint64(sp.p1 - sp.f1)
	}
	matchStats.calls.Add(1)
	matchStats.keys.Add(uint64(len(south)))
	matchStats.visits.Add(visits)
	matchStats.visitsCut.Add(cut)
	if statsAlone {
		matchStats.aloneVisits.Add(visits)
	}
	matchStats.words.Add(visits*uint64(sl.nc-1) + cut)
	if matchStats.calls.Load()%statsSample != 0 || sl.kern != AVX2 {
		return
	}
	matchStats.sampleCalls.Add(1)
	// Each visited group's AND of its words for the key, over its four
	// lanes: zero when it holds no compatible key.
	gw := sl.nc * 64 // words of a group
	var seen, empty uint64
	for _, k := range south {
		sp := spans[k&15]
		for i := sp.f0; i < sp.p1; i++ {
			g := int(sl.list[i]) / 8 / gw
			base := g * gw
			var acc [4]uint64
			for l := range acc {
				acc[l] = ^uint64(0)
			}
			for j := 0; j < sl.nc; j++ {
				v := int(k>>uint(4*j)) & 15
				for l := range acc {
					acc[l] &= sl.tab[base+j*64+4*v+l]
				}
			}
			seen++
			if acc[0]|acc[1]|acc[2]|acc[3] == 0 {
				empty++
			}
		}
	}
	matchStats.sampled.Add(seen)
	matchStats.sampledEmpty.Add(empty)
}

func statsBuild(sl *sliced, keys int) {
	matchStats.builds.Add(1)
	matchStats.built.Add(uint64(keys))
	matchStats.buildGroups.Add(uint64(len(sl.present)))
}

func statsList(split bool, north, south int) {
	if split {
		matchStats.splitCounts.Add(1)
	} else {
		matchStats.sliceCounts.Add(1)
		matchStats.aloneNorth.Add(uint64(north))
		matchStats.aloneSouth.Add(uint64(south))
		matchStats.alonePairs.Add(uint64(south) * uint64(north))
	}
	statsAlone = !split
	matchStats.northKeys.Add(uint64(north))
	matchStats.southKeys.Add(uint64(south))
}

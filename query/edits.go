package query

// boundedEdits returns the Levenshtein distance between a and b, comparing bytes with ASCII case
// folded, when it is at most k, and k+1 otherwise. It fills only the diagonal band of width 2k+1
// and stops as soon as the whole band exceeds k, so rejecting a far name costs O(k·len) without
// allocating: the typo tier compares a query with every name in the store.
func boundedEdits(a, b string, k int) int {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > k {
		return k + 1
	}
	const maxLen = 256
	if len(b) >= maxLen {
		return k + 1
	}
	var prev, cur [maxLen + 1]int
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-k), min(len(b), i+k)
		cur[lo-1] = k + 1
		if lo == 1 {
			cur[0] = i
		}
		best := k + 1
		for j := lo; j <= hi; j++ {
			cost := 1
			if lowerASCII(a[i-1]) == lowerASCII(b[j-1]) {
				cost = 0
			}
			d := prev[j-1] + cost
			if j <= i-1+k && prev[j]+1 < d { // prev[j] lies inside the previous row's band
				d = prev[j] + 1
			}
			if cur[j-1]+1 < d {
				d = cur[j-1] + 1
			}
			cur[j] = d
			best = min(best, d)
		}
		if hi < len(b) {
			cur[hi+1] = k + 1
		}
		if best > k {
			return k + 1
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], k+1)
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

package indexer

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/store"
)

// ScanLarge gives a file too large to map (over the indexer's size limit) what a reader needs to
// navigate it without reading it whole: its line count, line checkpoints and landmarks. It
// streams the file in one pass with constant memory. The row keeps its too-large skip reason.
func ScanLarge(ctx context.Context, f *store.File, abs string) error {
	file, err := os.Open(abs)
	if err != nil {
		return fmt.Errorf("scan %s: %w", abs, err)
	}
	defer file.Close()
	return scanFile(ctx, f, file)
}

// scanFile is ScanLarge of a file opened and not yet read.
func scanFile(ctx context.Context, f *store.File, file *os.File) error {
	// One pass: count lines and record the offset of every LineIndexStep-th line's start.
	r := bufio.NewReaderSize(file, 1<<20)
	var offsets []int64
	var off int64
	lines, inLine := 0, false
	for {
		chunk, err := r.ReadSlice('\n')
		if len(chunk) > 0 && !inLine {
			if lines%store.LineIndexStep == 0 {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				offsets = append(offsets, off)
			}
			inLine = true
		}
		off += int64(len(chunk))
		if err == bufio.ErrBufferFull {
			continue // a long line goes on
		}
		if inLine {
			lines++
			inLine = false
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("scan %s: %w", file.Name(), err)
		}
	}
	f.Lines = lines
	if len(offsets) > 1 {
		f.LineIndex = offsets
	}
	f.Symbols = landmarksAt(file, offsets, lines)
	return nil
}

// landmarksAt finds, for each slice of a file that gets a landmark, its first non-blank line,
// reading from the nearest line checkpoint instead of the start.
func landmarksAt(r io.ReaderAt, offsets []int64, lines int) []store.Symbol {
	var syms []store.Symbol
	for _, slice := range lang.LandmarkSlices(lines) {
		first, last := slice[0], slice[1]
		k := (first - 1) / store.LineIndexStep
		if k >= len(offsets) {
			k = len(offsets) - 1
		}
		var off int64
		line := 1
		if k >= 0 {
			off, line = offsets[k], 1+k*store.LineIndexStep
		}
		br := bufio.NewReaderSize(io.NewSectionReader(r, off, 1<<62), 64<<10)
		for line <= last {
			text, err := readLineHead(br, 4096)
			if line >= first {
				if t := bytes.TrimSpace(text); len(t) > 0 {
					syms = append(syms, lang.Landmark(t, line, last))
					break
				}
			}
			if err != nil {
				break
			}
			line++
		}
	}
	return syms
}

// readLineHead returns up to limit bytes of the next line and skips the rest of it.
func readLineHead(br *bufio.Reader, limit int) ([]byte, error) {
	var head []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(head) < limit {
			head = append(head, chunk[:min(len(chunk), limit-len(head))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return head, err
	}
}

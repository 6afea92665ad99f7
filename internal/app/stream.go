package app

import (
	"context"
	"io"
	"os"
)

// ctxReader reads r but gives way to ctx: a Read blocked on a terminal, a
// pipe or a FIFO returns as soon as ctx is done, with its cause. The read
// left blocked ends with the process.
type ctxReader struct {
	ctx     context.Context
	r       io.Reader
	buf     []byte
	results chan readResult
}

type readResult struct {
	n   int
	err error
}

// newCtxReader returns r made to give way to ctx, unless r is a regular
// file, whose reads never wait (a judge host gives the team output so): it
// is returned as it is.
func newCtxReader(ctx context.Context, r io.Reader) io.Reader {
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			return f
		}
	}
	return &ctxReader{ctx: ctx, r: r, results: make(chan readResult, 1)}
}

// Unwrap returns the reader c reads: what a check of the standard input
// itself (validator.TeamOutput) looks at.
func (c *ctxReader) Unwrap() io.Reader { return c.r }

func (c *ctxReader) Read(p []byte) (int, error) {
	if c.ctx.Err() != nil {
		return 0, context.Cause(c.ctx)
	}
	// The read fills a buffer of its own: p is the caller's again as soon
	// as Read returns, which it may do before the read ends.
	if cap(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	buf := c.buf[:len(p)]
	go func() {
		n, err := c.r.Read(buf)
		c.results <- readResult{n, err}
	}()
	select {
	case res := <-c.results:
		return copy(p, buf[:res.n]), res.err
	case <-c.ctx.Done():
		return 0, context.Cause(c.ctx)
	}
}

// openStream opens the file name for reading in a way that gives way to
// ctx: opening a FIFO waits for a writer, and reading a FIFO, a terminal or
// a pipe waits for data. A regular file is returned as it is.
func openStream(ctx context.Context, name string) (io.ReadCloser, error) {
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(name)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		if o.err != nil {
			return nil, o.err
		}
		if fi, err := o.f.Stat(); err == nil && fi.Mode().IsRegular() {
			return o.f, nil
		}
		return struct {
			io.Reader
			io.Closer
		}{newCtxReader(ctx, o.f), o.f}, nil
	case <-ctx.Done():
		go func() { // close what opens late
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, context.Cause(ctx)
	}
}

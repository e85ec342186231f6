package dataset

import (
	"testing"
	"unsafe"
)

// What arrow-go expects of an allocator, as its GoAllocator behaves:
// buffers of the size asked, zeroed, 64-byte aligned, contents kept by
// Reallocate; and what the pool adds: a freed buffer serves the next
// request of its class, and the free lists stay within poolBytes.
func TestPoolAllocator(t *testing.T) {
	a := &poolAllocator{}
	check := func(b []byte, size int) {
		t.Helper()
		if len(b) != size {
			t.Fatalf("len %d, want %d", len(b), size)
		}
		if size > 0 && uintptr(unsafe.Pointer(&b[0]))%poolAlign != 0 {
			t.Fatalf("buffer of %d bytes not 64-byte aligned", size)
		}
		for i, c := range b {
			if c != 0 {
				t.Fatalf("byte %d of a new %d-byte buffer is %d, want 0", i, size, c)
			}
		}
	}
	for _, size := range []int{0, 1, 63, 64, 65, 1000, 16 << 10, 1 << 22, 5 << 20} {
		b := a.Allocate(size)
		check(b, size)
		for i := range b {
			b[i] = 0xff
		}
		a.Free(b)
		b2 := a.Allocate(size) // the freed buffer again, cleared
		check(b2, size)
		if size >= 64 && size <= 1<<20 && &b2[0] != &b[0] { // within poolBytes
			t.Errorf("%d bytes: the freed buffer was not reused", size)
		}
		a.Free(b2)
	}
	b := a.Allocate(100)
	copy(b, "kept")
	b = a.Reallocate(5000, b)
	if len(b) != 5000 || string(b[:4]) != "kept" {
		t.Errorf("Reallocate lost the contents: %q", b[:4])
	}
	var held [][]byte
	for range 64 {
		held = append(held, a.Allocate(1<<20))
	}
	for _, h := range held {
		a.Free(h)
	}
	if a.kept > poolBytes {
		t.Errorf("free lists hold %d bytes, bound %d", a.kept, poolBytes)
	}
}

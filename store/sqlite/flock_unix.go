//go:build unix

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// lockExclusive tries to take f's lock exclusively, without waiting.
func lockExclusive(f *os.File) (bool, error) { return flock(f, syscall.LOCK_EX|syscall.LOCK_NB) }

// lockShared tries to take (or turn an exclusive lock into) a shared one,
// without waiting.
func lockShared(f *os.File) (bool, error) { return flock(f, syscall.LOCK_SH|syscall.LOCK_NB) }

func flock(f *os.File, how int) (bool, error) {
	err := syscall.Flock(int(f.Fd()), how)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

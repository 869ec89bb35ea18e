package sqlite

import (
	"context"
	"fmt"
	"os"
	"time"
)

// Runs left running by a dead process of this machine are taken back at
// once, not after River's rescuer (which waits out the attempt's timeout
// and --rescue-after, about half an hour by default, because River has no
// heartbeat to tell a dead worker from a slow one).
//
// Every process of the machine that works runs on the file holds a shared
// lock on PATH.workers for its life; the kernel drops it when the process
// dies, however it dies. A process that starts working and can take the
// lock exclusively knows no other worker is alive, so every job still
// marked running belongs to a dead one: it makes them available again
// (the next attempt supersedes the dead one's; nothing is charged again),
// then keeps a shared lock like the others. A worker on another machine
// cannot share a SQLite file, so the lock sees every worker there is.

// holdWorkerLock takes the workers' lock for this store (once), rescuing
// orphaned jobs when no other worker holds it. It returns how many jobs
// it made available again.
func (s *Store) holdWorkerLock(ctx context.Context) (int64, error) {
	s.lockMu.Lock()
	defer s.lockMu.Unlock()
	if s.lock != nil || s.path == "" {
		return 0, nil
	}
	f, err := os.OpenFile(s.path+".workers", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return 0, fmt.Errorf("sqlite: the workers' lock: %w", err)
	}
	var rescued int64
	if alone, err := lockExclusive(f); err != nil {
		f.Close()
		return 0, fmt.Errorf("sqlite: the workers' lock: %w", err)
	} else if alone {
		res, err := s.db.ExecContext(ctx, `UPDATE river_job SET state = 'available', scheduled_at = datetime('now', 'subsec')
			WHERE state = 'running'`)
		if err == nil {
			rescued, err = res.RowsAffected()
		}
		if err != nil {
			f.Close()
			return 0, fmt.Errorf("sqlite: taking back runs of a stopped process: %w", err)
		}
	}
	// A process between its exclusive try and its shared lock holds the
	// exclusive one briefly; wait for it, bounded.
	deadline := time.Now().Add(10 * time.Second)
	for {
		ok, err := lockShared(f)
		if err != nil || ok || time.Now().After(deadline) {
			if err == nil && !ok {
				err = fmt.Errorf("another process held it for 10 s")
			}
			if err != nil {
				f.Close()
				return 0, fmt.Errorf("sqlite: the workers' lock: %w", err)
			}
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.lock = f
	return rescued, nil
}

/** The DATA_DIR lock: one holder at a time, a dead holder's lock taken over, released on release or exit. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, lockHolder } from './data-dir-lock';

const dir = mkdtempSync(join(tmpdir(), 'lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('DATA_DIR lock', () => {
  it('lets one holder in, names it to the next, and is free again once released', () => {
    const lock = acquireDataDirLock(dir, 'the server (npm start)');
    expect(lockHolder(dir)).toMatchObject({ pid: process.pid, host: hostname(), command: 'the server (npm start)' });
    let refused: unknown;
    try {
      acquireDataDirLock(dir, 'npm run backup');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`in use by the server (npm start) (process ${process.pid}`);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir, 'npm run backup').release();
  });

  it('takes over the lock of a process that has died, and never one of another host', () => {
    const file = join(dir, LOCK_FILE);
    writeFileSync(file, JSON.stringify({ pid: deadPid(), host: hostname(), command: 'a crashed server', since: 'x' }));
    expect(lockHolder(dir)).toBeNull();
    const lock = acquireDataDirLock(dir, 'the server (npm start)');
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();

    writeFileSync(file, JSON.stringify({ pid: deadPid(), host: 'another-host', command: 'a server', since: 'x' }));
    expect(() => acquireDataDirLock(dir, 'npm run backup')).toThrow(DataDirLockedError);
    rmSync(file);
  });

  it('is removed when its process exits', () => {
    const script = `import('${join(import.meta.dirname, 'data-dir-lock.ts')}').then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)}, 'a child'); console.log('held'); })`;
    const child = spawnSync(join(import.meta.dirname, '../../node_modules/.bin/tsx'), ['-e', script], {
      encoding: 'utf8',
    });
    expect(child.stdout).toContain('held');
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});

/**
 * A full garbage collection, asked for by long bulk work (a roster import's apply). V8 grows its heap before it
 * collects: an apply of 23,000 rows left 200 MB of heap behind, most of it garbage (the statements and audit rows
 * of chunks already written), which put the server at 450-470 MB against the 400 MB of DESIGN section 8; collected
 * every 3,000 rows, the server peaked at 366 MB (189 MB before the import), for about two seconds more of apply time
 * (`npm run bench import`). `gc` is V8's own, reached without starting node with --expose-gc: the flag set at run time makes a new
 * context's global `gc` the collector.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null | undefined;

export function collectGarbage(): void {
  if (gc === undefined) {
    v8.setFlagsFromString('--expose-gc');
    const found: unknown = vm.runInNewContext('typeof gc === "function" ? gc : null');
    gc = typeof found === 'function' ? (found as () => void) : null;
  }
  gc?.();
}

import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { portalCache } from '../../../offline';
import { FakeServer, json } from '../../../test/fake-server';
import { flushPortalWrites, prefetchPortal, readPortal, takeAnswered, takeOrRead } from './use-portal-query';

class PortalServer extends FakeServer {
  status = 200;
  body: unknown = { data: ['fresh'] };
  protected route(): Response {
    return json(this.status, this.body);
  }
}

let server: PortalServer;
beforeEach(() => {
  server = new PortalServer().install();
});
afterEach(async () => {
  await flushPortalWrites();
  vi.unstubAllGlobals();
  await portalCache.clear('u1');
});

describe('reading the portal', () => {
  it("online: the server's answer, kept on the device", async () => {
    const answer = await readPortal<{ data: string[] }>('u1', 'v2/scholar/scholars');
    expect(answer.fromDevice).toBe(false);
    expect(answer.data).toEqual({ data: ['fresh'] });
    await flushPortalWrites();
    await vi.waitFor(async () =>
      expect((await portalCache.read('u1', 'v2/scholar/scholars'))?.data).toEqual({ data: ['fresh'] }),
    );
  });

  it('the server unreachable: the last answer with when it was fetched; nothing kept: the offline error', async () => {
    await portalCache.write('u1', 'v2/scholar/scholars', { data: ['kept'] }, 1234);
    server.offline = true;
    const answer = await readPortal<{ data: string[] }>('u1', 'v2/scholar/scholars');
    expect(answer).toEqual({ data: { data: ['kept'] }, fetchedAt: 1234, fromDevice: true });
    const missing = readPortal('u1', 'v2/scholar/calendar');
    await expect(missing).rejects.toBeInstanceOf(ApiError);
    await expect(missing).rejects.toMatchObject({ status: 0 });
  });

  it('a refusal (404) is never covered by an older answer', async () => {
    await portalCache.write('u1', 'v2/scholar/scholars/x/home', { data: 'old' }, 1);
    server.status = 404;
    server.body = { message: 'No such scholar.' };
    await expect(readPortal('u1', 'v2/scholar/scholars/x/home')).rejects.toMatchObject({ status: 404 });
  });

  it("another person's kept answer is not theirs", async () => {
    await portalCache.write('u2', 'v2/scholar/scholars', { data: ['theirs'] }, 1);
    server.offline = true;
    await expect(readPortal('u1', 'v2/scholar/scholars')).rejects.toMatchObject({ status: 0 });
    await portalCache.clear('u2');
  });

  it('a call started early is taken once by the screen that asks for it; the next read asks again', async () => {
    const first = prefetchPortal('u1', 'v2/scholar/calendar');
    const again = prefetchPortal('u1', 'v2/scholar/calendar');
    expect(again).toBe(first);
    const taken = await takeOrRead('u1', 'v2/scholar/calendar');
    expect(taken.data).toEqual({ data: ['fresh'] });
    expect(server.requests.filter((r) => r.path === 'v2/scholar/calendar')).toHaveLength(1);
    await takeOrRead('u1', 'v2/scholar/calendar');
    expect(server.requests.filter((r) => r.path === 'v2/scholar/calendar')).toHaveLength(2);
  });

  it("an early call's answer, once here, is there to read at once, once; not before, and not another person's", async () => {
    const pending = prefetchPortal('u1', 'v2/scholar/resources');
    expect(takeAnswered('u1', 'v2/scholar/resources')).toBeUndefined();
    await pending;
    expect(takeAnswered('u2', 'v2/scholar/resources')).toBeUndefined();
    const answer = takeAnswered<{ data: string[] }>('u1', 'v2/scholar/resources');
    expect(answer).toMatchObject({ data: { data: ['fresh'] }, fromDevice: false });
    expect(takeAnswered('u1', 'v2/scholar/resources')).toBeUndefined();
    // Taken: the next read asks the server again.
    await takeOrRead('u1', 'v2/scholar/resources');
    expect(server.requests.filter((r) => r.path === 'v2/scholar/resources')).toHaveLength(2);
  });

  it("the device's copy answering an early call offline is not taken at once (the screen says it is a copy)", async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await portalCache.write('u1', 'v2/scholar/library', { data: ['kept'] }, Date.now() - 60_000);
    const answer = await prefetchPortal('u1', 'v2/scholar/library');
    expect(answer.fromDevice).toBe(true);
    expect(takeAnswered('u1', 'v2/scholar/library')).toBeUndefined();
  });
});

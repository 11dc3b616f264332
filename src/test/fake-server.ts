/**
 * The machinery the unit tests' fake API servers share: a `fetch` stub that records every request, can hold answers,
 * lose the network or fail the next matching call, and helpers for JSON answers and pages. Each feature's fake keeps
 * its own routes and data (a subclass with `route`, and `readRequest` when it records bodies).
 *
 * jsdom runs on Node's fetch classes, whose Request cannot resolve the app's relative '/api/' URLs, so Request is
 * stubbed too with one that resolves them against the page's location.
 */
import { vi } from 'vitest';

/** What every fake records of a request; a fake may add its body. */
export interface BaseRecordedRequest {
  method: string;
  /** The path after `/api/`, e.g. `v2/demographics`. */
  path: string;
  query: URLSearchParams;
}

/** A JSON answer. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * One page of `rows` as the server's lists answer (`?page=`, `?per_page=` of 50 when not given, `meta.total`); more
 * than `maxPerPage` a page is refused as the server does, when the fake keeps that rule.
 */
export function pageOf<T>(rows: readonly T[], q: URLSearchParams, maxPerPage?: number): Response {
  const page = Number(q.get('page') ?? 1);
  const perPage = Number(q.get('per_page') ?? 50);
  if (maxPerPage !== undefined && perPage > maxPerPage) {
    return json(422, { message: 'Too many.', errors: { per_page: ['Too many.'] } });
  }
  const data = rows.slice((page - 1) * perPage, page * perPage);
  return json(200, { data, meta: { page, per_page: perPage, total: rows.length } });
}

/** The JSON body of a request that is not a GET (null when it has none). */
export async function jsonBody(request: Request): Promise<Record<string, unknown> | null> {
  const text = request.method === 'GET' ? '' : await request.text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

/** A fake server: subclasses answer the routes, this records, holds, fails and stubs `fetch`. */
export abstract class FakeServer<R extends BaseRecordedRequest = BaseRecordedRequest> {
  readonly requests: R[] = [];
  /** When true every call fails as a lost connection does (a TypeError from fetch). */
  offline = false;
  private overrides: { method: string; path: RegExp; status: number; body: unknown }[] = [];
  private holds: { match: (r: R) => boolean; gate: Promise<void> }[] = [];

  /** Answers the next request matching method and path with this status and body instead. */
  failNext(method: string, path: RegExp, status: number, body: unknown): void {
    this.overrides.push({ method, path, status, body });
  }

  /** Holds the answers of matching requests until the returned function is called. */
  holdWhen(match: (r: R) => boolean): () => void {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = { match, gate };
    this.holds.push(hold);
    return () => {
      this.holds = this.holds.filter((h) => h !== hold);
      release();
    };
  }

  /** Stubs fetch and Request; undo with `vi.unstubAllGlobals()`. */
  install(): this {
    const Base = globalThis.Request;
    class RelativeRequest extends Base {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
      }
    }
    vi.stubGlobal('Request', RelativeRequest);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      this.handle(input instanceof Request ? input : new RelativeRequest(input, init)),
    );
    return this;
  }

  /** What is recorded of a request (a fake that reads bodies adds them here). */
  protected async readRequest(_request: Request, base: BaseRecordedRequest): Promise<R> {
    return base as R;
  }

  /** The answer of the fake's routes to a recorded request. */
  protected abstract route(request: Request, recorded: R): Response | Promise<Response>;

  private async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, '');
    const recorded = await this.readRequest(request, { method: request.method, path, query: url.searchParams });
    this.requests.push(recorded);
    await Promise.all(this.holds.filter((h) => h.match(recorded)).map((h) => h.gate));
    if (this.offline) throw new TypeError('Failed to fetch');
    const override = this.overrides.findIndex((o) => o.method === request.method && o.path.test(path));
    if (override >= 0) {
      const [o] = this.overrides.splice(override, 1);
      if (o) return json(o.status, o.body);
    }
    return this.route(request, recorded);
  }
}

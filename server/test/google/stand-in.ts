/**
 * A local stand-in of Google's OAuth token endpoint, Classroom API and Calendar API, answering in
 * Google's own shapes so that the sync is tested for real without the internet:
 * - `POST /token`: the JWT bearer grant; the assertion's RS256 signature is checked against the service account's
 *   public key, and its `aud`, `exp`, `sub` (an administrator the school delegated to) and scopes (only those granted).
 * - `GET /classroom/v1/courses`, `…/courses/{id}/students`, `…/teachers`, `…/topics`, `…/courseWork`,
 *   `…/courseWork/{id or -}/studentSubmissions`: paged with pageSize/pageToken/nextPageToken; courseWork honours
 *   `orderBy=updateTime desc` and `courseWorkStates`; submissions carry their submissionHistory.
 * - `GET /calendar/v3/calendars/{id}/events`: nextPageToken on every page but the last, which carries nextSyncToken;
 *   `syncToken` answers what changed since (cancelled events included), 410 fullSyncRequired once tokens expire;
 *   `showDeleted`.
 * - Quota: `failNext(n)` answers the next n API calls 429 RESOURCE_EXHAUSTED (Classroom) or rateLimitExceeded (Calendar).
 * Errors use Google's JSON error bodies. The data is mutable so that tests (and the demo) can change it between syncs.
 */
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface GCourse {
  id: string;
  name: string;
  section?: string;
  room?: string;
  ownerId: string;
  courseState: 'ACTIVE' | 'ARCHIVED' | 'PROVISIONED' | 'DECLINED' | 'SUSPENDED';
  creationTime: string;
  updateTime: string;
  alternateLink: string;
  enrollmentCode?: string;
  calendarId?: string;
  guardiansEnabled?: boolean;
}
export interface GStudent {
  courseId: string;
  userId: string;
  profile: { id: string; name: { givenName: string; familyName: string; fullName: string }; emailAddress?: string };
}
/** A course's teacher (Classroom's Teacher: the same profile as a student's). */
export type GTeacher = GStudent;
export interface GTopic {
  courseId: string;
  topicId: string;
  name: string;
  updateTime: string;
}
export interface GCourseWork {
  courseId: string;
  id: string;
  title: string;
  description?: string;
  state: 'PUBLISHED' | 'DRAFT' | 'DELETED';
  alternateLink: string;
  creationTime: string;
  updateTime: string;
  dueDate?: { year: number; month: number; day: number };
  dueTime?: { hours?: number; minutes?: number; seconds?: number; nanos?: number };
  maxPoints?: number;
  workType: 'ASSIGNMENT' | 'SHORT_ANSWER_QUESTION' | 'MULTIPLE_CHOICE_QUESTION';
  assigneeMode: 'ALL_STUDENTS' | 'INDIVIDUAL_STUDENTS';
  submissionModificationMode?: string;
  creatorUserId: string;
  topicId?: string;
}
export interface GSubmission {
  courseId: string;
  courseWorkId: string;
  id: string;
  userId: string;
  creationTime: string;
  updateTime: string;
  state: 'NEW' | 'CREATED' | 'TURNED_IN' | 'RETURNED' | 'RECLAIMED_BY_STUDENT';
  late?: boolean;
  draftGrade?: number;
  assignedGrade?: number;
  alternateLink: string;
  courseWorkType: string;
  submissionHistory?: (
    | { stateHistory: { state: string; stateTimestamp: string; actorUserId: string } }
    | { gradeHistory: { pointsEarned: number; maxPoints: number; gradeTimestamp: string; gradeChangeType: string } }
  )[];
}
export interface GEvent {
  kind: 'calendar#event';
  etag: string;
  id: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  colorId?: string;
  start?: { date?: string; dateTime?: string; timeZone?: string };
  end?: { date?: string; dateTime?: string; timeZone?: string };
  iCalUID: string;
  sequence: number;
}

export interface StandInOptions {
  /** client_email → the service account's public key (PEM). */
  serviceAccounts: Record<string, string>;
  /** The administrators the school delegated to (the assertion's `sub`). */
  subjects: string[];
  /** The scopes granted in the Admin console; an assertion asking for another is refused. */
  grantedScopes: string[];
  /** Largest page the stand-in answers (smaller than Google's so that tests page). */
  maxPageSize?: number;
  /** The clock the stand-in stamps updates with (each change moves it a second). */
  startTime?: number;
}

export interface StandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export interface GoogleStandIn {
  /** http://127.0.0.1:port */
  origin: string;
  env: { GOOGLE_OAUTH_TOKEN_URL: string; GOOGLE_CLASSROOM_URL: string; GOOGLE_CALENDAR_URL: string };
  requests: StandInRequest[];
  classroom: {
    courses: GCourse[];
    students: Map<string, GStudent[]>;
    teachers: Map<string, GTeacher[]>;
    topics: Map<string, GTopic[]>;
    courseWork: Map<string, GCourseWork[]>;
    submissions: Map<string, GSubmission[]>;
  };
  /** The next n API calls (not the token endpoint) answer 429. */
  failNext(n: number): void;
  /** A new update time, a second after the last. */
  tick(): string;
  /** Adds or changes an event (a new `updated`); cancel sets status cancelled. */
  putEvent(calendarId: string, event: Partial<GEvent> & { id: string }): GEvent;
  cancelEvent(calendarId: string, eventId: string): void;
  events(calendarId: string): GEvent[];
  /** Every sync token issued so far answers 410 from now on. */
  expireSyncTokens(): void;
  /** Adds or changes course work (a new updateTime). */
  putCourseWork(
    work: Omit<GCourseWork, 'updateTime' | 'creationTime' | 'alternateLink' | 'state'> & Partial<GCourseWork>,
  ): GCourseWork;
  /** Deletes course work (Classroom lists it no more). */
  deleteCourseWork(courseId: string, id: string): void;
  putSubmission(
    sub: Omit<GSubmission, 'updateTime' | 'creationTime' | 'alternateLink' | 'courseWorkType'> & Partial<GSubmission>,
  ): GSubmission;
  close(): Promise<void>;
}

const CLASSROOM_SCOPE = 'https://www.googleapis.com/auth/classroom.';
const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const classroomError = (code: number, status: string, message: string): Answer => ({
  status: code,
  body: { error: { code, message, status } },
});
const calendarError = (code: number, reason: string, message: string, domain = 'global'): Answer => ({
  status: code,
  body: { error: { errors: [{ domain, reason, message }], code, message } },
});

const page = <T>(items: T[], query: Record<string, string>, max: number, sizeParam = 'pageSize') => {
  const asked = Number(query[sizeParam] ?? 0);
  const size = asked > 0 ? Math.min(asked, max) : max;
  const offset = query.pageToken ? Number(Buffer.from(query.pageToken, 'base64url').toString()) : 0;
  if (!Number.isInteger(offset) || offset < 0) return null;
  const slice = items.slice(offset, offset + size);
  const next = offset + size < items.length ? Buffer.from(String(offset + size)).toString('base64url') : undefined;
  return { slice, next };
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in on 127.0.0.1 (port 0: any free one). */
export async function startGoogleStandIn(opts: StandInOptions, port = 0): Promise<GoogleStandIn> {
  const maxPage = opts.maxPageSize ?? 2;
  let clock = Math.floor((opts.startTime ?? Date.now()) / 1000) * 1000;
  const tick = () => {
    clock += 1000;
    return new Date(clock).toISOString();
  };
  const tokens = new Map<string, { scopes: string[]; expires: number }>();
  const courses: GCourse[] = [];
  const students = new Map<string, GStudent[]>();
  const teachers = new Map<string, GTeacher[]>();
  const topics = new Map<string, GTopic[]>();
  const courseWork = new Map<string, GCourseWork[]>();
  const submissions = new Map<string, GSubmission[]>();
  /** calendar id → events with the sequence number of their last change. */
  const calendars = new Map<string, { event: GEvent; seq: number }[]>();
  let seq = 0;
  /** Sync tokens: token → the sequence number it was issued at; expired ones are dropped. */
  const syncTokens = new Map<string, { calendarId: string; seq: number }>();
  let failures = 0;
  const requests: StandInRequest[] = [];
  let origin = '';

  function exchange(form: URLSearchParams): Answer {
    const bad = (error: string, description: string): Answer => ({
      status: 400,
      body: { error, error_description: description },
    });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return bad('unsupported_grant_type', 'Invalid grant_type: ' + (form.get('grant_type') ?? ''));
    const parts = (form.get('assertion') ?? '').split('.');
    if (parts.length !== 3)
      return bad('invalid_request', 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe');
    const [h, p, s] = parts as [string, string, string];
    let header: { alg?: string };
    let claims: { iss?: string; sub?: string; scope?: string; aud?: string; exp?: number; iat?: number };
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString());
      claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    } catch {
      return bad('invalid_request', 'Invalid JWT: could not decode');
    }
    const pem = claims.iss ? opts.serviceAccounts[claims.iss] : undefined;
    if (header.alg !== 'RS256' || !pem) return bad('invalid_client', 'The OAuth client was not found.');
    const ok = verify('RSA-SHA256', Buffer.from(`${h}.${p}`), createPublicKey(pem), Buffer.from(s, 'base64url'));
    if (!ok) return bad('invalid_grant', 'Invalid JWT Signature.');
    const now = Date.now() / 1000;
    if (claims.aud !== `${origin}/token`) return bad('invalid_grant', 'Invalid JWT: Failed audience check.');
    if (!claims.exp || !claims.iat || claims.exp < now || claims.exp - claims.iat > 3600)
      return bad(
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
      );
    if (!claims.sub || !opts.subjects.includes(claims.sub)) return bad('invalid_grant', 'Invalid email or User ID');
    const scopes = (claims.scope ?? '').split(' ').filter(Boolean);
    if (!scopes.length || scopes.some((sc) => !opts.grantedScopes.includes(sc)))
      return bad(
        'unauthorized_client',
        'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
      );
    const token = `ya29.stand-in.${randomBytes(16).toString('base64url')}`;
    tokens.set(token, { scopes, expires: Date.now() + 3600_000 });
    return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
  }

  function classroom(path: string[], query: Record<string, string>): Answer {
    // path after /classroom/v1/
    const notFound = classroomError(404, 'NOT_FOUND', 'Requested entity was not found.');
    const invalidPage = classroomError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
    if (path[0] !== 'courses') return notFound;
    if (path.length === 1) {
      const states = query.courseStates ? query.courseStates.split(',') : null;
      const list = courses.filter((c) => !states || states.includes(c.courseState));
      const pg = page(list, query, maxPage);
      if (!pg) return invalidPage;
      return { status: 200, body: { courses: pg.slice, ...(pg.next ? { nextPageToken: pg.next } : {}) } };
    }
    const courseId = path[1] as string;
    if (!courses.some((c) => c.id === courseId)) return notFound;
    if (path.length === 3 && path[2] === 'students') {
      const pg = page(students.get(courseId) ?? [], query, maxPage);
      if (!pg) return invalidPage;
      return { status: 200, body: { students: pg.slice, ...(pg.next ? { nextPageToken: pg.next } : {}) } };
    }
    if (path.length === 3 && path[2] === 'teachers') {
      const pg = page(teachers.get(courseId) ?? [], query, maxPage);
      if (!pg) return invalidPage;
      return { status: 200, body: { teachers: pg.slice, ...(pg.next ? { nextPageToken: pg.next } : {}) } };
    }
    if (path.length === 3 && path[2] === 'topics') {
      const pg = page(topics.get(courseId) ?? [], query, maxPage);
      if (!pg) return invalidPage;
      return { status: 200, body: { topic: pg.slice, ...(pg.next ? { nextPageToken: pg.next } : {}) } };
    }
    if (path.length === 3 && path[2] === 'courseWork') {
      const states = (query.courseWorkStates ?? 'PUBLISHED').split(',');
      let list = (courseWork.get(courseId) ?? []).filter((w) => states.includes(w.state));
      if (query.orderBy) {
        if (!/^(updateTime|dueDate)( (asc|desc))?$/.test(query.orderBy)) return invalidPage;
        const [field, dir] = query.orderBy.split(' ');
        const key = (w: GCourseWork) =>
          field === 'updateTime'
            ? w.updateTime
            : w.dueDate
              ? `${w.dueDate.year}-${w.dueDate.month}-${w.dueDate.day}`
              : '';
        list = [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (dir === 'asc' ? 1 : -1));
      }
      const pg = page(list, query, maxPage);
      if (!pg) return invalidPage;
      return { status: 200, body: { courseWork: pg.slice, ...(pg.next ? { nextPageToken: pg.next } : {}) } };
    }
    if (path.length === 5 && path[2] === 'courseWork' && path[4] === 'studentSubmissions') {
      const workId = path[3] as string;
      const works = courseWork.get(courseId) ?? [];
      if (workId !== '-' && !works.some((w) => w.id === workId && w.state !== 'DELETED')) return notFound;
      const live = new Set(works.filter((w) => w.state !== 'DELETED').map((w) => w.id));
      const list = (submissions.get(courseId) ?? []).filter(
        (s) =>
          live.has(s.courseWorkId) &&
          (workId === '-' || s.courseWorkId === workId) &&
          (!query.userId || s.userId === query.userId),
      );
      const pg = page(list, query, maxPage);
      if (!pg) return invalidPage;
      return { status: 200, body: { studentSubmissions: pg.slice, ...(pg.next ? { nextPageToken: pg.next } : {}) } };
    }
    return notFound;
  }

  function calendar(path: string[], query: Record<string, string>): Answer {
    // path after /calendar/v3/: calendars/{id}/events
    if (path.length !== 3 || path[0] !== 'calendars' || path[2] !== 'events')
      return calendarError(404, 'notFound', 'Not Found');
    const calendarId = path[1] as string;
    const entries = calendars.get(calendarId);
    if (!entries) return calendarError(404, 'notFound', 'Not Found');
    let list: GEvent[];
    let upTo = seq;
    if (query.syncToken) {
      for (const forbidden of ['timeMin', 'timeMax', 'updatedMin', 'q', 'orderBy', 'iCalUID'])
        if (query[forbidden])
          return calendarError(400, 'invalid', `The ${forbidden} parameter cannot be used with syncToken.`);
      const from = syncTokens.get(query.syncToken);
      if (!from || from.calendarId !== calendarId)
        return calendarError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.');
      list = entries.filter((e) => e.seq > from.seq).map((e) => e.event);
    } else {
      const showDeleted = query.showDeleted === 'true';
      list = entries.filter((e) => showDeleted || e.event.status !== 'cancelled').map((e) => e.event);
    }
    // A page token pins the snapshot the listing started from (as Google's does).
    if (query.pageToken) {
      const [offset, pinned] = Buffer.from(query.pageToken, 'base64url').toString().split(':');
      upTo = Number(pinned);
      if (!Number.isInteger(upTo)) return calendarError(400, 'invalid', 'Invalid pageToken');
      query = { ...query, pageToken: Buffer.from(String(offset)).toString('base64url') };
    }
    const pg = page(list, query, maxPage, 'maxResults');
    if (!pg) return calendarError(400, 'invalid', 'Invalid pageToken');
    const body: Record<string, unknown> = {
      kind: 'calendar#events',
      etag: `"${seq}"`,
      summary: calendarId,
      updated: new Date(clock).toISOString(),
      timeZone: 'America/Los_Angeles',
      accessRole: 'reader',
      defaultReminders: [],
      items: pg.slice,
    };
    if (pg.next) {
      const offset = Buffer.from(pg.next, 'base64url').toString();
      body.nextPageToken = Buffer.from(`${offset}:${upTo}`).toString('base64url');
    } else {
      const token = `stand-in-sync-${randomBytes(9).toString('base64url')}`;
      syncTokens.set(token, { calendarId, seq: upTo });
      body.nextSyncToken = token;
    }
    return { status: 200, body };
  }

  async function handle(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', origin);
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (req.method === 'POST' && url.pathname === '/token') {
      return exchange(new URLSearchParams(await readBody(req)));
    }
    const isClassroom = parts[0] === 'classroom' && parts[1] === 'v1';
    const isCalendar = parts[0] === 'calendar' && parts[1] === 'v3';
    if (!isClassroom && !isCalendar) return classroomError(404, 'NOT_FOUND', 'Not Found');
    if (req.method !== 'GET')
      return classroomError(405, 'INVALID_ARGUMENT', 'Method not allowed (read-only stand-in).');
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer ? tokens.get(bearer) : undefined;
    if (!token || token.expires < Date.now())
      return classroomError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    const needed = isClassroom ? CLASSROOM_SCOPE : CALENDAR_SCOPE;
    if (!token.scopes.some((s) => s.startsWith(needed)))
      return classroomError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
    if (failures > 0) {
      failures--;
      return isClassroom
        ? classroomError(
            429,
            'RESOURCE_EXHAUSTED',
            "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user' of service 'classroom.googleapis.com'.",
          )
        : calendarError(429, 'rateLimitExceeded', 'Rate Limit Exceeded', 'usageLimits');
    }
    const query = Object.fromEntries(url.searchParams);
    return isClassroom ? classroom(parts.slice(2), query) : calendar(parts.slice(2), query);
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    handle(req)
      .catch((): Answer => classroomError(500, 'INTERNAL', 'Internal error encountered.'))
      .then((answer) => {
        const url = new URL(req.url ?? '/', origin);
        requests.push({
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          status: answer.status,
        });
        res.writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8', ...answer.headers });
        res.end(JSON.stringify(answer.body));
      });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const link = (...p: string[]) => `https://classroom.google.com/c/${p.join('/')}`;
  return {
    origin,
    env: {
      GOOGLE_OAUTH_TOKEN_URL: `${origin}/token`,
      GOOGLE_CLASSROOM_URL: `${origin}/classroom`,
      GOOGLE_CALENDAR_URL: `${origin}/calendar/v3`,
    },
    requests,
    classroom: { courses, students, teachers, topics, courseWork, submissions },
    failNext(n) {
      failures = n;
    },
    tick,
    putEvent(calendarId, partial) {
      const entries = calendars.get(calendarId) ?? [];
      calendars.set(calendarId, entries);
      const found = entries.find((e) => e.event.id === partial.id);
      const now = tick();
      const event: GEvent = {
        kind: 'calendar#event',
        status: 'confirmed',
        htmlLink: `https://www.google.com/calendar/event?eid=${partial.id}`,
        created: found?.event.created ?? now,
        iCalUID: `${partial.id}@google.com`,
        ...found?.event,
        ...partial,
        updated: now,
        sequence: (found?.event.sequence ?? -1) + 1,
        etag: `"${seq + 1}"`,
      };
      seq++;
      if (found) {
        found.event = event;
        found.seq = seq;
      } else entries.push({ event, seq });
      return event;
    },
    cancelEvent(calendarId, eventId) {
      const found = calendars.get(calendarId)?.find((e) => e.event.id === eventId);
      if (!found) throw new Error(`no event ${eventId}`);
      seq++;
      found.event = { ...found.event, status: 'cancelled', updated: tick() };
      found.seq = seq;
    },
    events: (calendarId) => (calendars.get(calendarId) ?? []).map((e) => e.event),
    expireSyncTokens() {
      syncTokens.clear();
    },
    putCourseWork(partial) {
      const list = courseWork.get(partial.courseId) ?? [];
      courseWork.set(partial.courseId, list);
      const index = list.findIndex((w) => w.id === partial.id);
      const now = tick();
      const work: GCourseWork = {
        state: 'PUBLISHED',
        alternateLink: link(partial.courseId, 'a', partial.id, 'details'),
        creationTime: list[index]?.creationTime ?? now,
        ...partial,
        updateTime: now,
      };
      if (index >= 0) list[index] = work;
      else list.push(work);
      return work;
    },
    deleteCourseWork(courseId, id) {
      const list = courseWork.get(courseId) ?? [];
      const index = list.findIndex((w) => w.id === id);
      if (index < 0) throw new Error(`no course work ${id}`);
      list.splice(index, 1);
    },
    putSubmission(partial) {
      const list = submissions.get(partial.courseId) ?? [];
      submissions.set(partial.courseId, list);
      const index = list.findIndex((s) => s.id === partial.id);
      const now = tick();
      const sub: GSubmission = {
        alternateLink: link(
          partial.courseId,
          'a',
          partial.courseWorkId,
          'submissions',
          'by-status',
          'and-sort-last-name',
          'student',
          partial.userId,
        ),
        courseWorkType: 'ASSIGNMENT',
        creationTime: list[index]?.creationTime ?? now,
        ...partial,
        updateTime: now,
      };
      if (index >= 0) list[index] = sub;
      else list.push(sub);
      return sub;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

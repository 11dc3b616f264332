/**
 * A small in-memory stand-in for `v2/school_year` in unit tests, installed by stubbing `globalThis.fetch`. It keeps
 * the rules the screen depends on: the contract's schema (its 422 names each field), a new year that starts after the
 * current one's first day, a preview that changes nothing, and an apply that is idempotent on its id (the same id
 * again answers the stored result, 200). The real server has its own tests.
 */
import {
  GRADES,
  NEXT_GRADE,
  SCHOOL_YEAR_MESSAGES,
  type SchoolYearApplied,
  SchoolYearApplySchema,
  type SchoolYearDates,
  type SchoolYearPreview,
  SchoolYearPreviewSchema,
  type SchoolYearSummary,
} from '../../../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody } from '../../../../test/fake-server';

export interface RecordedRequest extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

const invalidBody = (errors: Record<string, string[]>) =>
  json(422, { message: Object.values(errors)[0]?.[0] ?? 'Invalid.', code: 'validation', errors });

/** Scholars by grade: twelve a grade, and three twelfth graders. */
const SCHOLARS: Record<string, number> = Object.fromEntries(GRADES.map((g) => [g, g === '12' ? 3 : 12]));
const GRADUATES = [
  { id: 'g1', name: 'Ana Alvarez', student_number: '120001' },
  { id: 'g2', name: 'Ben Brooks', student_number: '120002' },
  { id: 'g3', name: 'Cai Chen', student_number: '120003' },
];

export class FakeSchoolYearServer extends FakeServer<RecordedRequest> {
  year: SchoolYearDates = { starts_on: '2026-08-12', ends_on: '2027-06-04' };
  /** What each applied id answered. */
  readonly applied = new Map<string, SchoolYearApplied>();

  /** The requests with this method and path. */
  calls(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<RecordedRequest> {
    return { ...base, body: await jsonBody(request) };
  }

  private summaryOf(body: SchoolYearPreview): SchoolYearSummary {
    return {
      starts_on: body.starts_on,
      ends_on: body.ends_on,
      promote: GRADES.flatMap((from) => {
        const to = NEXT_GRADE[from];
        return to ? [{ from, to, count: SCHOLARS[from] ?? 0 }] : [];
      }),
      graduate: GRADUATES.length,
      graduates: GRADUATES,
      closes_on: this.year.ends_on ?? body.starts_on,
      agreements_ending: 2,
      non_work_days: body.non_work_days.length,
      homerooms_cleared: body.homerooms === 'clear' ? 150 : 0,
      current: { ...this.year },
    };
  }

  /** The summary of a valid body, or the 422 the server would answer. */
  private plan(body: unknown, apply: boolean): SchoolYearSummary | Response {
    const parsed = (apply ? SchoolYearApplySchema : SchoolYearPreviewSchema).safeParse(body);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || 'body';
        errors[field] = [...(errors[field] ?? []), issue.message];
      }
      return invalidBody(errors);
    }
    if (this.year.starts_on && parsed.data.starts_on <= this.year.starts_on) {
      return invalidBody({ starts_on: [SCHOOL_YEAR_MESSAGES.startsAfterCurrent] });
    }
    return this.summaryOf(parsed.data);
  }

  protected route(request: Request, { path, body }: RecordedRequest): Response {
    if (path === 'v2/school_year' && request.method === 'GET') return json(200, { data: this.year });
    if (path === 'v2/school_year/preview' && request.method === 'POST') {
      const plan = this.plan(body, false);
      return plan instanceof Response ? plan : json(200, { data: plan });
    }
    if (path === 'v2/school_year' && request.method === 'POST') {
      const stored = this.applied.get(String(body?.id));
      if (stored) return json(200, { data: stored });
      const plan = this.plan(body, true);
      if (plan instanceof Response) return plan;
      const result = { ...plan, applied_at: '2027-07-01T17:00:00.000Z' };
      this.applied.set(String(body?.id), result);
      this.year = { starts_on: plan.starts_on, ends_on: plan.ends_on };
      return json(201, { data: result });
    }
    return json(404, { message: 'No such route.' });
  }
}

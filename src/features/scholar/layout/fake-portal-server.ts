/**
 * The portal's fake API for screen tests: `v2/scholar/scholars` from `scholars`, and every other portal call from
 * `answers` by path (without its query): a body, or a function of the request's query that answers one (undefined:
 * 404); a path it does not know answers 404 as the server does for a scholar outside the caller's scope.
 */
import type { PortalScholar, PortalScholarsResponse } from '../../../contract';
import { type BaseRecordedRequest, FakeServer, json } from '../../../test/fake-server';

export const ANA: PortalScholar = {
  id: '0190f3a4-0000-7000-8000-00000000a001',
  fname: 'Ana',
  lname: 'García',
  nickname: null,
  grade: '7',
  homeroom: 'B12',
  photo_id: null,
  relationship: null,
};

export const LEO: PortalScholar = {
  ...ANA,
  id: '0190f3a4-0000-7000-8000-00000000a002',
  fname: 'Leonardo',
  nickname: 'Leo',
  grade: '3',
};

/** The scholars answer: these scholars, every entry on, Los Angeles, 27 November 2026. */
export function scholarsAnswer(
  data: PortalScholar[],
  portal_entries_off: PortalScholarsResponse['settings']['portal_entries_off'] = [],
): PortalScholarsResponse {
  return {
    data,
    settings: { resource_prefix: null, week_starts_on: 0, help_contact: null, portal_entries_off },
    time_zone: 'America/Los_Angeles',
    today: '2026-11-27',
  };
}

export class FakePortalServer extends FakeServer {
  scholars: PortalScholarsResponse = scholarsAnswer([ANA]);
  answers = new Map<string, unknown | ((query: URLSearchParams) => unknown)>();

  protected route(_request: Request, recorded: BaseRecordedRequest): Response {
    if (recorded.path === 'v2/scholar/scholars') return json(200, this.scholars);
    const answer = this.answers.get(recorded.path);
    const body = typeof answer === 'function' ? answer(recorded.query) : answer;
    return body === undefined ? json(404, { message: 'No such scholar.' }) : json(200, body);
  }
}

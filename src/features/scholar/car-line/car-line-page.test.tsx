import 'fake-indexeddb/auto';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CarLinePortal } from '../../../contract';
import { type BaseRecordedRequest, FakeServer, json } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, LEO, scholarsAnswer } from '../layout/fake-portal-server';
import { PortalContext, type PortalContextValue } from '../portal-context';
import CarLinePage from './car-line-page';

afterEach(() => vi.unstubAllGlobals());

type Recorded = BaseRecordedRequest & { body: Record<string, unknown> | null };

/** The guardian's car line: open or not as told; a tap queues both children (the first try may fail). */
class FakeCarLineServer extends FakeServer<Recorded> {
  constructor(private state: CarLinePortal) {
    super();
  }
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    return { ...base, body: text ? JSON.parse(text) : null };
  }
  protected override route(_request: Request, r: Recorded): Response {
    if (r.path !== 'v2/scholar/car_line') return json(404, { message: 'No such record.' });
    if (r.method === 'POST') {
      this.state = {
        ...this.state,
        children: this.state.children.map((c) => (c.refused ? c : { ...c, called_at: '2026-11-27T23:02:00.000Z' })),
      };
      return json(201, { data: { id: r.body?.id, scholar_ids: [ANA.id] } });
    }
    return json(200, this.state);
  }
}

const state = (over: Partial<CarLinePortal> = {}): CarLinePortal => ({
  today: '2026-11-27',
  time_zone: 'America/Los_Angeles',
  window: { start: '14:45', end: '16:00' },
  is_open: true,
  tag_number: 12,
  children: [
    { scholar_id: ANA.id, name: 'Ana García', refused: false, called_at: null, released_at: null },
    { scholar_id: LEO.id, name: 'Leo García', refused: true, called_at: null, released_at: null },
  ],
  ...over,
});

const portal = (userType: string, userId: string): PortalContextValue => ({
  userId,
  userType,
  scholars: [ANA, LEO],
  scholar: ANA,
  setScholarId: () => undefined,
  settings: scholarsAnswer([ANA, LEO]).settings,
  timeZone: 'America/Los_Angeles',
  today: '2026-11-27',
  fetchedAt: Date.now(),
  fromDevice: false,
});

async function open(userType: string, userId: string, answer = state()) {
  const server = new FakeCarLineServer(answer).install();
  await renderWithProviders(
    <PortalContext.Provider value={portal(userType, userId)}>
      <CarLinePage />
    </PortalContext.Provider>,
    { route: '/scholar/car-line' },
  );
  return server;
}

describe('Scholar Portal: Car Line', () => {
  it('tells a scholar signed in on their own to ask a parent, and asks the server nothing', async () => {
    const server = await open('student', 'car-student');
    expect(await screen.findByText(/The car line is for parents and guardians/)).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('says when it opens outside the window, with the button off', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T20:00:00.000Z'));
    await open('parent', 'car-closed', state({ is_open: false }));
    const button = await screen.findByRole('button', { name: 'Opens at 2:45 PM' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The car line is open from 2:45 PM to 4:00 PM.')).toBeTruthy();
    vi.useRealTimers();
  });

  it('sends I’m here with one id across a retry, and shows each child’s place', async () => {
    const server = await open('parent', 'car-open');
    expect(await screen.findByText('Your car tag: 12')).toBeTruthy();
    expect(screen.getByText('Not called out to you: please see the office.')).toBeTruthy();
    server.failNext('POST', /car_line$/, 503, { message: 'Server Error. Please try again in a few minutes.' });
    fireEvent.click(screen.getByRole('button', { name: "I'm here" }));
    expect(await screen.findByText('Server Error. Please try again in a few minutes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "I'm here" }));
    expect(await screen.findByText('The school knows you are here. Your children are being called out.')).toBeTruthy();
    expect(await screen.findByText('Called at 3:02 PM: walking out')).toBeTruthy();
    const posts = server.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    // The same tap again after a lost answer: the server queues it once.
    expect(posts[1]?.body?.id).toBe(posts[0]?.body?.id);
  });
});

import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../contract';
import type { AgreementDetail } from '../../../contract/independent-study';
import { type BaseRecordedRequest, jsonBody } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, FakePortalServer } from '../layout/fake-portal-server';
import { TestPortal } from '../layout/portal-test-context';
import IndependentStudyPage from './independent-study-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
  authorization: string | null;
}

/** The portal's fake that also keeps each request's body and Authorization header. */
class SigningServer extends FakePortalServer {
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<BaseRecordedRequest> {
    const recorded: Recorded = {
      ...base,
      body: await jsonBody(request.clone()),
      authorization: request.headers.get('authorization'),
    };
    return recorded;
  }
  posts = () => (this.requests as Recorded[]).filter((r) => r.method === 'POST');
}

const HASH = 'a'.repeat(64);
const agreement = (overrides: Partial<AgreementDetail> = {}): AgreementDetail => ({
  id: '0190f3a4-0000-7000-8000-0000000000e1',
  scholar_id: ANA.id,
  scholar_name: 'Ana García',
  student_number: '100200',
  grade: '7',
  state: 'awaiting_scholar',
  duration: 'Spring term',
  begins_on: '2027-01-04',
  ends_on: '2027-02-12',
  school_days: 30,
  deadline: '2027-01-04',
  overdue: false,
  teacher_id: 't1',
  teacher_name: 'Maria Rivera',
  version_number: 1,
  updated_at: '2026-11-27T18:00:00.000Z',
  conference_on: '2026-12-01',
  conference_time: '15:30',
  conference_place: 'Room 4',
  conference_notes: null,
  courses: [{ subject: 'Mathematics', course: 'Math 7', grade_band: '7-12', course_value: null }],
  version_hash: HASH,
  content: null,
  signatures: [],
  next_signer: 'scholar',
  ...overrides,
});

const scholarUser = { type: 'student', fname: 'Ana', lname: 'García' } as SessionUser;
const path = `v2/scholar/scholars/${ANA.id}/independent_study`;
const signPath = 'v2/scholar/independent_study/0190f3a4-0000-7000-8000-0000000000e1/sign';

async function show(server: SigningServer, props: Parameters<typeof IndependentStudyPage>[0], userId: string) {
  server.install();
  await renderWithProviders(
    <TestPortal userId={userId}>
      <IndependentStudyPage {...props} />
    </TestPortal>,
    { route: '/scholar/independent-study' },
  );
  await screen.findByRole('heading', { level: 2, name: /Spring term/ });
}

describe('Scholar Portal: Independent Study', () => {
  it('says so when there is no agreement', async () => {
    const server = new SigningServer();
    server.answers.set(path, { data: [] });
    server.install();
    await renderWithProviders(
      <TestPortal userId="is-empty">
        <IndependentStudyPage user={scholarUser} coSession={null} />
      </TestPortal>,
      { route: '/scholar/independent-study' },
    );
    expect(await screen.findByText('No independent study agreement yet.')).toBeTruthy();
  });

  it("the form's messages, the typed name checked, then the scholar's signature with the version's hash", async () => {
    const server = new SigningServer();
    server.answers.set(path, { data: [agreement()] });
    server.answers.set(signPath, { data: agreement({ state: 'awaiting_parent', next_signer: 'parent' }) });
    await show(server, { user: scholarUser, coSession: null }, 'is-sign');
    expect(screen.getByText('Awaiting scholar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Electronically Sign' }));
    expect(await screen.findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    const name = screen.getByLabelText(/Type your full name/);
    fireEvent.change(name, { target: { value: 'Ana Lopez' } });
    fireEvent.click(screen.getByRole('button', { name: 'Electronically Sign' }));
    expect(await screen.findByText('Type your full name as the school has it on record.')).toBeTruthy();
    expect(server.posts()).toHaveLength(0);
    fireEvent.change(name, { target: { value: ' ana  GARCÍA ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Electronically Sign' }));
    await waitFor(() => expect(server.posts()).toHaveLength(1));
    const [post] = server.posts();
    expect(post?.path).toBe(signPath);
    expect(post?.body).toEqual({ typed_name: ' ana  GARCÍA ', version_hash: HASH, language: 'en' });
    expect(await screen.findByText('Signed. Thank you.')).toBeTruthy();
    // The document's hash is for staff: a family sees the version, never the hash.
    expect(document.body.textContent).not.toContain(HASH);
    expect(screen.getByText(/^Version \d+/)).toBeTruthy();
  });

  it('offline the button says a signature needs a connection and keeps what was typed', async () => {
    const server = new SigningServer();
    server.answers.set(path, { data: [agreement()] });
    await show(server, { user: scholarUser, coSession: null }, 'is-offline');
    fireEvent.change(screen.getByLabelText(/Type your full name/), { target: { value: 'Ana García' } });
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    window.dispatchEvent(new Event('offline'));
    const button = await screen.findByRole('button', { name: 'Offline: signing needs a connection' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText(/Type your full name/) as HTMLInputElement).value).toBe('Ana García');
    expect(sessionStorage.getItem(`independent-study.typed.${agreement().id}.scholar`)).toBe('Ana García');
    expect(server.posts()).toHaveLength(0);
  });

  it("on the scholar's phone the parent signs with the parent's own token after the parent login", async () => {
    const server = new SigningServer();
    server.answers.set(path, { data: [agreement({ state: 'awaiting_parent', next_signer: 'parent' })] });
    server.answers.set(signPath, { data: agreement({ state: 'awaiting_teacher', next_signer: 'teacher' }) });
    const coSession = {
      token: 'parent-token',
      user: { fname: 'Rosa', lname: 'García' } as SessionUser,
      scholarId: ANA.id,
    };
    await show(server, { user: scholarUser, coSession }, 'is-parent');
    const form = screen.getByRole('form', { name: 'Sign as Parent or guardian' });
    fireEvent.change(within(form).getByLabelText(/Type your full name/), { target: { value: 'Rosa García' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Electronically Sign' }));
    await waitFor(() => expect(server.posts()).toHaveLength(1));
    expect(server.posts()[0]?.authorization).toBe('Bearer parent-token');
  });

  it('without the parent signed in, the scholar sees who is awaited and the parent login', async () => {
    const server = new SigningServer();
    server.answers.set(path, { data: [agreement({ state: 'awaiting_parent', next_signer: 'parent' })] });
    await show(server, { user: scholarUser, coSession: null }, 'is-wait');
    expect(screen.getByRole('link', { name: 'Parent login' }).getAttribute('href')).toBe(
      `/scholar/parent-login?return=${encodeURIComponent('/scholar/independent-study')}`,
    );
    expect(screen.queryByRole('button', { name: 'Electronically Sign' })).toBeNull();
  });

  it('a parent signed in on their own phone signs as the parent with their own session', async () => {
    const server = new SigningServer();
    server.answers.set(path, { data: [agreement({ state: 'awaiting_parent', next_signer: 'parent' })] });
    server.answers.set(signPath, { data: agreement({ state: 'awaiting_teacher', next_signer: 'teacher' }) });
    const parentUser = { type: 'parent', fname: 'Rosa', lname: 'García' } as SessionUser;
    await show(server, { user: parentUser, coSession: null }, 'is-own-phone');
    const form = screen.getByRole('form', { name: 'Sign as Parent or guardian' });
    expect(within(form).getByText('Your full name as the school has it: Rosa García')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Type your full name/), { target: { value: 'rosa garcía' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Electronically Sign' }));
    await waitFor(() => expect(server.posts()).toHaveLength(1));
    expect(server.posts()[0]?.authorization).not.toBe('Bearer parent-token');
    expect(screen.queryByRole('link', { name: 'Parent login' })).toBeNull();
  });
});

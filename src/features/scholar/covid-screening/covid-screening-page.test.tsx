import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineDb } from '../../../offline';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, FakePortalServer } from '../layout/fake-portal-server';
import { TestPortal } from '../layout/portal-test-context';
import CovidScreeningPage from './covid-screening-page';
import { toggleSymptom } from './screening-form';

afterEach(() => vi.unstubAllGlobals());

const path = `v2/scholar/covid_screening/${ANA.id}`;

async function open(userId: string, answer: Record<string, unknown>) {
  const server = new FakePortalServer();
  server.answers.set(path, answer);
  server.install();
  await renderWithProviders(
    <TestPortal userId={userId}>
      <CovidScreeningPage />
    </TestPortal>,
    { route: '/scholar/covid-screening' },
  );
}

describe('toggleSymptom', () => {
  it('"No symptoms" clears the symptoms, a symptom clears "No symptoms"', () => {
    expect(toggleSymptom(['cough', 'chills'], 'no_symptoms', true)).toEqual(['no_symptoms']);
    expect(toggleSymptom(['no_symptoms'], 'fever', true)).toEqual(['fever']);
    expect(toggleSymptom(['fever'], 'cough', true)).toEqual(['fever', 'cough']);
    expect(toggleSymptom(['fever', 'cough'], 'fever', false)).toEqual(['cough']);
  });
});

describe('Scholar Portal: COVID Screening', () => {
  it('says so when the school does not screen', async () => {
    await open('covid-off', { enabled: false, today: '2026-11-26', answers: [], awaiting_test: false });
    expect(await screen.findByText('The school is not screening for COVID at the moment.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('names the unanswered fields, then a cough means stay home at once, kept in the outbox until sent', async () => {
    await open('covid-on', {
      enabled: true,
      today: '2026-11-26',
      school_day: '2026-11-26',
      answers: [],
      awaiting_test: false,
    });
    const submit = await screen.findByRole('button', { name: 'Submit' });
    fireEvent.click(submit);
    expect(await screen.findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(screen.getByText('Choose at least one answer: a symptom, or No symptoms.')).toBeTruthy();
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Cough' }));
    const contact = screen.getByRole('group', { name: /close contact/ });
    fireEvent.click(within(contact).getByText('No'));
    const household = screen.getByRole('group', { name: /household have symptoms/ });
    fireEvent.click(within(household).getByText('No'));
    // The radio group tells its value after the click's event: submit once the form has taken both answers.
    await waitFor(() => expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(2));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Please stay home, contact a medical provider and get a free test.')).toBeTruthy();
    expect(screen.getByText(/^Not sent yet/)).toBeTruthy();
    const entries = await offlineDb.outbox.toArray();
    const entry = entries.find((e) => e.resource === 'covid_screenings');
    expect(entry?.data).toMatchObject({
      kind: 'screening',
      scholar_id: ANA.id,
      symptoms: ['cough'],
      recent_contact: false,
      household_symptoms: false,
    });
    expect(screen.getByRole('button', { name: 'Make a correction' })).toBeTruthy();
  });
});

describe('Scholar Portal: COVID Screening, the links and the other outcomes', () => {
  // The device's answers waiting to be sent count before the server's: each test starts with none.
  beforeEach(() => offlineDb.outbox.clear());
  const cleared = {
    id: '0190a0b0-0000-7000-8000-0000000000d1',
    scholar_id: ANA.id,
    kind: 'screening',
    symptoms: ['no_symptoms'],
    recent_contact: false,
    household_symptoms: false,
    outcome: 'cleared',
    answered_at: '2026-11-26T14:30:00.000Z',
    school_day: '2026-11-26',
    answered_by: null,
    created_at: '2026-11-26T14:30:00.000Z',
  };

  it('cleared per county health guidelines; Declare remote attendance is acknowledged and kept in the outbox; Submit the screening if attending and Make a correction reopen the questions', async () => {
    await open('covid-links', { enabled: true, today: '2026-11-26', answers: [cleared], awaiting_test: false });
    expect(
      await screen.findByText('The scholar is cleared to enter the facility per county health guidelines.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make a correction' }));
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Declare remote attendance' }));
    expect(await screen.findByText('Thank you. The scholar attends remotely today.')).toBeTruthy();
    const remote = (await offlineDb.outbox.toArray()).filter(
      (e) => e.resource === 'covid_screenings' && e.data.kind === 'remote',
    );
    expect(remote).toHaveLength(1);
    expect(remote[0]?.data).toMatchObject({ scholar_id: ANA.id, kind: 'remote' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit the screening if attending' }));
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('answered after the school day: says the screening is for the next school day', async () => {
    // Wednesday 25 November at 7 PM, Thanksgiving break ahead: the answers are for Monday 30 November.
    await open('covid-evening', {
      enabled: true,
      today: '2026-11-25',
      school_day: '2026-11-30',
      answers: [],
      awaiting_test: false,
    });
    expect(await screen.findByText('The school day is over: this screening is for Monday, November 30.')).toBeTruthy();
    expect(screen.getByText(/^Screening for .+ for Monday, November 30\. Answer every question\.$/)).toBeTruthy();
  });

  it('told to stay home earlier with no negative test on file: a clear answer says to contact the office', async () => {
    await open('covid-test', { enabled: true, today: '2026-11-26', answers: [], awaiting_test: true });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'No symptoms' }));
    fireEvent.click(within(screen.getByRole('group', { name: /close contact/ })).getByText('No'));
    fireEvent.click(within(screen.getByRole('group', { name: /household have symptoms/ })).getByText('No'));
    await waitFor(() => expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(2));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/There is no negative test on file .* Please contact the office/)).toBeTruthy();
  });
});

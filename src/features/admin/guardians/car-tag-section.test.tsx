import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CarTag } from '../../../contract';
import { type BaseRecordedRequest, FakeServer, json } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CarTagSection } from './car-tag-section';

afterEach(() => vi.unstubAllGlobals());

const GUARDIAN = '0190f3a4-0000-7000-8000-0000000000a1';
const PARTNER = '0190f3a4-0000-7000-8000-0000000000a2';

type Recorded = BaseRecordedRequest & { body: Record<string, unknown> | null };

/** The car tag calls: 14 belongs to another family; any other number is saved for the guardian and a partner. */
class FakeCarTagServer extends FakeServer<Recorded> {
  tag: CarTag | null = null;
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    return { ...base, body: text ? JSON.parse(text) : null };
  }
  protected override route(_request: Request, r: Recorded): Response {
    if (r.path !== `v2/car_line/guardians/${GUARDIAN}/tag`) return json(404, { message: 'No such record.' });
    if (r.method === 'POST') {
      const number = r.body?.number as number | null;
      if (number === 14) {
        const message = 'Tag 14 belongs to another family. Choose another number.';
        return json(422, { message, errors: { number: [message] } });
      }
      this.tag =
        number === null
          ? null
          : {
              id: 't1',
              number,
              guardians: [
                { id: GUARDIAN, name: 'Rosa García' },
                { id: PARTNER, name: 'Luis García' },
              ],
              children: [
                { scholar_id: 's1', fname: 'Ana', nickname: null, lname: 'García', grade: '3', homeroom: '3B' },
                { scholar_id: 's2', fname: 'Leonardo', nickname: 'Leo', lname: 'García', grade: 'K', homeroom: 'K1' },
              ],
            };
    }
    return json(200, { data: this.tag, next_free: this.tag ? 8 : 7 });
  }
}

describe('a guardian’s car tag', () => {
  it('offers the next free number, says why another family’s is refused, saves and shows the hang tag', async () => {
    const server = new FakeCarTagServer().install();
    await renderWithProviders(<CarTagSection guardianId={GUARDIAN} mayUpdate />, { route: '/admin/guardians/x' });
    const input = (await screen.findByLabelText('Tag number')) as HTMLInputElement;
    expect(input.value).toBe('7');
    expect(screen.getByText('No car tag yet.')).toBeTruthy();
    expect(screen.getByText('Next free number: 7')).toBeTruthy();

    fireEvent.change(input, { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save car tag' }));
    expect(await screen.findByText('Tag 14 belongs to another family. Choose another number.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save car tag' }));
    expect(await screen.findByText('Use a whole number from 1 to 9999.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Tag number'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save car tag' }));
    expect(await screen.findByText('Car tag 12')).toBeTruthy();
    expect(screen.getByText('Shared with Luis García')).toBeTruthy();
    const hangTag = screen.getByRole('figure', { name: 'Hang tag for car tag 12' });
    expect(within(hangTag).getByText('12')).toBeTruthy();
    expect(within(hangTag).getByRole('img', { name: 'QR code of car tag 12' })).toBeTruthy();
    expect(within(hangTag).getByText('Ana · 3B')).toBeTruthy();
    expect(within(hangTag).getByText('Leo · K1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print hang tag' })).toBeTruthy();
  });

  it('is read-only without the permission to change guardians', async () => {
    new FakeCarTagServer().install();
    await renderWithProviders(<CarTagSection guardianId={GUARDIAN} mayUpdate={false} />, { route: '/x' });
    expect(await screen.findByText('No car tag yet.')).toBeTruthy();
    expect(screen.queryByLabelText('Tag number')).toBeNull();
  });
});

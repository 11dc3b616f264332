import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { LoginField } from './login-field';

describe('login field', () => {
  it('is named by its label and required, and valid without an error', async () => {
    await renderWithProviders(<LoginField label="Email" type="email" value="" onChange={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect((input as HTMLInputElement).required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText('Invalid email address.')).toBeNull();
  });

  it('announces its error with the input and marks it invalid', async () => {
    await renderWithProviders(
      <LoginField label="Email" type="email" value="nope" onChange={() => undefined} error="Invalid email address." />,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const description = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Invalid email address.');
  });
});

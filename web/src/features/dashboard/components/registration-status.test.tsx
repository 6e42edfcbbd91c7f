import { render, screen } from '@testing-library/react';
import { RegistrationStatus } from './registration-status';

describe('a followed domain in the details dialog', () => {
  it('shows the domain in Unicode, the registrar, the status, and why the date was kept', () => {
    const { rerender } = render(
      <RegistrationStatus registration={{ domain: 'xn--bcher-kva.de', last_check: null }} />,
    );
    expect(screen.getByText('bücher.de')).toBeVisible();
    expect(screen.getByText('Not checked yet')).toBeVisible();

    rerender(
      <RegistrationStatus
        registration={{
          domain: 'example.com',
          last_check: {
            checked_at: '2026-11-29T01:00:00.000Z',
            status: 'failing',
            message:
              "The registry's RDAP service asked to wait (429 Too Many Requests); the date is kept and the registry is asked again later",
            expires_at: '2027-03-01T00:00:00.000Z',
            registrar: 'Example Registrar, Inc.',
            statuses: ['active', 'client transfer prohibited'],
            last_error: "The registry's RDAP service asked to wait (429 Too Many Requests)",
            retry_at: '2026-11-29T03:00:00.000Z',
            consecutive_failures: 1,
          },
        }}
      />,
    );
    expect(screen.getByText('Failing')).toBeVisible();
    expect(screen.getByText('Registrar: Example Registrar, Inc.')).toBeVisible();
    expect(screen.getByText('Status: active, client transfer prohibited')).toBeVisible();
    expect(
      screen.getByText(
        /Last error: The registry's RDAP service asked to wait \(429 Too Many Requests\)/,
      ),
    ).toBeVisible();
  });
});

// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountryOpensCard } from './CountryOpensCard';
import { renderCard } from './test-support';

afterEach(cleanup);

describe('the opens by country card', () => {
  it('lists readers per country with their share, Unknown included', () => {
    renderCard(
      <CountryOpensCard
        items={[
          { countryCode: 'US', country: 'United States', readers: 6 },
          { countryCode: null, country: 'Unknown', readers: 2 },
          { countryCode: 'FR', country: 'France', readers: 1 },
        ]}
      />,
    );
    const rows = [...screen.getByRole('table', { name: 'Opens by country' }).querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['United States', '6', '66.7%'],
      ['Unknown', '2', '22.2%'],
      ['France', '1', '11.1%'],
    ]);
  });

  it('shows the empty state when the countries could not be loaded', () => {
    renderCard(<CountryOpensCard items={null} />);
    expect(screen.getByRole('status').textContent).toContain('No countries to show');
  });
});

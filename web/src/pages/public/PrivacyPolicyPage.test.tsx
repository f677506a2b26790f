import { screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/queries';
import { PrerenderContext } from '../../ssr/browserOnly';
import type { PrivacyConfig } from '../../api/queries';
import { jsonResponse, mockFetch, testConfig } from '../../test/fixtures';
import { renderWithProviders, testQueryClient } from '../../test/render';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';

const privacy: PrivacyConfig = {
  responsibleName: 'Comunidad Zócalo RP, administración',
  responsibleAddress: 'Av. Juárez 10, Centro, Ciudad de México',
  contactEmail: 'privacidad@zocalo.example',
  noticeUpdated: '2026-03-21',
  responseDays: 15,
  blockingDays: 45,
};

function serve(values: PrivacyConfig = privacy) {
  mockFetch({ '/api/config': () => jsonResponse({ ...testConfig, privacy: values }) });
}

const section = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('section') as HTMLElement;

describe('PrivacyPolicyPage', () => {
  it('names the responsible party, address and e-mail of the configuration', async () => {
    serve();
    renderWithProviders(<PrivacyPolicyPage />, '/privacy-policy');
    const responsible = await screen.findByText(privacy.responsibleName);
    const region = section('1. Responsable');
    expect(region).toContainElement(responsible);
    expect(within(region).getByText(privacy.responsibleAddress)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: privacy.contactEmail })).toHaveAttribute('href', `mailto:${privacy.contactEmail}`);
    expect(screen.queryByText('(sin configurar)')).not.toBeInTheDocument();
  });

  it('says "(sin configurar)" for each value the configuration leaves empty', async () => {
    serve({ ...privacy, responsibleName: '', responsibleAddress: ' ', contactEmail: '', noticeUpdated: '' });
    renderWithProviders(<PrivacyPolicyPage />, '/privacy-policy');
    await screen.findByText(/15 días hábiles/);
    expect(within(section('1. Responsable')).getAllByText(/\(sin configurar\)/)).toHaveLength(3);
    expect(within(section('1. Responsable')).queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(within(section('8. Cambios al aviso')).getByText(/\(sin configurar\)/)).toBeInTheDocument();
  });

  it('gives the response and blocking terms and the date of the last change from the configuration', async () => {
    serve();
    renderWithProviders(<PrivacyPolicyPage />, '/privacy-policy');
    const rights = section('5. Tus derechos ARCO');
    expect(await within(rights).findByText('15 días hábiles')).toBeInTheDocument();
    expect(within(rights).getByText('45 días naturales')).toBeInTheDocument();
    expect(within(rights).getByText(/artículo 74 de la Ley Federal del Trabajo/)).toBeInTheDocument();
    expect(within(rights).getByText(/\[bloqueado\]/)).toBeInTheDocument();
    expect(within(rights).getByText(/Secretaría Anticorrupción y Buen Gobierno/)).toBeInTheDocument();
    expect(within(section('8. Cambios al aviso')).getByText(/21 de marzo de 2026/)).toBeInTheDocument();
  });

  it('lists the four ARCO rights and the revocation, and links "Mis datos" on the profile', async () => {
    serve();
    renderWithProviders(<PrivacyPolicyPage />, '/privacy-policy');
    await screen.findByText(privacy.responsibleName);
    const rights = section('5. Tus derechos ARCO');
    for (const right of ['Acceso', 'Rectificación', 'Cancelación', 'Oposición', 'Revocación del consentimiento']) {
      expect(within(rights).getByText(right, { selector: 'strong' })).toBeInTheDocument();
    }
    expect(within(rights).getByRole('link', { name: 'tu perfil' })).toHaveAttribute('href', '/perfil');
  });

  it('splits the purposes into necessary and voluntary ones, which a member may oppose', async () => {
    serve();
    renderWithProviders(<PrivacyPolicyPage />, '/privacy-policy');
    await screen.findByText(privacy.responsibleName);
    const purposes = section('3. Finalidades');
    expect(within(purposes).getByRole('heading', { level: 4, name: 'Finalidades necesarias' })).toBeInTheDocument();
    expect(within(purposes).getByRole('heading', { level: 4, name: 'Finalidades voluntarias' })).toBeInTheDocument();
    expect(within(purposes).getByText(/Recordatorios por mensaje directo/)).toBeInTheDocument();
    expect(within(purposes).getByText(/No pierdes el acceso/)).toBeInTheDocument();
  });

  it('has its eight numbered sections', async () => {
    serve();
    renderWithProviders(<PrivacyPolicyPage />, '/privacy-policy');
    await screen.findByText(privacy.responsibleName);
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      '1. Responsable',
      '2. Datos que tratamos',
      '3. Finalidades',
      '4. Transferencias y remisiones',
      '5. Tus derechos ARCO',
      '6. Menores de edad',
      '7. Conservación y seguridad',
      '8. Cambios al aviso',
    ]);
  });

  it('renders without the privacy values while the configuration has none, as the prerender does', async () => {
    mockFetch({ '/api/config': () => jsonResponse(testConfig) });
    renderWithProviders(<PrivacyPolicyPage />, '/privacy-policy');
    expect(await screen.findByText(/el número de días hábiles que fija la comunidad/)).toBeInTheDocument();
    expect(screen.queryByText('(sin configurar)')).not.toBeInTheDocument();
  });

  it('prerenders with the configuration the build has, which holds no privacy values', () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.config, { ...testConfig, communityName: '%%ZOCALO_COMMUNITY_NAME%%', privacy: undefined });
    const html = renderToString(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/privacy-policy']}>
          <PrerenderContext value>
            <PrivacyPolicyPage />
          </PrerenderContext>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain('8. Cambios al aviso');
    expect(html).toContain('%%ZOCALO_COMMUNITY_NAME%%');
    expect(html).toContain('el número de días hábiles que fija la comunidad');
    expect(html).not.toContain('(sin configurar)');
  });
});

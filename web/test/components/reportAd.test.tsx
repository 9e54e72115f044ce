import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_OPPORTUNITY } from '../../src/catalogue/operations';
import { ReportAd } from '../../src/catalogue/ReportAd';
import { MockedApollo, renderInApp } from './render';

const reported = (details: string, category = 'OTHER') => ({
  request: { query: REPORT_OPPORTUNITY, variables: { input: { opportunityId: 'ad-1', category, details } } },
  result: { data: { reportOpportunity: { __typename: 'Complaint' as const, id: 'c-1' } } },
});

describe('ReportAd', () => {
  it('goes link, category (required), reason (required for another reason, at most 500), Cancel back to the link, then sending for 3 seconds and thanks', async () => {
    await renderInApp(
      <MockedApollo mocks={[reported('Precio falso')]}>
        <ReportAd adId="ad-1" />
      </MockedApollo>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reportar anuncio' }));
    // The form is a chunk of its own, loaded at the first click.
    fireEvent.click(await screen.findByRole('button', { name: 'Reportar' }));
    expect(await screen.findByText('Elija un motivo del reporte.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Otro motivo'));
    fireEvent.click(screen.getByRole('button', { name: 'Reportar' }));
    expect(await screen.findByText('Indique el motivo del reporte (máximo 500 caracteres).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Motivo del reporte'), { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('Indique el motivo del reporte (máximo 500 caracteres).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reportar anuncio' }));
    expect(((await screen.findByLabelText('Detalles (opcional)')) as HTMLTextAreaElement).value).toBe('');
    fireEvent.click(screen.getByLabelText('Otro motivo'));

    fireEvent.change(screen.getByLabelText('Motivo del reporte'), { target: { value: '  Precio falso ' } });
    const started = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Reportar' }));
    expect(screen.getByText('Enviando el reporte…')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Su reporte ha sido registrado. ¡Gracias!')).toBeTruthy(), { timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  });

  it('returns to the form with the server refusal', async () => {
    await renderInApp(
      <MockedApollo
        mocks={[
          {
            request: { query: REPORT_OPPORTUNITY, variables: { input: { opportunityId: 'ad-1', category: 'OTHER', details: 'Otra vez' } } },
            result: { errors: [{ message: 'You have already reported this ad.', extensions: { code: 'CONFLICT' } }] },
          },
        ]}
      >
        <ReportAd adId="ad-1" />
      </MockedApollo>,
      'en',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Report ad' }));
    fireEvent.click(await screen.findByLabelText('Another reason'));
    fireEvent.change(screen.getByLabelText('Reason for the report'), { target: { value: 'Otra vez' } });
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveProperty('textContent', 'You have already reported this ad.');
    expect(screen.getByLabelText('Reason for the report')).toBeTruthy();
  });
});

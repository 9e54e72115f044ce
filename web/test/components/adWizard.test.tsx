import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AdWizard, type WizardSubmission } from '../../src/publish/AdWizard';
import { CurrencyInput } from '../../src/prices/CurrencyInput';
import { emptyInvoice } from '../../src/publish/InvoiceFields';
import { newAdValues, type AdFormValues, type Prices } from '../../src/publish/rules';
import { renderInApp } from './render';

const PRICES: Prices = {
  single: { GOLD: 25_000, SILVER: 15_000, BRONZE: 8_000 },
  inPlan: { GOLD: 12_500, SILVER: 7_500, BRONZE: 4_000 },
  quickApproval: 3_000,
};

function validAd(): AdFormValues {
  return {
    ...newAdValues({ phoneList: [{ phone: '8888-1234', phoneType: 'WHATSAPP' }], province: '1', canton: '101', district: '10101' }),
    brand: 'TOYOTA',
    model: 'RAV4',
    year: '2018',
    style: 'SEDAN',
    fuelType: 'GASOLINE',
    transmissionType: 'AUTOMATIC',
    passengersNumber: '5',
    price: 12_500_000,
    exteriorColor: 'Blanco',
    interiorColor: 'Negro',
  };
}

async function renderWizard(initial: AdFormValues, onSubmit: (submission: WizardSubmission) => Promise<void> = async () => undefined) {
  return renderInApp(
    <AdWizard initial={initial} initialInvoice={emptyInvoice()} prices={PRICES} balances={[]} mode="create" charged onSubmit={onSubmit} />,
    'en',
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

// A whole wizard in jsdom on a shared, busy machine takes seconds per test.
describe('the ad wizard', { timeout: 60_000 }, () => {
  it('keeps step 1 while it is invalid, with the field messages and the review alert', async () => {
    await renderWizard(newAdValues());
    next();
    expect(await screen.findByTestId('step1-alert')).toBeTruthy();
    expect(screen.getByText('Enter a valid model (at most 60 characters).', { exact: false })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Describe your car' })).toBeTruthy();
  });

  it('moves through extras (grouped, sorted) to the preview with the total', async () => {
    await renderWizard(validAd());
    next();
    expect(await screen.findByRole('heading', { name: "The car's extras" })).toBeTruthy();
    const comfort = screen.getByRole('group', { name: 'Comfort' });
    const labels = [...comfort.querySelectorAll('label')].map((label) => label.textContent ?? '');
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    next();
    expect(await screen.findByTestId('ad-preview')).toBeTruthy();
    expect(screen.getByTestId('total').textContent).toContain('₡0');
    expect(screen.getByRole('button', { name: 'Create ad' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: "The car's extras" })).toBeTruthy();
  });

  it('changes the total and the button to Pay with a paid level, and clears the gold message on leaving gold', async () => {
    await renderWizard(validAd());
    fireEvent.click(screen.getByRole('radio', { name: 'Gold' }));
    const message = await screen.findByLabelText('Custom message');
    fireEvent.change(message, { target: { value: 'One owner' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Silver' }));
    expect(screen.queryByLabelText('Custom message')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Gold' }));
    expect((screen.getByLabelText('Custom message') as HTMLInputElement).value).toBe('');
    next();
    next();
    expect((await screen.findByTestId('total')).textContent).toContain('₡25,000');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeTruthy();
  });

  it('offers quick approval on a free ad only, and turns it off on a paid level', async () => {
    await renderWizard(validAd());
    const quick = screen.getByRole('checkbox', { name: /Quick approval for ₡3,000/ });
    fireEvent.click(quick);
    fireEvent.click(screen.getByRole('radio', { name: 'Bronze' }));
    expect(screen.queryByRole('checkbox', { name: /Quick approval/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Free' }));
    expect((screen.getByRole('checkbox', { name: /Quick approval/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('asks for the terms, then sends once however often Create is clicked', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    await renderWizard(validAd(), onSubmit);
    next();
    next();
    const create = await screen.findByRole('button', { name: 'Create ad' });
    fireEvent.click(create);
    expect(await screen.findByText('Please accept the terms and conditions.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    fireEvent.click(create);
    fireEvent.click(create);
    fireEvent.click(create);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    finish();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Create ad' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('asks to review step 1 on step 3 when the ad is not valid', async () => {
    // A stored ad can reach step 3 with data the rules no longer accept (resume, edit).
    await renderInApp(
      <AdWizard
        initial={{ ...validAd(), model: '' }}
        initialInvoice={emptyInvoice()}
        initialStep={2}
        prices={PRICES}
        balances={[]}
        mode="create"
        charged
        onSubmit={async () => undefined}
      />,
      'en',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create ad' }));
    expect((await screen.findByTestId('review-alert')).textContent).toContain('Please review the vehicle details in step 1');
    fireEvent.click(screen.getByRole('button', { name: 'Review step 1' }));
    expect(await screen.findByRole('heading', { name: 'Describe your car' })).toBeTruthy();
  });

  it('validates the electronic invoice only when it is asked for', async () => {
    const onSubmit = vi.fn(async () => undefined);
    await renderWizard({ ...validAd(), level: 'GOLD' }, onSubmit);
    next();
    next();
    fireEvent.click(await screen.findByRole('checkbox', { name: /I accept the/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I want an electronic invoice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findAllByText('This field is required.')).not.toHaveLength(0);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I want an electronic invoice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toMatchObject([{ electronicInvoice: false }]);
  });
});

function AmountField() {
  const [amount, setAmount] = useState(0);
  return (
    <>
      <CurrencyInput label="Price" symbol="₡" locale="es" currency="CRC" value={amount} onChange={setAmount} />
      <output data-testid="amount">{amount}</output>
    </>
  );
}

describe('the currency field', () => {
  it('reads the amount, in figures or words, and shows it grouped once left', async () => {
    await renderInApp(<AmountField />);
    const field = screen.getByLabelText('Price') as HTMLInputElement;
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '12500000' } });
    expect(screen.getByTestId('amount').textContent).toBe('12500000');
    fireEvent.blur(field);
    expect(field.value).toBe('12.500.000');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '6,5 millones' } });
    fireEvent.blur(field);
    expect(screen.getByTestId('amount').textContent).toBe('6500000');
    expect(field.value).toBe('6.500.000');
  });

  it('refuses an ambiguous or unreadable price with its message once left, never reading "6.5" as ₡6,50 (issue 13)', async () => {
    await renderInApp(<AmountField />);
    const field = screen.getByLabelText('Price') as HTMLInputElement;
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '6.5' } });
    expect(screen.getByTestId('amount').textContent).toBe('NaN');
    fireEvent.blur(field);
    expect(field.value).toBe('6.5');
    expect(screen.getByText('Ese precio no es claro: escriba el monto completo (por ejemplo 6.500.000) o «6,5 millones».')).toBeTruthy();
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '12a500b000' } });
    fireEvent.blur(field);
    expect(screen.getByText('Escriba el precio en números, por ejemplo 6.500.000 o 6,5 millones.')).toBeTruthy();
  });

  it('clamps to 1,000,000,000', async () => {
    await renderInApp(<AmountField />);
    const field = screen.getByLabelText('Price') as HTMLInputElement;
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '99999999999' } });
    fireEvent.blur(field);
    expect(screen.getByTestId('amount').textContent).toBe('1000000000');
  });
});

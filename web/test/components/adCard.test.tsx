import { InMemoryCache } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '../../src/router';
import { describe, expect, it } from 'vitest';
import type { AdCardFieldsFragment } from '../../generated/gql/graphql';
import { AdCard } from '../../src/catalogue/AdCard';
import { AD_CARD_FIELDS, ADD_TO_WISH_LIST, MARK_OPPORTUNITY_SOLD, UPDATE_OPPORTUNITY_STATUS, VIEWER } from '../../src/catalogue/operations';
import { SessionContext, type Session } from '../../src/session/session';
import { MockedApollo, renderInApp } from './render';

const AD: AdCardFieldsFragment = {
  __typename: 'Opportunity',
  id: 'ad-1',
  brand: 'TOYOTA',
  model: 'RAV4',
  year: 2018,
  fuelType: 'GASOLINE',
  transmissionType: 'AUTOMATIC',
  mileage: 85_000,
  mileageUnit: 'KM',
  askingPrice: { __typename: 'Money', amount: '18500000.00', currency: 'CRC' },
  currency: 'CRC',
  extraList: ['AIR_CONDITIONING', 'POWER_WINDOWS', 'CLIMATE_CONTROL', 'AIRBAGS', 'SUNROOF', 'REVERSE_CAMERA', 'RADIO_WITH_USB'],
  attachmentIds: ['p1', 'p2'],
  phoneList: [{ __typename: 'Phone', phone: '8888-7777', phoneType: 'WHATSAPP' }],
  status: 'PUBLIC_ONLINE',
  level: 'GOLD',
  message: '¡Único dueño!',
  isNew: true,
  isFavorite: false,
  isMine: false,
  paymentPending: null,
  rejectionReason: null,
  user: { __typename: 'User', id: 'seller-1', fullName: 'Autos del Valle', userType: 'CARS_SELLER_MERCHANT' },
  place: 'Carmen, San José, San José',
  // Issue 19: the fair-price label and a recent price drop; issue 31: its amount and basis.
  priceRating: {
    __typename: 'PriceRating',
    label: 'GOOD',
    basis: 'SEGMENT',
    comparableCount: 12,
    estimate: { __typename: 'Money', amount: '20000000.00' },
    price: { __typename: 'Money', amount: '18500000.00' },
  },
  priceDrop: { __typename: 'PriceDrop', droppedBy: { __typename: 'Money', amount: '500000.00', currency: 'CRC' } },
};

const signedIn: Session = { status: 'signedIn', user: { fullName: 'Ana Mora', impersonator: false }, logout: () => undefined };

function viewer(isAdmin: boolean): MockLink.MockedResponse {
  return {
    request: { query: VIEWER },
    result: { data: { me: { __typename: 'User', id: 'user-1', isAdmin, isImpersonalizator: false } } },
    maxUsageCount: Infinity,
  };
}

/** The card as the lists show it: fed from the Apollo cache, so a mutation's answer re-renders it. */
function CachedCard({ id }: { id: string }) {
  const { data, complete } = useFragment({ fragment: AD_CARD_FIELDS, from: { __typename: 'Opportunity', id } });
  return complete ? <AdCard ad={data} /> : null;
}

async function renderCard(options: { ad?: Partial<AdCardFieldsFragment>; session?: Session; mocks?: MockLink.MockedResponse[] } = {}) {
  const cache = new InMemoryCache();
  cache.writeFragment({ fragment: AD_CARD_FIELDS, data: { ...AD, ...options.ad } });
  return renderInApp(
    <MockedApollo mocks={options.mocks ?? []} cache={cache}>
      <MemoryRouter>
        <SessionContext value={options.session ?? { status: 'anonymous' }}>
          <CachedCard id={AD.id} />
        </SessionContext>
      </MemoryRouter>
    </MockedApollo>,
  );
}

describe('<AdCard>', () => {
  it('shows a visitor every public element of the miniature', async () => {
    await renderCard();
    const card = screen.getByRole('article', { name: 'Toyota RAV4 2018' });
    expect(within(card).getByRole('link', { name: 'Toyota RAV4 2018' }).getAttribute('href')).toBe('/opportunity/ad-1');
    expect(within(card).getByRole('link', { name: 'Autos del Valle' }).getAttribute('href')).toBe('/sellerOpportunities/seller-1');
    expect(within(card).getByText('¡Único dueño!')).toBeTruthy();
    expect(within(card).getByText('Nuevo')).toBeTruthy();
    expect(within(card).getByText('₡18.500.000')).toBeTruthy();
    // Issue 19: the fair-price label, the recent drop and the compare button.
    expect(within(card).getByText('Buen precio')).toBeTruthy();
    // Issue 31: the amount under the market, the mark of an estimate on other brands, the place and the dealer.
    expect(within(card).getByTestId('deal-amount').textContent).toBe('₡1.500.000 bajo el mercado *\u00a0comparado con otras marcas');
    expect(within(card).getByTestId('card-place').textContent).toBe('San José, San José');
    expect(within(card).getByTestId('seller-kind').textContent).toBe('Agencia');
    expect(within(card).getByText('Bajó ₡500.000')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Comparar: Toyota RAV4 2018' })).toBeTruthy();
    expect(within(card).getByText(/Automática · Gasolina ·/)).toBeTruthy();
    expect(within(card).getByText('85.000 km').getAttribute('title')).toBe('Kilómetros');
    // Seven extras, six shown.
    expect(within(within(card).getByLabelText('Extras')).getAllByText(/./)).toHaveLength(6);
    const whatsapp = within(card).getByRole('link', { name: 'Contactar por WhatsApp' }).getAttribute('href') ?? '';
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/50688887777\?text=/);
    expect(decodeURIComponent(whatsapp)).toContain('Toyota RAV4 2018');
    // A visitor's star leads to sign in; no owner or admin controls.
    expect(
      within(card)
        .getByRole('link', { name: /Inicie sesión para guardar/ })
        .getAttribute('href'),
    ).toBe('/signin');
    expect(within(card).queryByRole('checkbox')).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Editar' })).toBeNull();
  });

  it('writes the level in the ribbon when there is no message, in English too', async () => {
    await renderCard({
      ad: { message: '', level: 'SILVER', isNew: false, currency: 'USD', askingPrice: { __typename: 'Money', amount: '12500.00', currency: 'USD' } },
    });
    const card = screen.getByRole('article');
    expect(within(card).getByText('Plata')).toBeTruthy();
    expect(within(card).queryByText('Nuevo')).toBeNull();
    expect(within(card).getByText('$12.500')).toBeTruthy();
  });

  it('lets a signed-in buyer add the ad to favourites', async () => {
    await renderCard({
      session: signedIn,
      mocks: [
        viewer(false),
        {
          request: { query: ADD_TO_WISH_LIST, variables: { opportunityId: 'ad-1' } },
          result: { data: { addToWishList: { __typename: 'Opportunity', id: 'ad-1', isFavorite: true } } },
        },
      ],
    });
    const star = screen.getByRole('button', { name: 'Agregar Toyota RAV4 2018 a favoritos' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    const pressed = await screen.findByRole('button', { name: 'Quitar Toyota RAV4 2018 de favoritos' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
  });

  it('lets the owner mark a public ad sold after confirming, and then shows Sold without the checkbox', async () => {
    await renderCard({
      ad: { isMine: true },
      session: signedIn,
      mocks: [
        viewer(false),
        {
          request: { query: MARK_OPPORTUNITY_SOLD, variables: { id: 'ad-1' } },
          result: { data: { markOpportunitySold: { __typename: 'Opportunity', id: 'ad-1', status: 'SOLD' } } },
        },
      ],
    });
    // The owner's tools are a chunk of their own, loaded for the owner.
    expect((await screen.findByTestId('owner-status')).textContent).toBe('Publicado');
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/opportunityUpdateView?opportunityId=ad-1');
    expect(screen.getByRole('link', { name: 'Historial de estados' }).getAttribute('href')).toBe('/opportunityStatusHistory?opportunityId=ad-1');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Vendido' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Marcar como vendido?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, lo vendí' }));
    await waitFor(() => expect(screen.getByTestId('owner-status').textContent).toBe('Vendido'));
    expect(screen.queryByRole('checkbox', { name: 'Vendido' })).toBeNull();
  });

  it('asks before marking sold: Cancel changes nothing', async () => {
    await renderCard({ ad: { isMine: true }, session: signedIn, mocks: [viewer(false)] });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Vendido' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('owner-status').textContent).toBe('Publicado');
  });

  it('gives an administrator the status select with Save', async () => {
    await renderCard({
      session: signedIn,
      mocks: [
        viewer(true),
        {
          request: { query: UPDATE_OPPORTUNITY_STATUS, variables: { id: 'ad-1', status: 'EXPIRED' } },
          result: { data: { updateOpportunityStatus: { __typename: 'Opportunity', id: 'ad-1', status: 'EXPIRED' } } },
        },
      ],
    });
    const select = await screen.findByRole('combobox', { name: 'Estado del anuncio' });
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(select, { target: { value: 'EXPIRED' } });
    fireEvent.click(save);
    expect((await screen.findByRole('status')).textContent).toBe('Estado guardado');
    // The card follows the cache: an expired ad carries its status.
    expect(screen.getByTestId('card-status').textContent).toBe('Vencido');
  });
});

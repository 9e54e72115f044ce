import { Alert, Center, Container, Loader, Title } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../router';
import { apiError } from '../../data/apiError';
import { useViewer } from '../../catalogue/useViewer';
import { AdWizard, type WizardSubmission } from '../../publish/AdWizard';
import { CHECKOUT_OPPORTUNITY, invoiceArgument, usePricesAndBalances } from '../../publish/billing';
import { emptyInvoice } from '../../publish/InvoiceFields';
import { ProposalsContext } from '../../publish/proposals';
import { useModelProposals } from '../../publish/useModelProposals';
import { MarketRange } from '../../publish/MarketRange';
import { AD_DESCRIPTION_MAX_LENGTH, AD_TO_EDIT, UPDATE_OPPORTUNITY } from '../../publish/operations';
import { opportunityInput, storedAdValues } from '../../publish/rules';

/**
 * /opportunityUpdateView?opportunityId=: the same wizard on an existing ad, for its owner or an
 * administrator (the server checks again). An owner's ad still waiting for its payment can change
 * level and is sent to pay; a public ad keeps its level (it was paid for).
 */
export default function OpportunityUpdatePage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('publish.editTitle')} · ${t('app.name')}`);
  const [params] = useSearchParams();
  const id = params.get('opportunityId') ?? '';
  const viewer = useViewer();
  const { data, error, loading } = useQuery(AD_TO_EDIT, { variables: { id }, skip: !id, fetchPolicy: 'network-only' });
  const ad = data?.opportunity;

  let body;
  if (loading || (ad && viewer.userId === null)) {
    body = (
      <Center py={120}>
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  } else if (!ad) {
    body = (
      <Alert color="gray" title={t('catalogue.detail.notFound')}>
        {error ? apiError(error).message : t('catalogue.detail.notFoundText')}
      </Alert>
    );
  } else if (!ad.isMine && !viewer.isAdmin) {
    body = <Alert color="red">{t('publish.forbidden')}</Alert>;
  } else {
    body = <EditWizard ad={ad} isAdmin={viewer.isAdmin} toPay={params.get('pay') === '1'} />;
  }

  return (
    <Container size="lg" py="lg">
      <Title order={1} mb="md">
        {t('publish.editTitle')}
      </Title>
      {body}
    </Container>
  );
}

type StoredAd = Parameters<typeof storedAdValues>[0] & { id: string; status: string; isMine: boolean; paymentPending?: boolean | null };

/** `toPay` (My ads' Pay button, `&pay=1`): an ad waiting for its payment opens on the last step, its Pay button in view. */
function EditWizard({ ad, isAdmin, toPay }: { ad: StoredAd; isAdmin: boolean; toPay: boolean }) {
  const navigate = useNavigate();
  const { prices, balances } = usePricesAndBalances();
  const descriptionMaxLength = useQuery(AD_DESCRIPTION_MAX_LENGTH).data?.adDescriptionMaxLength;
  const [update] = useMutation(UPDATE_OPPORTUNITY);
  const [checkout] = useMutation(CHECKOUT_OPPORTUNITY);
  const waitingForPayment = ad.isMine && ad.status === 'PENDING_APPROVAL' && ad.paymentPending === true;

  async function submit({ values, electronicInvoice, invoice }: WizardSubmission) {
    const input = opportunityInput(values);
    if (!input) return;
    const updated = await update({ variables: { id: ad.id, input } });
    const saved = updated.data?.updateOpportunity;
    if (!saved) return;
    if (waitingForPayment) {
      // The level and quick approval the ad was just saved with (billing may not have read listings' event yet).
      const { data } = await checkout({
        variables: { opportunityId: ad.id, invoice: invoiceArgument(electronicInvoice, invoice), level: saved.level, autoApproval: saved.autoApproval },
      });
      const result = data?.checkoutOpportunity;
      if (result?.redirectUrl && !result.isPayed) {
        window.location.assign(result.redirectUrl);
        return;
      }
    }
    await navigate(`/opportunityUpdateResultView?${new URLSearchParams({ opportunityId: ad.id })}`);
  }

  return (
    <ProposalsContext.Provider value={useModelProposals}>
      <AdWizard
        initial={storedAdValues(ad)}
        initialInvoice={emptyInvoice()}
        prices={prices}
        balances={balances}
        mode="update"
        descriptionMaxLength={descriptionMaxLength}
        charged={waitingForPayment}
        {...(toPay && waitingForPayment ? { initialStep: 2 as const } : {})}
        levelLocked={!isAdmin && ad.status !== 'PENDING_APPROVAL'}
        onSubmit={submit}
        priceHelp={(values) => <MarketRange values={values} />}
      />
    </ProposalsContext.Provider>
  );
}
